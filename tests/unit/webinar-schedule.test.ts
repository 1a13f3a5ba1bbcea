/** Upcoming or past, decided at the moment asked (app/content/webinar-schedule.ts). */
import { describe, expect, it } from "vitest";
import { byTiming, webinarTiming } from "~/content/webinar-schedule.ts";

describe("webinarTiming", () => {
  const startsAt = "2027-02-10T12:30:00+00:00";
  it("is upcoming until the start, past from the start on", () => {
    expect(webinarTiming(startsAt, new Date("2027-02-10T12:29:59.999Z"))).toBe("upcoming");
    expect(webinarTiming(startsAt, new Date("2027-02-10T12:30:00.000Z"))).toBe("past");
    expect(webinarTiming(startsAt, new Date("2027-06-01T00:00:00Z"))).toBe("past");
  });
  it("reads the offset: 12:30 in London in summer is 11:30 UTC", () => {
    expect(webinarTiming("2027-06-09T12:30:00+01:00", new Date("2027-06-09T11:45:00Z"))).toBe("past");
  });
});

describe("byTiming", () => {
  it("lists upcoming webinars soonest first, then past ones latest first", () => {
    const webinars = [
      { id: "jan", startsAt: "2027-01-20T12:30:00+00:00" },
      { id: "mar", startsAt: "2027-03-17T12:30:00+00:00" },
      { id: "feb", startsAt: "2027-02-10T12:30:00+00:00" },
      { id: "dec", startsAt: "2026-12-09T12:30:00+00:00" },
    ];
    const now = new Date("2027-02-01T00:00:00Z");
    expect(byTiming(webinars, now).map((w) => w.id)).toEqual(["feb", "mar", "jan", "dec"]);
  });
});
