import { ChevronDown, Clock, Mail, MapPin, Phone } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { deliveryOptions, promises } from "~/content/business.ts";
import { footerResources, legalLinks, type CatalogueNavigation, type NavItem } from "~/content/navigation.ts";
import { formatAddress, organisation } from "~/content/organisation.ts";

type SectionId = "pillars" | "courses" | "delivery" | "resources" | "contact";

export function Footer({ navigation, year }: { navigation: CatalogueNavigation; year: number }) {
  // On small screens the sections are an accordion with one open at a time;
  // from the md breakpoint up they are all shown and the toggles are hidden.
  const [open, setOpen] = useState<SectionId | null>(null);
  const toggle = (id: SectionId) => setOpen((current) => (current === id ? null : id));
  const section = (id: SectionId, title: string, children: ReactNode) => (
    <FooterSection id={id} title={title} open={open === id} onToggle={() => toggle(id)}>
      {children}
    </FooterSection>
  );

  return (
    <footer className="bg-navy-950 text-slate-200">
      <div className="container-page py-12 lg:py-16">
        <div className="max-w-md">
          <p className="text-lg font-bold text-white">{organisation.name}</p>
          <p className="mt-2 text-sm leading-6 text-slate-300">{organisation.summary}</p>
        </div>
        <div className="mt-8 grid gap-0 md:grid-cols-3 md:gap-8 lg:grid-cols-5">
          {section("pillars", "Training Pillars", <LinkList items={[...navigation.pillars, navigation.allTraining]} />)}
          {section("courses", "Courses", <LinkList items={navigation.footerCourses} />)}
          {section(
            "delivery",
            "Delivery Options",
            <ul className="space-y-2 text-sm">
              {deliveryOptions.map((option) => (
                <li key={option.id}>
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
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-400" />
                <span>{formatAddress(", ")}</span>
              </p>
              <p className="flex gap-2">
                <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-400" />
                <a className="inline-block py-1 underline-offset-4 hover:underline" href={organisation.phone.href}>
                  {organisation.phone.display}
                </a>
              </p>
              <p className="flex gap-2">
                <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-400" />
                <a className="inline-block py-1 break-all underline-offset-4 hover:underline" href={`mailto:${organisation.email}`}>
                  {organisation.email}
                </a>
              </p>
              <p className="flex gap-2">
                <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-400" />
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
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {legalLinks.map((link) => (
                <li key={link.href}>
                  <Link className="inline-block py-1.5 underline-offset-4 hover:text-white hover:underline" to={link.href}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}

function FooterSection({
  id,
  title,
  open,
  onToggle,
  children,
}: {
  id: SectionId;
  title: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const panelId = useId();
  return (
    <section aria-labelledby={`footer-${id}`} className="border-b border-white/15 md:border-0">
      <h2 id={`footer-${id}`} className="text-sm font-semibold tracking-wide text-white uppercase">
        <button
          type="button"
          className="flex w-full items-center justify-between py-4 text-left md:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          {title}
          <ChevronDown aria-hidden="true" className={`size-5 transition-transform ${open ? "rotate-180" : ""}`} />
        </button>
        <span className="hidden md:inline">{title}</span>
      </h2>
      <div id={panelId} className={`${open ? "block" : "hidden"} pb-5 md:mt-4 md:block md:pb-0`}>
        {children}
      </div>
    </section>
  );
}

function LinkList({ items }: { items: NavItem[] }) {
  return (
    <ul className="space-y-1 text-sm">
      {items.map((item) => (
        <li key={item.href}>
          <Link className="inline-block py-1.5 text-slate-300 underline-offset-4 hover:text-white hover:underline" to={item.href}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
