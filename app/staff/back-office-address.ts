/**
 * Which requests are the back office's, and the two headers every answer
 * of it carries (docs/decisions/035-one-access-rule.md). Pure; server/app.ts
 * loads it with plain Node, so relative imports only.
 *
 * An address is read as the router reads it (`routerPath`,
 * app/addresses/router-path.ts), so whatever the router could serve from
 * /admin is covered, and a near miss (its 404) too.
 */
import { routerPath } from "../addresses/router-path.ts";

export { routerPath };

/** Never kept by a browser or a proxy, never indexed. */
export const backOfficeHeaders: Readonly<Record<string, string>> = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

/** Sets the back office's headers on an answer (replacing any the route set). */
export function withBackOfficeHeaders<T extends { headers: Headers }>(response: T): T {
  for (const [name, value] of Object.entries(backOfficeHeaders)) response.headers.set(name, value);
  return response;
}

/**
 * Whether a request target (`req.originalUrl`: path and query as sent) is
 * under /admin in any spelling. A target that is not even a URL counts as
 * the back office: the headers cost nothing on an error page.
 */
export function isBackOfficeAddress(requestTarget: string): boolean {
  const path = routerPath(requestTarget);
  return path === null || /^\/admin(?:[/.]|$)/.test(path);
}
