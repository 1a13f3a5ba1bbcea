/**
 * This release's content, the seed: what an empty database is seeded with
 * (app/publishing/store/), and what the catalogue serves and the
 * build prerenders until the published content is read from the database
 * (content/index.server.ts). Only those two read it (the layering rules say
 * so): pages, e-mails and documents read the published content, through the
 * catalogue. The team edits the content in the back office afterwards.
 */
import type { ContentSource } from "../schema.ts";
import { releaseSiteFacts } from "../site-facts.ts";
import { accountingAuditingCourses } from "./courses/accounting-auditing.ts";
import { riskGrcCourses } from "./courses/risk-grc.ts";
import { strategyCourses } from "./courses/strategy.ts";
import { sustainabilityCourses } from "./courses/sustainability.ts";
import { releaseFeaturedCourses } from "./featured.ts";
import { releaseSessions } from "./sessions.ts";
import { guides as guideData } from "./guides.ts";
import { articles as articleData } from "./articles.ts";
import { pageCopy as pageCopyData } from "./pages.ts";
import { webinars as webinarData } from "./webinars.ts";
import { generalFaqs as generalFaqData, pillars as pillarData } from "./pillars.ts";
import { testimonials as testimonialData } from "./testimonials.ts";
import { trainers as trainerData } from "./trainers.ts";

/**
 * Course ids the old site linked that duplicate a real course: 301 there.
 * Seeded once into the redirects the team's address changes add to
 * (content_redirects, docs/decisions/047-addresses-move.md), so they follow
 * a course that moves and end when a course takes one of these ids.
 */
export const releaseCourseRedirects: readonly { from: string; to: string }[] = [
  { from: "aligning-strategy-execution", to: "strategy-execution" },
  { from: "esg-risk-quantification", to: "esg-risk" },
  { from: "aligning-purpose-profit", to: "sustainable-value-creation" },
];

/** This release's content: what an empty database is seeded with. */
export const releaseContent: ContentSource = {
  pillars: pillarData,
  courses: [...riskGrcCourses, ...accountingAuditingCourses, ...strategyCourses, ...sustainabilityCourses],
  trainers: trainerData,
  testimonials: testimonialData,
  guides: guideData,
  generalFaqs: generalFaqData,
  pages: pageCopyData,
  articles: articleData,
  webinars: webinarData,
  featured: [releaseFeaturedCourses],
  siteFacts: [releaseSiteFacts],
  sessions: releaseSessions,
};
