/**
 * Which items of the site's content refer to which (a course's related
 * courses and trainers, a pillar's featured courses, an article's author, a
 * webinar's presenter, the featured courses' lists, a session's course, the
 * pillars of courses, trainers, articles, webinars, testimonials and guides). The store reads them to refuse, with who refers
 * to it, the deletion of an item or a change of its address while something
 * still refers to it (docs/decisions/047-addresses-move.md).
 */
import type { ContentType } from "./types.server.ts";

/** A reference an item makes: to an item of `type` at `address`, from its field `field` (as the editor calls it). */
export type Reference = { type: ContentType; address: string; field: string };

const ids = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === "string")
    : typeof value === "string"
      ? [value]
      : [];

const to = (type: ContentType, field: string, value: unknown): Reference[] =>
  ids(value).map((address) => ({ type, address, field }));

/** The references an item of `type` makes, read from its data (a draft or a published revision). */
export function referencesIn(type: ContentType, data: unknown): Reference[] {
  const item = (data ?? {}) as Record<string, unknown>;
  switch (type) {
    case "course":
      return [
        ...to("course", "related courses", item.relatedCourseIds),
        ...to("trainer", "trainers", item.instructorIds),
        ...to("pillar", "pillars", item.pillars),
      ];
    case "pillar":
      return [
        ...to("course", "featured course", item.featuredCourseId),
        ...to("course", "featured courses", item.featuredBlockCourseIds),
      ];
    case "article":
      return [...to("trainer", "author", item.authorTrainerId), ...to("pillar", "pillar", item.pillar)];
    case "webinar":
      return [...to("trainer", "presenter", item.presenterTrainerId), ...to("pillar", "pillar", item.pillar)];
    case "trainer":
      return to("pillar", "pillars", item.pillars);
    case "testimonial":
    case "guide":
      return to("pillar", "pillar", item.pillar);
    case "featured":
      return [
        ...to("course", "the home page's featured courses", item.homeFeatured),
        ...to("course", "the home page's premium courses", item.homePremium),
        ...to("course", "the Training menu's featured courses", item.header),
        ...to("course", "the footer's course links", item.footer),
      ];
    case "session":
      return to("course", "course", item.courseId);
    default:
      return [];
  }
}
