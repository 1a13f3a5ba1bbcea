/**
 * An address as React Router compares it with its routes: the one rule that
 * the back office's headers, the body limits and the credential redaction
 * share (docs/decisions/035, 061). Pure; server/app.ts loads it with plain
 * Node, so relative imports only.
 *
 * React Router matches a path as the WHATWG URL parser leaves it (dot
 * segments resolved, `\` read as `/`), then decodes each segment, ignores
 * case and takes any number of trailing slashes; a doubled slash inside
 * the path matches no route. `routerPath` reads an address the same way and
 * then a little more widely (it also decodes `%2F` and collapses repeated
 * slashes), so whatever the router could serve is covered, and a near miss
 * (its 404) too.
 */

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The pathname as the URL parser leaves a request target (dot segments resolved), or null if it is not one. */
export function parsedPathname(requestTarget: string): string | null {
  try {
    // As @react-router/express builds the request's URL: origin + the target as sent.
    return new URL(`http://site${requestTarget}`).pathname;
  } catch {
    return null;
  }
}

/** The path as the router compares it: parsed as a URL, decoded, lower case, one slash at a time. */
export function routerPath(requestTarget: string): string | null {
  const pathname = parsedPathname(requestTarget);
  if (pathname === null) return null;
  return pathname
    .split("/")
    .map(decodeSegment)
    .join("/")
    .toLowerCase()
    .replace(/\/{2,}/g, "/");
}
