/**
 * Which courses are featured where: one fixed item of content ("Featured
 * courses"), edited in the back office as a list of course slots per place
 * (docs/decisions/050-featured-lists-site-facts-and-guide-files.md). Each list
 * holds what its layout takes; every course named must be on the site (the
 * catalogue checks it, index.server.ts). Today's lists, what a database is
 * seeded with, are content/seed/featured.ts.
 */
import { z } from "zod";
import { referenceMeta } from "./field-meta.ts";

/** The editor shows a list made with this as one course choice per slot (publishing/editor-fields.ts: a reference to courses). */
export const courseSlotsMeta = referenceMeta("course");

/** An ordered list of `min` to `max` course ids, each at most once. */
function courseSlots(min: number, max: number) {
  return z
    .array(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a course's address"))
    .min(min, `choose at least ${min} course${min === 1 ? "" : "s"}`)
    .max(max, `at most ${max} courses fit here`)
    .refine((ids) => new Set(ids).size === ids.length, "each course can be chosen once")
    .meta(courseSlotsMeta);
}

/** The layouts' room: the home page shows three of each, the header's menu five, the footer seven. */
export const featuredLimits = { homeFeatured: 3, homePremium: 3, header: 5, footer: 7 } as const;

export const featuredCoursesSchema = z.object({
  /** The home page's featured courses (cards). */
  homeFeatured: courseSlots(1, featuredLimits.homeFeatured),
  /** The home page's premium courses list. */
  homePremium: courseSlots(1, featuredLimits.homePremium),
  /** The featured courses of the header's Training menu. */
  header: courseSlots(1, featuredLimits.header),
  /** Course links in the footer. */
  footer: courseSlots(1, featuredLimits.footer),
});
export type FeaturedCourses = z.output<typeof featuredCoursesSchema>;
