/**
 * A course's JSON-LD with its sessions (app/seo/meta.ts, ADR 055): a
 * CourseInstance per upcoming session, with its mode, dates (with London's
 * offset), place or virtual location, daily schedule, and an offer (price in
 * pounds as a decimal string, GBP, availability from the places left, the
 * booking page); none: one instance saying how the course runs. And the
 * schedule's step that renders a page showing sessions again without a
 * publish (app/publishing/sessions-on-site.server.ts).
 */
import { describe, expect, it } from "vitest";
import { sessionStartsAt } from "~/calendar/session-dates.ts";
import { releaseSessions } from "~/content/seed/sessions.ts";
import { sessionScheduleStep } from "~/publishing/sessions-on-site.server.ts";
import { courseJsonLd, sessionAvailability, type CourseInstanceData } from "~/seo/meta.ts";
import { londonCourseInstance, londonVenue } from "../support/unit-fixtures.ts";

const course = { id: "risk-management", title: "Enterprise Risk Management", shortDescription: "Risk, end to end." };
const london: CourseInstanceData = {
  format: "in-person",
  venue: londonVenue,
  startsAt: "2027-03-08T09:00:00+00:00",
  endsAt: "2027-03-12T15:30:00+00:00",
  priceGbp: 4050,
  placesLeft: 12,
  bookHref: "/courses/risk-management/book/risk-management-2027-03-london",
};
const online: CourseInstanceData = {
  format: "online",
  startsAt: "2027-05-10T09:30:00+01:00",
  endsAt: "2027-05-14T16:30:00+01:00",
  dailyHours: { starts: "09:30", ends: "16:30" },
  priceGbp: 4050.5,
  placesLeft: 2,
  bookHref: "/courses/risk-management/book/risk-management-2027-05-online",
};

describe("a course's JSON-LD", () => {
  it("has a CourseInstance per session: mode, dates, place, offer", () => {
    const ld = courseJsonLd(course, 4500, [london, online]);
    expect(ld.hasCourseInstance).toEqual([
      londonCourseInstance(
        expect.stringMatching(/^https:\/\/.+\/courses\/risk-management\/book\/risk-management-2027-03-london$/),
      ),
      {
        "@type": "CourseInstance",
        courseMode: "online",
        courseWorkload: "P5D",
        startDate: "2027-05-10T09:30:00+01:00",
        endDate: "2027-05-14T16:30:00+01:00",
        location: { "@type": "VirtualLocation", url: expect.stringMatching(/\/courses\/risk-management$/) },
        courseSchedule: {
          "@type": "Schedule",
          repeatFrequency: "Daily",
          repeatCount: 5,
          startDate: "2027-05-10",
          endDate: "2027-05-14",
          startTime: "09:30",
          endTime: "16:30",
          scheduleTimezone: "Europe/London",
        },
        offers: expect.objectContaining({
          price: "4050.50",
          availability: "https://schema.org/LimitedAvailability",
        }),
      },
    ]);
  });

  it("says sold out with no places left, limited at 4 or fewer, in stock otherwise or when unknown", () => {
    expect(sessionAvailability(0)).toBe("https://schema.org/SoldOut");
    expect(sessionAvailability(1)).toBe("https://schema.org/LimitedAvailability");
    expect(sessionAvailability(4)).toBe("https://schema.org/LimitedAvailability");
    expect(sessionAvailability(5)).toBe("https://schema.org/InStock");
    expect(sessionAvailability(null)).toBe("https://schema.org/InStock");
  });

  it("without sessions, has one instance saying how the course runs", () => {
    expect(courseJsonLd(course, 4500).hasCourseInstance).toEqual({
      "@type": "CourseInstance",
      courseMode: ["Onsite", "Online"],
      courseWorkload: "P5D",
    });
  });
});

describe("the sessions' schedule step", () => {
  it("moves when a published session starts or an early bird ends, not otherwise", () => {
    const firstStart = Math.min(...releaseSessions.map((s) => sessionStartsAt(s).getTime()));
    const earlyBirdEnd = Date.parse("2027-01-30T00:00:00Z");
    const before = sessionScheduleStep(Date.parse("2026-12-01T00:00:00Z"));
    expect(sessionScheduleStep(earlyBirdEnd - 1)).toBe(before);
    expect(sessionScheduleStep(earlyBirdEnd)).toBe(before + 1);
    expect(sessionScheduleStep(firstStart - 1)).toBe(before + 1);
    expect(sessionScheduleStep(firstStart)).toBe(before + 2);
  });
});
