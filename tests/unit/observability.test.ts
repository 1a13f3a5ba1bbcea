import { describe, expect, it } from "vitest";
import { prerenderedPaths } from "~/content/site-map.server.ts";
import routes from "~/routes.ts";
import { loggablePath, requestIdFor } from "~/observability/http.server.ts";
import { errSerializer } from "~/observability/log.server.ts";
import { exactRoutes, routeLabel } from "~/observability/route-label.ts";
import { expectOutputs } from "../support/cases.ts";

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every full path of the table (a child's path continues its parent's; a layout adds none; an index is its parent's). */
function routePaths(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((r) => {
    const path = r.path ? `${parent}/${r.path}` : parent;
    return [...(r.index || r.path ? [path || "/"] : []), ...routePaths(r.children ?? [], path)];
  });
}

describe("routeLabel", () => {
  it("gives every route of the route table a label of its own (the table and the labels agree)", () => {
    const paths = routePaths(routes as RouteEntry[]).filter((p) => p !== "/*");
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      const example = path.replace(/:[A-Za-z]+/g, "x");
      const label = routeLabel(example);
      expect(label, path).not.toBe("other");
      expect(label, path).toBe(path.includes(":") ? path : example);
    }
    for (const exact of exactRoutes) expect(routeLabel(exact)).toBe(exact);
  });

  it("labels every prerendered page by its route", () => {
    for (const path of prerenderedPaths) expect(routeLabel(path), path).not.toBe("other");
    expect(routeLabel("/courses/corporate-finance")).toBe("/courses/:courseId");
  });

  it("keeps query strings, tokens and unknown paths out of labels", () => {
    expectOutputs(routeLabel, [
      ["/downloads/abc123secret", "/downloads/:token"],
      ["/contact?course=x", "/contact"],
      ["/wp-login.php", "other"],
      ["/random/deep/path", "other"],
      ["/about/", "/about"],
    ]);
  });

  it("labels React Router's data requests apart", () => {
    expectOutputs(routeLabel, [
      ["/about.data", "/about.data"],
      ["/_root.data", "/.data"],
      ["/courses/x.data", "/courses/:courseId.data"],
    ]);
  });
});

describe("request ids", () => {
  it("takes a proxy's id only when proxies are trusted and it looks like an id", () => {
    expect(requestIdFor("abc-123", true)).toBe("abc-123");
    expect(requestIdFor("abc-123", false)).not.toBe("abc-123");
    // Anything else: an id of its own.
    for (const header of ["bad id\r\nX-Injected: 1", "x".repeat(200), undefined]) {
      expect(requestIdFor(header, true), String(header)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("what a log line may hold", () => {
  it("logs paths without query strings or download tokens", () => {
    expectOutputs(loggablePath, [
      ["/newsletter/confirm?token=secret", "/newsletter/confirm"],
      ["/downloads/Zx9secret", "/downloads/:token"],
      ["/admin/setup/Zx9secret", "/admin/setup/:token"],
      ["/admin/setup/Zx9secret.data", "/admin/setup/:token"],
      ["/admin/leads?q=someone%40example.com", "/admin/leads"],
      ["/contact", "/contact"],
    ]);
  });

  it("logs an error's name, message and code, never the fields a database adds", () => {
    const error = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      detail: "Key (email)=(dana@example.test) already exists.",
    });
    const logged = errSerializer(error);
    expect(logged).toMatchObject({ type: "Error", code: "23505" });
    expect(JSON.stringify(logged)).not.toContain("dana@example.test");
  });
});
