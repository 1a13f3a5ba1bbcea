/**
 * Every page of the site, in one list: the prerender list, the sitemap, the
 * end-to-end accessibility sweep and the benchmark all read it, so a new page
 * cannot be forgotten by any of them.
 */
export type SitePage = {
  path: string;
  /** Rendered once at build time (same HTML for every visitor). */
  prerender: boolean;
  /** Listed in sitemap.xml and indexed by search engines. */
  indexable: boolean;
};

export const sitePages: SitePage[] = [
  { path: "/", prerender: true, indexable: true },
  { path: "/privacy", prerender: true, indexable: true },
  { path: "/terms", prerender: true, indexable: true },
  { path: "/cookies", prerender: true, indexable: true },
];

export const prerenderedPaths = sitePages.filter((p) => p.prerender).map((p) => p.path);
