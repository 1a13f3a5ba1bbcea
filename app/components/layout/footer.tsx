import { ChevronDown, Clock, Mail, MapPin, Phone } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { type ReactNode } from "react";
import { Link } from "react-router";
import { NewsletterForm } from "~/components/forms/newsletter-form.tsx";
import { Island } from "~/islands/island.tsx";
import { promises } from "~/content/business.ts";
import { footerResources, legalLinks, type CatalogueNavigation, type NavItem } from "~/content/navigation.ts";
import { organisation } from "~/content/organisation.ts";
import { formatContactAddress, phoneHref } from "~/content/site-facts.ts";
import { useSiteFacts } from "~/components/site-facts.ts";

type SectionId = "pillars" | "courses" | "delivery" | "resources" | "contact";

export function Footer({
  navigation,
  year,
  newsletterConsent,
}: {
  navigation: CatalogueNavigation;
  year: number;
  /** The newsletter's consent line (root loader data), a prop of the sign-up island. */
  newsletterConsent: string | undefined;
}) {
  const { contact, deliveryOptions } = useSiteFacts();
  const section = (id: SectionId, title: string, children: ReactNode) => (
    <FooterSection id={id} title={title}>
      {children}
    </FooterSection>
  );

  return (
    <footer className="bg-navy-950 text-slate-200">
      <div className="container-page py-12 lg:py-16">
        <div className="flex flex-col gap-8 md:flex-row md:justify-between">
          <div className="max-w-md">
            <p className="text-lg font-bold text-white">{organisation.name}</p>
            <p className="mt-2 text-sm leading-6 text-slate-300">{organisation.summary}</p>
          </div>
          <section aria-labelledby="footer-newsletter" className="w-full md:max-w-sm">
            <h2 id="footer-newsletter" className="text-sm font-semibold tracking-wide text-white uppercase">
              Newsletter
            </h2>
            <p className="mt-2 text-sm leading-6 text-slate-300">
              Practical articles, free guides and webinar dates from our trainers. We ask you to confirm by e-mail.
            </p>
            {/* An island (ADR 090): on a page without React Router it wakes on its own. */}
            <Island
              name="newsletter"
              component={NewsletterForm}
              props={{ formId: "footer-newsletter", tone: "dark", consent: newsletterConsent }}
            />
          </section>
        </div>
        <div className="mt-8 grid gap-0 md:grid-cols-3 md:gap-8 lg:grid-cols-5">
          {section("pillars", "Training Pillars", <LinkList items={[...navigation.pillars, navigation.allTraining]} />)}
          {section("courses", "Courses", <LinkList items={navigation.footerCourses} />)}
          {section(
            "delivery",
            "Delivery Options",
            <ul className="space-y-2 text-sm">
              {deliveryOptions.map((option) => (
                <li key={option.title}>
                  <span className="font-medium text-white">{option.title}</span>
                  <span className="block text-slate-300">{option.description}</span>
                </li>
              ))}
            </ul>,
          )}
          {section("resources", "Resources", <LinkList items={footerResources} />)}
          {section(
            "contact",
            "Contact",
            <address className="space-y-3 text-sm not-italic">
              <p className="flex gap-2">
                <Icon drawing={MapPin} className="mt-0.5 size-4 shrink-0 text-gold-400" />
                <span>{formatContactAddress(contact, ", ")}</span>
              </p>
              <p className="flex gap-2">
                <Icon drawing={Phone} className="mt-0.5 size-4 shrink-0 text-gold-400" />
                <a className="inline-block py-1 underline-offset-4 hover:underline" href={phoneHref(contact.phone)}>
                  {contact.phone}
                </a>
              </p>
              <p className="flex gap-2">
                <Icon drawing={Mail} className="mt-0.5 size-4 shrink-0 text-gold-400" />
                <a
                  className="inline-block py-1 break-all underline-offset-4 hover:underline"
                  href={`mailto:${contact.email}`}
                >
                  {contact.email}
                </a>
              </p>
              <p className="flex gap-2">
                <Icon drawing={Clock} className="mt-0.5 size-4 shrink-0 text-gold-400" />
                <span>{promises.businessHours}</span>
              </p>
            </address>,
          )}
        </div>
        <div className="mt-10 flex flex-col gap-4 border-t border-white/15 pt-6 text-sm text-slate-300 md:flex-row md:items-center md:justify-between">
          <p>
            © {year} {organisation.legalName}. Registered in {organisation.registeredIn}, company number{" "}
            {organisation.companyNumber}.
          </p>
          <nav aria-label="Legal">
            <LinkList
              items={legalLinks}
              className="flex flex-wrap gap-x-6 gap-y-2"
              linkClassName="inline-block py-1.5 underline-offset-4 hover:text-white hover:underline"
            />
          </nav>
        </div>
      </div>
    </footer>
  );
}

/**
 * On phones a section is a disclosure, one open at a time (<details> sharing a
 * name): it works from the HTML itself, before any JavaScript. From the md
 * breakpoint up every section is shown with its heading, and the disclosure's
 * summary is gone (docs/decisions/018-html-first-controls.md).
 */
function FooterSection({ id, title, children }: { id: SectionId; title: string; children: ReactNode }) {
  const heading = "text-sm font-semibold tracking-wide text-white uppercase";
  return (
    <section aria-labelledby={`footer-${id}`} className="border-b border-white/15 md:border-0">
      <h2 id={`footer-${id}`} className={`hidden md:block ${heading}`}>
        {title}
      </h2>
      <details name="footer-sections" className="group md:details-content:[content-visibility:visible]">
        <summary className="flex w-full cursor-pointer list-none items-center justify-between py-4 md:hidden [&::-webkit-details-marker]:hidden">
          <h2 className={heading}>{title}</h2>
          <Icon drawing={ChevronDown} className="size-5 transition-transform group-open:rotate-180" />
        </summary>
        <div className="pb-5 md:mt-4 md:pb-0">{children}</div>
      </details>
    </section>
  );
}

function LinkList({
  items,
  className = "space-y-1 text-sm",
  linkClassName = "inline-block py-1.5 text-slate-300 underline-offset-4 hover:text-white hover:underline",
}: {
  items: NavItem[];
  className?: string;
  linkClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.href}>
          <Link className={linkClassName} to={item.href} reloadDocument={item.reloadDocument}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
