/**
 * Identifiers shared by the content schemas (server) and the form schemas
 * (browser), kept apart so the browser bundle does not pull in full zod.
 */
/** The four pillars, in the site's order. */
export const pillarIds = ["risk-grc", "accounting-auditing", "strategy", "sustainability"] as const;
export type PillarId = (typeof pillarIds)[number];

export const guideIds = ["risk-guide", "finance-toolkit", "sustainability-guide"] as const;
export type GuideId = (typeof guideIds)[number];

/** The guide_name values the guide-request API takes (spec section 3). */
export const guideNames = [
  "enterprise-risk-management",
  "financial-analysis-toolkit",
  "sustainable-business-practices",
] as const;
export type GuideName = (typeof guideNames)[number];

/** A library image's id: the start (96 bits, hex) of the SHA-256 of the uploaded file (ADR 049). */
export const imageIdPattern = /^[0-9a-f]{24}$/;
