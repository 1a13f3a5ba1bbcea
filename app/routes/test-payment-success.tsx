import { data, useLocation } from "react-router";
import { maskEmail } from "~/components/payment/format.ts";
import { outcomeTitle, PaymentOutcome, type PaymentOutcomeData } from "~/components/payment/payment-outcome.tsx";
import { Toaster } from "~/components/toast/toaster.tsx";
import { paymentOutcome, paymentPageData } from "~/orders/payment-page-data.server.ts";
import type { Route } from "./+types/test-payment-success";
import { testScreenMeta } from "./test-screen-meta.ts";

/**
 * The test payment's return address: /test-payment-success?payment_intent=...
 * Like /consultation-success, it shows success only when Stripe says so.
 * Only in Stripe test mode; otherwise a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<PaymentOutcomeData> {
  if (!paymentPageData(context).testMode) throw data(null, { status: 404 });
  const outcome = await paymentOutcome(context, new URL(request.url).searchParams.get("payment_intent"));
  return {
    state: outcome.state,
    amountPence: outcome.amountPence,
    quantity: outcome.quantity ?? undefined,
    email: outcome.email ? maskEmail(outcome.email) : undefined,
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  testScreenMeta("/test-payment-success", Boolean(error) || !loaderData, () => ({
    title: outcomeTitle("test", loaderData!.state),
    description: "The outcome of a test-mode payment.",
  }));

export default function TestPaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  return (
    <>
      <PaymentOutcome kind="test" outcome={loaderData} checkAgainHref={`/test-payment-success${search}`} />
      <Toaster />
    </>
  );
}
