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
} as const satisfies Readonly<Record<string, Keep>>;

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
