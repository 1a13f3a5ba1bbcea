/**
 * Zod schemas for every piece of site content. Content files export plain
 * typed data; `app/content/index.ts` parses all of it through these schemas
 * (and cross-checks references), so a bad entry fails the build and the unit
 * tests, never a visitor.
 */
import { z } from "zod";
import { guideIds, guideNames, pillarIds } from "./ids.ts";
import { markdownMessage, markdownMeta, markdownProblems } from "./rich-text.ts";
import { imageRefSchema } from "./image-ref.ts";
import { referenceMeta } from "./field-meta.ts";

export { imageRefSchema, type ImageRef } from "./image-ref.ts";

export { pillarIds, type PillarId } from "./ids.ts";
/** A pillar, chosen by name in the editor (its id is stored). */
export const pillarIdSchema = z.enum(pillarIds).meta(referenceMeta("pillar"));

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lowercase slug");
/** Another item's address: the editor offers the items of that type by name. */
const trainerRef = slug.meta(referenceMeta("trainer"));
const courseRef = slug.meta(referenceMeta("course"));
const text = z.string().trim().min(1);
/** A sentence or paragraph of copy: non-empty, no leftover template markers. */
const copy = text.refine((s) => !/(lorem ipsum|TODO|TBC|\{[a-z]+\})/i.test(s), {
  error: "copy contains a placeholder",
});

/**
 * Rich text: Markdown copy whose every heading, link and image passes the
 * rules of app/content/rich-text.ts (one message naming each problem's line);
 * marked as Markdown for the editor, which gives it a live preview.
 */
export const richText = copy
  .max(40_000)
  .superRefine((s, ctx) => {
    const problems = markdownProblems(s);
    if (problems.length > 0) ctx.addIssue({ code: "custom", message: markdownMessage(problems) });
  })
  .meta(markdownMeta);

export const seoSchema = z.object({
  title: text.max(70),
  description: text.min(50).max(160),
});

export const faqSchema = z.object({ question: copy, answer: copy });
export type Faq = z.infer<typeof faqSchema>;

export const iconNames = [
  "shield-check",
  "calculator",
  "compass",
  "leaf",
  "users",
  "award",
  "globe",
  "trending-up",
  "briefcase",
  "building",
  "landmark",
  "heart-pulse",
  "zap",
  "factory",
  "graduation-cap",
  "line-chart",
] as const;
export const iconNameSchema = z.enum(iconNames);
export type IconName = z.infer<typeof iconNameSchema>;

export const pillarSchema = z.object({
  /** Its own id (not a reference to a pillar). */
  id: z.enum(pillarIds),
  /** The name used in navigation and headings, e.g. "Risk (GRC)". */
  title: text,
  /** Short name used to flag shared courses, e.g. "Risk". */
  shortTitle: text,
  /** Other names the spec uses for the same pillar. */
  alternateNames: z.array(text),
  tagline: copy,
  description: copy,
  icon: iconNameSchema,
  /** The course shown as this pillar's featured course on /training. */
  featuredCourseId: courseRef,
  /** Courses in the featured block on the pillar page (Risk only, 2 at most). */
  featuredBlockCourseIds: z.array(courseRef).max(2),
  faqs: z.array(faqSchema).length(4),
  /** A picture beside the pillar page's heading (optional). */
  image: imageRefSchema.optional(),
  seo: seoSchema,
});
export type Pillar = z.infer<typeof pillarSchema>;

export const curriculumDaySchema = z.object({
  day: z.number().int().min(1).max(5),
  title: copy,
  topics: z.array(copy).min(3).max(6),
});

export const theoryPracticeSplits = ["30/70", "35/65", "40/60"] as const;

export const courseSchema = z.object({
  id: slug,
  /** First entry is the course's home pillar; a second marks it as shared. */
  pillars: z.array(pillarIdSchema).min(1).max(2),
  title: text.max(80),
  subtitle: copy,
  /** One or two sentences for the course hero. */
  shortDescription: copy,
  /** Up to ~200 characters, for course cards. */
  cardDescription: copy.max(220),
  /** Who the course is for, in one line, for cards ("For risk managers and ..."). */
  cardTarget: copy.max(140),
  tags: z.array(text).min(1).max(4).optional(),
  /** Markdown (rich text): a few paragraphs, which may carry headings, lists and links. */
  overview: richText,
  benefits: z.array(copy).min(4).max(8),
  targetAudience: z.array(copy).min(3).max(8),
  objectives: z.array(copy).min(3).max(8).optional(),
  prerequisites: z.array(copy).min(1).max(5).optional(),
  curriculum: z.array(curriculumDaySchema).length(5),
  theoryPracticeSplit: z.enum(theoryPracticeSplits),
  /** Two trainer ids. */
  instructorIds: z.tuple([trainerRef, trainerRef]),
  faqs: z.array(faqSchema).min(3).max(6),
  relatedCourseIds: z.array(courseRef).min(2).max(3),
  /** Overrides the default group size (12). */
  groupSize: z.number().int().min(4).max(20).optional(),
  certification: copy,
  /** A picture beside the course page's heading (optional). */
  image: imageRefSchema.optional(),
  seo: seoSchema,
});
export type Course = z.infer<typeof courseSchema>;

export const courseRedirectSchema = z.object({ from: slug, to: slug });

export const trainerSchema = z.object({
  id: slug,
  name: text,
  title: text,
  pillars: z.array(pillarIdSchema).min(1),
  expertise: copy,
  bio: copy,
  /** Shown on the About page. */
  lead: z.boolean(),
  /** A portrait (optional). */
  image: imageRefSchema.optional(),
});
export type Trainer = z.infer<typeof trainerSchema>;

export const testimonialSchema = z.object({
  quote: copy,
  role: text,
  company: text,
  initial: z.string().length(1),
  pillar: pillarIdSchema.optional(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export { guideIds, guideNames };
export const guideSchema = z.object({
  id: z.enum(guideIds),
  /** The guide_name value the guide-request API takes. */
  guideName: z.enum(guideNames),
  title: text,
  description: copy,
  pillar: pillarIdSchema,
  pages: z.number().int().min(3),
});
export type Guide = z.infer<typeof guideSchema>;

export const legalSectionSchema = z.object({
  heading: text,
  paragraphs: z.array(copy).default([]),
  list: z.array(copy).optional(),
  table: z
    .object({
      caption: text,
      columns: z.array(text).min(2),
      rows: z.array(z.array(text)).min(1),
    })
    .optional(),
  /** A control shown after the section's text: the visitor's choice about attribution (/cookies). */
  control: z.literal("attribution-choice").optional(),
});
export const legalDocumentSchema = z.object({
  path: z.enum(["/privacy", "/terms", "/cookies"]),
  title: text,
  lastUpdated: z.iso.date(),
  intro: z.array(copy).min(1),
  sections: z.array(legalSectionSchema).min(4),
  seo: seoSchema,
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** Input types: what content files write (defaults not yet applied). */
export type CourseInput = z.input<typeof courseSchema>;
export type PillarInput = z.input<typeof pillarSchema>;
export type TrainerInput = z.input<typeof trainerSchema>;
export type TestimonialInput = z.input<typeof testimonialSchema>;
export type GuideInput = z.input<typeof guideSchema>;
export type LegalDocumentInput = z.input<typeof legalDocumentSchema>;

/* ---- Page copy, articles and webinars (public-site issue) ---- */

const titled = z.object({ title: text, description: copy });
const titledWithIcon = titled.extend({ icon: iconNameSchema });

export const methodStepSchema = z.object({
  name: z.enum(["Connect", "Learn", "Apply", "Master"]),
  description: copy,
});

export const pageCopySchema = z.object({
  home: z.object({
    heroEyebrow: text,
    heroTitle: text,
    heroLead: copy,
    /** The picture in the hero's right half (optional; preloaded: it is the page's largest). */
    heroImage: imageRefSchema.optional(),
    differentiators: z.array(titledWithIcon).length(4),
    aboutTitle: text,
    aboutParagraphs: z.array(copy).min(1).max(3),
    resourcesTitle: text,
    resourcesLead: copy,
    seo: seoSchema,
  }),
  method: z.object({ title: text, lead: copy, steps: z.array(methodStepSchema).length(4) }),
  about: z.object({
    heroTitle: text,
    heroLead: copy,
    story: z.array(copy).min(2).max(4),
    industries: z.array(titledWithIcon).length(6),
    expertNetwork: z.object({
      title: text,
      paragraphs: z.array(copy).min(1).max(3),
      points: z.array(copy).min(3).max(6),
    }),
    seo: seoSchema,
  }),
  training: z.object({
    heroTitle: text,
    heroLead: copy,
    advantages: z.array(titledWithIcon).min(3).max(6),
    ctaTitle: text,
    ctaLead: copy,
    seo: seoSchema,
  }),
  consulting: z.object({ heroTitle: text, lead: copy, paragraphs: z.array(copy).min(1).max(3), seo: seoSchema }),
  caseStudies: z.object({
    heroTitle: text,
    lead: copy,
    sectors: z
      .array(titledWithIcon.extend({ title: z.enum(["Finance", "Healthcare", "Utilities", "Public Sector"]) }))
      .length(4),
    seo: seoSchema,
  }),
  contact: z.object({
    heroTitle: text,
    heroLead: copy,
    formTitle: text,
    trainingLocations: z.array(copy).min(1).max(3),
    furtherTitle: text,
    furtherParagraphs: z.array(copy).min(1).max(2),
    seo: seoSchema,
  }),
  resources: z.object({
    heroTitle: text,
    heroLead: copy,
    introTitle: text,
    introParagraph: copy,
    closingTitle: text,
    closingLead: copy,
    seo: seoSchema,
  }),
  pillarPage: z.object({ benefitsTitle: text, consultationTitle: text, consultationLead: copy }),
});
export type PageCopy = z.infer<typeof pageCopySchema>;
export type PageCopyInput = z.input<typeof pageCopySchema>;

export const articleSchema = z.object({
  slug,
  title: text.max(90),
  summary: copy.max(240),
  /** The old site's static article dates are in 2023. */
  publishedOn: z.iso.date(),
  readingMinutes: z.number().int().min(2).max(20),
  pillar: pillarIdSchema,
  authorTrainerId: trainerRef,
  /** A picture under the article's heading (optional). */
  image: imageRefSchema.optional(),
  /** Markdown: headings (## to ####), paragraphs, lists, links, quotes, tables and images. */
  body: richText,
  seo: seoSchema,
});
export type Article = z.infer<typeof articleSchema>;
export type ArticleInput = z.input<typeof articleSchema>;

/** A value sealed by app/secrets/sealing.server.ts (`v1.<key id>.<nonce>.<ciphertext>`). */
export const sealedValuePattern = /^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/;
const httpsLink = z.url({ protocol: /^https$/ });

export const webinarSchema = z.object({
  id: slug,
  title: text,
  description: copy,
  startsAt: z.iso.datetime({ offset: true, error: "choose a date and a time" }),
  durationMinutes: z.number().int().min(30).max(120),
  presenterTrainerId: trainerRef,
  pillar: pillarIdSchema,
  /**
   * The joining link (https), sent to registrants only: in their
   * confirmation once it is set, and in the reminders. Never on a page.
   * Stored sealed under SECRETS_KEY (ADR 062: the editor seals it on save,
   * e-mails open it), so a copy of the database or of a revision does not
   * give it away: the schema takes the https link or its sealed form.
   */
  joinUrl: z
    .string()
    .refine((v) => sealedValuePattern.test(v) || httpsLink.safeParse(v).success, { error: "must be an https:// link" })
    .optional(),
});
export type Webinar = z.infer<typeof webinarSchema>;
export type WebinarInput = z.input<typeof webinarSchema>;

/**
 * The content the team edits, as it comes in: from the release (the typed
 * modules of content/seed/) or from the database (what is published,
 * app/publishing/store/). Unvalidated: `buildCatalogue` checks it.
 */
export type ContentSource = {
  pillars: readonly unknown[];
  courses: readonly unknown[];
  trainers: readonly unknown[];
  testimonials: readonly unknown[];
  guides: readonly unknown[];
  generalFaqs: readonly unknown[];
  pages: Readonly<Record<string, unknown>>;
  articles: readonly unknown[];
  webinars: readonly unknown[];
  /** One item: which courses are featured where (featured.ts). */
  featured: readonly unknown[];
  /** One item: the site-wide facts (site-facts.ts). */
  siteFacts: readonly unknown[];
  /** The courses' dated sessions (seed/sessions.ts, sessions-schema.ts). */
  sessions: readonly unknown[];
};
