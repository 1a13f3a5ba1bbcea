/**
 * Course sessions as search engines read them (docs/decisions/055-course-sessions-as-content.md):
 * the course page's structured data, read from its HTML without a browser, on a site of its own.
 */
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
    {
      "@type": "CourseInstance",
      courseMode: "onsite",
      courseWorkload: "P5D",
      startDate: "2027-03-08T09:00:00+00:00",
      endDate: "2027-03-12T15:30:00+00:00",
      location: {
        "@type": "Place",
        name: "Chartered Accountants' Hall",
        address: {
          "@type": "PostalAddress",
          streetAddress: "1 Moorgate Place",
          addressLocality: "London",
          postalCode: "EC2R 6EA",
          addressCountry: "GB",
        },
      },
      offers: {
        "@type": "Offer",
        price: "4050.00",
        priceCurrency: "GBP",
        category: "Paid",
        availability: "https://schema.org/InStock",
        url: expect.stringMatching(/\/courses\/risk-management\/book\/risk-management-2027-03-london$/),
        validThrough: "2027-03-08T09:00:00+00:00",
      },
    },
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
