/**
 * What the e-mail templates take and give. A lead's e-mails are composed
 * when the lead is stored and written to the outbox in the same transaction.
 */
import type { BusinessCalendar } from "~/calendar/business-hours.ts";

/** One composed message, ready for the outbox. */
export type OutgoingEmail = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and friends). Values must be single-line. */
  headers?: Record<string, string>;
  /** Files sent with it (a calendar invitation, an invoice). */
  attachments?: Attachment[];
  /** ISO instant from which it is no longer worth sending (a webinar's start, for its reminder). */
  notAfter?: string;
  /**
   * One-time credentials (a set-up link's token), by name: the text and HTML
   * hold `withheldCredential(name)` instead, the outbox keeps the values
   * sealed and puts them in only as it sends, then forgets them
   * (docs/decisions/033-secrets-at-rest.md).
   */
  secrets?: Record<string, string>;
};

/** Where a one-time credential stands in a stored message (URL- and HTML-safe, readable in an export). */
export function withheldCredential(name: string): string {
  if (!/^[a-z]+(?:-[a-z]+)*$/.test(name)) throw new Error(`credential names are lower-case words: ${name}`);
  return `withheld-credential-${name}`;
}

/**
 * A file sent with a message: text (a calendar invitation) or, with
 * `encoding: "base64"`, binary. With `ref` the file is made only as the
 * outbox sends it, by the worker's `attachments` maker (an invoice's PDF,
 * rendered from what is stored): what costs time is kept out of the
 * transaction that queues the message, and `content` is empty until then.
 */
export type Attachment = {
  filename: string;
  contentType: string;
  content: string;
  encoding?: "base64";
  ref?: string;
  /**
   * A calendar invitation (its METHOD): sent as the message's
   * `text/calendar; method=…` alternative, which calendars act on, as well
   * as a file. One per message.
   */
  calendarMethod?: "REQUEST" | "CANCEL";
};

/** Makes the file an attachment's `ref` names, as the outbox sends it (base64); null if it no longer exists. */
export type AttachmentMaker = (ref: string) => Promise<string | null>;

export type MailContext = {
  /** Public address of the site, no trailing slash (links in e-mails). */
  siteUrl: string;
  /** The team inbox. */
  teamEmail: string;
  /** Business hours and bank holidays: when an enquiry's answer is due (the team's notification says). */
  calendar: BusinessCalendar;
  /** Each webinar's joining link, by webinar id (the webinar's content, as published); a webinar without one has none yet. */
  webinarJoinUrls?: Readonly<Record<string, string>>;
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
