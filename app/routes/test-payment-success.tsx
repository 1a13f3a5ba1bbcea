import { data } from "react-router";
import { outcomeTitle, PaymentOutcome } from "~/components/payment/payment-outcome.tsx";
import { Toaster } from "~/components/toast/toaster.tsx";
import { paymentPageData } from "~/orders/payment-page-data.server.ts";
import { paymentReturnData } from "~/route-support/payment-return.server.ts";
import type { Route } from "./+types/test-payment-success";
import { testScreenMeta } from "~/components/test-screen.tsx";

/**
 * The test payment's return address: /test-payment-success?payment_intent=...
 * Like /consultation-success, it shows success only when Stripe says so.
 * Only in Stripe test mode; otherwise a 404.
 */
export function loader(args: Route.LoaderArgs) {
  if (!paymentPageData(args.context).testMode) throw data(null, { status: 404 });
  return paymentReturnData(args);
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
  return (
    <>
      <PaymentOutcome kind="test" outcome={loaderData} />
      <Toaster />
    </>
  );
}
