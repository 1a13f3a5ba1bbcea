/** Which courses are featured where (course ids; checked against the catalogue). */

/** The five featured courses of the header's Training menu, in order. */
export const headerFeaturedCourseIds = [
  "risk-management",
  "financial-analysis",
  "corporate-finance",
  "strategy-execution",
  "carbon-accounting",
] as const;

/** Course links in the footer. */
export const footerCourseIds = [
  "risk-management",
  "financial-statement-analysis",
  "corporate-finance",
  "strategy-execution",
  "innovation-strategy",
  "carbon-accounting",
  "esg-risk",
] as const;

/** Featured courses on the home page (at most three are shown). */
export const homeFeaturedCourseIds = ["risk-management", "financial-analysis", "esg-risk"] as const;

/** The home page's premium courses list (spec section 2, Home). */
export const homePremiumCourseIds = ["corporate-finance", "carbon-accounting", "strategy-execution"] as const;
