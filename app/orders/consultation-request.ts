/**
 * The consultation payment request (spec section 7): validated, and the
 * amount computed here from the quantity, never taken from the browser.
 * Pure; used by the server (and its unit tests).
 */
import * as v from "valibot";
import { consultation, pricing } from "~/content/business.ts";
import { issueMessage, paymentDetailsSchema } from "~/forms/schemas.ts";
import { paymentMessages } from "./payment-messages.ts";

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

/** What a consultation payment is for: its order line's and its PaymentIntent's description. */
export function consultationDescription(request: Pick<PaymentRequest, "isTest" | "quantity">): string {
  return request.isTest
    ? "Test payment"
    : `Strategy consultation, ${request.quantity} participant${request.quantity === 1 ? "" : "s"}`;
}

/** Total for a consultation booking, in pence: participants x £4,500. */
export function consultationAmountPence(quantity: number): number {
  return quantity * pricing.consultationPerParticipantGbp * 100;
}

const participants = v.pipe(
  v.number(paymentMessages.quantity),
  v.integer(paymentMessages.quantity),
  v.minValue(consultation.minParticipants, paymentMessages.quantity),
  v.maxValue(consultation.maxParticipants, paymentMessages.quantity),
);

/** A consultation for 1-12 participants; `amount` (pounds, as the page shows it) is checked against ours. */
const consultationRequest = v.object({
  quantity: participants,
  amount: v.optional(v.number(paymentMessages.amountMismatch)),
});

/** The £1.00 test payment; `amount`, when sent, must be that pound. */
const testRequest = v.object({
  amount: v.optional(v.literal(pricing.testPaymentGbp, paymentMessages.amountMismatch)),
});

const firstMessage = (schema: Parameters<typeof issueMessage>[0], issues: v.BaseIssue<unknown>[]) =>
  issues[0] ? issueMessage(schema, issues[0]) : paymentMessages.missing;

/**
 * Checks the body of POST /api/create-consultation-payment. The customer's
 * name and e-mail are checked by the same schema the payment form validates
 * with (paymentDetailsSchema), and missing ones get the spec's message.
 * `amount` is optional; when sent it must equal what we compute, else the
 * request is refused (a tampered or stale page). `test: true` asks for the
 * £1.00 test payment (only in Stripe test mode).
 */
export function parsePaymentRequest(body: Record<string, unknown>, testModeAllowed: boolean): PaymentRequestResult {
  const blank = (value: unknown) => typeof value !== "string" || value.trim() === "";
  if (blank(body.customerName) || blank(body.customerEmail)) return { ok: false, message: paymentMessages.missing };
  const details = v.safeParse(paymentDetailsSchema, body);
  if (!details.success) return { ok: false, message: firstMessage(paymentDetailsSchema, details.issues) };
  const { customerName, customerEmail } = details.output;

  if (body.test === true) {
    if (!testModeAllowed) return { ok: false, message: paymentMessages.testUnavailable };
    const test = v.safeParse(testRequest, body);
    if (!test.success) return { ok: false, message: firstMessage(testRequest, test.issues) };
    const amountPence = pricing.testPaymentGbp * 100;
    return { ok: true, value: { customerName, customerEmail, quantity: null, amountPence, isTest: true } };
  }

  const consultationBody = v.safeParse(consultationRequest, body);
  if (!consultationBody.success)
    return { ok: false, message: firstMessage(consultationRequest, consultationBody.issues) };
  const { quantity, amount } = consultationBody.output;
  const amountPence = consultationAmountPence(quantity);
  if (amount !== undefined && amount * 100 !== amountPence)
    return { ok: false, message: paymentMessages.amountMismatch };
  return { ok: true, value: { customerName, customerEmail, quantity, amountPence, isTest: false } };
}
