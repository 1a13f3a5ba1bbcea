/**
 * The retention rules (app/retention/rules.ts): one rule per kind of
 * record, the periods the privacy notice promises, and the date arithmetic
 * at the edges (calendar months, the financial year, log file names as
 * pino-roll writes them).
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  addMonths,
  cutoff,
  cutoffs,
  expiredLogFiles,
  expiredMailFiles,
  financialYearEnd,
  financialYearStart,
  logFilePattern,
  retentionRules,
  ruleFor,
  type RuleName,
} from "~/retention/rules.ts";
import { expiredWebinars } from "~/leads/kinds/webinar-registration.ts";

const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);

describe("the rule table", () => {
  it("has one rule per kind of record, with the periods of the privacy notice", () => {
    const periods = Object.fromEntries(retentionRules.map((r) => [r.rule, [r.keep, r.action]]));
    expect(periods).toStrictEqual({
      contact_enquiries: [{ months: 24 }, "delete"],
      guide_requests: [{ months: 24 }, "delete"],
      resource_downloads: [{ months: 24 }, "delete"],
      webinar_registrations: [{ months: 12 }, "delete"],
      newsletter_unsubscribed: [{ days: 0 }, "anonymise"],
      newsletter_pending: [{ days: 30 }, "delete"],
      bookings_paid: [{ financialYears: 6 }, "delete"],
      bookings_unpaid: [{ days: 30 }, "delete"],
      course_bookings_accounting: [{ financialYears: 6 }, "delete"],
      course_bookings_unpaid: [{ days: 30 }, "delete"],
      course_delegate_needs: [{ days: 14 }, "anonymise"],
      course_waiting_lists: [{ days: 30 }, "delete"],
      course_waiting_unconfirmed: [{ days: 7 }, "delete"],
      outbox: [{ days: 90 }, "delete"],
      submission_keys: [{ days: 0 }, "delete"],
      audit_events: [{ months: 12 }, "delete"],
      staff_sessions: [{ days: 30 }, "delete"],
      staff_invitations: [{ days: 30 }, "delete"],
      staff_accounts_disabled: [{ months: 12 }, "delete"],
      spam_submissions: [{ days: 30 }, "delete"],
      webhook_events: [{ days: 30 }, "delete"],
      page_views: [{ months: 24 }, "delete"],
      stripe_events: [{ days: 90 }, "delete"],
      mail_files: [{ days: 90 }, "delete"],
      log_files: [{ days: 30 }, "delete"],
      content_revisions: [{ months: 24 }, "delete"],
      guide_files: [{ days: 30 }, "delete"],
    } satisfies Record<RuleName, unknown>);
    expect(new Set(retentionRules.map((r) => r.rule)).size).toBe(retentionRules.length);
  });

  it("the company's financial year ends on 31 March", () => {
    expect(financialYearEnd).toStrictEqual({ month: 3, day: 31 });
  });

  it("gives every rule's cutoff as ISO text", () => {
    const now = at("2030-06-15T09:00:00.000Z");
    const all = cutoffs(now);
    expect(all.contact_enquiries).toBe("2028-06-15T09:00:00.000Z");
    expect(all.webinar_registrations).toBe("2029-06-15T09:00:00.000Z");
    expect(all.newsletter_pending).toBe("2030-05-16T09:00:00.000Z");
    expect(all.outbox).toBe("2030-03-17T09:00:00.000Z");
    expect(all.submission_keys).toBe(now.toISOString());
    expect(all.bookings_paid).toBe("2024-04-01T00:00:00.000Z");
    // A delegate's access and dietary needs: a course that ended 14 days (to the millisecond) before is past it.
    expect(all.course_delegate_needs).toBe("2030-06-01T09:00:00.000Z");
  });
});

describe("calendar months", () => {
  it("moves by whole months and clamps the day to the shorter month", () => {
    expect(addMonths(at("2028-06-15T09:30:00.000Z"), -24).toISOString()).toBe("2026-06-15T09:30:00.000Z");
    expect(addMonths(at("2028-02-29T12:00:00.000Z"), -12).toISOString()).toBe("2027-02-28T12:00:00.000Z");
    expect(addMonths(at("2027-03-31T00:00:00.000Z"), -1).toISOString()).toBe("2027-02-28T00:00:00.000Z");
    expect(addMonths(at("2027-01-31T23:59:59.999Z"), 1).toISOString()).toBe("2027-02-28T23:59:59.999Z");
  });

  it("24 months: a record exactly 24 months old is kept, a millisecond older is past", () => {
    const now = at("2029-01-10T10:00:00.000Z");
    const before = cutoff(ruleFor("contact_enquiries").keep, now).getTime();
    expect(ms("2027-01-10T10:00:00.000Z") < before).toBe(false);
    expect(ms("2027-01-10T09:59:59.999Z") < before).toBe(true);
  });
});

describe("the financial year (6 years from the end of the year the payment falls in)", () => {
  const keep = ruleFor("bookings_paid").keep;
  const past = (paidAt: string, now: string) => ms(paidAt) < cutoff(keep, at(now)).getTime();

  it("a financial year runs from 1 April to 31 March", () => {
    expect(financialYearStart(at("2027-03-31T23:59:59.999Z")).toISOString()).toBe("2026-04-01T00:00:00.000Z");
    expect(financialYearStart(at("2027-04-01T00:00:00.000Z")).toISOString()).toBe("2027-04-01T00:00:00.000Z");
    expect(financialYearStart(at("2027-12-31T12:00:00.000Z")).toISOString()).toBe("2027-04-01T00:00:00.000Z");
  });

  it("a payment on 31 March 2027 is kept to the end of 31 March 2033, and past it on 1 April 2033", () => {
    expect(past("2027-03-31T18:00:00.000Z", "2033-03-31T23:59:59.999Z")).toBe(false);
    expect(past("2027-03-31T18:00:00.000Z", "2033-04-01T00:00:00.000Z")).toBe(true);
  });

  it("a payment on 1 April 2027 falls in the next year: kept to 31 March 2034", () => {
    expect(past("2027-04-01T00:00:00.000Z", "2033-04-01T00:00:00.000Z")).toBe(false);
    expect(past("2027-04-01T00:00:00.000Z", "2034-03-31T23:59:59.999Z")).toBe(false);
    expect(past("2027-04-01T00:00:00.000Z", "2034-04-01T00:00:00.000Z")).toBe(true);
  });

  it("a payment early in a financial year is kept almost seven years", () => {
    expect(past("2026-04-02T09:00:00.000Z", "2033-03-31T12:00:00.000Z")).toBe(false);
    expect(past("2026-04-02T09:00:00.000Z", "2033-04-01T00:00:00.000Z")).toBe(true);
  });
});

describe("webinar registrations (12 months after the webinar)", () => {
  const webinars = [
    { id: "a", startsAt: "2027-02-10T12:30:00+00:00" },
    { id: "b", startsAt: "2027-03-17T12:30:00+00:00" },
  ];

  it("a webinar's registrations are kept for 12 months after it began, then past", () => {
    expect(expiredWebinars(webinars, at("2028-02-10T12:30:00.000Z"))).toStrictEqual([]);
    expect(expiredWebinars(webinars, at("2028-02-10T12:30:00.001Z"))).toStrictEqual(["a"]);
    expect(expiredWebinars(webinars, at("2028-03-17T12:30:00.001Z"))).toStrictEqual(["a", "b"]);
  });
});

describe("log files", () => {
  // pino-roll's own naming code, so a change in pino-roll shows up here.
  const pinoRoll = createRequire(import.meta.url)("pino-roll/lib/utils") as {
    sanitizeFile(file: string): { file: string; extension?: string };
    buildFileName(file: string, date: string | null, n: number, extension?: string): string;
  };
  const rolled = (logFile: string, date: string, n: number) => {
    const { file, extension } = pinoRoll.sanitizeFile(logFile);
    return pinoRoll.buildFileName(file, date, n, extension).split("/").pop()!;
  };

  it.each(["/var/log/site.log", "/var/log/site", "/srv/logs/app.prod.json", "/var/log/site.x"])(
    "recognises the names pino-roll writes for LOG_FILE=%s, and nothing else",
    (logFile) => {
      const { dir, name } = logFilePattern(logFile);
      expect(dir).toBe(logFile.slice(0, logFile.lastIndexOf("/")));
      for (const [date, n] of [
        ["2026-11-23", 1],
        ["2026-11-23", 12],
        ["2027-01-01", 3],
      ] as const) {
        expect(rolled(logFile, date, n)).toMatch(name);
      }
      const base = logFile.split("/").pop()!;
      for (const other of [base, `${base}.bak`, `other.2026-11-23.1.log`, `${rolled(logFile, "2026-11-23", 1)}.gz`]) {
        expect(other).not.toMatch(name);
      }
    },
  );

  it("deletes a file once its newest line is more than 30 days old: the named day's end, or its last write", () => {
    // Local dates, as pino-roll writes them.
    const now = new Date(2026, 11, 31, 12, 0, 0); // 31 December, noon
    const logFile = "/var/log/site.log";
    const late = now.getTime(); // written to recently (the mtime does not make an old name younger)
    const files = [
      { name: "site.2026-12-01.1.log", mtimeMs: late }, // the day ends 2 December 00:00, 29.5 days ago
      { name: "site.2026-11-30.1.log", mtimeMs: late }, // ends 1 December 00:00, 30.5 days ago
      { name: "site.2026-11-30.2.log", mtimeMs: late },
      { name: "site.2026-12-02.1.log", mtimeMs: new Date(2026, 11, 1, 11, 59, 59).getTime() }, // last written 30 days + 1 s ago
      { name: "site.2026-12-02.2.log", mtimeMs: new Date(2026, 11, 1, 12, 0, 0).getTime() }, // exactly 30 days ago
      { name: "site.log", mtimeMs: 0 },
      { name: "other.2020-01-01.1.log", mtimeMs: 0 },
    ];
    expect(expiredLogFiles(logFile, files, now).sort()).toStrictEqual([
      "site.2026-11-30.1.log",
      "site.2026-11-30.2.log",
      "site.2026-12-02.1.log",
    ]);
  });
});

describe("e-mail files (no SMTP_URL)", () => {
  it("deletes files written more than 90 days ago, by the time in the name or the last write, and nothing else", () => {
    const now = at("2027-06-30T12:00:00.000Z");
    const id = "0b8f5c2e-4d1a-4c3e-9f7a-2b6d8e1f3a5c";
    const recent = now.getTime();
    const files = [
      { name: `2027-04-01T12-00-00-000Z-${id}.eml`, mtimeMs: recent }, // exactly 90 days: inside
      { name: `2027-04-01T11-59-59-999Z-${id}.eml`, mtimeMs: recent }, // 1 ms more: past
      { name: `2027-06-01T00-00-00-000Z-${id}.eml`, mtimeMs: ms("2027-03-01T00:00:00.000Z") }, // copied back: the older time counts
      { name: `2027-01-01T00-00-00-000Z-${id}.eml.tmp`, mtimeMs: 0 }, // being written
      { name: "notes.txt", mtimeMs: 0 },
    ];
    expect(expiredMailFiles(files, now)).toStrictEqual([
      `2027-04-01T11-59-59-999Z-${id}.eml`,
      `2027-06-01T00-00-00-000Z-${id}.eml`,
    ]);
  });
});
