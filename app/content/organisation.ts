import { courseFacts } from "./business.ts";

/**
 * Who we are and how to reach us. One place for every contact detail the
 * site shows; the spec leaves these open ("{email}"), so they live here for
 * the business to confirm (see docs/spec-deviations.md).
 */
export const organisation = {
  name: "Meridian Executive Training",
  legalName: "Meridian Executive Training Ltd",
  shortName: "Meridian",
  siteUrl: "https://www.meridian-executive.co.uk",
  companyNumber: "15873204",
  registeredIn: "England and Wales",
  email: "enquiries@meridian-executive.co.uk",
  bookingsEmail: "bookings@meridian-executive.co.uk",
  privacyEmail: "privacy@meridian-executive.co.uk",
  phone: { display: "+44 20 7946 0321", href: "tel:+442079460321" },
  address: {
    line1: "Meridian House",
    line2: "12 Finsbury Square",
    locality: "London",
    postcode: "EC2A 1AS",
    country: "United Kingdom",
    countryCode: "GB",
    /** For the map on the contact page. */
    latitude: 51.5219,
    longitude: -0.0868,
  },
  summary: `Premium ${courseFacts.days}-day programmes and consulting in risk, accounting, strategy and sustainability, delivered from London to organisations worldwide.`,
  /** Social profiles: listed only where a real target exists. */
  social: [] as { name: string; href: string }[],
} as const;

export function formatAddress(separator = ", "): string {
  const a = organisation.address;
  return [a.line1, a.line2, `${a.locality} ${a.postcode}`, a.country].join(separator);
}
