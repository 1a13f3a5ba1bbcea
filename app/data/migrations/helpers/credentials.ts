/**
 * The addresses that carry a credential, as migration 031 rewrote the
 * records kept before it (docs/decisions/061): frozen with the migrations
 * (./index.ts), a copy of app/addresses/router-path.ts,
 * app/addresses/credential-routes.ts and app/forms/attribution.ts's
 * `attributionWithoutCredentials` as they were when it shipped. The live
 * list may grow; the records this migration rewrote do not change with it.
 */

/** Each credential route's leading segments. */
const credentialRoutes = ["/booking/:token", "/downloads/:token", "/admin/setup/:token"];

/** Addresses whose query carries a credential, and its parameter's name. */
const credentialQueries = [
  { path: "/newsletter/confirm", param: "token" },
  { path: "/newsletter/unsubscribe", param: "token" },
];

/** The form field the page script adds (a JSON string). */
export const attributionField = "attribution";

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path as the router compares it: parsed as a URL, decoded, lower case, one slash at a time. */
function routerPath(requestTarget: string): string | null {
  let pathname: string;
  try {
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

const prefixes = credentialRoutes.map((route) => route.split("/").slice(1));

/** The credential route a path (and query) is served by, as a pattern, or null. */
function credentialRouteOf(requestTarget: string): string | null {
  const path = routerPath(requestTarget.split("?")[0]!.split("#")[0]!);
  if (path === null) return "/:unreadable";
  const segments = path
    .replace(/\/+$/, "")
    .replace(/\.data$/, "")
    .split("/")
    .slice(1);
  for (const prefix of prefixes) {
    if (segments.length < prefix.length) continue;
    if (!prefix.every((part, i) => part.startsWith(":") || part === segments[i])) continue;
    const rest = segments.slice(prefix.length);
    const tail =
      rest.length === 0
        ? ""
        : rest.length === 1 && rest[0] === "pay"
          ? "/pay"
          : rest.length === 2 && rest[0] === "documents"
            ? "/documents/:file"
            : "/:rest";
    return `/${prefix.join("/")}${tail}`;
  }
  return null;
}

/** A path (and query) with a credential route's pattern in place of its path and `:token` for a credential query parameter. */
export function withoutCredentials(requestTarget: string): string {
  const route = credentialRouteOf(requestTarget);
  if (route !== null) return route;
  const queryAt = requestTarget.indexOf("?");
  if (queryAt === -1) return requestTarget;
  const path = requestTarget.slice(0, queryAt);
  const query = new URLSearchParams(requestTarget.slice(queryAt + 1));
  const routed = routerPath(requestTarget.slice(0, queryAt))
    ?.replace(/(.)\/+$/, "$1")
    .replace(/\.data$/, "");
  for (const { path: at, param } of credentialQueries) {
    if (routed !== at) continue;
    for (const key of [...query.keys()]) if (key.toLowerCase() === param) query.set(key, ":token");
  }
  const search = query.toString().replace(/%3Atoken/g, ":token");
  return search ? `${path}?${search}` : path;
}

/** The page script's attribution JSON with a credential landing page as its route's pattern; anything else as given. */
export function attributionWithoutCredentials(raw: string): string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (typeof value !== "object" || value === null || typeof (value as { l?: unknown }).l !== "string") return raw;
  const landing = (value as { l: string }).l;
  const cleaned = withoutCredentials(landing);
  return cleaned === landing ? raw : JSON.stringify({ ...value, l: cleaned });
}
