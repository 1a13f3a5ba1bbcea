/**
 * Each promise is one number (issue 27, ADR 040): the response time and the
 * retention periods are stated once, in businessPromises, and every sentence
 * and every rule that keeps them is built from that number. Changed there,
 * they all change together; and no other file writes the number by hand.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  answerDeadlineName,
  answerPromise,
  businessCalendar,
  businessHoursText,
  businessPromises,
  type BusinessPromises,
  openingHoursText,
  promises,
  promiseTexts,
} from "~/content/business.ts";
import {
  financialYearEnd,
  financialYearEndText,
  periodText,
  retentionNotice,
  retentionPeriods,
} from "~/content/retention-periods.ts";
import { privacyPolicy, termsOfService } from "~/content/legal.ts";
import { digestEmail } from "~/inbox/digest.server.ts";
import { dueSoonHours } from "~/inbox/due.ts";
import { contact as contactTexts } from "~/leads/kinds/contact.ts";
import { contact as contactKind } from "~/leads/kinds/contact.server.ts";
import { siteCalendar } from "~/calendar/business-hours.ts";
import { responseDeadline } from "~/calendar/response-deadline.ts";
import { responsePromise } from "~/mail/compose.server.ts";
import type { MailContext } from "~/mail/types.ts";
import * as rules from "~/retention/rules.ts";
import { cutoffs, retentionRules, retentionRulesFor } from "~/retention/rules.ts";

const calendar = siteCalendar();
const with48 = { ...businessPromises, responseTime: { ...businessPromises.responseTime, businessHours: 48 } };

/** Every .ts and .tsx file under app/, with its text. */
function appSources(dir = "app"): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return appSources(path);
    return /\.tsx?$/.test(entry.name) ? [{ path, text: readFileSync(path, "utf8") }] : [];
  });
}
/** The places in `sources` where `pattern` matches, as "path: match". */
const statedIn = (sources: { path: string; text: string }[], pattern: RegExp) =>
  sources.flatMap(({ path, text }) => [...text.matchAll(pattern)].map((m) => `${path}: ${m[0]}`));

describe("the response time is one number", () => {
  it("at 48, every sentence says 48 business hours and the deadline moves with it", () => {
    expect(answerPromise(with48)).toBe("within 48 business hours");
    expect(promiseTexts(with48).contactResponse).toBe("within 48 business hours");
    expect(answerDeadlineName(with48)).toBe("48-business-hour deadline");
    expect(businessHoursText(with48.responseTime.businessHours)).toBe("48 business hours");
    // Received Monday 23 November 2026 at 10:00 GMT: 24 business hours end on
    // Wednesday at 17:00; 48 a further 24 later (0.5 h on Wednesday, 8.5 on
    // Thursday and Friday, 6.5 on Monday).
    const received = new Date("2026-11-23T10:00:00Z");
    const deadline = (p: BusinessPromises) =>
      responseDeadline(received, p.responseTime.businessHours, calendar).toISOString();
    expect(deadline(businessPromises)).toBe("2026-11-25T17:00:00.000Z");
    expect(deadline(with48)).toBe("2026-11-30T15:30:00.000Z");
  });

  it("today it is 24, and each place states it through the sentences built from the settings", () => {
    expect(businessPromises.responseTime.businessHours).toBe(24);
    expect(promises.contactResponse).toBe(answerPromise());
    // The contact form's thank-you, the visitor's acknowledgement, the lead's deadline.
    expect(contactTexts.successMessage).toContain(`will respond ${answerPromise()}.`);
    expect(responsePromise()).toContain(`will respond ${answerPromise()}.`);
    expect(contactKind.answerWithinBusinessHours).toBe(businessPromises.responseTime.businessHours);
    // The team's digest names the deadline, and the inbox's "due soon" window.
    const mail: MailContext = { siteUrl: "https://www.example.com", teamEmail: "team@example.com", calendar };
    const email = digestEmail(
      { from: "2026-11-23T08:30:00.000Z", to: "2026-11-24T08:30:00.000Z", received: [], due: [], moreDue: 0 },
      mail,
    );
    expect(email.text).toContain(`Enquiries past or near their ${answerDeadlineName()} (0, 0 overdue)`);
    expect(email.text).toContain(`None: every open enquiry has more than ${businessHoursText(dueSoonHours)} left.`);
  });

  it("no file under app/ but the settings writes a number of business hours, in words or to the deadline rule", () => {
    const sources = appSources().filter((s) => s.path !== join("app", "content", "business.ts"));
    expect(sources.length).toBeGreaterThan(100);
    expect(statedIn(sources, /\b\d+[ -]business[ -]hours?\b/gi)).toStrictEqual([]);
    // Nor gives the deadline rule a number of its own.
    expect(statedIn(sources, /answerWithinBusinessHours:\s*\d|responseDeadline\([^,()]+,\s*\d/g)).toStrictEqual([]);
  });
});

describe("a retention period is one number", () => {
  it("changed, the privacy notice's row and the retention job's cut-off move together", () => {
    const periods = { ...retentionPeriods, contact_enquiries: { months: 36 } };
    const now = new Date("2029-06-15T10:00:00.000Z");
    expect(retentionNotice(periods).contact).toBe("36 months after you send your enquiry.");
    expect(cutoffs(now, retentionRulesFor(periods)).contact_enquiries).toBe("2026-06-15T10:00:00.000Z");
    // Today's: 24 months, in both.
    expect(retentionNotice().contact).toBe("24 months after you send your enquiry.");
    expect(cutoffs(now).contact_enquiries).toBe("2027-06-15T10:00:00.000Z");
    // The other rows and rules are as they were.
    const { contact: _changed, ...others } = retentionNotice(periods);
    const { contact: _today, ...othersToday } = retentionNotice();
    expect(others).toStrictEqual(othersToday);
    expect({ ...cutoffs(now, retentionRulesFor(periods)), contact_enquiries: null }).toStrictEqual({
      ...cutoffs(now),
      contact_enquiries: null,
    });
  });

  it("every rule keeps the settings' period, and the notice's rows are the sentences built from them", () => {
    expect(retentionRules.map((r) => r.rule).sort()).toStrictEqual(Object.keys(retentionPeriods).sort());
    for (const rule of retentionRules) expect(rule.keep).toBe(retentionPeriods[rule.rule]);
    const table = privacyPolicy.sections.find((s) => "table" in s && s.table)!.table!;
    const howLong = (what: string) => table.rows.find((r) => r[0]!.startsWith(what))![3];
    const kept = retentionNotice();
    const rows: Record<string, keyof typeof kept> = {
      "Contact enquiries": "contact",
      "Guide requests and resource downloads": "guides",
      "Newsletter subscriptions": "newsletter",
      "Free webinar registrations": "webinars",
      "Paid consultation bookings": "bookings",
      "Outgoing e-mail records": "outbox",
      "Messages to our team's own business tools": "webhooks",
      "Page views": "pageViews",
      "Server logs": "logs",
      "Forms refused as automated": "spam",
      "Back-office security records": "security",
      "Our team's accounts": "staffAccounts",
    };
    for (const [row, sentence] of Object.entries(rows)) expect(howLong(row), row).toBe(kept[sentence]);
    // The guide row covers two rules: they must agree.
    expect(retentionPeriods.resource_downloads).toStrictEqual(retentionPeriods.guide_requests);
  });

  it("the notice and the back office write no retention period by hand", () => {
    const sources = appSources().filter(
      (s) => s.path === join("app", "content", "legal.ts") || s.path.startsWith(join("app", "routes", "admin")),
    );
    expect(statedIn(sources, /\b\d+ (days?|months?|years?) (after|from)\b/g)).toStrictEqual([]);
    expect(statedIn(sources, /\b(kept (for )?|in the last )\d+ (days?|months?)\b/g)).toStrictEqual([]);
  });

  it("the financial year's end is one date, for the accounting rule and the notice", () => {
    expect(rules.financialYearEnd).toBe(financialYearEnd);
    expect(financialYearEndText()).toBe("31 March");
    expect(financialYearEndText({ month: 12, day: 31 })).toBe("31 December");
    expect(retentionNotice(retentionPeriods, { month: 12, day: 31 }).bookings).toContain(
      "our financial year ends on 31 December",
    );
  });
});

describe("the guarantee's terms are numbers", () => {
  it("the terms state the guarantee's days and the refund time from the settings", () => {
    const terms = JSON.stringify(termsOfService);
    expect(terms).toContain(`our ${businessPromises.moneyBack.days}-day money-back guarantee`);
    expect(terms).toContain(`Ask within ${businessPromises.moneyBack.days} days of the last day of the course`);
    expect(terms).toContain(`within ${businessPromises.moneyBack.refundWithinDays} days of your request`);
    const legal = appSources().filter((s) => s.path === join("app", "content", "legal.ts"));
    expect(statedIn(legal, /\b\d+-day money-back|refund to the original payment method within \d+/g)).toStrictEqual([]);
  });
});

describe("sentences built from numbers", () => {
  it("periods, with one and many", () => {
    expect(periodText({ days: 1 })).toBe("1 day");
    expect(periodText({ days: 30 })).toBe("30 days");
    expect(periodText({ months: 24 })).toBe("24 months");
    expect(periodText({ months: 1 })).toBe("1 month");
    expect(periodText({ financialYears: 6 })).toBe("6 years");
    expect(businessHoursText(1)).toBe("1 business hour");
  });

  it("opening hours, from the calendar the deadline counts with", () => {
    expect(openingHoursText()).toBe("Monday-Friday 9:00 AM - 5:30 PM");
    expect(promises.businessHours).toBe(openingHoursText(businessCalendar));
    expect(
      openingHoursText({
        opens: { hour: 8, minute: 0 },
        closes: { hour: 12, minute: 15 },
        weekdays: [1, 2, 3, 4, 5, 6],
      }),
    ).toBe("Monday-Saturday 8:00 AM - 12:15 PM");
    expect(
      openingHoursText({ opens: { hour: 0, minute: 30 }, closes: { hour: 12, minute: 0 }, weekdays: [2, 3] }),
    ).toBe("Tuesday-Wednesday 12:30 AM - 12:00 PM");
  });

  it("the faster reply and the consultation's promises", () => {
    expect(promiseTexts({ ...businessPromises, responseTime: { businessHours: 24, fastHours: 1 } }).fastResponse).toBe(
      "within 1 hour",
    );
    expect(promises.fastResponse).toBe("within 4 hours");
    const other = promiseTexts({ ...businessPromises, teamContactHours: 12, confirmationEmailMinutes: 2 });
    expect(other).toMatchObject({ teamContactHours: 12, confirmationEmailMinutes: 2 });
  });
});
