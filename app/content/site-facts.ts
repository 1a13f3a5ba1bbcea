/**
 * The site-wide facts marketing changes (docs/decisions/050-featured-lists-site-facts-and-guide-files.md):
 * the figures the stat blocks show, the contact details (pages, the footer,
 * the Organization JSON-LD, visitors' e-mails) and the delivery options. One
 * fixed item of content ("Site facts"), edited in the back office, seeded
 * from the values below. What is legal or contractual stays in code
 * (organisation.ts: the legal name, company number, registered office;
 * business.ts: prices, promises and the opening hours the answer deadline
 * counts).
 *
 * Pure and browser-safe (no zod: the schema is site-facts-schema.ts): today's
 * values and the small formatters; the published facts reach a page through
 * its loader (the root loader's `facts`, index.server.ts `siteContact`).
 */
import { claims } from "./business.ts";
import { organisation } from "./organisation.ts";
import type { SiteContact, SiteFacts } from "./site-facts-schema.ts";

export type { SiteContact, SiteFacts };

/** Today's facts: what a database is seeded with. */
export const releaseSiteFacts: SiteFacts = {
  claims: {
    professionalsTrained: claims.professionalsTrained,
    countries: claims.countries,
    satisfaction: claims.satisfaction,
    combinedExperience: claims.combinedExperience,
    trainerExperience: claims.trainerExperience,
    guideTrustedBy: claims.guideTrustedBy,
  },
  contact: {
    email: organisation.legalContact.email,
    phone: organisation.legalContact.phone,
    address: {
      line1: "Meridian House",
      line2: "12 Finsbury Square",
      locality: "London",
      postcode: "EC2A 1AS",
      country: "United Kingdom",
      countryCode: "GB",
      latitude: 51.5219,
      longitude: -0.0868,
    },
  },
  deliveryOptions: [
    { title: "In-person", description: "Open courses at our London training venues." },
    { title: "At your site", description: "Delivered to your team at your own premises." },
    { title: "Live online", description: "Live, trainer-led virtual classrooms." },
    { title: "Customised", description: "Content tailored to your sector and your data." },
  ],
  social: [],
};

/** The phone number as a link: "tel:+442079460321". */
export const phoneHref = (phone: string) => `tel:${phone.replace(/\s+/g, "")}`;

/** "Meridian House, 12 Finsbury Square, London EC2A 1AS, United Kingdom". */
export function formatContactAddress(contact: Pick<SiteContact, "address">, separator = ", "): string {
  const a = contact.address;
  return [a.line1, a.line2, `${a.locality} ${a.postcode}`, a.country].filter(Boolean).join(separator);
}
