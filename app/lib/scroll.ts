/** Smooth-scrolls to an in-page section (instantly when the visitor prefers
 * reduced motion) and moves keyboard focus there. Returns false when the
 * page has no such section. */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  if (!target.hasAttribute("tabindex") && !isFocusable(target)) {
    target.setAttribute("tabindex", "-1");
  }
  target.focus({ preventScroll: true });
  if (window.location.hash !== `#${id}`) {
    window.history.replaceState(window.history.state, "", `#${id}`);
  }
  return true;
}

function isFocusable(el: HTMLElement): boolean {
  return el.matches("a[href], button, input, select, textarea, [tabindex]");
}

/** The id a link points at when it is an in-page link of the current page. */
export function inPageTarget(anchor: HTMLAnchorElement): string | null {
  if (anchor.target && anchor.target !== "_self") return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) return null;
  if (url.search !== window.location.search && url.search !== "") return null;
  if (url.hash.length < 2) return null;
  return decodeURIComponent(url.hash.slice(1));
}
