/** The quote: lines without VAT, VAT at 20% on the invoice's total net, rounded half up (issue 29, ADR 052). */
import { describe, expect, it } from "vitest";
import { pricing } from "~/content/business.ts";
import { mulDivHalfUp } from "~/orders/course-booking/pence.ts";
import { quote, type QuoteLineInput, vatOn } from "~/orders/course-booking/vat.ts";
import { groupOfThree } from "../support/unit-fixtures.ts";

const line = (quantity: number, unitPricePence: number, discountPence = 0): QuoteLineInput => ({
  description: "Strategic Leadership, 18-22 January 2027, London",
  quantity,
  unitPricePence,
  discountPence,
});

describe("the standard rate", () => {
  it("is 20%, a business setting in basis points", () => {
    expect(pricing.vatRateBasisPoints).toBe(2000);
  });
});

describe("a quote", () => {
  it("for one place: £4,500 + £900 VAT = £5,400", () => {
    expect(quote([line(1, 450_000)])).toEqual({
      lines: [{ ...line(1, 450_000), netPence: 450_000, vatRateBasisPoints: 2000 }],
      netPence: 450_000,
      vatPence: 90_000,
      grossPence: 540_000,
    });
  });

  it("for 3 places with the group discount: £13,500 − £1,350 = £12,150 + £2,430 VAT", () => {
    const q = quote([line(3, 450_000, 135_000)]);
    expect(q.lines[0]).toMatchObject(groupOfThree.line);
    expect(q).toMatchObject(groupOfThree.totals);
  });

  it("shows each line without VAT: its net and rate, no VAT amount", () => {
    const [shown] = quote([line(2, 450_000)]).lines;
    expect(Object.keys(shown!).sort()).toEqual(
      ["description", "discountPence", "netPence", "quantity", "unitPricePence", "vatRateBasisPoints"].sort(),
    );
  });

  it("computes VAT once on the total net, not per line: two lines of 3 p are 6 p and 1 p VAT (per line: 2 p)", () => {
    const q = quote([line(1, 3), line(1, 3)]);
    expect(q).toMatchObject({ netPence: 6, vatPence: 1, grossPence: 7 });
    expect(vatOn(3) + vatOn(3)).toBe(2);
  });

  it.each([
    [1, 0], // 0.2
    [2, 0], // 0.4
    [3, 1], // 0.6
    [4, 1], // 0.8
    [5, 1], // 1.0
    [7, 1], // 1.4
    [8, 2], // 1.6
    [1_214_986, 242_997], // 242,997.2
    [1_214_988, 242_998], // 242,997.6
  ])("20%% of %i p is %i p, to the nearest penny", (net, vat) => {
    expect(vatOn(net)).toBe(vat);
    expect(quote([line(1, net)]).vatPence).toBe(vat);
  });

  it.each([
    [500, 10, 1], // 0.5 -> 1
    [500, 50, 3], // 2.5 -> 3 (banker's rounding would give 2)
    [500, 30, 2], // 1.5 -> 2
    [500, 9, 0], // 0.45 -> 0
    [1250, 4, 1], // 0.5 -> 1
    [1250, 12, 2], // 1.5 -> 2
    [1750, 2, 0], // 0.35 -> 0
    [0, 450_000, 0],
  ])("at %i bp, %i p gives %i p: a half penny rounds up", (rate, net, vat) => {
    expect(vatOn(net, rate)).toBe(vat);
    expect(quote([line(1, net)], rate)).toMatchObject({ netPence: net, vatPence: vat, grossPence: net + vat });
  });

  it.each([
    ["no line", []],
    ["a quantity of 0", [line(0, 450_000)]],
    ["a quantity of 1.5", [line(1.5, 450_000)]],
    ["a price in pounds and pence as a float", [line(1, 4500.5)]],
    ["a negative price", [line(1, -1)]],
    ["a discount above the line", [line(2, 100, 201)]],
    ["a negative discount", [line(2, 100, -1)]],
    ["a line too large to count", [line(1_000_000, Number.MAX_SAFE_INTEGER)]],
  ])("refuses %s", (_, lines) => {
    expect(() => quote(lines)).toThrow(RangeError);
  });

  it("refuses a rate that is not whole basis points from 0 to 10,000", () => {
    expect(() => quote([line(1, 100)], 20.5)).toThrow(RangeError);
    expect(() => quote([line(1, 100)], 10_001)).toThrow(RangeError);
  });
});

describe("over many quantities, prices and discounts", () => {
  it("gross = net + VAT, net = the sum of the lines, all whole pence, VAT the rate on the net within half a penny (a half up)", () => {
    const prices = [0, 1, 2, 3, 7, 99, 12_345, 399_999, 449_995, 450_000];
    let quotes = 0;
    for (const rate of [2000, 500, 1250, 0]) {
      for (let quantity = 1; quantity <= 30; quantity++) {
        for (const unit of prices) {
          const gross = quantity * unit;
          const discounts = [0, mulDivHalfUp(gross, 1000, 10_000), gross];
          for (const discount of discounts) {
            const lines = [line(quantity, unit, discount), line(1, unit)];
            const q = quote(lines, rate);
            quotes++;
            for (const value of [q.netPence, q.vatPence, q.grossPence, ...q.lines.map((l) => l.netPence)]) {
              expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
            }
            expect(q.grossPence).toBe(q.netPence + q.vatPence);
            expect(q.netPence).toBe(q.lines.reduce((sum, l) => sum + l.netPence, 0));
            expect(q.lines[0]!.netPence).toBe(gross - discount);
            const error = q.vatPence * 10_000 - q.netPence * rate; // in 1/10,000 p
            expect(error).toBeGreaterThan(-5000);
            expect(error).toBeLessThanOrEqual(5000);
          }
        }
      }
    }
    expect(quotes).toBe(4 * 30 * 10 * 3);
  });
});

describe("whole pence", () => {
  it("a × b ÷ c rounds half up exactly, even where a float product would not be exact", () => {
    expect(mulDivHalfUp(45, 1000, 10_000)).toBe(5);
    expect(mulDivHalfUp(44, 1000, 10_000)).toBe(4);
    // (2^53 − 1) × 2000 ÷ 10,000 = 1,801,439,850,948,198.2: the product is beyond a float's exact integers.
    expect(mulDivHalfUp(Number.MAX_SAFE_INTEGER, 2000, 10_000)).toBe(1_801_439_850_948_198);
  });

  it("refuses anything but whole, non-negative, safe numbers, and an answer too large to count", () => {
    expect(() => mulDivHalfUp(1.5, 1, 1)).toThrow(RangeError);
    expect(() => mulDivHalfUp(-1, 1, 1)).toThrow(RangeError);
    expect(() => mulDivHalfUp(1, 1, 0)).toThrow(RangeError);
    expect(() => mulDivHalfUp(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError);
  });
});
