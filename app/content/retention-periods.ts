/**
 * How long the business keeps each kind of record (ADR 040): one period per
 * retention rule, stated once. The retention job applies them
 * (app/retention/rules.ts); the privacy notice (content/legal.ts) and the
 * back office state them through periodText. A module of its own, apart
 * from business.ts, so that public pages, which state no period, do not ship
 * the table to the browser.
 */
import { count } from "./business.ts";

/** How long a record is kept, counted from its age date (app/retention/rules.ts applies it). */
export type Keep =
  | { days: number }
  | { months: number }
  /** Whole financial years after the end of the one the date falls in (accounting records). */
  | { financialYears: number };

/**
 * The company's financial year ends on 31 March (the content does not name
 * an accounting reference date; 31 March, the UK tax year-end, is the usual
 * one). Month 1-12.
 */
export const financialYearEnd = { month: 3, day: 31 } as const;

/**
 * How long each kind of record is kept: one period per retention rule
 * (app/retention/rules.ts), which the privacy notice's table states
 * (content/legal.ts).
 */
export const retentionPeriods = {
  contact_enquiries: { months: 24 },
  guide_requests: { months: 24 },
  resource_downloads: { months: 24 },
  webinar_registrations: { months: 12 },
  newsletter_unsubscribed: { days: 0 },
  newsletter_pending: { days: 30 },
  bookings_paid: { financialYears: 6 },
  bookings_unpaid: { days: 30 },
  course_bookings_accounting: { financialYears: 6 },
  course_bookings_unpaid: { days: 30 },
  course_delegate_needs: { days: 14 },
  course_waiting_lists: { days: 30 },
  course_waiting_unconfirmed: { days: 7 },
  outbox: { days: 90 },
  submission_keys: { days: 0 },
  stripe_events: { days: 90 },
  audit_events: { months: 12 },
  staff_sessions: { days: 30 },
  staff_invitations: { days: 30 },
  staff_accounts_disabled: { months: 12 },
  spam_submissions: { days: 30 },
  webhook_events: { days: 30 },
  page_views: { months: 24 },
  mail_files: { days: 90 },
  log_files: { days: 30 },
  content_revisions: { months: 24 },
  guide_files: { days: 30 },
} as const satisfies Readonly<Record<string, Keep>>;

/**
 * However old, an item of the site's content keeps its live (published)
 * revision and its last `keptRevisions` revisions (ADR 062).
 */
export const keptRevisions = 10;

/** A retention period: "30 days", "24 months", "6 years" (financial years). */
export function periodText(keep: Keep): string {
  if ("days" in keep) return count(keep.days, "day");
  if ("months" in keep) return count(keep.months, "month");
  return count(keep.financialYears, "year");
}

/** "31 March". */
export function financialYearEndText(end: { month: number; day: number } = financialYearEnd): string {
  const month = new Date(Date.UTC(2000, end.month - 1, 1)).toLocaleString("en-GB", { month: "long", timeZone: "UTC" });
  return `${end.day} ${month}`;
}

/**
 * The "How long we keep it" sentences of the notice's table, built from the
 * periods the retention job applies (ADR 040): the notice (content/legal.ts) and the lead kinds that declare their rows (app/leads/kinds/) use them.
 */
export function retentionNotice(
  period: Readonly<Record<keyof typeof retentionPeriods, Keep>> = retentionPeriods,
  yearEnd: { month: number; day: number } = financialYearEnd,
) {
  const keep = (rule: keyof typeof period) => periodText(period[rule]);
  return {
    contact: `${keep("contact_enquiries")} after you send your enquiry.`,
    guides: `${keep("guide_requests")} after your request. Your download link stops working then.`,
    newsletter: `Until you unsubscribe. After that we keep your e-mail address alone, with the date you unsubscribed, on a suppression list, so that we never e-mail you again by mistake. If you never confirm your subscription, we delete your address ${keep("newsletter_pending")} after you signed up.`,
    newsletterPending: keep("newsletter_pending"),
    webinars: `${keep("webinar_registrations")} after the webinar.`,
    bookings: `${keep("bookings_paid")} from the end of the financial year the payment falls in (our financial year ends on ${financialYearEndText(yearEnd)}), as HMRC requires for company accounting records. If a payment is never completed or fails, we delete the booking ${keep("bookings_unpaid")} after the last attempt.`,
    courseBookings: `Bookings that were invoiced or paid, with their VAT invoices and credit notes: ${keep("course_bookings_accounting")} from the end of the financial year of the booking's last invoice, payment or cancellation (our financial year ends on ${financialYearEndText(yearEnd)}), as HMRC requires for company accounting records; then the booking, its delegates, their calendar invitations, questionnaire answers, invoices and timeline are deleted. A delegate's access and dietary needs from the pre-course questionnaire are deleted ${keep("course_delegate_needs")} after the course ends. If you ask us to erase your data before then, we keep only what the invoice must show (your name, organisation and billing address) and delete the rest. A card booking never paid (its places were held while you paid), and an invoice booking never confirmed from the booker's inbox (its places were held for the booker to confirm it), are deleted ${keep("course_bookings_unpaid")} after the hold ended. A request to join a full date's waiting list is deleted ${keep("course_waiting_lists")} after the course ends, or ${keep("course_waiting_unconfirmed")} after it was made if its e-mail address was never confirmed.`,
    outbox: `${keep("outbox")} after the e-mail was sent, or after we gave up trying to send it.`,
    webhooks: `${keep("webhook_events")} after the change it reports. What those tools keep is subject to the periods above.`,
    pageViews: `${keep("page_views")} after the day.`,
    logs: `${keep("log_files")}.`,
    spam: `${keep("spam_submissions")} after the form was sent.`,
    security: `${keep("audit_events")} after the event. Our team's sign-in sessions (with their IP address and browser) are deleted ${keep("staff_sessions")} after they end.`,
    staffAccounts: `While the person works with us. When an account is closed, its password hash, authenticator key and passkeys are deleted at once; the name and e-mail address are deleted ${keep("staff_accounts_disabled")} after the account is closed, and the notes and changes they made on enquiries, and the versions of the site's content they published and the images they uploaded, are then shown as by a former team member (a publication they scheduled is cancelled) (a change of owner keeps the names it was between, as part of the enquiry's record). Set-up links (an invitation, or a new link after a lost phone, with the name, address and role it was sent for) are deleted ${keep("staff_invitations")} after they expire; a used one keeps no key.`,
    contentHistory: `Versions published more than ${keep("content_revisions")} ago are deleted, except the version on the site and the last ${keptRevisions} of each item; a guide's uploaded PDF that no draft and no kept version uses any more is deleted ${keep("guide_files")} after it was uploaded. Trainers' biographies and portraits are on the site while they teach for us, and are removed when the trainer asks or stops teaching (their earlier versions then go by the same rule).`,
  };
}
