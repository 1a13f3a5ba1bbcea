import { describe, expect, it } from "vitest";
import { pageScriptText } from "~/page-script/page-script.server.ts";

describe("pageScriptText", () => {
  it("is one self-contained script: it parses, and calls the page script with its settings and its rules", () => {
    expect(() => new Function(pageScriptText)).not.toThrow();
    expect(pageScriptText).toMatch(/^\(function pageScript\(settings, currencyFor, exitExcluded\) \{/);
    const settings = /\}\)\((\{.*?\}),function currencyForCountry/.exec(pageScriptText)?.[1];
    expect(JSON.parse(settings ?? "null")).toStrictEqual({
      headerShadowAfterPx: 20,
      bookingAnchor: "book-consultation",
      geoUrl: "/api/geo",
      pricesEvent: "prices",
      bookingSettingsUrl: "/api/booking-settings",
      bookingSectionEvent: "booking-section",
      exitPopup: { minOnPageMs: 10_000, storageKey: "exitPopupShown" },
      appNeededEvent: "app:needed",
      siteCssAttribute: "data-site-css",
      attribution: { field: "attribution", storageKey: "visit-source", optOutKey: "visit-source-off" },
      pageViewUrl: "/api/page-view",
    });
    expect(pageScriptText).toMatch(
      /,function currencyForCountry\(country\) \{[\s\S]*"GBP"[\s\S]*\},function exitPopupExcluded\(pathname\) \{[\s\S]*\}\);$/,
    );
  });

  it("has no module syntax and no TypeScript left in it", () => {
    expect(pageScriptText).not.toMatch(/\bimport\b|\bexport\b|\bsatisfies\b|<HTMLElement>/);
    // No helper a bundler might inject (__name, _async, __vite_ssr_import_0__ ...).
    expect(pageScriptText).not.toMatch(/\b_{1,2}[a-zA-Z]\w*\(|__vite/);
  });
});
