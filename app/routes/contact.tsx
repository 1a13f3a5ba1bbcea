import { Clock, Mail, MapPin, Phone } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { useSearchParams } from "react-router";
import { ContactForm } from "~/components/forms/contact-form.tsx";
import { contactPrefill } from "~/components/forms/contact-prefill.ts";
import { useConsentText } from "~/components/forms/consent-note.tsx";
import { Island } from "~/islands/island.tsx";
import { MapEmbed } from "~/components/map-embed.tsx";
import { FaqList } from "~/components/faq-list.tsx";
import { PageHero, Paragraphs, Section } from "~/components/sections.tsx";
import { promises } from "~/content/business.ts";
import { catalogue } from "~/content/index.server.ts";
import { formAction } from "~/leads/form-action.server.ts";
import { formatContactAddress, phoneHref } from "~/content/site-facts.ts";
import { faqJsonLd, seo } from "~/seo/meta.ts";
import { islandsOnly } from "~/page-script/hydration.ts";
import type { Route } from "./+types/contact";

/** No React Router: the form works as a plain post, and is an island that wakes when it is used (ADR 090). */
export const handle = islandsOnly;

/**
 * The page reads `?interest=` and `?course=` itself, with the course titles
 * from here (contact-prefill.ts): the prerendered page's data cannot depend
 * on the query. What they fill in goes to the form's island as a prop.
 */
export function loader() {
  return {
    copy: catalogue.pages.contact,
    faqs: catalogue.generalFaqs,
    contact: catalogue.siteFacts.contact,
    courseTitles: Object.fromEntries(catalogue.courses.map((c) => [c.id, c.title])) as Record<string, string>,
  };
}

export const action = (args: Route.ActionArgs) => formAction("contact", args);

export function meta({ loaderData }: Route.MetaArgs) {
  return seo({ ...loaderData.copy.seo, path: "/contact", jsonLd: faqJsonLd(loaderData.faqs) });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { copy, faqs, courseTitles, contact } = loaderData;
  const consent = useConsentText("contact");
  const [searchParams] = useSearchParams();
  const prefill = contactPrefill(searchParams.toString(), courseTitles);
  return (
    <>
      <PageHero eyebrow="Contact" title={copy.heroTitle} lead={copy.heroLead} />

      <Section id="enquiry" title={copy.formTitle}>
        <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
          <div id="enquiry-form" className="rounded-lg border border-slate-200 p-6">
            <Island name="contact" component={ContactForm} props={{ pageResult: actionData, consent, prefill }} />
          </div>
          <aside aria-labelledby="office-title" className="space-y-4">
            <h3 id="office-title" className="text-lg font-semibold text-navy-900">
              Our London Office
            </h3>
            <address className="flex gap-3 text-slate-700 not-italic">
              <Icon drawing={MapPin} className="mt-1 size-5 shrink-0 text-navy-700" />
              <span>{formatContactAddress(contact, ", ")}</span>
            </address>
            <p className="flex gap-3 text-slate-700">
              <Icon drawing={Clock} className="mt-1 size-5 shrink-0 text-navy-700" />
              <span>{promises.businessHours}</span>
            </p>
            <ul className="space-y-4">
              <li className="flex gap-3">
                <Icon drawing={Mail} className="mt-1 size-5 shrink-0 text-navy-700" />
                <a
                  className="font-semibold text-navy-800 underline underline-offset-4"
                  href={`mailto:${contact.email}`}
                >
                  {contact.email}
                </a>
              </li>
              <li className="flex gap-3">
                <Icon drawing={Phone} className="mt-1 size-5 shrink-0 text-navy-700" />
                <a className="font-semibold text-navy-800 underline underline-offset-4" href={phoneHref(contact.phone)}>
                  {contact.phone}
                </a>
              </li>
            </ul>
          </aside>
        </div>
      </Section>

      <Section id="locations" title="Training Locations" tone="tint">
        <div className="grid gap-8 lg:grid-cols-2">
          <Paragraphs className="space-y-4 text-lg text-slate-700" items={copy.trainingLocations} />
          <MapEmbed />
        </div>
      </Section>

      <Section id="further" title={copy.furtherTitle}>
        <Paragraphs className="max-w-3xl space-y-4 text-lg text-slate-700" items={copy.furtherParagraphs} />
      </Section>

      <Section id="contact-faq" title="Frequently Asked Questions" tone="tint">
        <FaqList name="faq-contact" faqs={faqs} />
      </Section>
    </>
  );
}
