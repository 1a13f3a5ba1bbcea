/**
 * The addresses that carry a credential (docs/decisions/061): whoever has
 * one of these links can act as its recipient, so no record keeps it: not
 * a lead's landing or source page, not a log line, not nginx's access log
 * (deploy/nginx/meridian-http.conf writes the same patterns). The one list
 * of them; app/routes.ts's credential routes must each be here (a unit test
 * checks the route table against it). Pure and client-safe; relative
 * imports only (server/app.ts loads it with plain Node).
 *
 * An address is matched as the router matches it (`routerPath`: dot
 * segments, percent-encoding, case, trailing and repeated slashes, a data
 * request's `.data`), and a match is recorded as its route pattern
 * (`/booking/:token/pay`, its query left out), never as sent.
 */
import { routerPath } from "./router-path.ts";

/** Each credential route's leading segments (the rest of the path is kept as a pattern too). */
export const credentialRoutes: readonly string[] = [
  // A course booking's own pages (issue 29): /booking/:token, /pay, /documents/:file.
  "/booking/:token",
  // A delegate's pre-course questionnaire (issue 41, ADR 082).
  "/joining/:token",
  // A waiting list's confirmation and offer links (issue 41, ADR 083).
  "/waiting/confirm/:token",
  "/waiting/offer/:token",
  // A guide's download link, e-mailed to the requester.
  "/downloads/:token",
  // A new or reset staff account's set-up link.
  "/admin/setup/:token",
];

/** Addresses whose query carries a credential, and its parameter's name. */
export const credentialQueries: readonly { path: string; param: string }[] = [
  { path: "/newsletter/confirm", param: "token" },
  { path: "/newsletter/unsubscribe", param: "token" },
];

const prefixes = credentialRoutes.map((route) => route.split("/").slice(1));

/** The route's own segments of a router path (a data request's `.data` and trailing slashes taken off). */
function segmentsOf(path: string): string[] {
  const trimmed = path.replace(/\/+$/, "").replace(/\.data$/, "");
  return trimmed.split("/").slice(1);
}

/**
 * The credential route that `requestTarget` (a path, with or without a
 * query) is served by, as a pattern (`/booking/:token/documents/:file`), or
 * null when it carries no credential in its path. A target that is not a
 * URL at all counts as one (nothing of it is worth keeping).
 */
export function credentialRouteOf(requestTarget: string): string | null {
  const path = routerPath(requestTarget.split("?")[0]!.split("#")[0]!);
  if (path === null) return "/:unreadable";
  const segments = segmentsOf(path);
  for (const prefix of prefixes) {
    if (segments.length < prefix.length) continue;
    const matches = prefix.every((part, i) => part.startsWith(":") || part === segments[i]);
    if (!matches) continue;
    const rest = segments.slice(prefix.length);
    // Only a credential route's known sub-pages are named; anything else under it is its pattern alone.
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

/**
 * A path (and query) fit to be recorded: a credential route's pattern in
 * place of its path, a credential query parameter's value replaced by
 * `:token`; any other address as given.
 */
export function withoutCredentials(requestTarget: string): string {
  const route = credentialRouteOf(requestTarget);
  // A credential route's query is its own business: the pattern alone is kept.
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
