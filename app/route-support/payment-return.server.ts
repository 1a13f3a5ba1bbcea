import type { LoaderFunctionArgs } from "react-router";
import { maskEmail } from "~/components/payment/format.ts";
import type { PaymentOutcomeData } from "~/components/payment/payment-outcome.tsx";
import { paymentOutcome } from "~/orders/payment-page-data.server.ts";

/**
 * What a payment's return address (/consultation-success?payment_intent=...,
 * /test-payment-success?...) shows: the server asks Stripe about that
 * PaymentIntent; success shows only when it has succeeded (visiting the page
 * directly proves nothing).
 */
export async function paymentReturnData({ request, context }: LoaderFunctionArgs): Promise<PaymentOutcomeData> {
  const outcome = await paymentOutcome(context, new URL(request.url).searchParams.get("payment_intent"));
  return {
    state: outcome.state,
    amountPence: outcome.amountPence,
    quantity: outcome.quantity ?? undefined,
    // The page names the address only partly: the link may be shared or logged.
    email: outcome.email ? maskEmail(outcome.email) : undefined,
  };
}
