/** How an invoice or credit note number is printed (issue 29, ADR 053). */
import { describe, expect, it } from "vitest";
import { formatInvoiceNumber } from "~/orders/course-booking/invoice-numbers.server.ts";

describe("an invoice number", () => {
  it("is the series, a hyphen and six digits at least", () => {
    expect(formatInvoiceNumber("INV", 123)).toBe("INV-000123");
    expect(formatInvoiceNumber("CN", 1)).toBe("CN-000001");
    expect(formatInvoiceNumber("INV", 999_999)).toBe("INV-999999");
    expect(formatInvoiceNumber("INV", 1_000_000)).toBe("INV-1000000");
  });

  it("refuses a number below 1 or not whole, and a series that is not capital letters", () => {
    expect(() => formatInvoiceNumber("INV", 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("INV", -1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("INV", 1.5)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("INV", Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("inv", 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("", 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("INV-", 1)).toThrow(RangeError);
  });
});
