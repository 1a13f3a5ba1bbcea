/**
 * The page script: the page-wide behaviours every page has from its first
 * paint, whether or not the app's JavaScript (React) has arrived, is still
 * on its way or never comes. The server render inlines it into every page (root.tsx, entry.server.tsx):
 *
 * - in-page links ("#section", and a "Book a Consultation" link on a page that
 *   has the booking section) scroll smoothly to their section (at once when
 *   the visitor prefers reduced motion), move focus there and close the menu
 *   they were chosen in;
 * - the sticky header gains its shadow after `headerShadowAfterPx` of scroll
 *   (`data-scrolled` on the header; the CSS draws the shadow);
 * - prices: the visitor's country is asked once per page load (/api/geo) and
 *   the page shows its USD prices instead of GBP when the currency rule says
 *   so (`data-currency` on <html>; each price carries both, see price.tsx);
 *   on failure it warns in the console and stays GBP;
 * - analytics: a click on an element with `data-analytics-action` sends its
 *   event (category, action, label) to the page's gtag, when there is one.
 *
 * It is serialised with Function.prototype.toString, so `pageScript` must be
 * self-contained: no imports and nothing from this module's scope at run
 * time; what it needs comes in through its arguments (the settings, and the
 * currency rule itself, a self-contained function from money.ts).
 */
import { bookingAnchor } from "~/content/navigation.ts";
import { ui } from "~/content/business.ts";
import { currencyForCountry } from "./money.ts";

export type PageScriptSettings = {
  headerShadowAfterPx: number;
  bookingAnchor: string;
  geoUrl: string;
};

export function pageScript(settings: PageScriptSettings, currencyFor: (country: string) => string): void {
  const doc = document;
  const root = doc.documentElement;

  // --- Header shadow ------------------------------------------------------
  let scrolled: boolean | null = null;
  const onScroll = () => {
    const now = window.scrollY > settings.headerShadowAfterPx;
    if (now === scrolled) return;
    scrolled = now;
    doc.querySelector("[data-site-header]")?.setAttribute("data-scrolled", String(now));
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  onScroll();

  // --- In-page links --------------------------------------------------------
  const closeMenus = () => {
    doc.querySelectorAll<HTMLElement>("[popover]").forEach((popover) => {
      if (popover.matches(":popover-open")) popover.hidePopover();
    });
  };
  /** The section a link leads to on this page, if it is here. */
  const sectionOnThisPage = (anchor: HTMLAnchorElement): HTMLElement | null => {
    if (anchor.target && anchor.target !== "_self") return null;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || url.hash.length < 2) return null;
    const samePage = url.pathname === location.pathname && (url.search === "" || url.search === location.search);
    // "Book a Consultation" leads to the home page's section, or to this page's own.
    if (!samePage && !(anchor.hasAttribute("data-local-anchor") && url.hash === "#" + settings.bookingAnchor)) {
      return null;
    }
    return doc.getElementById(decodeURIComponent(url.hash.slice(1)));
  };
  doc.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target : null;

      const tracked = target?.closest<HTMLElement>("[data-analytics-action]");
      const gtag = (window as unknown as { gtag?: unknown }).gtag;
      if (tracked && typeof gtag === "function") {
        const params: Record<string, string> = { event_category: tracked.dataset.analyticsCategory ?? "" };
        if (tracked.dataset.analyticsLabel !== undefined) params.event_label = tracked.dataset.analyticsLabel;
        (gtag as (command: string, action: string, params: object) => void)(
          "event",
          tracked.dataset.analyticsAction ?? "",
          params,
        );
      }

      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = target?.closest("a[href]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const section = sectionOnThisPage(anchor);
      if (!section) return;
      event.preventDefault();
      closeMenus();
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      section.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
      if (!section.hasAttribute("tabindex") && !section.matches("a[href], button, input, select, textarea")) {
        section.setAttribute("tabindex", "-1");
      }
      section.focus({ preventScroll: true });
      if (location.hash !== "#" + section.id) history.replaceState(history.state, "", "#" + section.id);
    },
    true,
  );

  // --- Prices in the visitor's currency ------------------------------------
  fetch(settings.geoUrl, { credentials: "same-origin" })
    .then(async (response) => {
      if (!response.ok) throw new Error(response.status + ": " + response.statusText);
      const country = (await response.text()).trim();
      if (!/^[a-z]{2}$/i.test(country)) throw new Error('unexpected answer "' + country.slice(0, 20) + '"');
      root.setAttribute("data-currency", currencyFor(country));
    })
    .catch((error: unknown) => {
      console.warn("Location detection failed; prices stay in GBP.", error);
    });
}

/** The script's text as the server inlines it (without its indentation: it has no multi-line strings). */
export const pageScriptText = `(${pageScript.toString().replace(/\n\s*/g, "\n")})(${JSON.stringify({
  headerShadowAfterPx: ui.headerShadowAfterPx,
  bookingAnchor,
  geoUrl: "/api/geo",
} satisfies PageScriptSettings)},${currencyForCountry.toString()});`;
