/**
 * What the payment pages' loaders need from the server: whether card
 * payment is set up (and the publishable key, which is public), and the
 * outcome of a payment named in a return address.
 */
import type { RouterContextProvider } from "react-router";
import { servicesContext } from "~/services.ts";
import { configContext } from "~/http/request-context.ts";
import { requestLog } from "~/observability/request-log.server.ts";
import type { PaymentOutcome } from "./consultation-payments.server.ts";

type Context = Readonly<RouterContextProvider>;

export function paymentPageData(context: Context) {
  const config = context.get(configContext);
  return {
    publishableKey: config.paymentsEnabled ? config.STRIPE_PUBLISHABLE_KEY! : null,
    testMode: config.stripeTestMode,
  };
}

export async function paymentOutcome(context: Context, paymentIntentId: string | null): Promise<PaymentOutcome> {
  const consultations = context.get(servicesContext).consultations;
  if (!consultations) return { state: "missing" };
  try {
    return await consultations.outcome(paymentIntentId);
  } catch (error) {
    requestLog(context).error({ err: error }, "Reading a payment outcome failed");
    return { state: "processing" };
  }
}
