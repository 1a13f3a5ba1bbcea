/**
 * What the e-mail templates take and give. A lead's e-mails are composed
 * when the lead is stored and written to the outbox in the same transaction.
 */
import type { BusinessCalendar } from "~/leads/response-deadline.ts";

/** One composed message, ready for the outbox. */
export type OutgoingEmail = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and friends). Values must be single-line. */
  headers?: Record<string, string>;
};

export type MailContext = {
  /** Public address of the site, no trailing slash (links in e-mails). */
  siteUrl: string;
  /** The team inbox. */
  teamEmail: string;
  /** Business hours and bank holidays: when an enquiry's answer is due (the team's notification says). */
  calendar: BusinessCalendar;
};

/** Facts every stored lead has. */
export type LeadFacts = {
  id: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  sourcePage: string;
  consentText: string;
  /** From the test dashboard: subjects are marked [TEST]. */
  isTest: boolean;
};
