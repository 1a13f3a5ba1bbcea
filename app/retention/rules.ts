/**
 * How long the site keeps each kind of record, as the privacy notice
 * (/privacy, app/content/legal.ts) promises: one table of rules, and what
 * turns a rule and "now" into a cutoff. The job
 * that applies them is app/retention/job.server.ts; the reasons are in
 * docs/decisions/013-retention-and-backups.md. Each lead kind declares its
 * own rules and the sentence the notice shows for them (app/leads/kinds/,
 * docs/decisions/041-a-lead-kind-declares-itself.md), and so does each order
 * kind (app/orders/, docs/decisions/042-orders-are-one-domain.md); the periods' date
 * arithmetic is app/calendar/period.ts.
 *
 * A record whose age date is before its rule's cutoff is past its period
 * (deleted, or anonymised); one on or after the cutoff is still inside it.
 */
import { keptLeadKinds, type LeadKindRuleName } from "~/leads/kinds/index.ts";
import { allOrderKindTexts, type OrderKindRuleName } from "~/orders/index.ts";
import { cutoff, type RetentionRule as Rule } from "../calendar/period.ts";

export { addMonths, cutoff, financialYearEnd, financialYearStart, type Keep } from "../calendar/period.ts";
import { retentionPeriods, type Keep } from "../content/retention-periods.ts";

/** The rules of the records no lead kind or order kind holds (those name theirs: app/leads/kinds/, app/orders/). */
export type SiteRuleName =
  | "outbox"
  | "submission_keys"
  | "stripe_events"
  | "mail_files"
  | "log_files"
  | "audit_events"
  | "staff_sessions"
  | "staff_invitations"
  | "staff_accounts_disabled"
  | "spam_submissions"
  | "webhook_events"
  | "page_views"
  | "content_revisions"
  | "guide_files";

export type RuleName = LeadKindRuleName | OrderKindRuleName | SiteRuleName;

export type RetentionRule = Rule<RuleName>;

/** Rows are deleted in statements of at most this many, so no table is locked for long. */
export const defaultBatchSize = 1000;

/** Each rule's period, from the business's promises (a rule without one does not compile). */
const period: Readonly<Record<RuleName, Keep>> = retentionPeriods;

/** Every rule: each lead kind's and each order kind's, as the kind declares it (periods from the same settings), then the rest. */
export const retentionRules: readonly RetentionRule[] = [
  ...keptLeadKinds().flatMap((kind): readonly RetentionRule[] => kind.retention),
  ...allOrderKindTexts.flatMap((kind): readonly RetentionRule[] => kind.retention),
  {
    rule: "outbox",
    records: "outbox rows sent or given up (dead)",
    from: "sent_at, or dead_at",
    keep: period.outbox,
    action: "delete",
  },
  {
    rule: "submission_keys",
    records: "submission_keys (duplicate-submission fingerprints)",
    from: "expires_at",
    keep: period.submission_keys,
    action: "delete",
  },
  {
    rule: "stripe_events",
    records: "stripe_events (ids of handled webhook events)",
    from: "received_at",
    keep: period.stripe_events,
    action: "delete",
  },
  {
    rule: "audit_events",
    records: "audit_events (the back office's audit log: sign-ins, refused sign-ins with the address typed, changes)",
    from: "at (when it happened)",
    keep: period.audit_events,
    action: "delete",
  },
  {
    rule: "staff_sessions",
    records: "staff_sessions (back-office sign-in sessions, with the client address and browser)",
    from: "expires_at (the longest it could have lasted)",
    keep: period.staff_sessions,
    action: "delete",
  },
  {
    rule: "staff_invitations",
    records: "staff_invitations (used or not)",
    from: "expires_at",
    keep: period.staff_invitations,
    action: "delete",
  },
  {
    rule: "staff_accounts_disabled",
    records:
      "staff_users disabled by an administrator (their password hash, authenticator key and passkeys went when they were disabled); the leads they owned are left without an owner",
    from: "disabled_at",
    keep: period.staff_accounts_disabled,
    action: "delete",
  },
  {
    rule: "spam_submissions",
    records: "spam_submissions (the spam folder: submissions refused as automated, with the client address)",
    from: "received_at",
    keep: period.spam_submissions,
    action: "delete",
  },
  {
    rule: "webhook_events",
    records:
      "webhook_events (messages forwarded to the team's webhook endpoints, with the lead's details) and their webhook_deliveries",
    from: "created_at (when the change happened; deliveries give up after about three days)",
    keep: period.webhook_events,
    action: "delete",
  },
  {
    rule: "page_views",
    records: "page_views (views per page and London day, no visitor data)",
    from: "day (its end, London)",
    keep: period.page_views,
    action: "delete",
  },
  {
    rule: "content_revisions",
    records:
      "content_revisions (every published version of the site's content: trainers' biographies and portraits, webinars, guides…), except each item's live revision and its last keptRevisions",
    from: "published_at",
    keep: period.content_revisions,
    action: "delete",
  },
  {
    rule: "guide_files",
    records: "guide_files (uploaded guide PDFs) that no draft and no revision names",
    from: "uploaded_at",
    keep: period.guide_files,
    action: "delete",
  },
  {
    rule: "mail_files",
    records: "DATA_DIR/mail/*.eml: e-mails written to files when no SMTP_URL is set (copies, like the outbox)",
    from: "the time in the name (when it was written), or the last write if earlier",
    keep: period.mail_files,
    action: "delete",
  },
  {
    rule: "log_files",
    records: "LOG_FILE's daily files (<base>.<yyyy-MM-dd>.<n>.<ext>)",
    from: "the newest line: the end of the day in the name, or the last write if earlier",
    keep: period.log_files,
    action: "delete",
  },
];

/** The same rules with other periods (what changing the business's periods would do). */
export function retentionRulesFor(periods: Readonly<Record<RuleName, Keep>>): readonly RetentionRule[] {
  return retentionRules.map((rule) => ({ ...rule, keep: periods[rule.rule] }));
}

export function ruleFor(name: RuleName): RetentionRule {
  const rule = retentionRules.find((r) => r.rule === name);
  if (!rule) throw new Error(`No retention rule ${name}`);
  return rule;
}

/** Every rule's cutoff at `now`, as ISO 8601 UTC text (the database's time format). */
export function cutoffs(now: Date, rules: readonly RetentionRule[] = retentionRules): Record<RuleName, string> {
  return Object.fromEntries(rules.map((r) => [r.rule, cutoff(r.keep, now).toISOString()])) as Record<RuleName, string>;
}

// ---------------------------------------------------------------------------
// Log files (pino-roll, frequency daily, dateFormat yyyy-MM-dd)
// ---------------------------------------------------------------------------

/**
 * How pino-roll 4 names the files of LOG_FILE (its sanitizeFile and
 * buildFileName): the last extension of the file name is taken off and put
 * back after the date and number; no extension means "log"; a one-letter
 * extension is dropped. LOG_FILE=/var/log/site.log writes
 * /var/log/site.2026-11-23.1.log, /var/log/site.2026-11-23.2.log, ...
 */
export function logFilePattern(logFile: string): { dir: string; name: RegExp } {
  const slash = Math.max(logFile.lastIndexOf("/"), logFile.lastIndexOf("\\"));
  const dir = slash >= 0 ? logFile.slice(0, slash) || "/" : ".";
  let base = logFile.slice(slash + 1);
  let extension: string | undefined = "log";
  if (base.includes(".")) {
    const dot = base.lastIndexOf(".");
    const ext = base.slice(dot + 1);
    base = base.slice(0, dot);
    extension = ext.length > 1 ? ext : undefined;
  }
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const ext = extension ? `\\.${escape(extension)}` : "";
  return { dir, name: new RegExp(`^${escape(base)}\\.(\\d{4})-(\\d{2})-(\\d{2})\\.\\d+${ext}$`) };
}

/**
 * The log files past their period at `now`. A file holds one day's lines
 * (pino-roll names it with the local date it was started); its newest line
 * is no later than the end of that day, nor than its last write. Files that
 * do not match the pattern are never touched.
 */
export function expiredLogFiles(
  logFile: string,
  files: readonly { name: string; mtimeMs: number }[],
  now: Date,
): string[] {
  const { name } = logFilePattern(logFile);
  const before = cutoff(ruleFor("log_files").keep, now).getTime();
  return files
    .filter((file) => {
      const match = name.exec(file.name);
      if (!match) return false;
      // The end of the named day, in local time (pino-roll formats local dates).
      const endOfDay = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1).getTime();
      return Math.min(endOfDay, file.mtimeMs) < before;
    })
    .map((file) => file.name);
}

// ---------------------------------------------------------------------------
// E-mail files (the transport without SMTP_URL: DATA_DIR/mail/<time>-<id>.eml)
// ---------------------------------------------------------------------------

/** 2026-11-23T10-15-30-123Z-<uuid>.eml, as app/mail/transport.server.ts names them. */
const mailFileName = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-[0-9a-f-]{36}\.eml$/;

/** The e-mail files past their period at `now` (written more than 90 days ago). Other files are never touched. */
export function expiredMailFiles(files: readonly { name: string; mtimeMs: number }[], now: Date): string[] {
  const before = cutoff(ruleFor("mail_files").keep, now).getTime();
  return files
    .filter((file) => {
      const match = mailFileName.exec(file.name);
      if (!match) return false;
      const written = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
      return Math.min(written, file.mtimeMs) < before;
    })
    .map((file) => file.name);
}
