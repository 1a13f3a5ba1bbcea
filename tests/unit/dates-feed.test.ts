/**
 * The upcoming dates as a calendar feed (app/publishing/dates-feed.server.ts),
 * read back with a calendar library (ical.js), as a calendar subscribing to it would.
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { datesFeed, datesFeedName } from "~/publishing/dates-feed.server.ts";
import { upcomingSessions } from "~/publishing/sessions-on-site.server.ts";

const now = new Date("2026-12-01T12:00:00Z");

function read(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      starts: event.startDate.toJSDate().toISOString(),
      ends: event.endDate.toJSDate().toISOString(),
      startsInUtc: event.startDate.zone?.tzid === "UTC",
      location: event.location,
      description: event.description,
      url: String(vevent.getFirstPropertyValue("url")),
      status: String(vevent.getFirstPropertyValue("status")),
    };
  });
  return { calendar, events };
}

describe("datesFeed", () => {
  const all = read(datesFeed(upcomingSessions(now)));

  it("publishes (METHOD:PUBLISH) a named calendar of every day of every upcoming session", () => {
    expect(all.calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(all.calendar.getFirstPropertyValue("x-wr-calname")).toBe(datesFeedName);
    // Eight sessions of five days each in the seed.
    expect(upcomingSessions(now)).toHaveLength(8);
    expect(all.events).toHaveLength(40);
    expect(new Set(all.events.map((e) => e.uid)).size).toBe(40);
  });

  it("gives each day its own hours, in UTC, either side of the clocks going forward", () => {
    const march = all.events.filter((e) => e.uid.startsWith("course-session-risk-management-2027-03-london-day-"));
    expect(march.map((e) => [e.starts, e.ends])[0]).toEqual(["2027-03-08T09:00:00.000Z", "2027-03-08T17:00:00.000Z"]);
    expect(march.map((e) => e.summary)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Enterprise Risk Management (day ${n} of 5)`),
    );
    expect(march.every((e) => e.startsInUtc)).toBe(true);
    // 12 April 2027 is in British Summer Time: 09:00 London is 08:00 UTC.
    const april = all.events.find((e) => e.uid.startsWith("course-session-esg-risk-2027-04-london-day-1@"));
    expect([april?.starts, april?.ends]).toEqual(["2027-04-12T08:00:00.000Z", "2027-04-12T16:00:00.000Z"]);
    // Live online at 09:30–16:30 on its last day, Friday 23 April.
    const online = all.events.find((e) => e.uid.startsWith("course-session-corporate-finance-2027-04-online-day-5@"));
    expect(online).toMatchObject({ starts: "2027-04-23T08:30:00.000Z", location: "Live online" });
  });

  it("names the place, the course's page, how to book, and whether the date is confirmed to run", () => {
    const confirmed = all.events.find((e) => e.uid.startsWith("course-session-risk-management-2027-03-london-day-1@"));
    expect(confirmed?.status).toBe("CONFIRMED");
    expect(confirmed?.url).toBe("https://www.meridian-executive.co.uk/courses/risk-management");
    expect(confirmed?.location).toMatch(/London/);
    expect(confirmed?.description).toContain(
      "Book a place: https://www.meridian-executive.co.uk/courses/risk-management/book/risk-management-2027-03-london",
    );
    const open = all.events.find((e) => e.uid.startsWith("course-session-risk-management-2027-05-online-day-1@"));
    expect(open?.status).toBe("TENTATIVE");
  });

  it("keeps each day's UID whatever the filter and the time (a calendar refreshing it updates the same events)", () => {
    const risk = read(datesFeed(upcomingSessions(new Date("2027-03-20T00:00:00Z"), { pillarId: "risk-grc" })));
    // The March session has started by then; the pillar's two others are left (esg-risk is in two pillars).
    expect([...new Set(risk.events.map((e) => e.uid.replace(/-day-\d@.*/, "")))]).toEqual([
      "course-session-esg-risk-2027-04-london",
      "course-session-risk-management-2027-05-online",
    ]);
    for (const event of risk.events) expect(all.events.find((e) => e.uid === event.uid)).toEqual(event);
    expect(risk.events[0]?.uid).toBe("course-session-esg-risk-2027-04-london-day-1@www.meridian-executive.co.uk");
  });

  it("is an empty calendar, still readable, when no date is to come", () => {
    const none = read(datesFeed([]));
    expect(none.calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(none.events).toEqual([]);
  });
});
