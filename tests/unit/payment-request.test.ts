import { describe, expect, it } from "vitest";
import { paymentMessages } from "~/orders/payment-messages.ts";
import {
  consultationAmountPence,
  consultationDescription,
  parsePaymentRequest,
} from "~/orders/consultation-request.ts";
import { messages } from "~/forms/schemas.ts";

const base = { customerName: "Dana Whitfield", customerEmail: "dana@example.com" };

describe("consultation payment request", () => {
  it("computes participants x £4,500 in pence", () => {
    expect([1, 2, 12].map(consultationAmountPence)).toEqual([450_000, 900_000, 5_400_000]);
  });
  it("accepts 1 to 12 participants, with or without the page's amount", () => {
    expect(parsePaymentRequest({ ...base, quantity: 12, amount: 54_000 }, false)).toEqual({
      ok: true,
      value: { ...base, quantity: 12, amountPence: 5_400_000, isTest: false },
    });
    expect(parsePaymentRequest({ ...base, quantity: 1 }, false).ok).toBe(true);
  });
  it.each([0, 13, 2.5, -1, "2", null, undefined, Number.NaN])("refuses quantity %s", (quantity) => {
    expect(parsePaymentRequest({ ...base, quantity }, false)).toEqual({ ok: false, message: paymentMessages.quantity });
  });
  it("gives a request without a quantity the quantity's message", () => {
    expect(parsePaymentRequest(base, false)).toEqual({ ok: false, message: paymentMessages.quantity });
  });
  it("refuses an amount that does not match the quantity (never charges what the browser says)", () => {
    for (const amount of [1, 4499, 9000.5, "9000", 0]) {
      expect(parsePaymentRequest({ ...base, quantity: 2, amount }, false)).toEqual({
        ok: false,
        message: paymentMessages.amountMismatch,
      });
    }
  });
  it("requires name and e-mail with the spec's message, and checks them with the payment form's schema", () => {
    expect(parsePaymentRequest({ quantity: 1 }, false)).toEqual({
      ok: false,
      message: "Please provide your name and email address",
    });
    expect(parsePaymentRequest({ ...base, customerName: "   ", quantity: 1 }, false).ok).toBe(false);
    expect(parsePaymentRequest({ ...base, customerEmail: "nope", quantity: 1 }, false)).toEqual({
      ok: false,
      message: messages.payment.customerEmail,
    });
    expect(parsePaymentRequest({ ...base, customerName: "A\r\nBcc: x@y.z", quantity: 1 }, false)).toEqual({
      ok: false,
      message: messages.singleLine,
    });
    expect(parsePaymentRequest({ ...base, customerName: "n".repeat(101), quantity: 1 }, false)).toEqual({
      ok: false,
      message: messages.tooLong(100),
    });
    // What is stored and charged is the trimmed text.
    expect(
      parsePaymentRequest(
        { customerName: "  Dana Whitfield ", customerEmail: " dana@example.com ", quantity: 1 },
        false,
      ),
    ).toMatchObject({ ok: true, value: base });
  });
  it("the £1.00 test payment exists only in test mode", () => {
    expect(parsePaymentRequest({ ...base, amount: 1, test: true }, true)).toEqual({
      ok: true,
      value: { ...base, quantity: null, amountPence: 100, isTest: true },
    });
    expect(parsePaymentRequest({ ...base, amount: 1, test: true }, false)).toEqual({
      ok: false,
      message: paymentMessages.testUnavailable,
    });
    expect(parsePaymentRequest({ ...base, amount: 5, test: true }, true)).toEqual({
      ok: false,
      message: paymentMessages.amountMismatch,
    });
  });
});

describe("consultationDescription", () => {
  it.each([
    [{ isTest: false, quantity: 1 }, "Strategy consultation, 1 participant"],
    [{ isTest: false, quantity: 3 }, "Strategy consultation, 3 participants"],
    [{ isTest: true, quantity: null }, "Test payment"],
  ])("describes %j as %s", (request, expected) => {
    expect(consultationDescription(request)).toBe(expected);
  });
});
