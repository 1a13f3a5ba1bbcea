/**
 * The back office's routes, read from the route table (app/routes.ts): each
 * address pattern under /admin that a route answers (the paths of the route
 * and its parents, joined, as React Router reports it to middleware) and
 * the modules of the routes that answer it (the area and its index share
 * `/admin`). The access rules (app/staff/access-rules.ts) are named by
 * these patterns.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";

export type BackOfficeRoute = { pattern: string; files: string[] };

export function backOfficeRoutes(): BackOfficeRoute[] {
  const found = new Map<string, string[]>();
  const walk = (entries: readonly RouteConfigEntry[], paths: string[]) => {
    for (const entry of entries) {
      const here = entry.path ? [...paths, entry.path] : paths;
      const pattern = `/${here.join("/")}`.replace(/\/{2,}/g, "/");
      if (/^\/admin(?:\/|$)/i.test(pattern) && (entry.path || entry.index)) {
        found.set(pattern, [...(found.get(pattern) ?? []), entry.file]);
      }
      walk(entry.children ?? [], here);
    }
  };
  walk(routes, []);
  return [...found].map(([pattern, files]) => ({ pattern, files }));
}
