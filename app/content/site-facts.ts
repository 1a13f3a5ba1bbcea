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
 * Pure and browser-safe: the schema and the small formatters; the published
 * facts reach a page through its loader (index.server.ts `siteFacts`).
 */
import { z } from "zod";
import { claims } from "./business.ts";
import { organisation } from "./organisation.ts";

const text = z.string().trim().min(1);
/** A figure as a stat block shows it: "5,000+", "93%", "3.4x", "45+". */
const figure = z
  .string()
  .trim()
  .max(12)
  .regex(/^\d[\d,.]*(?:\+|%|x)?$/, "must be a figure such as 5,000+, 93%, 45+ or 3.4x");

/** An international phone number as shown: "+44 20 7946 0321". */
export const phonePattern = /^\+\d[\d ]{6,18}\d$/;

export const siteFactsSchema = z.object({
  /** The figures in the stat blocks (the about page, the guide request page). */
  claims: z.object({
    professionalsTrained: figure,
    countries: figure,
    satisfaction: figure,
    combinedExperience: figure,
    trainerExperience: figure,
    guideTrustedBy: figure,
  }),
  contact: z.object({
    email: z.email({ error: "must be an e-mail address, such as enquiries@example.co.uk" }),
    phone: z
      .string()
      .trim()
      .regex(phonePattern, "must be an international number starting with +, such as +44 20 7946 0321"),
    address: z.object({
      line1: text.max(80),
      line2: text.max(80).optional(),
      locality: text.max(60),
      postcode: text.max(12),
      country: text.max(60),
      countryCode: z
        .string()
        .trim()
        .regex(/^[A-Z]{2}$/, "must be two capital letters, such as GB"),
      /** For the map on the contact page. */
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
    }),
  }),
  /** The ways a course can be delivered (the footer). */
  deliveryOptions: z
    .array(z.object({ title: text.max(40), description: text.max(160) }))
    .min(1)
    .max(6),
  /** Social profiles, listed only where a real page exists. */
  social: z
    .array(
      z.object({
        name: text.max(40),
        href: z.url({ protocol: /^https$/, error: "must be a full https:// address" }),
      }),
    )
    .max(6),
});

export type SiteFacts = z.output<typeof siteFactsSchema>;
export type SiteContact = SiteFacts["contact"];

/** Today's facts: what a database is seeded with. */
export const releaseSiteFacts: z.input<typeof siteFactsSchema> = {
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
