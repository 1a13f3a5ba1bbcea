/**
 * Every page of the site, in one list: the prerender list, the sitemap, the
 * end-to-end sweeps (axe, sections) and the benchmark all read it, so a new
 * page (or a new course) cannot be forgotten by any of them.
 */
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { contentPaths, servedContentVersion } from "./index.server.ts";
import { staticPagePaths } from "./page-paths.ts";

export type SitePage = {
  path: string;
  /** Rendered once at build time (same HTML for every visitor; not the pages that show sessions' places). */
  prerender: boolean;
  /** Listed in sitemap.xml and indexed by search engines. */
  indexable: boolean;
};

/**
 * Pages rendered for each request instead: /resources shows each webinar as
 * upcoming (with its registration form) or past, as it stands when asked.
 */
const renderedPerRequest = new Set(["/resources"]);

/**
 * The pages that show course sessions (the home page's featured cards, the
 * training page's dates, each course page): not prerendered, as the build
 * has no places; kept in the page cache for one version of the content, the
 * places and the sessions' schedule (docs/decisions/055-course-sessions-as-content.md).
 */
export function showsSessions(path: string): boolean {
  return path === "/" || path === "/training" || /^\/courses\/[^/]+$/.test(path);
}

const pagesOf = (paths: readonly string[]): SitePage[] =>
  paths.map((path) => ({ path, prerender: !renderedPerRequest.has(path) && !showsSessions(path), indexable: true }));

/** The release's pages: what the build prerenders, and what the tests and benchmarks visit. */
export const sitePages: SitePage[] = pagesOf([...staticPagePaths, ...contentPaths()]);

/** The site's pages for one content version: the list, every path, and those the same for every visitor. */
export type SitePaths = {
  version: number;
  pages: SitePage[];
  /** Every page's path (page views count these). */
  all: ReadonlySet<string>;
  /** The pages rendered once and kept (the page cache keeps these). */
  kept: ReadonlySet<string>;
};

const pathsOf = (version: number, pages: SitePage[]): SitePaths => ({
  version,
  pages,
  all: new Set(pages.map((p) => p.path)),
  kept: new Set(pages.filter((p) => !renderedPerRequest.has(p.path)).map((p) => p.path)),
});

let current = pathsOf(-1, sitePages);

/**
 * The pages as the published content has them now (a course added,
 * unpublished or moved in the editor): the site map, the page cache and the
 * page-view count read these. Worked out once per content version.
 */
export function currentSitePaths(): SitePaths {
  const version = servedContentVersion();
  if (current.version !== version) current = pathsOf(version, pagesOf([...staticPagePaths, ...contentPaths()]));
  return current;
}

export function currentSitePages(): SitePage[] {
  return currentSitePaths().pages;
}

/**
 * The release's date: when this build was made (the server bundle's file),
 * the last-modified date of a page no published item of the team's changed.
 */
export const releaseDate = statSync(fileURLToPath(import.meta.url))
  .mtime.toISOString()
  .slice(0, 10);

let published: ReadonlyMap<string, string> = new Map();

/**
 * When the team last published an item each page shows (from the content's
 * revisions, read with each content version by app/publishing/site-content.server.ts).
 */
export function servePublishedTimes(times: readonly { path: string; at: string }[]): void {
  published = new Map(times.map((t) => [t.path, t.at]));
}

/** A page's last modification for the site map: its items' latest publish (to the second), or the release's date. */
export function lastModified(path: string): string {
  const at = published.get(path);
  return at ? `${at.slice(0, 19)}Z` : releaseDate;
}

export const prerenderedPaths = sitePages.filter((p) => p.prerender).map((p) => p.path);
