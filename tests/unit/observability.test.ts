import { describe, expect, it } from "vitest";
import { prerenderedPaths } from "~/content/site-map.server.ts";
import routes from "~/routes.ts";
import { loggablePath, requestIdFor } from "~/observability/http.server.ts";
import { errSerializer } from "~/observability/log.server.ts";
import { exactRoutes, routeLabel } from "~/observability/route-label.ts";

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
    expect(routeLabel("/downloads/abc123secret")).toBe("/downloads/:token");
    expect(routeLabel("/contact?course=x")).toBe("/contact");
    expect(routeLabel("/wp-login.php")).toBe("other");
    expect(routeLabel("/random/deep/path")).toBe("other");
    expect(routeLabel("/about/")).toBe("/about");
  });

  it("labels React Router's data requests apart", () => {
    expect(routeLabel("/about.data")).toBe("/about.data");
    expect(routeLabel("/_root.data")).toBe("/.data");
    expect(routeLabel("/courses/x.data")).toBe("/courses/:courseId.data");
  });
});

describe("request ids", () => {
  it("takes a proxy's id only when proxies are trusted and it looks like an id", () => {
    expect(requestIdFor("abc-123", true)).toBe("abc-123");
    expect(requestIdFor("abc-123", false)).not.toBe("abc-123");
    expect(requestIdFor("bad id\r\nX-Injected: 1", true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor("x".repeat(200), true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(undefined, true)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("what a log line may hold", () => {
  it("logs paths without query strings or download tokens", () => {
    expect(loggablePath("/newsletter/confirm?token=secret")).toBe("/newsletter/confirm");
    expect(loggablePath("/downloads/Zx9secret")).toBe("/downloads/:token");
    expect(loggablePath("/admin/setup/Zx9secret")).toBe("/admin/setup/:token");
    expect(loggablePath("/admin/setup/Zx9secret.data")).toBe("/admin/setup/:token");
    expect(loggablePath("/admin/leads?q=someone%40example.com")).toBe("/admin/leads");
    expect(loggablePath("/contact")).toBe("/contact");
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
