import { data } from "react-router";
import { formatAmountGbp } from "~/components/payment/format.ts";
import type { PaymentFormConfig } from "~/components/payment/payment-form.tsx";
import { PaymentSteps } from "~/components/payment/payment-steps.tsx";
import { useSiteFacts } from "~/components/site-facts.ts";
import { Island } from "~/islands/island.tsx";
import { islandsOnly } from "~/page-script/hydration.ts";
import { pricing } from "~/content/business.ts";
import { paymentPageData } from "~/orders/payment-page-data.server.ts";
import type { Route } from "./+types/test-payment";
import { TitledPage } from "~/components/sections.tsx";
import { type Column, DataTable, testScreenMeta } from "~/components/test-screen.tsx";

/**
 * The £1.00 test payment (spec section 2, Test screens): the consultation's
 * payment flow with a fixed amount and no participants, returning to
 * /test-payment-success. It exists only while the configured Stripe keys
 * are test keys; otherwise it is a 404. Its payment steps are an island
 * (ADR 093).
 */
export const handle = islandsOnly;

export function loader({ context }: Route.LoaderArgs) {
  const page = paymentPageData(context);
  if (!page.testMode) throw data(null, { status: 404 });
  return page;
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = ({ error }: Route.MetaArgs) =>
  testScreenMeta("/test-payment", Boolean(error), () => ({
    title: "Test Payment",
    description: "A £1.00 test-mode card payment that checks the payment set-up.",
  }));

const config: PaymentFormConfig = {
  id: "test-payment",
  unitGbp: pricing.testPaymentGbp,
  participants: null,
  test: true,
  payLabel: `Complete Test Payment of ${formatAmountGbp(pricing.testPaymentGbp)}`,
  returnPath: "/test-payment-success",
  successToast: { title: "Test Payment Successful", description: "Payment processing works correctly!" },
  contactHref: "/contact",
};

const testCards = [
  { number: "4242 4242 4242 4242", outcome: "Succeeds" },
  { number: "4000 0000 0000 0002", outcome: "Is declined" },
  { number: "4000 0025 0000 3155", outcome: "Asks for 3-D Secure authentication" },
];

const testCardColumns: Column<(typeof testCards)[number]>[] = [
  { header: "Card number", cell: (card) => card.number, className: "py-2 pr-4 font-mono whitespace-nowrap" },
  { header: "What happens", cell: (card) => card.outcome, className: "py-2 text-slate-700" },
];

export default function TestPayment({ loaderData }: Route.ComponentProps) {
  const contactEmail = useSiteFacts().contact.email;
  return (
    <>
      <TitledPage id="test-payment-title" eyebrow="Test screen" title="Test Payment">
        <p className="mt-4 max-w-prose text-lg text-slate-700">
          A {formatAmountGbp(pricing.testPaymentGbp)} card payment through the same steps as the consultation booking,
          in Stripe&rsquo;s test mode: no real money is taken.
        </p>

        <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_30rem]">
          <section aria-labelledby="test-cards-title">
            <h2 id="test-cards-title" className="text-2xl font-bold tracking-tight text-navy-900">
              Test cards
            </h2>
            <p className="mt-2 text-slate-700">
              Use any future expiry date, any three-digit security code (CVC) and any postcode.
            </p>
            <DataTable
              className="mt-4 w-full max-w-xl border-collapse text-left"
              columns={testCardColumns}
              rows={testCards}
              rowKey={(card) => card.number}
            />
          </section>

          <section
            aria-labelledby="test-booking-title"
            className="self-start rounded-lg border border-slate-200 bg-white p-6 lift-sm"
          >
            <h2 id="test-booking-title" className="text-2xl font-bold tracking-tight text-navy-900">
              Make a test payment
            </h2>
            <div className="mt-6">
              <Island
                name="payment"
                component={PaymentSteps}
                props={{ config, publishableKey: loaderData.publishableKey, contactEmail }}
              />
            </div>
          </section>
        </div>
      </TitledPage>
    </>
  );
}
