/**
 * A delegate's calendar invitation (app/orders/course-booking/invitation-ics.server.ts),
 * read back with a calendar library (ical.js) as Gmail or Outlook would:
 * the series expanded in London's zone from the file's own VTIMEZONE.
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { organisation } from "~/content/organisation.ts";
import {
  invitationAttachment,
  invitationIcs,
  type Invitation,
  type InvitationSays,
} from "~/orders/course-booking/invitation-ics.server.ts";

const now = new Date("2026-11-29T10:15:00Z");

/** Five days, London hours each ("09:00-17:00"), from `firstDay`. */
function days(firstDay: string, hours: string[], offsets: string[]): InvitationSays["days"] {
  return hours.map((h, i) => {
    const [starts, ends] = h.split("-");
    const date = new Date(`${firstDay}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + i);
    const d = date.toISOString().slice(0, 10);
    return {
      startsAt: new Date(`${d}T${starts}:00${offsets[i]}`).toISOString(),
      endsAt: new Date(`${d}T${ends}:00${offsets[i]}`).toISOString(),
    };
  });
}

const week = Array<string>(5).fill("09:00-17:00");
const bst = Array<string>(5).fill("+01:00");

const invitation = (over: Partial<InvitationSays> = {}): Invitation => ({
  uid: "course-5b1e@meridian-executive.co.uk",
  sequence: 3,
  says: {
    title: "Strategic Risk Leadership",
    url: "https://www.example.co.uk/courses/strategic-risk-leadership",
    location: "The Meridian Centre, 1 King Street, London EC2V 8AU",
    description: "A 5-day course.",
    days: days("2027-06-07", week, bst),
    attendee: { name: "Ada Lovelace", email: "ada@example.co.uk" },
    ...over,
  },
});

function read(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtimezone);
  const vevents = calendar.getAllSubcomponents("vevent");
  const master = new ICAL.Event(vevents.find((v) => !v.hasProperty("recurrence-id")));
  for (const v of vevents.filter((v) => v.hasProperty("recurrence-id"))) master.relateException(v);
  const occurrences: { starts: string; ends: string }[] = [];
  if (master.isRecurring()) {
    const it = master.iterator();
    for (let next = it.next(); next; next = it.next()) {
      const o = master.getOccurrenceDetails(next);
      occurrences.push({
        starts: o.startDate.toJSDate().toISOString(),
        ends: o.endDate.toJSDate().toISOString(),
      });
    }
  }
  return { calendar, vevents, master, occurrences };
}

describe("invitationIcs", () => {
  it("invites (METHOD:REQUEST) the delegate to one event from the bookings address, with its UID and SEQUENCE", () => {
    const { calendar, vevents, master } = read(invitationIcs("REQUEST", invitation(), now));
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(vevents).toHaveLength(1);
    expect(master.uid).toBe("course-5b1e@meridian-executive.co.uk");
    expect(master.sequence).toBe(3);
    expect(master.summary).toBe("Strategic Risk Leadership");
    expect(master.location).toBe("The Meridian Centre, 1 King Street, London EC2V 8AU");
    expect(String(master.component.getFirstPropertyValue("url"))).toBe(
      "https://www.example.co.uk/courses/strategic-risk-leadership",
    );
    expect(master.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(master.organizer).toBe(`mailto:${organisation.bookingsEmail}`);
    const attendee = master.component.getFirstProperty("attendee")!;
    expect(String(attendee.getFirstValue()).toLowerCase()).toBe("mailto:ada@example.co.uk");
    expect(attendee.getParameter("cn")).toBe("Ada Lovelace");
    expect(attendee.getParameter("rsvp")).toBe("FALSE");
    // DTSTAMP in UTC, as RFC 5545 requires.
    expect(master.component.getFirstPropertyValue("dtstamp")!.toString()).toBe("2026-11-29T10:15:00Z");
    expect(master.component.getAllSubcomponents("valarm")).toHaveLength(0);
  });

  it("holds the five days as one event repeating daily in London's zone, with its VTIMEZONE", () => {
    const text = invitationIcs("REQUEST", invitation(), now);
    expect(text).toContain("DTSTART;TZID=Europe/London:20270607T090000");
    expect(text).toContain("RRULE:FREQ=DAILY;COUNT=5");
    const { calendar, occurrences } = read(text);
    expect(calendar.getAllSubcomponents("vtimezone").map((z) => z.getFirstPropertyValue("tzid"))).toEqual([
      "Europe/London",
    ]);
    expect(occurrences).toEqual(invitation().says.days.map((d) => ({ starts: d.startsAt, ends: d.endsAt })));
  });

  it("keeps each day's London hours across a change of the clocks", () => {
    // 26 to 30 March 2027: the clocks go forward on Sunday 28 March.
    const across = days("2027-03-26", week, ["+00:00", "+00:00", "+01:00", "+01:00", "+01:00"]);
    const { occurrences } = read(invitationIcs("REQUEST", invitation({ days: across }), now));
    expect(occurrences.map((o) => o.starts)).toEqual([
      "2027-03-26T09:00:00.000Z",
      "2027-03-27T09:00:00.000Z",
      "2027-03-28T08:00:00.000Z",
      "2027-03-29T08:00:00.000Z",
      "2027-03-30T08:00:00.000Z",
    ]);
  });

  it("says a day whose hours differ as its own instance of the series (RECURRENCE-ID)", () => {
    const friday = days("2027-06-07", [...week.slice(0, 4), "09:00-13:00"], bst);
    const { vevents, occurrences } = read(invitationIcs("REQUEST", invitation({ days: friday }), now));
    expect(vevents).toHaveLength(2);
    expect(vevents[1]!.getFirstPropertyValue("recurrence-id")!.toString()).toBe("2027-06-11T09:00:00");
    expect(occurrences).toEqual(friday.map((d) => ({ starts: d.startsAt, ends: d.endsAt })));
  });

  it("cancels (METHOD:CANCEL) the whole series by its UID, with STATUS:CANCELLED", () => {
    const friday = days("2027-06-07", [...week.slice(0, 4), "09:00-13:00"], bst);
    const { calendar, vevents, master } = read(
      invitationIcs("CANCEL", { ...invitation({ days: friday }), sequence: 4 }, now),
    );
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(vevents).toHaveLength(1);
    expect(master.uid).toBe("course-5b1e@meridian-executive.co.uk");
    expect(master.sequence).toBe(4);
    expect(master.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(master.component.getFirstProperty("attendee")).not.toBeNull();
  });

  it("refuses days that do not follow each other", () => {
    const gap = days("2027-06-07", week, bst);
    gap[2] = gap[3]!;
    expect(() => invitationIcs("REQUEST", invitation({ days: gap }), now)).toThrow(RangeError);
  });

  it("is sent as the calendar part its METHOD names", () => {
    const request = invitationAttachment("REQUEST", invitation(), now);
    expect(request).toMatchObject({
      calendarMethod: "REQUEST",
      contentType: "text/calendar; charset=utf-8; method=REQUEST",
    });
    const cancel = invitationAttachment("CANCEL", invitation(), now);
    expect(cancel.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    expect(cancel.content).toContain("METHOD:CANCEL");
  });
});
