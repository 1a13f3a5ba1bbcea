import { describe, expect, it } from "vitest";
import {
  currencyForCountry,
  displayPrice,
  formatGbp,
  formatPenceGbp,
  formatUsd,
  gbpToUsd,
  parsePoundsToPence,
} from "~/format/money.ts";

describe("gbpToUsd", () => {
  it("converts the £4,500 course price to US$5,700 (4500 / 0.79 = 5696.2, nearest 50)", () => {
    expect(gbpToUsd(4500)).toBe(5700);
  });

  it.each([
    [1, 0], // 1.27 -> 0
    [100, 150], // 126.58 -> 150
    [9000, 11400], // 11392.41 -> 11400
    [13500, 17100], // 17088.61 -> 17100
    [19, 0], // 24.05 -> 0 (just under half of 50)
    [20, 50], // 25.32 -> 50 (just over half of 50)
  ])("converts £%i to US$%i, rounded to the nearest 50", (gbp, usd) => {
    expect(gbpToUsd(gbp)).toBe(usd);
  });
});

describe("price formatting", () => {
  it("formats pounds with the symbol, thousands separator and no pence", () => {
    expect(formatGbp(4500)).toBe("£4,500");
  });

  it("formats whole pence as sterling with the pence always shown, as invoices print it", () => {
    expect(formatPenceGbp(450_000)).toBe("£4,500.00");
    expect(formatPenceGbp(1_458_000)).toBe("£14,580.00");
    expect(formatPenceGbp(5)).toBe("£0.05");
    expect(formatPenceGbp(0)).toBe("£0.00");
    expect(formatPenceGbp(-729_001)).toBe("-£7,290.01");
    expect(formatPenceGbp(Number.MAX_SAFE_INTEGER)).toBe("£90,071,992,547,409.91");
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => formatPenceGbp(bad)).toThrow(RangeError);
  });

  it("formats dollars as $ with no cents", () => {
    expect(formatUsd(5700)).toBe("$5,700");
  });
});

describe("the visitor's currency", () => {
  it("is GBP for gb only, USD for any other country", () => {
    for (const country of ["gb", " GB "]) expect(currencyForCountry(country), country).toBe("GBP");
    for (const country of ["us", "fr"]) expect(currencyForCountry(country), country).toBe("USD");
  });

  it("shows £4,500 to a gb visitor and $5,700 (USD) to others", () => {
    expect(displayPrice(4500, "GBP")).toBe("£4,500");
    expect(displayPrice(4500, "USD")).toBe("$5,700 (USD)");
  });

  it("shows a course's price before VAT as UK business training is priced, with pence when it has them", () => {
    expect(displayPrice(4500, "GBP", { plusVat: true })).toBe("£4,500 + VAT");
    expect(displayPrice(4500, "USD", { plusVat: true })).toBe("$5,700 + VAT (USD)");
    expect(displayPrice(4050.5, "GBP", { plusVat: true })).toBe("£4,050.50 + VAT");
    expect(displayPrice(4050, "GBP")).toBe("£4,050");
  });
});

describe("parsePoundsToPence", () => {
  it.each([
    ["2700", 270_000],
    ["2,700.00", 270_000],
    ["£ 1,234.5", 123_450],
    ["0.01", 1],
    ["0", 0],
    ["9999999.99", 999_999_999],
  ])("reads %s as %i pence", (text, pence) => {
    expect(parsePoundsToPence(text)).toBe(pence);
  });

  it.each(["", "abc", "12.345", "-5", "1e3", "12.", "10000000", "£"])("refuses %j", (text) => {
    expect(parsePoundsToPence(text)).toBeNull();
  });
});
