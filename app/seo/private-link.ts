/**
 * A page opened by a private link e-mailed to one person (a booking's, a
 * delegate's questionnaire, a waiting list's confirmation or offer): the
 * link is its key, so the page is never cached, never indexed, and the link
 * never leaves it in a Referer.
 */
import type { MetaDescriptor } from "react-router";
import { seo, type SeoInput } from "./meta.ts";

/**
 * The answer's headers. The Referer keeps only the origin, not even the
 * path to this site's own pages and files ("strict-origin"); "no-referrer"
 * is for a page with no form the router answers, as under it the browser
 * posts a form with `Origin: null`, which the router refuses as cross-site.
 */
export function privateLinkHeaders(referrerPolicy: "strict-origin" | "no-referrer" = "strict-origin") {
  return { "Cache-Control": "no-store", "Referrer-Policy": referrerPolicy };
}

/** The page's head: `seo`'s tags, with noindex. */
export function privateLinkMeta(page: Pick<SeoInput, "title" | "description" | "path">): MetaDescriptor[] {
  return seo({ ...page, noindex: true });
}
