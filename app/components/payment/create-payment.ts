/**
 * The call that prepares a card payment (spec section 7):
 * POST /api/create-consultation-payment → { success, clientSecret } or
 * { success: false, message }. Never throws: every outcome is a value the
 * form can show (spec section 8's messages).
 */
import { postJson } from "~/http/post-json.ts";
import { paymentIntentIdFromSecret } from "./stripe-loader.ts";

export const createPaymentPath = "/api/create-consultation-payment";

export type CreatePaymentBody = {
  /** In pounds (the server computes the real amount and refuses a mismatch). */
  amount: number;
  customerName: string;
  customerEmail: string;
  quantity?: number;
  test?: true;
};

export type CreatePaymentResult =
  | { ok: true; clientSecret: string; paymentIntentId: string }
  | {
      ok: false;
      /** HTTP status; 0 when the server could not be reached. */
      status: number;
      /** For the 'Error' toast. */
      message: string;
      /** Card payment is not set up on this site (503): the contact page is the way to book. */
      unavailable: boolean;
    };

/** No answer, or an answer that is not ours (spec section 8). */
export const initialiseFailedMessage = "Failed to initialize payment";
/** An unsuccessful answer without a message (spec section 8). */
export const createFailedMessage = "Failed to create payment";

type Answer = { success?: unknown; clientSecret?: unknown; paymentIntentId?: unknown; message?: unknown };

export async function createPayment(body: CreatePaymentBody): Promise<CreatePaymentResult> {
  const reply = await postJson(createPaymentPath, body);
  if (!reply) return { ok: false, status: 0, message: initialiseFailedMessage, unavailable: false };
  // Not an object (a proxy's error page): no message to show.
  const answer = typeof reply.json === "object" && reply.json !== null ? (reply.json as Answer) : null;
  if (reply.ok && answer?.success === true && typeof answer.clientSecret === "string" && answer.clientSecret) {
    const paymentIntentId =
      typeof answer.paymentIntentId === "string" && answer.paymentIntentId
        ? answer.paymentIntentId
        : paymentIntentIdFromSecret(answer.clientSecret);
    return { ok: true, clientSecret: answer.clientSecret, paymentIntentId };
  }
  const message =
    typeof answer?.message === "string" && answer.message.trim()
      ? answer.message
      : answer?.success === false
        ? createFailedMessage
        : initialiseFailedMessage;
  return { ok: false, status: reply.status, message, unavailable: reply.status === 503 };
}
