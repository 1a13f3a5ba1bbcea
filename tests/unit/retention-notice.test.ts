/**
 * The privacy notice says what the retention job does: each rule's period,
 * taken from the rule table, appears in the notice's row for that kind of
 * data (a period changed in one place and not the other fails here).
 */
import { describe, expect, it } from "vitest";
import { privacyPolicy } from "~/content/legal.ts";
import { keptRevisions } from "~/content/retention-periods.ts";
import { financialYearEnd, ruleFor, type Keep, type RuleName } from "~/retention/rules.ts";

const table = privacyPolicy.sections.find((s) => "table" in s && s.table)!.table!;
/** The "How long we keep it" cell of the row whose "What" starts with `what`. */
const howLong = (what: string) => {
  const row = table.rows.find((r) => r[0]!.startsWith(what));
  if (!row) throw new Error(`No row for ${what}`);
  return row[3]!;
};
const period = (keep: Keep) =>
  "days" in keep ? `${keep.days} days` : "months" in keep ? `${keep.months} months` : `${keep.financialYears} years`;
const month = new Date(Date.UTC(2000, financialYearEnd.month - 1, 1)).toLocaleString("en-GB", {
  month: "long",
  timeZone: "UTC",
});

describe("the privacy notice states the retention rules", () => {
  const cases: [RuleName, string, string][] = [
    ["contact_enquiries", "Contact enquiries", "after you send your enquiry"],
    ["guide_requests", "Guide requests and resource downloads", "after your request"],
    ["resource_downloads", "Guide requests and resource downloads", "after your request"],
    ["webinar_registrations", "Free webinar registrations", "after the webinar"],
    ["newsletter_pending", "Newsletter subscriptions", "after you signed up"],
    ["bookings_paid", "Paid consultation bookings", "from the end of the financial year"],
    ["bookings_unpaid", "Paid consultation bookings", "after the last attempt"],
    ["course_bookings_accounting", "Course bookings", "from the end of the financial year"],
    ["course_bookings_unpaid", "Course bookings", "after the hold ended"],
    ["course_waiting_lists", "Course bookings", "after the course ends"],
    ["course_waiting_unconfirmed", "Course bookings", "after it was made if its e-mail address was never confirmed"],
    ["outbox", "Outgoing e-mail records", "after the e-mail was sent"],
    ["log_files", "Server logs", ""],
    ["audit_events", "Back-office security records", "after the event"],
    ["staff_sessions", "Back-office security records", "after they end"],
    ["staff_accounts_disabled", "Our team's accounts", "after the account is closed"],
    ["staff_invitations", "Our team's accounts", "after they expire"],
    ["spam_submissions", "Forms refused as automated", "after the form was sent"],
    ["webhook_events", "Messages to our team's own business tools", "after the change it reports"],
    ["page_views", "Page views", "after the day"],
    ["content_revisions", "Our trainers' profiles and the site's content history", "ago are deleted"],
    ["guide_files", "Our trainers' profiles and the site's content history", "after it was uploaded"],
  ];

  it.each(cases)("%s: its period, in the row for %s", (rule, what, words) => {
    expect(howLong(what)).toContain(`${period(ruleFor(rule).keep)} ${words}`.trim());
  });

  it("names trainers' biographies and portraits, and keeps the live version and the last ones of each item", () => {
    const row = table.rows.find((r) => r[0]!.startsWith("Our trainers' profiles"))!;
    expect(row[0]).toContain("biography and portrait");
    expect(row[3]).toContain(`except the version on the site and the last ${keptRevisions} of each item`);
  });

  it("names the financial year end", () => {
    expect(howLong("Paid consultation bookings")).toContain(
      `our financial year ends on ${financialYearEnd.day} ${month}`,
    );
  });

  it("the course bookings' row names the delegates, the invoices, and what an erasure keeps", () => {
    const row = table.rows.find((r) => r[0]!.startsWith("Course bookings"))!;
    expect(row[0]).toContain("delegates");
    expect(row[0]).toContain("VAT invoices and credit notes");
    expect(row[3]).toContain(`our financial year ends on ${financialYearEnd.day} ${month}`);
    expect(row[3]).toContain("we keep only what the invoice must show");
  });

  it("unsubscribed addresses stay on the suppression list; the duplicate check and rate limit are listed", () => {
    expect(ruleFor("newsletter_unsubscribed").action).toBe("anonymise");
    expect(howLong("Newsletter subscriptions")).toContain("e-mail address alone");
    expect(howLong("Duplicate check")).toContain("deleted within a day");
    expect(howLong("Abuse protection")).toContain("For the length of the limit");
  });
});
