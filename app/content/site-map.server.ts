/**
 * Every page of the site, in one list: the prerender list, the sitemap, the
 * end-to-end sweeps (axe, sections) and the benchmark all read it, so a new
 * page (or a new course) cannot be forgotten by any of them.
 */
import { contentPaths } from "./index.server.ts";
import { staticPagePaths } from "./page-paths.ts";

export type SitePage = {
  path: string;
  /** Rendered once at build time (same HTML for every visitor). */
  prerender: boolean;
  /** Listed in sitemap.xml and indexed by search engines. */
  indexable: boolean;
};

/**
 * Pages rendered for each request instead: /resources shows each webinar as
 * upcoming (with its registration form) or past, as it stands when asked.
 */
const renderedPerRequest = new Set(["/resources"]);

export const sitePages: SitePage[] = [...staticPagePaths, ...contentPaths()].map((path) => ({
  path,
  prerender: !renderedPerRequest.has(path),
  indexable: true,
}));

export const prerenderedPaths = sitePages.filter((p) => p.prerender).map((p) => p.path);
