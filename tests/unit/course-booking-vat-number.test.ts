/** A UK VAT number's form and HMRC's check digits, and a purchase-order number (issue 29, ADR 052). */
import { describe, expect, it } from "vitest";
import {
  parsePurchaseOrder,
  PURCHASE_ORDER_MAX,
  purchaseOrderMessages,
} from "~/orders/course-booking/purchase-order.ts";
import {
  formatVatNumber,
  parseVatNumber,
  passesVatCheck,
  vatNumberMessages,
} from "~/orders/course-booking/vat-number.ts";

describe("HMRC's check digits", () => {
  it.each([
    // 9×8 + 8×7 + 0×6 + 7×5 + 8×4 + 0×3 + 6×2 = 207; + 84 = 291 = 3 × 97.
    ["980780684", "modulus 97"],
    // 1×8 + 2×7 + 3×6 + 4×5 + 5×4 + 6×3 + 7×2 = 112; + 82 = 194 = 2 × 97.
    ["123456782", "modulus 97"],
    // 112 + 27 + 55 = 194.
    ["123456727", "modulus 9755"],
    // 138 + 1 + 55 = 194.
    ["252637601", "modulus 9755"],
    // 9 × 35 = 315; + 73 = 388 = 4 × 97.
    ["999999973", "modulus 97"],
    // 0 + 7 + 12 + 15 + 16 + 15 + 12 = 77; + 20 = 97.
    ["012345620", "modulus 97, below 100 000 000"],
  ])("%s passes (%s)", (digits) => {
    expect(passesVatCheck(digits)).toBe(true);
  });

  it.each([
    ["802311781", "a wrong check"],
    ["123456781", "one off modulus 97"],
    ["123456728", "one off modulus 9755"],
    ["012345662", "modulus 9755 below 100 000 000, where only modulus 97 was issued"],
    ["000000000", "all zeros"],
    ["12345678", "8 digits"],
  ])("%s fails (%s)", (digits) => {
    expect(passesVatCheck(digits)).toBe(false);
  });
});

describe("a VAT number", () => {
  it.each([
    ["GB980780684", "GB980780684", "standard"],
    ["980780684", "GB980780684", "standard"],
    ["GB 980 7806 84", "GB980780684", "standard"],
    ["  gb980 780 684 ", "GB980780684", "standard"],
    ["GB252637601", "GB252637601", "standard"],
    ["GB 123 4567 82 001", "GB123456782001", "branch"],
    ["123456727999", "GB123456727999", "branch"],
    ["GBGD000", "GBGD000", "government"],
    ["gbgd 499", "GBGD499", "government"],
    ["GD123", "GBGD123", "government"],
    ["GBHA500", "GBHA500", "health"],
    ["GB HA 999", "GBHA999", "health"],
  ])("%j is %s (%s)", (input, value, kind) => {
    expect(parseVatNumber(input)).toEqual({ ok: true, value, kind });
  });

  it.each([
    ["GBGD500", vatNumberMessages.government],
    ["GBGD999", vatNumberMessages.government],
    ["GBHA499", vatNumberMessages.health],
    ["GBHA000", vatNumberMessages.health],
    ["GB802311781", vatNumberMessages.checkDigits],
    ["GB 123 4567 81 001", vatNumberMessages.checkDigits],
    ["GB000000000", vatNumberMessages.checkDigits],
    ["GB12345678", vatNumberMessages.form],
    ["GB1234567890", vatNumberMessages.form],
    ["GB12345678901", vatNumberMessages.form],
    ["GB1234567890123", vatNumberMessages.form],
    ["GB98078068A", vatNumberMessages.form],
    ["GB-980-7806-84", vatNumberMessages.form],
    ["FR40303265045", vatNumberMessages.form],
    ["XI980780684", vatNumberMessages.form],
    ["GBGD12", vatNumberMessages.form],
    ["GBGD1234", vatNumberMessages.form],
    ["GB", vatNumberMessages.form],
  ])("%j is refused: %s", (input, message) => {
    expect(parseVatNumber(input)).toEqual({ ok: false, message });
  });

  it("blank is none given (the field is optional)", () => {
    expect(parseVatNumber("")).toEqual({ ok: true, value: null, kind: null });
    expect(parseVatNumber("   ")).toEqual({ ok: true, value: null, kind: null });
  });

  it("prints as an invoice shows it", () => {
    expect(formatVatNumber("GB980780684")).toBe("GB 980 7806 84");
    expect(formatVatNumber("GB123456782001")).toBe("GB 123 4567 82 001");
    expect(formatVatNumber("GBGD001")).toBe("GBGD001");
  });
});

describe("a purchase-order number", () => {
  it("is free text, trimmed", () => {
    expect(parsePurchaseOrder("  PO-2027/0042 (Finance) ")).toEqual({ ok: true, value: "PO-2027/0042 (Finance)" });
    expect(parsePurchaseOrder("Commande n° 12 — £ é")).toEqual({ ok: true, value: "Commande n° 12 — £ é" });
  });

  it("is none when blank", () => {
    expect(parsePurchaseOrder("")).toEqual({ ok: true, value: null });
    expect(parsePurchaseOrder(" \t ")).toEqual({ ok: true, value: null });
  });

  it("is 1 to 40 characters, counted as characters", () => {
    expect(PURCHASE_ORDER_MAX).toBe(40);
    expect(parsePurchaseOrder("1")).toEqual({ ok: true, value: "1" });
    expect(parsePurchaseOrder("x".repeat(40))).toEqual({ ok: true, value: "x".repeat(40) });
    expect(parsePurchaseOrder(` ${"x".repeat(40)} `)).toEqual({ ok: true, value: "x".repeat(40) });
    expect(parsePurchaseOrder("x".repeat(41))).toEqual({ ok: false, message: purchaseOrderMessages.tooLong });
    // 40 characters outside the Basic Multilingual Plane are 80 UTF-16 code units: still 40.
    expect(parsePurchaseOrder("𝟘".repeat(40)).ok).toBe(true);
    expect(parsePurchaseOrder("𝟘".repeat(41))).toEqual({ ok: false, message: purchaseOrderMessages.tooLong });
  });

  it.each([
    ["a tab", "PO\t42"],
    ["a new line", "PO\n42"],
    ["a line separator", "PO\u202842"],
    ["a NUL", "PO\u000042"],
    ["a zero-width space", "PO\u200b42"],
    ["a right-to-left override", "PO\u202e42"],
  ])("refuses %s inside", (_, input) => {
    expect(parsePurchaseOrder(input)).toEqual({ ok: false, message: purchaseOrderMessages.unprintable });
  });
});
