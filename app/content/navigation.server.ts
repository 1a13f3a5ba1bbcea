import { catalogue, coursePath, pillarPath, requireCourse } from "./index.server.ts";
import type { CatalogueNavigation } from "./navigation.ts";

/** The five featured courses of the Training menu, in order. */
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

const courseLink = (id: string) => ({ label: requireCourse(id).title, href: coursePath(id) });

export function catalogueNavigation(): CatalogueNavigation {
  return {
    pillars: catalogue.pillars.map((p) => ({ label: p.title, href: pillarPath(p.id) })),
    allTraining: { label: "View All Training", href: "/training" },
    featuredCourses: headerFeaturedCourseIds.map(courseLink),
    footerCourses: footerCourseIds.map(courseLink),
  };
}
