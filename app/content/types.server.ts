/**
 * The kinds of content the team edits, one entry each: what an item is
 * called, the schema one item must pass (the same schemas the release's
 * content passes, app/content/schema.ts), how its key and title are read,
 * where its items go in the catalogue's source, and whether its set of items
 * is fixed by the product (the four pillars, the three guides, the four
 * general FAQs, the pages' copy, the featured courses, the site facts:
 * edited, never added or unpublished).
 * The store (app/publishing/store/) and the editor read this table
 * only (docs/decisions/045-content-in-the-database.md).
 */
import type { z } from "zod";
import {
  articleSchema,
  courseSchema,
  faqSchema,
  pageCopySchema,
  pillarSchema,
  testimonialSchema,
  trainerSchema,
  webinarSchema,
  type ContentSource,
  type PillarId,
} from "./schema.ts";
import { articlePath, coursePath, pillarPath } from "./paths.ts";
import { featuredCoursesSchema } from "./featured.ts";
import { guideContentSchema } from "./guide-files.ts";
import { siteFactsSchema } from "./site-facts-schema.ts";
import { courseSessionSchema } from "./sessions-schema.ts";
import { catalogue } from "./index.server.ts";
import { choiceLabel } from "./field-meta.ts";
import { dateInWords } from "../time/london.ts";

type ListField = Exclude<keyof ContentSource, "pages">;

type Common = {
  /** One item, as the editor names it. */
  label: string;
  /** The list's name. */
  plural: string;
  /** Items are edited only: none added, none unpublished. */
  fixed: boolean;
};

/** A type whose items are a list in the catalogue (courses, articles…). */
export type ListType = Common & {
  shape: "list";
  field: ListField;
  schema: z.ZodType;
  /**
   * The field that is the item's address (its id or slug), if it has one:
   * the key it is first stored under. It stays fixed unless the type has
   * `addressPaths`.
   */
  addressField?: "id" | "slug";
  /**
   * The public paths an address gives an item (its page, a course's
   * brochure), for a type whose address may change: a publish that changes
   * it leaves a 301 from each old path to the new one (docs/decisions/047-addresses-move.md).
   */
  addressPaths?(address: string): string[];
  /** The key an item is stored under when it is first made (seeded or added). */
  keyOf(data: Record<string, unknown>, index: number): string;
  titleOf(data: Record<string, unknown>): string;
  /** The public page that shows an item (for the preview and the "view" link). */
  pathOf(data: Record<string, unknown>): string;
};

/** A type whose items are the named parts of one object (the pages' copy). */
export type RecordType = Common & {
  shape: "record";
  field: "pages";
  /** Each part's schema, by its key. */
  parts: Readonly<Record<string, z.ZodType>>;
  titleOf(key: string): string;
  pathOf(key: string): string;
};

export type ContentTypeDefinition = ListType | RecordType;

const text = (value: unknown) => (typeof value === "string" ? value : "");
const byField =
  (field: string) =>
  (data: Record<string, unknown>): string =>
    text(data[field]);

/** Each part of the pages' copy: its title in the editor, and a page that shows it. */
const pageParts: Readonly<Record<keyof typeof pageCopySchema.shape, [title: string, path: string]>> = {
  home: ["Home page", "/"],
  method: ["Our method (home and training pages)", "/"],
  about: ["About page", "/about"],
  training: ["Training page", "/training"],
  consulting: ["Consulting page", "/consulting"],
  caseStudies: ["Case studies page", "/case-studies"],
  contact: ["Contact page", "/contact"],
  resources: ["Resources page", "/resources"],
  pillarPage: ["Pillar pages (shared copy)", pillarPath("risk-grc")],
};
const pagePart = (key: string) => pageParts[key as keyof typeof pageParts];
const always = (path: string) => () => path;

export const contentTypes = {
  course: {
    shape: "list",
    field: "courses",
    label: "Course",
    plural: "Courses",
    fixed: false,
    schema: courseSchema,
    addressField: "id",
    keyOf: byField("id"),
    titleOf: byField("title"),
    pathOf: (data) => coursePath(text(data.id)),
    addressPaths: (id) => [coursePath(id), `${coursePath(id)}/brochure.pdf`],
  },
  pillar: {
    shape: "list",
    field: "pillars",
    label: "Pillar",
    plural: "Pillars",
    fixed: true,
    schema: pillarSchema,
    addressField: "id",
    keyOf: byField("id"),
    titleOf: byField("title"),
    pathOf: (data) => pillarPath(text(data.id) as PillarId),
  },
  article: {
    shape: "list",
    field: "articles",
    label: "Article",
    plural: "Articles",
    fixed: false,
    schema: articleSchema,
    addressField: "slug",
    keyOf: byField("slug"),
    titleOf: byField("title"),
    pathOf: (data) => articlePath(text(data.slug)),
    addressPaths: (slug) => [articlePath(slug)],
  },
  webinar: {
    shape: "list",
    field: "webinars",
    label: "Webinar",
    plural: "Webinars",
    fixed: false,
    schema: webinarSchema,
    addressField: "id",
    keyOf: byField("id"),
    titleOf: byField("title"),
    pathOf: always("/resources"),
  },
  trainer: {
    shape: "list",
    field: "trainers",
    label: "Trainer",
    plural: "Trainers",
    fixed: false,
    schema: trainerSchema,
    addressField: "id",
    keyOf: byField("id"),
    titleOf: byField("name"),
    pathOf: always("/about"),
  },
  testimonial: {
    shape: "list",
    field: "testimonials",
    label: "Testimonial",
    plural: "Testimonials",
    fixed: false,
    schema: testimonialSchema,
    keyOf: (_data, index) => `testimonial-${index + 1}`,
    titleOf: (data) => `${text(data.role)}, ${text(data.company)}`,
    pathOf: always("/"),
  },
  guide: {
    shape: "list",
    field: "guides",
    label: "Free guide",
    plural: "Free guides",
    fixed: true,
    schema: guideContentSchema,
    addressField: "id",
    keyOf: byField("id"),
    titleOf: byField("title"),
    pathOf: always("/"),
  },
  faq: {
    shape: "list",
    field: "generalFaqs",
    label: "General FAQ",
    plural: "General FAQs",
    fixed: true,
    schema: faqSchema,
    keyOf: (_data, index) => `faq-${index + 1}`,
    titleOf: byField("question"),
    pathOf: always("/contact"),
  },
  page: {
    shape: "record",
    field: "pages",
    label: "Page copy",
    plural: "Pages' copy",
    fixed: true,
    parts: pageCopySchema.shape,
    titleOf: (key) => pagePart(key)?.[0] ?? key,
    pathOf: (key) => pagePart(key)?.[1] ?? "/",
  },
  featured: {
    shape: "list",
    field: "featured",
    label: "Featured courses",
    plural: "Featured courses",
    fixed: true,
    schema: featuredCoursesSchema,
    keyOf: () => "featured-courses",
    titleOf: () => "Featured courses (home page, header and footer)",
    pathOf: always("/"),
  },
  siteFacts: {
    shape: "list",
    field: "siteFacts",
    label: "Site facts",
    plural: "Site facts",
    fixed: true,
    schema: siteFactsSchema,
    keyOf: () => "site-facts",
    titleOf: () => "Site facts (figures, contact details, delivery options)",
    pathOf: always("/contact"),
  },
  session: {
    shape: "list",
    field: "sessions",
    label: "Course date",
    plural: "Course dates",
    fixed: false,
    schema: courseSessionSchema,
    // The id is the key of the session's places and bookings: it never changes (no addressPaths).
    addressField: "id",
    keyOf: byField("id"),
    // In the team's words: "Risk Management, Monday 8 March 2027 (in person)", never its ids.
    titleOf: (data) => {
      const course = catalogue.courses.find((c) => c.id === data.courseId)?.title ?? choiceLabel(text(data.courseId));
      const format = data.format === "online" ? "live online" : "in person";
      return `${course}, ${dateInWords(text(data.startDate)) ?? text(data.startDate)} (${format})`;
    },
    pathOf: (data) => coursePath(text(data.courseId)),
  },
} as const satisfies Record<string, ContentTypeDefinition>;

export type ContentType = keyof typeof contentTypes;
export const contentTypeNames = Object.keys(contentTypes) as ContentType[];

export function isContentType(name: string): name is ContentType {
  return Object.hasOwn(contentTypes, name);
}

/** The schema an item of `type` stored under `key` must pass (null: no such part). */
export function itemSchema(type: ContentType, key: string): z.ZodType | null {
  const definition: ContentTypeDefinition = contentTypes[type];
  if (definition.shape === "list") return definition.schema;
  return Object.hasOwn(definition.parts, key) ? definition.parts[key]! : null;
}

/** An item's title in lists and messages. */
export function itemTitle(type: ContentType, key: string, data: unknown): string {
  const definition: ContentTypeDefinition = contentTypes[type];
  if (definition.shape === "record") return definition.titleOf(key);
  const title = definition.titleOf((data ?? {}) as Record<string, unknown>);
  return title || key;
}

/** The items of `type` in `source`, each with the key it is stored under, in order. */
export function itemsOf(type: ContentType, source: ContentSource): { key: string; data: unknown }[] {
  const definition: ContentTypeDefinition = contentTypes[type];
  if (definition.shape === "record") return Object.entries(source.pages).map(([key, data]) => ({ key, data }));
  return source[definition.field].map((data, index) => ({
    key: definition.keyOf(data as Record<string, unknown>, index),
    data,
  }));
}

/** A catalogue source from each type's items (in order); a type not given is empty. */
export function sourceOf(
  items: Partial<Record<ContentType, readonly { key: string; data: unknown }[]>>,
): ContentSource {
  const source: { -readonly [K in keyof ContentSource]: ContentSource[K] } = {
    pillars: [],
    courses: [],
    trainers: [],
    testimonials: [],
    guides: [],
    generalFaqs: [],
    pages: {},
    articles: [],
    webinars: [],
    featured: [],
    siteFacts: [],
    sessions: [],
  };
  for (const type of contentTypeNames) {
    const definition: ContentTypeDefinition = contentTypes[type];
    const list = items[type] ?? [];
    if (definition.shape === "record") source.pages = Object.fromEntries(list.map((i) => [i.key, i.data]));
    else source[definition.field] = list.map((i) => i.data);
  }
  return source;
}

/** The public page that shows an item. */
export function itemPath(type: ContentType, key: string, data: unknown): string {
  const definition: ContentTypeDefinition = contentTypes[type];
  return definition.shape === "record"
    ? definition.pathOf(key)
    : definition.pathOf((data ?? {}) as Record<string, unknown>);
}
