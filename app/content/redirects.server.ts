/**
 * The site's permanent redirects from old addresses: every old path of an
 * item whose address the team changed in the editor (a course's id, an
 * article's slug), as the published content has them now
 * (docs/decisions/047-addresses-move.md). The store keeps them
 * (content_redirects); each instance reads them with each content version
 * (app/publishing/site-content.server.ts) and the server answers them with
 * 301 before the router's 404 (server/app.ts).
 */

/** An old path and the path it leads to now. */
export type PathRedirect = { from: string; to: string };

let served: ReadonlyMap<string, string> = new Map();

/** Serves `redirects` from now on (with the content version they were read with). */
export function serveRedirects(redirects: readonly PathRedirect[]): void {
  served = new Map(redirects.map((r) => [r.from, r.to]));
}

/**
 * Where a request for `path` (no query) moved permanently, or undefined: an
 * old page's path (with or without a trailing slash), its route data
 * (/courses/old.data → /courses/new.data) and its other paths (a brochure).
 */
export function redirectFor(path: string): string | undefined {
  if (!served.size) return undefined;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const to = served.get(trimmed);
  if (to !== undefined) return to;
  if (!trimmed.endsWith(".data")) return undefined;
  const page = served.get(trimmed.slice(0, -".data".length));
  return page === undefined ? undefined : `${page}.data`;
}
