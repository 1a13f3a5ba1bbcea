/**
 * Every page of the site, in one list: the prerender list, the sitemap, the
 * end-to-end sweeps (axe, sections) and the benchmark all read it, so a new
 * page (or a new course) cannot be forgotten by any of them.
 */
import { contentPaths, servedContentVersion } from "./index.server.ts";
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

const pagesOf = (paths: readonly string[]): SitePage[] =>
  paths.map((path) => ({ path, prerender: !renderedPerRequest.has(path), indexable: true }));

/** The release's pages: what the build prerenders, and what the tests and benchmarks visit. */
export const sitePages: SitePage[] = pagesOf([...staticPagePaths, ...contentPaths()]);

let current = { version: -1, pages: sitePages };

/**
 * The pages as the published content has them now (a course added or
 * unpublished in the editor): the site map, the page cache and the page-view
 * count read these. Worked out once per content version.
 */
export function currentSitePages(): SitePage[] {
  const version = servedContentVersion();
  if (current.version !== version) current = { version, pages: pagesOf([...staticPagePaths, ...contentPaths()]) };
  return current.pages;
}

export const prerenderedPaths = sitePages.filter((p) => p.prerender).map((p) => p.path);
