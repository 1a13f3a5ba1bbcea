/**
 * Which items of the site's content refer to which (a course's related
 * courses and trainers, a pillar's featured courses, an article's author, a
 * webinar's presenter), and the release's own lists (the featured courses in
 * app/content/featured.ts). The store reads them to refuse, with who refers
 * to it, the deletion of an item or a change of its address while something
 * still refers to it (docs/decisions/047-addresses-move.md).
 */
import { footerCourseIds, headerFeaturedCourseIds, homeFeaturedCourseIds, homePremiumCourseIds } from "./featured.ts";
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
      ];
    case "pillar":
      return [
        ...to("course", "featured course", item.featuredCourseId),
        ...to("course", "featured courses", item.featuredBlockCourseIds),
      ];
    case "article":
      return to("trainer", "author", item.authorTrainerId);
    case "webinar":
      return to("trainer", "presenter", item.presenterTrainerId);
    default:
      return [];
  }
}

/** The release's lists that name courses (set in code, not in the editor), by what the team sees. */
const releaseLists: readonly { name: string; courseIds: readonly string[] }[] = [
  { name: "the Training menu's featured courses", courseIds: headerFeaturedCourseIds },
  { name: "the footer's course links", courseIds: footerCourseIds },
  { name: "the home page's featured courses", courseIds: homeFeaturedCourseIds },
  { name: "the home page's premium courses", courseIds: homePremiumCourseIds },
];

/** The release's lists (set by the developers) that refer to the item of `type` at `address`. */
export function releaseReferrers(type: ContentType, address: string): string[] {
  if (type !== "course") return [];
  return releaseLists.filter((l) => l.courseIds.includes(address)).map((l) => `${l.name} (set by the developers)`);
}
