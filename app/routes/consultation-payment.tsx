import { Check } from "lucide";
import { Icon } from "~/components/icon.tsx";
import type { PaymentFormConfig } from "~/components/payment/payment-form.tsx";
import { PaymentSteps } from "~/components/payment/payment-steps.tsx";
import { PageHero } from "~/components/sections.tsx";
import { useSiteFacts } from "~/components/site-facts.ts";
import { Island } from "~/islands/island.tsx";
import { consultation, pricing, promises } from "~/content/business.ts";
import { organisation } from "~/content/organisation.ts";
import { formatGbp } from "~/format/money.ts";
import { absoluteUrl, seo } from "~/seo/meta.ts";
import { paymentPageData } from "~/orders/payment-page-data.server.ts";
import { islandsOnly } from "~/page-script/hydration.ts";
import type { Route } from "./+types/consultation-payment";

/** Islands (ADR 093): the payment steps wake alone when the visitor reaches them. */
export const handle = islandsOnly;

/**
 * The paid strategy consultation (spec section 2, Consultation payment
 * screen): what is included, participants, contact details, the total, and
 * card payment with Stripe. Server-rendered on every request (the
 * publishable key comes from the settings); its Content-Security-Policy is
 * the only one besides /test-payment that admits Stripe, so links to this
 * page must load it as a document (`reloadDocument`).
 */
export function loader({ context }: Route.LoaderArgs) {
  return paymentPageData(context);
}

const title = "Book a Premium Strategy Consultation";
const description = `A ${consultation.minutes}-minute strategy session with a senior consultant, with an analysis of your challenges and a tailored action plan. ${formatGbp(pricing.consultationPerParticipantGbp)} per participant; pay securely by card.`;

export function meta() {
  return seo({
    title,
    description,
    path: "/consultation-payment",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Service",
      name: "Premium Strategy Consultation",
      description,
      provider: { "@type": "Organization", name: organisation.name, url: organisation.siteUrl },
      areaServed: "Worldwide",
      offers: {
        "@type": "Offer",
        price: pricing.consultationPerParticipantGbp,
        priceCurrency: "GBP",
        url: absoluteUrl("/consultation-payment"),
        availability: "https://schema.org/InStock",
      },
    },
  });
}

const config: PaymentFormConfig = {
  id: "consultation",
  unitGbp: pricing.consultationPerParticipantGbp,
  participants: { min: consultation.minParticipants, max: consultation.maxParticipants },
  payLabel: "Complete Payment & Book Consultation",
  returnPath: "/consultation-success",
  successToast: {
    title: "Payment Successful",
    description: "Thank you! You'll receive booking instructions via email.",
  },
  contactHref: "/contact?interest=consulting",
};

export default function ConsultationPayment({ loaderData }: Route.ComponentProps) {
  const { publishableKey, testMode } = loaderData;
  const contactEmail = useSiteFacts().contact.email;
  return (
    <>
      <PageHero
        eyebrow="Strategy Consultation"
        title={title}
        lead={`${consultation.minutes} minutes with a senior consultant on the challenge that matters most to your organisation, and a plan you can act on. Book and pay here; we contact you within ${promises.teamContactHours} hours to schedule your session.`}
      />

      <div className="container-page grid gap-10 py-14 lg:grid-cols-[minmax(0,1fr)_30rem] lg:py-20">
        <div className="space-y-10">
          <section aria-labelledby="included-title">
            <h2 id="included-title" className="text-3xl font-bold tracking-tight text-navy-900">
              What is included
            </h2>
            <ul className="mt-6 space-y-3">
              {consultation.included.map((item) => (
                <li key={item} className="flex gap-3 text-lg text-slate-800">
                  <Icon drawing={Check} className="mt-1 size-5 shrink-0 text-emerald-700" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-lg text-slate-700">
              <strong className="text-navy-900">
                {formatGbp(pricing.consultationPerParticipantGbp)} per participant
              </strong>
              , for {consultation.minParticipants} to {consultation.maxParticipants} people from your organisation.
            </p>
          </section>

          <section aria-labelledby="after-title">
            <h2 id="after-title" className="text-2xl font-bold tracking-tight text-navy-900">
              After you pay
            </h2>
            <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-700">
              <li>A confirmation e-mail with your receipt, within {promises.confirmationEmailMinutes} minutes.</li>
              <li>Our team contacts you within {promises.teamContactHours} hours to schedule your session.</li>
              <li>A short pre-consultation questionnaire, so your consultant arrives prepared.</li>
            </ol>
          </section>
        </div>

        <section
          aria-labelledby="booking-title"
          className="self-start rounded-lg border border-slate-200 bg-white p-6 lift-sm"
        >
          <h2 id="booking-title" className="text-2xl font-bold tracking-tight text-navy-900">
            Book and pay
          </h2>
          {testMode && (
            <p className="mt-3 rounded-md border border-gold-700 bg-gold-300/30 p-3 text-sm text-navy-950">
              <strong>Test mode:</strong> payments go to Stripe&rsquo;s test environment and no real money is taken. Use
              the card 4242 4242 4242 4242.
            </p>
          )}
          <div className="mt-6">
            <Island name="payment" component={PaymentSteps} props={{ config, publishableKey, contactEmail }} />
          </div>
        </section>
      </div>
    </>
  );
}
