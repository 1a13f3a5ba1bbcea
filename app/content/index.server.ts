/**
 * The validated content catalogue. Every content file is parsed through its
 * zod schema here and cross-checked (references resolve, ids are unique), at
 * build time (prerender imports this) and in the unit tests. Server-only:
 * pages receive what they show through their loaders, so the catalogue never
 * ships to the browser.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { z } from "zod";
import { featuredCoursesSchema } from "./featured.ts";
import { guideContentSchema } from "./guide-files.ts";
import { courseSessionSchema } from "./sessions-schema.ts";
import { siteFactsSchema } from "./site-facts-schema.ts";
import { articlePath, coursePath, pillarPath } from "./paths.ts";
import { cookiePolicy, privacyPolicy, termsOfService } from "./legal.ts";
import {
  articleSchema,
  pageCopySchema,
  webinarSchema,
  courseSchema,
  faqSchema,
  legalDocumentSchema,
  pillarSchema,
  testimonialSchema,
  trainerSchema,
  type ContentSource,
  type Course,
  type PillarId,
} from "./schema.ts";
import { releaseContent } from "./seed/index.ts";

export class ContentError extends Error {
  override name = "ContentError";
}

function parse<T extends z.ZodType>(schema: T, data: unknown, what: string): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ContentError(`Invalid ${what}:\n${z.prettifyError(result.error)}`);
  return result.data;
}

function uniqueIds<T extends { id: string }>(items: T[], what: string): T[] {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) throw new ContentError(`Duplicate ${what} id "${item.id}"`);
    seen.add(item.id);
  }
  return items;
}

/**
 * The catalogue of `source`, every item parsed through its schema and the
 * whole cross-checked (references resolve, ids are unique): throws a
 * ContentError saying what is wrong. The release's content at build time and
 * in the unit tests; the published content before each publish takes effect.
 */
export function buildCatalogue(source: ContentSource = releaseContent) {
  const pillars = uniqueIds(parse(z.array(pillarSchema).length(4), source.pillars, "pillars"), "pillar");
  const courses = uniqueIds(parse(z.array(courseSchema), source.courses, "courses"), "course");
  const trainers = uniqueIds(parse(z.array(trainerSchema), source.trainers, "trainers"), "trainer");
  const testimonials = parse(z.array(testimonialSchema).min(3), source.testimonials, "testimonials");
  const guides = uniqueIds(parse(z.array(guideContentSchema).length(3), source.guides, "guides"), "guide");
  const generalFaqs = parse(z.array(faqSchema).length(4), source.generalFaqs, "general FAQs");
  const legal = [privacyPolicy, termsOfService, cookiePolicy].map((doc) =>
    parse(legalDocumentSchema, doc, `legal document ${doc.path}`),
  );
  const pages = parse(pageCopySchema, source.pages, "page copy");
  const articles = parse(z.array(articleSchema).min(1), source.articles, "articles");
  uniqueIds(
    articles.map((a) => ({ id: a.slug })),
    "article",
  );
  const webinars = uniqueIds(parse(z.array(webinarSchema), source.webinars, "webinars"), "webinar");
  const [featured] = parse(z.array(featuredCoursesSchema).length(1), source.featured, "featured courses");
  const [siteFacts] = parse(z.array(siteFactsSchema).length(1), source.siteFacts, "site facts");
  const sessions = uniqueIds(parse(z.array(courseSessionSchema), source.sessions, "course sessions"), "session");

  const courseIds = new Set(courses.map((c) => c.id));
  const trainerIds = new Set(trainers.map((t) => t.id));
  const check = (ok: boolean, message: string) => {
    if (!ok) throw new ContentError(message);
  };
  for (const course of courses) {
    for (const id of course.relatedCourseIds) {
      check(courseIds.has(id) && id !== course.id, `Course ${course.id}: related course "${id}" does not exist`);
    }
    for (const id of course.instructorIds) {
      check(trainerIds.has(id), `Course ${course.id}: instructor "${id}" does not exist`);
    }
    course.curriculum.forEach((day, index) =>
      check(day.day === index + 1, `Course ${course.id}: curriculum days must run 1 to 5 in order`),
    );
  }
  for (const pillar of pillars) {
    for (const id of [pillar.featuredCourseId, ...pillar.featuredBlockCourseIds]) {
      const course = courses.find((c) => c.id === id);
      check(!!course?.pillars.includes(pillar.id), `Pillar ${pillar.id}: course "${id}" is not in this pillar`);
    }
    const count = courses.filter((c) => c.pillars.includes(pillar.id)).length;
    check(count >= 6 && count <= 7, `Pillar ${pillar.id} lists ${count} courses; the page shows six or seven`);
  }
  for (const id of Object.values(featured!).flat()) {
    check(courseIds.has(id), `Featured course "${id}" is not on the site: choose another, or publish it first`);
  }
  for (const s of sessions) {
    check(courseIds.has(s.courseId), `Session ${s.id}: course "${s.courseId}" is not on the site`);
  }
  for (const a of articles) check(trainerIds.has(a.authorTrainerId), `Article ${a.slug}: unknown author`);
  for (const w of webinars) check(trainerIds.has(w.presenterTrainerId), `Webinar ${w.id}: unknown presenter`);

  return {
    pillars,
    courses,
    trainers,
    testimonials,
    guides,
    generalFaqs,
    legal,
    pages,
    articles,
    webinars,
    featured: featured!,
    siteFacts: siteFacts!,
    sessions,
  };
}

export type Catalogue = ReturnType<typeof buildCatalogue>;

/** The catalogue this process serves, and the content version it is (0: the release's, before the database's is read). */
let inUse: { catalogue: Catalogue; version: number } = { catalogue: buildCatalogue(), version: 0 };

/** A catalogue that stands in for the served one within one render: a draft's preview (app/publishing/preview.server.ts). */
const standIn = new AsyncLocalStorage<Catalogue>();

/**
 * The catalogue the site serves now: the release's until the published
 * content is read from the database at start-up, then whatever was published
 * last (app/publishing/site-content.server.ts swaps it). Each property is
 * read at the moment of use, so a page rendered after a publish shows it;
 * inside `withCatalogue` it is that catalogue's instead (a preview).
 */
export const catalogue: Catalogue = Object.defineProperties(
  {},
  Object.fromEntries(
    Object.keys(inUse.catalogue).map((name) => [
      name,
      { enumerable: true, get: () => (standIn.getStore() ?? inUse.catalogue)[name as keyof Catalogue] },
    ]),
  ),
) as Catalogue;

/**
 * Runs `work` with `preview` read in place of the served catalogue by
 * everything it calls (and only by that: other requests, the page cache
 * included, go on reading the served one). `servedContentVersion` is NaN
 * here, which equals no version: a memo of the served version's (the site's
 * pages) filled meanwhile is worked out again on its next use.
 */
export function withCatalogue<T>(preview: Catalogue, work: () => Promise<T>): Promise<T> {
  return standIn.run(preview, work);
}

/** Serves `next` from now on (a catalogue built by `buildCatalogue`, so valid), as content version `version`. */
export function serveCatalogue(next: Catalogue, version: number): void {
  inUse = { catalogue: next, version };
}

/** The content version being served (0: the release's content). */
export function servedContentVersion(): number {
  return standIn.getStore() ? Number.NaN : inUse.version;
}

const releaseJson = JSON.stringify(inUse.catalogue);
let sameAsRelease = { version: 0, same: true };

/**
 * Whether what is served is the release's content, as the build prerendered
 * it (true until the team publishes a change): the build's pages stand for
 * it. Worked out once per content version.
 */
export function servesReleaseContent(): boolean {
  if (sameAsRelease.version !== inUse.version) {
    sameAsRelease = { version: inUse.version, same: JSON.stringify(inUse.catalogue) === releaseJson };
  }
  return sameAsRelease.same;
}

/** The published contact details (site facts): pages, e-mails and documents read them here. */
export function siteContact() {
  return catalogue.siteFacts.contact;
}

export function getPillar(id: string) {
  return catalogue.pillars.find((p) => p.id === id);
}

export function getTrainer(id: string) {
  return catalogue.trainers.find((t) => t.id === id);
}

export function getWebinar(id: string) {
  return catalogue.webinars.find((w) => w.id === id);
}

/** Each published webinar's joining link as stored (sealed: app/publishing/webinar-links.server.ts opens it), by webinar id (a webinar without one has none yet). */
export function webinarJoinLinks(): Readonly<Record<string, string>> {
  return Object.fromEntries(catalogue.webinars.flatMap((w) => (w.joinUrl ? [[w.id, w.joinUrl]] : [])));
}

export function getArticle(slug: string) {
  return catalogue.articles.find((a) => a.slug === slug);
}

export function getCourse(id: string): Course | undefined {
  return catalogue.courses.find((c) => c.id === id);
}

export function requireCourse(id: string): Course {
  const course = getCourse(id);
  if (!course) throw new ContentError(`Unknown course "${id}"`);
  return course;
}

export function coursesInPillar(id: PillarId): Course[] {
  return catalogue.courses.filter((c) => c.pillars.includes(id));
}

export function getLegalDocument(path: "/privacy" | "/terms" | "/cookies") {
  const doc = catalogue.legal.find((d) => d.path === path);
  if (!doc) throw new ContentError(`No legal document at ${path}`);
  return doc;
}

export { articlePath, coursePath, pillarPath };

/** The page paths that content generates (courses, pillars, articles). */
export function contentPaths(): string[] {
  return [
    ...catalogue.pillars.map((p) => pillarPath(p.id)),
    ...catalogue.courses.map((c) => coursePath(c.id)),
    ...catalogue.articles.map((a) => articlePath(a.slug)),
  ];
}

/** What a course card shows; built on the server so cards ship only this. */
export type CourseSummary = {
  id: string;
  title: string;
  description: string;
  target: string;
  href: string;
  pillarTitle: string;
  /** The other pillar's name, when the course is shared with it. */
  sharedWith?: string;
  /** Its next session's dates and place (the home page's featured cards). */
  nextSession?: { dateLabel: string; place: string };
};

export function courseSummary(course: Course, fromPillar?: PillarId): CourseSummary {
  const home = getPillar(course.pillars[0]!)!;
  const other = course.pillars.find((p) => p !== (fromPillar ?? course.pillars[0]));
  const sharedWith = course.pillars.length > 1 && other ? getPillar(other)?.shortTitle : undefined;
  return {
    id: course.id,
    title: course.title,
    description: course.cardDescription,
    target: course.cardTarget,
    href: coursePath(course.id),
    pillarTitle: home.title,
    ...(sharedWith ? { sharedWith } : {}),
  };
}
