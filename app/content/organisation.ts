import { courseFacts } from "./business.ts";

const legalName = "Meridian Executive Training Ltd";

/**
 * Who we are, as the legal pages and contracts state it: the business's
 * name, its registered company and its site. Kept in code: the legal name,
 * company number and registered details are contractual and change with a
 * deploy, like the legal pages that state them. The contact details the team
 * changes (e-mail, phone, address) are site facts, edited in the back office
 * (site-facts.ts; docs/decisions/050-featured-lists-site-facts-and-guide-files.md).
 */
export const organisation = {
  name: "Meridian Executive Training",
  legalName,
  shortName: "Meridian",
  siteUrl: "https://www.meridian-executive.co.uk",
  companyNumber: "15873204",
  registeredIn: "England and Wales",
  /** The registered office, as Companies House has it (the legal pages state it). */
  registeredOffice: ["Meridian House", "12 Finsbury Square", "London EC2A 1AS", "United Kingdom"],
  /** The contact the terms name (contractual; the site's contact details are site facts, seeded from these). */
  legalContact: {
    email: "enquiries@meridian-executive.co.uk",
    phone: "+44 20 7946 0321",
  },
  /**
   * The VAT number and bank details the release printed on invoices before
   * the business settings (issue 39, docs/decisions/066-business-settings.md):
   * illustrative, and used only to render documents stored before then, as
   * they were printed. Invoices now print the business settings an
   * administrator saves at /admin/settings, copied onto each invoice.
   */
  vatNumber: "GB 123 4567 82",
  bank: {
    /** The account is in the company's legal name. */
    accountName: legalName,
    sortCode: "20-00-00",
    accountNumber: "12345678",
  },
  bookingsEmail: "bookings@meridian-executive.co.uk",
  privacyEmail: "privacy@meridian-executive.co.uk",
  summary: `Premium ${courseFacts.days}-day programmes and consulting in risk, accounting, strategy and sustainability, delivered from London to organisations worldwide.`,
} as const;

/** The registered office on one line: the legal pages' address. */
export const registeredOfficeText = (separator = ", ") => organisation.registeredOffice.join(separator);
