/**
 * Paying a held card booking, or an open invoice its booker chose to pay by
 * card from their booking page (/booking/{token}/pay): Stripe's Payment
 * Element (the one part of booking that needs JavaScript) for the amount
 * the server worked out, with 3-D Secure when the bank asks. One of the
 * pages whose Content-Security-Policy admits Stripe (server/security.ts).
 * A booking that is not awaiting a card payment goes back to its page.
 * The card step is an island woken as the page loads (ADR 093); nothing
 * else on the page runs a script.
 */
import { data, redirect } from "react-router";
import { CardFormUnavailable } from "~/components/payment/card-form-states.tsx";
import { CardStep } from "~/components/payment/card-step.tsx";
import { PageHero } from "~/components/sections.tsx";
import { useSiteFacts } from "~/components/site-facts.ts";
import { Island } from "~/islands/island.tsx";
import { islandsOnly } from "~/page-script/hydration.ts";
import { formatDateTime } from "~/format/dates.ts";
import { formatPenceGbp } from "~/format/money.ts";
import { privateLinkHeaders, privateLinkMeta } from "~/seo/private-link.ts";
import { servicesContext } from "~/services.ts";
import type { Route } from "./+types/booking-pay";

export const handle = islandsOnly;

export async function loader({ params, context }: Route.LoaderArgs) {
  const bookings = context.get(servicesContext).courseBookings;
  const toPay = await bookings.toPay(params.token);
  if (toPay.kind === "not-found") throw data("Not found", { status: 404 });
  if (toPay.kind === "not-awaiting-payment") throw redirect(`/booking/${params.token}`);
  const b = toPay.detail.booking;
  return {
    token: params.token,
    reference: b.reference,
    courseTitle: b.course_title,
    sessionLabel: b.session_label,
    quantity: b.quantity,
    totalPence: b.total_pence,
    holdExpiresAt: b.hold_expires_at,
    invoiceNumber: toPay.invoiceNumber,
    booker: { name: b.booker_name, email: b.booker_email },
    clientSecret: toPay.clientSecret,
    paymentIntentId: toPay.paymentIntentId,
    publishableKey: bookings.publishableKey,
  };
}

export function headers() {
  return privateLinkHeaders("no-referrer");
}

export function meta() {
  return privateLinkMeta({
    title: "Pay for your booking",
    description: "Pay for your course places by card.",
    path: "/booking",
  });
}

export default function BookingPay({ loaderData: b }: Route.ComponentProps) {
  const amount = formatPenceGbp(b.totalPence);
  const contactEmail = useSiteFacts().contact.email;
  return (
    <>
      <PageHero eyebrow={`Booking ${b.reference}`} title={b.courseTitle} lead={b.sessionLabel} />
      <div className="container-page max-w-2xl py-12 lg:py-16">
        <section aria-labelledby="pay-title" className="rounded-lg border border-slate-200 bg-white p-6 lift-sm">
          <h2 id="pay-title" className="text-2xl font-bold text-navy-900">
            {b.invoiceNumber ? `Pay invoice ${b.invoiceNumber}: ${amount} by card` : `Pay ${amount} by card`}
          </h2>
          {b.invoiceNumber ? (
            <p className="mt-2 text-slate-800">
              {b.quantity} place{b.quantity === 1 ? "" : "s"}, VAT included, as your VAT invoice {b.invoiceNumber} says.
              We e-mail you as soon as it is paid.
            </p>
          ) : (
            <p className="mt-2 text-slate-800">
              {b.quantity} place{b.quantity === 1 ? "" : "s"}, VAT included. Your places are held until{" "}
              {b.holdExpiresAt ? formatDateTime(b.holdExpiresAt) : "shortly"}; your VAT invoice comes with the
              confirmation.
            </p>
          )}
          <div className="mt-6">
            {b.clientSecret === null ? (
              <CardFormUnavailable contactEmail={contactEmail} />
            ) : (
              <Island
                name="booking-payment"
                component={CardStep}
                wake="at-load"
                props={{
                  publishableKey: b.publishableKey,
                  clientSecret: b.clientSecret,
                  paymentIntentId: b.paymentIntentId,
                  billing: b.booker,
                  amountText: amount,
                  payLabel: `Pay ${amount}`,
                  returnPath: `/booking/${b.token}`,
                  successToast: {
                    title: "Payment Successful",
                    description: b.invoiceNumber
                      ? `Invoice ${b.invoiceNumber} is paid. Your receipt is on its way.`
                      : "Your places are booked. Your confirmation is on its way.",
                  },
                  contactHref: "/contact",
                  contactEmail,
                  labelledBy: "pay-title",
                }}
              />
            )}
          </div>
        </section>
      </div>
    </>
  );
}
