import { useLocation } from "react-router";
import { maskEmail } from "~/components/payment/format.ts";
import { outcomeTitle, PaymentOutcome, type PaymentOutcomeData } from "~/components/payment/payment-outcome.tsx";
import { Toaster } from "~/components/toast/toaster.tsx";
import { seo } from "~/seo/meta.ts";
import { paymentOutcome } from "~/orders/payment-page-data.server.ts";
import type { Route } from "./+types/consultation-success";

/**
 * The consultation payment's return address:
 * /consultation-success?payment_intent=pi_... The server asks Stripe about
 * that PaymentIntent; 'Payment Successful!' and the next steps show only
 * when it has succeeded (visiting the page directly proves nothing).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<PaymentOutcomeData> {
  const outcome = await paymentOutcome(context, new URL(request.url).searchParams.get("payment_intent"));
  return {
    state: outcome.state,
    amountPence: outcome.amountPence,
    quantity: outcome.quantity ?? undefined,
    // The page names the address only partly: the link may be shared or logged.
    email: outcome.email ? maskEmail(outcome.email) : undefined,
  };
}

// A payment's state changes; never keep an answer.
export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const state = loaderData?.state ?? "missing";
  return seo({
    title: state === "succeeded" ? "Payment Successful" : outcomeTitle("consultation", state),
    description: "Confirmation of your strategy consultation payment.",
    path: "/consultation-success",
    noindex: true,
  });
}

export default function ConsultationSuccess({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  return (
    <>
      <PaymentOutcome kind="consultation" outcome={loaderData} checkAgainHref={`/consultation-success${search}`} />
      <Toaster />
    </>
  );
}
