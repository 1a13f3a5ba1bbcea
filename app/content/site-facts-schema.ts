/**
 * The schema of the site facts (site-facts.ts): what the editor and the
 * catalogue check. Server-side and in the editor only; pages get the
 * published facts from their loaders, so zod never reaches the browser.
 */
import { z } from "zod";

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
