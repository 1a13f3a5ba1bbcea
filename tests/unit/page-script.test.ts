import { describe, expect, it } from "vitest";
import { pageScriptText } from "~/lib/page-script.server.ts";

describe("pageScriptText", () => {
  it("is one self-contained script: it parses, and calls the page script with its settings and the currency rule", () => {
    expect(() => new Function(pageScriptText)).not.toThrow();
    expect(pageScriptText).toMatch(/^\(function pageScript\(settings, currencyFor\) \{/);
    expect(pageScriptText).toContain(
      '{"headerShadowAfterPx":20,"bookingAnchor":"book-consultation","geoUrl":"/api/geo"}',
    );
    expect(pageScriptText).toMatch(/,function currencyForCountry\(country\) \{[\s\S]*"GBP"[\s\S]*\}\);$/);
  });

  it("has no module syntax and no TypeScript left in it", () => {
    expect(pageScriptText).not.toMatch(/\bimport\b|\bexport\b|\bsatisfies\b|<HTMLElement>/);
  });
});
