/**
 * Course sessions as search engines read them (docs/decisions/055-course-sessions-as-content.md):
 * the course page's structured data, read from its HTML without a browser, on a site of its own.
 */
import { londonCourseInstance } from "../support/unit-fixtures.ts";
import { expect, test } from "./fixtures.ts";

/** The page's Course item among its JSON-LD blocks. */
function jsonLdCourse(html: string): Record<string, unknown> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .flatMap((m) => [JSON.parse(m[1]!) as Record<string, unknown> | Record<string, unknown>[]].flat())
    .find((b) => b["@type"] === "Course")!;
}

test("the course's JSON-LD has a CourseInstance per upcoming session, with its place, schedule and offer", async ({
  servers,
}) => {
  const site = await servers.site({ name: "course-sessions-ld" });
  const response = await fetch(`${site.baseURL}/courses/risk-management`);
  expect(response.status).toBe(200);
  const course = jsonLdCourse(await response.text());
  expect(course.hasCourseInstance).toEqual([
    londonCourseInstance(expect.stringMatching(/\/courses\/risk-management\/book\/risk-management-2027-03-london$/)),
    expect.objectContaining({
      courseMode: "online",
      startDate: "2027-05-10T09:30:00+01:00",
      endDate: "2027-05-14T16:30:00+01:00",
      location: { "@type": "VirtualLocation", url: expect.stringMatching(/\/courses\/risk-management$/) },
      courseSchedule: expect.objectContaining({ repeatCount: 5, startTime: "09:30", endTime: "16:30" }),
      offers: expect.objectContaining({ price: "4500.00", availability: "https://schema.org/InStock" }),
    }),
  ]);
});
