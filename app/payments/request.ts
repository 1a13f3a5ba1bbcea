/**
 * The consultation payment request (spec section 7): validated, and the
 * amount computed here from the quantity, never taken from the browser.
 * Pure; used by the server (and its unit tests).
 */
import { consultation, pricing } from "~/content/business.ts";

export type PaymentRequest = {
  customerName: string;
  customerEmail: string;
  /** Participants (1-12); null for the £1 test payment. */
  quantity: number | null;
  /** What we charge, in pence (GBP). */
  amountPence: number;
  isTest: boolean;
};

export type PaymentRequestResult = { ok: true; value: PaymentRequest } | { ok: false; message: string };

export const paymentMessages = {
  missing: "Please provide your name and email address",
  email: "Please enter a valid email address.",
  name: "Please enter your name (at most 100 characters, on one line).",
  quantity: `Participants must be a whole number from ${consultation.minParticipants} to ${consultation.maxParticipants}.`,
  amountMismatch:
    "The amount does not match the number of participants. Please reload the page and try again; you have not been charged.",
  testUnavailable: "Test payments are not available on this site.",
} as const;

/** Total for a consultation booking, in pence: participants x £4,500. */
export function consultationAmountPence(quantity: number): number {
  return quantity * pricing.consultationPerParticipantGbp * 100;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/;

/**
 * Checks the body of POST /api/create-consultation-payment. `amount` (in
 * pounds, as the page shows it) is optional; when sent it must equal what
 * we compute, else the request is refused (a tampered or stale page).
 * `test: true` asks for the £1.00 test payment (only in Stripe test mode).
 */
export function parsePaymentRequest(body: Record<string, unknown>, testModeAllowed: boolean): PaymentRequestResult {
  const name = typeof body.customerName === "string" ? body.customerName.trim() : "";
  const email = typeof body.customerEmail === "string" ? body.customerEmail.trim() : "";
  if (!name || !email) return { ok: false, message: paymentMessages.missing };
  if (name.length > 100 || controlChars.test(name)) return { ok: false, message: paymentMessages.name };
  if (email.length > 254 || !emailPattern.test(email)) return { ok: false, message: paymentMessages.email };

  if (body.test === true) {
    if (!testModeAllowed) return { ok: false, message: paymentMessages.testUnavailable };
    if (body.amount !== undefined && body.amount !== pricing.testPaymentGbp) {
      return { ok: false, message: paymentMessages.amountMismatch };
    }
    return {
      ok: true,
      value: {
        customerName: name,
        customerEmail: email,
        quantity: null,
        amountPence: pricing.testPaymentGbp * 100,
        isTest: true,
      },
    };
  }

  const quantity = body.quantity;
  if (
    typeof quantity !== "number" ||
    !Number.isInteger(quantity) ||
    quantity < consultation.minParticipants ||
    quantity > consultation.maxParticipants
  ) {
    return { ok: false, message: paymentMessages.quantity };
  }
  const amountPence = consultationAmountPence(quantity);
  if (body.amount !== undefined && (typeof body.amount !== "number" || body.amount * 100 !== amountPence)) {
    return { ok: false, message: paymentMessages.amountMismatch };
  }
  return { ok: true, value: { customerName: name, customerEmail: email, quantity, amountPence, isTest: false } };
}
