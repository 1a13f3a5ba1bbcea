/**
 * Which requests are the back office's, and the two headers every answer
 * of it carries (docs/decisions/035-one-access-rule.md). Pure; server/app.ts
 * loads it with plain Node, so relative imports only.
 *
 * React Router matches a path as the WHATWG URL parser leaves it (dot
 * segments resolved, `\` read as `/`), then decodes each segment, ignores
 * case and takes any number of trailing slashes; a doubled slash inside
 * the path matches no route. `isBackOfficeAddress` reads an address the
 * same way and then a little more widely (it also decodes `%2F` and
 * collapses repeated slashes), so whatever the router could serve from
 * /admin is covered, and a near miss (its 404) too.
 */

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

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path as the router compares it: parsed as a URL, decoded, lower case, one slash at a time. */
export function routerPath(requestTarget: string): string | null {
  let pathname: string;
  try {
    // As @react-router/express builds the request's URL: origin + the target as sent.
    pathname = new URL(`http://site${requestTarget}`).pathname;
  } catch {
    return null;
  }
  return pathname
    .split("/")
    .map(decodeSegment)
    .join("/")
    .toLowerCase()
    .replace(/\/{2,}/g, "/");
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
