/**
 * Which courses are featured where, today (the schema and the layouts' room:
 * content/featured.ts): what a database is seeded with.
 */
import type { FeaturedCourses } from "../featured.ts";

export const releaseFeaturedCourses: FeaturedCourses = {
  homeFeatured: ["risk-management", "financial-analysis", "esg-risk"],
  homePremium: ["corporate-finance", "carbon-accounting", "strategy-execution"],
  header: ["risk-management", "financial-analysis", "corporate-finance", "strategy-execution", "carbon-accounting"],
  footer: [
    "risk-management",
    "financial-statement-analysis",
    "corporate-finance",
    "strategy-execution",
    "innovation-strategy",
    "carbon-accounting",
    "esg-risk",
  ],
};
