import { catalogue, coursePath, pillarPath, requireCourse } from "./index.server.ts";
import type { CatalogueNavigation } from "./navigation.ts";

const courseLink = (id: string) => ({ label: requireCourse(id).title, href: coursePath(id) });

export function catalogueNavigation(): CatalogueNavigation {
  return {
    pillars: catalogue.pillars.map((p) => ({ label: p.title, href: pillarPath(p.id) })),
    allTraining: { label: "View All Training", href: "/training" },
    featuredCourses: catalogue.featured.header.map(courseLink),
    footerCourses: catalogue.featured.footer.map(courseLink),
  };
}
