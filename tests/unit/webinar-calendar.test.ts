/** The webinar's calendar invitation (app/leads/webinar-calendar.server.ts), read as a calendar reads it. */
import { describe, expect, it } from "vitest";
import { webinarInvitation } from "~/leads/webinar-calendar.server.ts";
import { siteCalendar } from "~/calendar/business-hours.ts";
import type { MailContext } from "~/mail/types.ts";

const ctx: MailContext = {
  siteUrl: "https://training.example.com",
  teamEmail: "t@example.test",
  calendar: siteCalendar([]),
};
const webinar = {
  id: "supplier-tiering-third-party-risk",
  title: "Third-Party Risk: Building a Supplier Tiering Model That Works",
  startsAt: "2027-02-10T12:30:00+00:00",
  durationMinutes: 60,
  presenter: "David Okafor",
};
/** The calendar's lines, folded lines unfolded (RFC 5545 3.1). */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

describe("webinarInvitation", () => {
  it("is one event at the right instant (UTC), for 60 minutes, with a stable UID", () => {
    const invitation = webinarInvitation(webinar, ctx);
    expect(invitation).toMatchObject({
      filename: "webinar.ics",
      contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    });
    const ics = lines(invitation.content);
    expect(ics[0]).toBe("BEGIN:VCALENDAR");
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(ics).toContain("DTSTART:20270210T123000Z");
    // 60 minutes: it ends at 13:30 UTC.
    expect(ics).toContain("DTEND:20270210T133000Z");
    expect(ics).toContain(`SUMMARY:${webinar.title}`);
    expect(ics).toContain("UID:webinar-supplier-tiering-third-party-risk@training.example.com");
    expect(ics).toContain("URL;VALUE=URI:https://training.example.com/resources#webinars");
    expect(ics.join("\n")).toContain("We will e-mail your joining link before the session.");
  });

  it("a summer session: 12:30 in London is 11:30 UTC", () => {
    const ics = lines(webinarInvitation({ ...webinar, startsAt: "2027-06-09T12:30:00+01:00" }, ctx).content);
    expect(ics).toContain("DTSTART:20270609T113000Z");
  });

  it("carries the joining link once it is set", () => {
    const withLink = { ...ctx, webinarJoinUrls: { [webinar.id]: "https://meet.example.com/j/42" } };
    const ics = lines(webinarInvitation(webinar, withLink).content);
    expect(ics).toContain("URL;VALUE=URI:https://meet.example.com/j/42");
    expect(ics.join("\n")).toContain("Join: https://meet.example.com/j/42");
  });
});
