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
 * - prices: on a page that shows one (a client-side navigation to such a
 *   page announces `prices`), the visitor's country is asked once per page
 *   load (/api/geo, after the load event, like the booking settings: neither
 *   competes with the first paint) and
 *   the page shows its USD prices instead of GBP when the currency rule says
 *   so (`data-currency` on <html>; each price carries both, see price.tsx);
 *   on failure it warns in the console and stays GBP;
 * - analytics: a click on an element with `data-analytics-action` sends its
 *   event (category, action, label) to the page's gtag, when there is one;
 * - the header's dropdowns: Down arrow on a dropdown's button opens it on its
 *   first link, and tabbing out of it closes it;
 * - the booking section: /api/booking-settings says whether a scheduler
 *   takes bookings; if so the section is made available, and its button
 *   loads the scheduler's page in a frame when the visitor asks;
 * - frames on request: a button `data-frame-open` (the contact page's map)
 *   puts its slot's frame in place of the placeholder around it;
 * - the exit-intent popup's trigger (spec section 4): once ever, when the
 *   pointer leaves the top edge of the window after `minOnPageMs` on the
 *   page; it records the flag, marks <html data-exit-intent="pending">,
 *   announces `exit-intent` and asks for the app (the dialog is React's);
 * - the whole stylesheet: the page carries its first screen's styles inline
 *   and loads the stylesheet without holding the first paint (as a print
 *   stylesheet); once it has arrived, it applies to the screen (ADR 089);
 * - asking for the app: the `app:needed` event, which the boot loader
 *   (deferred-hydration.server.ts) answers by starting React.
 *
 * It is serialised with Function.prototype.toString, so `pageScript` must be
 * self-contained: no imports and nothing from this module's scope at run
 * time; what it needs comes in through its arguments (the settings, and the
 * rules themselves, self-contained functions: the currency rule from
 * money.ts, the popup's excluded pages from exit-rules.ts).
 */
import { bookingAnchor } from "~/content/navigation.ts";
import { ui } from "~/content/business.ts";
import { bookingSectionEvent, pricesEvent } from "./events.ts";
import { exitPopupExcluded, exitPopupStorageKey } from "./exit-rules.ts";
import { APP_NEEDED_EVENT } from "./deferred-hydration.server.ts";
import { SITE_CSS_ATTRIBUTE } from "./first-screen.ts";
import { currencyForCountry } from "~/format/money.ts";
import { attributionField, attributionOptOutKey, attributionStorageKey } from "~/forms/attribution.ts";

export type PageScriptSettings = {
  headerShadowAfterPx: number;
  bookingAnchor: string;
  geoUrl: string;
  pricesEvent: string;
  bookingSettingsUrl: string;
  bookingSectionEvent: string;
  exitPopup: { minOnPageMs: number; storageKey: string };
  appNeededEvent: string;
  /** The attribute of the whole stylesheet's link (first-screen.ts). */
  siteCssAttribute: string;
  attribution: { field: string; storageKey: string; optOutKey: string };
  /** Where a page opened from a prefetch is counted (the server never saw it opened). */
  pageViewUrl: string;
};

export function pageScript(
  settings: PageScriptSettings,
  currencyFor: (country: string) => string,
  exitExcluded: (pathname: string) => boolean,
): void {
  const doc = document;
  const root = doc.documentElement;
  const startedAt = Date.now();
  const needApp = () => doc.dispatchEvent(new Event(settings.appNeededEvent));
  /** Runs `task` once the page has loaded: its requests never compete with the first paint. */
  const afterLoad = (task: () => void) => {
    if (doc.readyState === "complete") task();
    else window.addEventListener("load", task, { once: true });
  };

  // --- The whole stylesheet, once it has arrived (ADR 089) --------------------
  const siteCss = doc.querySelector<HTMLLinkElement>(`link[${settings.siteCssAttribute}]`);
  if (siteCss) {
    const apply = () => {
      siteCss.media = "all";
    };
    // Loaded already (a stylesheet that failed has an empty sheet: nothing to apply).
    if (siteCss.sheet && siteCss.sheet.cssRules.length > 0) apply();
    else siteCss.addEventListener("load", apply, { once: true });
  }

  // --- Attribution: the visit that brought a lead (app/forms/attribution.ts) --
  // Kept for this visit only (sessionStorage, no cookie): the landing page,
  // the referring site's domain and the landing address's campaign tags;
  // added to every form's data as it is built (the formdata event: a page
  // post, React's forms and readForm alike). Nothing once the visitor has
  // objected (remembered in localStorage; the choice is on /cookies).
  const attribution = settings.attribution;
  const objected = () => {
    try {
      return localStorage.getItem(attribution.optOutKey) === "1";
    } catch {
      return true;
    }
  };
  const visitSource = () => {
    try {
      return objected() ? null : sessionStorage.getItem(attribution.storageKey);
    } catch {
      return null;
    }
  };
  // The landing address and referrer are read now (a client-side navigation
  // may change the address later); the storage is touched only once the page
  // has loaded, or before then when a form is built or the visitor leaves: a
  // first read of the storage waits on the browser process (3-12 ms on a
  // desktop here, more on a phone), inside the task that parses the page.
  const landing = { path: location.pathname, search: location.search, referrer: doc.referrer };
  let visitRecorded = false;
  const recordVisit = () => {
    if (visitRecorded) return;
    visitRecorded = true;
    if (objected() || visitSource() !== null) return;
    const query = new URLSearchParams(landing.search);
    let referrer = "";
    try {
      const from = new URL(landing.referrer);
      if (from.hostname !== location.hostname) referrer = from.hostname;
    } catch {
      // no referrer, or not a URL
    }
    const source = {
      l: landing.path,
      r: referrer,
      s: query.get("utm_source") ?? "",
      m: query.get("utm_medium") ?? "",
      c: query.get("utm_campaign") ?? "",
    };
    try {
      sessionStorage.setItem(attribution.storageKey, JSON.stringify(source));
    } catch {
      // storage blocked: no attribution
    }
  };
  afterLoad(recordVisit);
  window.addEventListener("pagehide", recordVisit);
  doc.addEventListener("formdata", (event) => {
    recordVisit();
    const source = visitSource();
    const form = event.target;
    if (
      source &&
      form instanceof HTMLFormElement &&
      // A lead's form posts; a GET form (the training page's dates filter) would put it in the address.
      form.method.toLowerCase() === "post" &&
      !new URL(form.action, location.href).pathname.startsWith("/admin")
    ) {
      (event as FormDataEvent).formData.set(attribution.field, source);
    }
  });
  // The choice on /cookies: every state is in the HTML; only `hidden` changes
  // (React, when it starts, finds the text it rendered).
  const choice = doc.querySelector<HTMLElement>("[data-attribution-choice]");
  if (choice) {
    const part = (selector: string) => choice.querySelector<HTMLElement>(selector);
    const show = () => {
      const off = objected();
      const states: [string, boolean][] = [
        ["[data-attribution-state=no-script]", false],
        ["[data-attribution-state=recorded]", !off],
        ["[data-attribution-state=objected]", off],
        ["[data-attribution-toggle=object]", !off],
        ["[data-attribution-toggle=allow]", off],
      ];
      for (const [selector, shown] of states) {
        const element = part(selector);
        if (element) element.hidden = !shown;
      }
    };
    choice.addEventListener("click", (event) => {
      const toggle = event.target instanceof Element ? event.target.closest("[data-attribution-toggle]") : null;
      if (!toggle) return;
      try {
        if (toggle.getAttribute("data-attribution-toggle") === "allow") localStorage.removeItem(attribution.optOutKey);
        else {
          localStorage.setItem(attribution.optOutKey, "1");
          sessionStorage.removeItem(attribution.storageKey);
        }
      } catch {
        // storage blocked: nothing is recorded anyway
      }
      show();
      // The pressed button is hidden now: focus goes to the one that undoes it.
      part(objected() ? "[data-attribution-toggle=allow]" : "[data-attribution-toggle=object]")?.focus();
    });
    show();
  }

  // --- Page views of prefetched pages ---------------------------------------
  // The server counts a page when it sends it; a page the browser had
  // prefetched (speculation rules) was sent before the visitor chose it, and
  // not counted then: it is counted now that it is opened.
  const opened = performance.getEntriesByType("navigation")[0] as
    (PerformanceEntry & { deliveryType?: string }) | undefined;
  if (opened?.deliveryType === "navigational-prefetch") {
    navigator.sendBeacon(settings.pageViewUrl, location.pathname);
  }

  // --- Header shadow ------------------------------------------------------
  const onScroll = () => {
    const now = String(window.scrollY > settings.headerShadowAfterPx);
    const header = doc.querySelector("[data-site-header]");
    if (header && header.getAttribute("data-scrolled") !== now) header.setAttribute("data-scrolled", now);
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  // Not at once: reading the scroll position while the page is still being
  // parsed forces a layout of the whole page (200 ms on a slow phone, measured).
  afterLoad(onScroll);

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
  // Asked once, and only by a page that shows a price: the one in the
  // document now, or one React renders later (it announces `prices`).
  let geoAsked = false;
  const applyCurrency = () => {
    if (geoAsked || !doc.querySelector("[data-price]")) return;
    geoAsked = true;
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
  };
  afterLoad(applyCurrency);
  doc.addEventListener(settings.pricesEvent, applyCurrency);

  // --- The header's dropdowns ----------------------------------------------
  doc.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowDown" || !(event.target instanceof Element)) return;
    const button = event.target.closest("[data-dropdown-button]");
    const panel = button && doc.getElementById(button.getAttribute("popovertarget") ?? "");
    if (!panel) return;
    event.preventDefault();
    if (!panel.matches(":popover-open")) panel.showPopover();
    panel.querySelector<HTMLElement>("a[href]")?.focus();
  });
  doc.addEventListener("focusout", (event) => {
    const panel = event.target instanceof Element ? event.target.closest("[data-dropdown-panel]") : null;
    const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    if (!(panel instanceof HTMLElement) || !next || panel.contains(next)) return;
    if (next instanceof Element && next.getAttribute("popovertarget") === panel.id) return;
    if (panel.matches(":popover-open")) panel.hidePopover();
  });

  // --- Frames loaded on request (the booking scheduler, the office map) ------
  // An iframe goes into its slot (React renders the slot with empty inner
  // HTML and leaves its content alone) only when the visitor asks for it.
  const openFrame = (slot: HTMLElement, src: string): HTMLIFrameElement | null => {
    if (slot.querySelector("iframe")) return null;
    const frame = doc.createElement("iframe");
    frame.src = src;
    frame.title = slot.dataset.frameTitle ?? "";
    frame.className = slot.dataset.frameClass ?? "";
    slot.append(frame);
    slot.hidden = false;
    return frame;
  };
  // A button `data-frame-open="<slot id>"` opens the slot's `data-frame-src`
  // in place of the placeholder around the button, and focus follows.
  doc.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-frame-open]") : null;
    const slot = button ? doc.getElementById(button.dataset.frameOpen ?? "") : null;
    const src = slot?.dataset.frameSrc;
    if (!button || !slot || !src) return;
    const frame = openFrame(slot, src);
    const placeholder = button.closest<HTMLElement>("[data-frame-placeholder]");
    if (!frame || !placeholder) return;
    placeholder.hidden = true;
    frame.focus();
    // Chromium can drop that focus when the frame's first (blank) document is
    // swapped for the provider's, which runs in another process: either the
    // body becomes the active element, or the frame stays the active element
    // of a document that no longer has focus (seen once on a loaded CI
    // machine). Give it back once the map has loaded, unless the visitor has
    // moved on to something else.
    frame.addEventListener(
      "load",
      () => {
        const active = doc.activeElement;
        if (active === frame && !doc.hasFocus()) frame.blur();
        if (active === doc.body || active === null || active === frame) frame.focus();
      },
      { once: true },
    );
  });

  // --- The booking section ---------------------------------------------------
  // Applied to the section in the document now, and to one React renders
  // later (a client-side navigation announces it with `booking-section`).
  let bookingSettings: Promise<string | null> | null = null;
  const applyBooking = () => {
    const section = doc.getElementById(settings.bookingAnchor);
    if (!section || section.hasAttribute("data-booking-applied")) return;
    section.setAttribute("data-booking-applied", "");
    bookingSettings ??= fetch(settings.bookingSettingsUrl)
      .then((response) => (response.ok ? response.json() : {}))
      .then((answer: { schedulerUrl?: unknown }) =>
        typeof answer.schedulerUrl === "string" ? answer.schedulerUrl : null,
      )
      .catch(() => null);
    void bookingSettings.then((url) => {
      if (!url) return; // No scheduler: the section keeps its "unavailable" state.
      section.setAttribute("data-available", "true");
      section.querySelector("[data-booking-unavailable]")?.setAttribute("hidden", "");
      section.querySelectorAll("[data-booking-cards]").forEach((cards) => {
        cards.removeAttribute("inert");
        cards.removeAttribute("aria-disabled");
      });
      const button = section.querySelector<HTMLButtonElement>("[data-booking-open]");
      const frameSlot = section.querySelector<HTMLElement>("[data-booking-frame]");
      const link = section.querySelector<HTMLAnchorElement>("[data-booking-link]");
      if (!button || !frameSlot) return;
      button.disabled = false;
      button.addEventListener("click", () => {
        if (openFrame(frameSlot, url) && link) {
          link.href = url;
          link.hidden = false;
        }
      });
    });
  };
  afterLoad(applyBooking);
  doc.addEventListener(settings.bookingSectionEvent, applyBooking);

  // --- The exit-intent popup's trigger -------------------------------------
  const shownBefore = () => {
    try {
      return localStorage.getItem(settings.exitPopup.storageKey) !== null;
    } catch {
      return false;
    }
  };
  const onMouseOut = (event: MouseEvent) => {
    // Leaving the window through its top edge: no element is entered.
    if (event.relatedTarget !== null || event.clientY > 0) return;
    if (Date.now() - startedAt < settings.exitPopup.minOnPageMs) return;
    if (exitExcluded(location.pathname) || root.hasAttribute("data-exit-intent") || shownBefore()) return;
    doc.removeEventListener("mouseout", onMouseOut);
    try {
      localStorage.setItem(settings.exitPopup.storageKey, "true");
    } catch {
      // Storage blocked: data-exit-intent still keeps it to once on this page.
    }
    root.setAttribute("data-exit-intent", "pending");
    doc.dispatchEvent(new Event("exit-intent"));
    needApp();
  };
  // Whether it was shown before is read when the pointer leaves, not now (see the attribution's storage above).
  doc.addEventListener("mouseout", onMouseOut);
}

/** The script's text as the server inlines it (without its indentation: it has no multi-line strings). */
export const pageScriptText = `(${pageScript.toString().replace(/\n\s*/g, "\n")})(${JSON.stringify({
  headerShadowAfterPx: ui.headerShadowAfterPx,
  bookingAnchor,
  geoUrl: "/api/geo",
  pricesEvent,
  bookingSettingsUrl: "/api/booking-settings",
  bookingSectionEvent,
  exitPopup: { minOnPageMs: ui.exitPopup.minOnPageMs, storageKey: exitPopupStorageKey },
  appNeededEvent: APP_NEEDED_EVENT,
  siteCssAttribute: SITE_CSS_ATTRIBUTE,
  attribution: { field: attributionField, storageKey: attributionStorageKey, optOutKey: attributionOptOutKey },
  pageViewUrl: "/api/page-view",
} satisfies PageScriptSettings)},${currencyForCountry.toString()},${exitPopupExcluded.toString()});`;

/**
 * Speculation rules (ADR 020): the browser fetches a page of the site when
 * the visitor shows the intent to open it (a pointer resting on its link, a
 * tap starting on it), so that a new document opens at once without a client
 * router. Never the API, downloads, one-time links, the test pages or PDFs.
 */
export const speculationRulesText = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          {
            not: {
              href_matches: [
                "/api/*",
                "/downloads/*",
                "/newsletter/*",
                "/test-*",
                "/consultation-success",
                "/courses/*/brochure.pdf",
              ],
            },
          },
        ],
      },
      eagerness: "moderate",
    },
  ],
});
