import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { prerenderedPaths } from "~/content/site-map.server.ts";
import routes from "~/routes.ts";
import { loggablePath, requestIdFor, requestObserver } from "~/observability/http.server.ts";
import { createLogger, errSerializer, isoTime } from "~/observability/log.server.ts";
import { createMetrics } from "~/observability/metrics.server.ts";
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
      ["/booking/Zx9secret", "/booking/:token"],
      ["/booking/Zx9secret/pay?payment_intent=pi_1", "/booking/:token/pay"],
      ["/booking/Zx9secret/documents/INV-000001.pdf", "/booking/:token/documents/:file"],
      // Routed as the router routes it (ADR 061): any case, encoding or dot segments.
      ["/BOOKING/Zx9secret", "/booking/:token"],
      ["/%62ooking/Zx9secret/pay", "/booking/:token/pay"],
      ["/x/../Downloads/Zx9secret/", "/downloads/:token"],
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

describe("the request log line and metrics (requestObserver)", () => {
  type Line = { level: number; time: string; reqId: string; req: Record<string, unknown>; res: unknown; msg: string };

  function observed(url: string, headers: Record<string, string> = {}) {
    const written: string[] = [];
    const log = createLogger({ level: "info", destination: { write: (line: string) => void written.push(line) } });
    const metrics = createMetrics();
    const observe = requestObserver({ log, metrics, trustProxy: false, clientIp: () => "203.0.113.9" });
    const req = Object.assign(new EventEmitter(), { method: "GET", url, headers }) as unknown as IncomingMessage;
    const res = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: true });
    const id = observe(req, res as unknown as ServerResponse, "/about");
    const lines = () => written.map((line) => JSON.parse(line) as Line);
    const count = async () => (await metrics.registry.getSingleMetricAsString("http_request_duration_seconds")).trim();
    return { id, res, lines, count };
  }

  it("writes one line when the answer is done: id, method, path without query, address, browser, status", async () => {
    const { id, res, lines, count } = observed("/about?ref=mail", { "user-agent": "Firefox", "x-request-id": "lb-1" });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines()).toEqual([]);
    res.emit("close");
    res.emit("close");
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: id,
        req: { id, method: "GET", path: "/about", ip: "203.0.113.9", userAgent: "Firefox" },
        res: { statusCode: 200 },
        msg: "request completed",
      }),
    ]);
    expect(lines()[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await count()).toContain('http_request_duration_seconds_count{method="GET",route="/about",status="200"} 1');
  });

  it("logs a 4xx as a warning, a 5xx or an error as an error, and an answer given up on without counting it", async () => {
    const notFound = observed("/missing");
    notFound.res.statusCode = 404;
    notFound.res.emit("close");
    expect(notFound.lines()[0]).toMatchObject({ level: 40, msg: "request completed" });

    const failed = observed("/contact");
    failed.res.statusCode = 500;
    failed.res.emit("close");
    expect(failed.lines()[0]).toMatchObject({ level: 50, msg: "request errored", err: { message: /status code 500/ } });

    const broken = observed("/contact");
    broken.res.emit("error", new Error("write after end"));
    expect(broken.lines()[0]).toMatchObject({ level: 50, err: { message: "write after end" } });

    const gone = observed("/about");
    gone.res.writableFinished = false;
    gone.res.emit("close");
    expect(gone.lines()).toHaveLength(1);
    expect(await gone.count()).not.toContain("_count{");
  });

  it("logs no line for health and metrics checks, but counts them", async () => {
    const check = observed("/healthz");
    check.res.emit("close");
    expect(check.lines()).toEqual([]);
    expect(await check.count()).toContain("_count{");
  });
});

describe("isoTime", () => {
  it("writes pino's ISO time, the same text within a millisecond", () => {
    for (const ms of [0, 1_795_613_444_377, 1_795_613_444_377, 1_795_613_444_378, 1_795_613_444_377]) {
      expect(isoTime(ms)).toBe(`,"time":"${new Date(ms).toISOString()}"`);
    }
  });
});
