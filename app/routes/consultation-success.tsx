import { outcomeTitle, PaymentOutcome } from "~/components/payment/payment-outcome.tsx";
import { Toaster } from "~/components/toast/toaster.tsx";
import { seo } from "~/seo/meta.ts";
import { paymentReturnData } from "~/route-support/payment-return.server.ts";
import type { Route } from "./+types/consultation-success";

/**
 * The consultation payment's return address:
 * /consultation-success?payment_intent=pi_... The server asks Stripe about
 * that PaymentIntent; 'Payment Successful!' and the next steps show only
 * when it has succeeded (visiting the page directly proves nothing).
 */
export const loader = (args: Route.LoaderArgs) => paymentReturnData(args);

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
  return (
    <>
      <PaymentOutcome kind="consultation" outcome={loaderData} />
      <Toaster />
    </>
  );
}
