/**
 * Which requests count as a page view (docs/decisions/031-attribution-and-page-views.md):
 * a browser opening one of the site's public pages, not a prefetch (the
 * page script counts a prefetched page when it is opened), not a known bot.
 * Pure and unit-tested; the server counts the answer if it is 200 or 304.
 */
import { isbot } from "isbot";

export type ViewRequest = {
  method: string;
  path: string;
  header: (name: string) => string | undefined;
};

/** The page a path names ("/about/" is "/about"), if it is one of `pages`. */
export function pageOf(path: string, pages: ReadonlySet<string>): string | null {
  const page = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return pages.has(page) ? page : null;
}

/** Whether a user agent is a person's browser (not a crawler, monitor or script). */
export function isPerson(userAgent: string | undefined): boolean {
  return Boolean(userAgent) && !isbot(userAgent);
}

/** The page this request opens, if it is a page view to count; null if not. */
export function viewedPage(request: ViewRequest, pages: ReadonlySet<string>): string | null {
  if (request.method !== "GET") return null;
  const purpose = `${request.header("sec-purpose") ?? ""} ${request.header("purpose") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return null;
  const destination = request.header("sec-fetch-dest");
  if (destination !== undefined ? destination !== "document" : !/text\/html/.test(request.header("accept") ?? "")) {
    return null;
  }
  if (!isPerson(request.header("user-agent"))) return null;
  return pageOf(request.path, pages);
}
