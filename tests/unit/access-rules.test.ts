/**
 * The back office's one access rule (app/staff/access-rules.ts): every route
 * of the route table has its entry, every action and intent its line, and
 * the decision fails closed. The addresses that count as the back office
 * (app/staff/back-office-address.ts), in every spelling the router takes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accessRules, decide, mayOpen, type AccessRule, type Audience } from "~/staff/access-rules.ts";
import { isBackOfficeAddress, routerPath, withBackOfficeHeaders } from "~/staff/back-office-address.ts";
import { backOfficeRoutes } from "../support/back-office-routes.ts";
import { expectOutputs } from "../support/cases.ts";

const source = (file: string) => readFileSync(path.resolve(import.meta.dirname, "../../app", file), "utf8");

/** The intents a route module's source names: compared with, posted by its forms, or typed. */
function intentsNamed(text: string): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /intent["')]*\s*[!=]==\s*"([\w-]+)"/g, // intent === "x", form.get("intent") === "x"
    /["']?intent["']?\s*[:,]\s*"([\w-]+)"/g, // { intent: "x" }, fields.set("intent", "x"), intent: "x" | …
    /intent:\s*(?:"[\w-]+"\s*\|\s*)+"([\w-]+)"/g, // the last member of a union type
    /intent:\s*"[\w-]+"\s*\|\s*"([\w-]+)"/g, // the second
    /name="intent"[^>]*?value="([\w-]+)"/gs, // <button name="intent" value="x">
    /\bintent="([\w-]+)"/g, // <Action intent="x">
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1]!);
  return found;
}

describe("the access rules", () => {
  const routes = backOfficeRoutes();

  it("name every back-office route of the route table, and nothing else", () => {
    expect(routes.length).toBeGreaterThan(20);
    const patterns = routes.map((r) => r.pattern);
    for (const pattern of patterns) expect(Object.keys(accessRules), `no rule for ${pattern}`).toContain(pattern);
    for (const pattern of Object.keys(accessRules))
      expect(patterns, `rule for no route: ${pattern}`).toContain(pattern);
  });

  it("say who may post wherever a module has an action, and nowhere else", () => {
    for (const { pattern, files } of routes) {
      const rule: AccessRule = accessRules[pattern as keyof typeof accessRules];
      const hasAction = files.some((file) => /export\s+(?:async\s+)?function\s+action\b/.test(source(file)));
      expect(rule.post !== undefined, `${pattern}: action ${hasAction ? "without" : "with no module"} rule`).toBe(
        hasAction,
      );
    }
  });

  it("list every intent a route module names", () => {
    let checked = 0;
    for (const { pattern, files } of routes) {
      const rule: AccessRule = accessRules[pattern as keyof typeof accessRules];
      const named = new Set(files.flatMap((file) => [...intentsNamed(source(file))]));
      if (typeof rule.post === "object") {
        for (const intent of named) expect(Object.keys(rule.post), `${pattern}: intent "${intent}"`).toContain(intent);
        checked += named.size;
      } else {
        expect([...named], `${pattern} has intents: give it one rule per intent`).toEqual([]);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it("finds intents however a module names them", () => {
    const text = `
      if (intent === "one") {}
      const step = form.get("intent") === "two" ? 1 : 2;
      submit({ _csrf: csrf, intent: "three" });
      fields.set("intent", "four");
      type P = { intent: "five" | "six" | "seven" };
      <button type="submit"
        name="intent"
        value="eight">Go</button>
      <AccountAction intent="nine" />`;
    expect([...intentsNamed(text)].sort()).toEqual(
      ["eight", "five", "four", "nine", "one", "seven", "six", "three", "two"].sort(),
    );
  });

  /** Every audience of a rule: its GET's and each post's. */
  const audiencesOf = (rule: AccessRule): Audience[] => [
    rule.get,
    ...(rule.post === undefined ? [] : typeof rule.post === "string" ? [rule.post] : Object.values(rule.post)),
  ];
  const byAudience = (audience: Audience) =>
    Object.entries(accessRules as Record<string, AccessRule>)
      .filter(([, rule]) => audiencesOf(rule).includes(audience))
      .map(([pattern]) => pattern)
      .sort();

  it("give every page and action one of the five audiences", () => {
    const known: Audience[] = ["public", "signed-in", "leads", "site", "admin"];
    for (const [pattern, rule] of Object.entries(accessRules as Record<string, AccessRule>)) {
      for (const audience of audiencesOf(rule)) expect(known, `${pattern}: "${audience}"`).toContain(audience);
    }
  });

  it("open the home and account pages to any account, the lead work to those who work leads, the rest to administrators", () => {
    expect(byAudience("signed-in")).toEqual(["/admin", "/admin/account"]);
    for (const pattern of byAudience("signed-in")) {
      const rule: AccessRule = accessRules[pattern as keyof typeof accessRules];
      expect(new Set(audiencesOf(rule)), pattern).toEqual(new Set(["signed-in"]));
    }
    expect(byAudience("leads")).toEqual(
      [
        "/admin/leads",
        "/admin/leads.csv",
        "/admin/newsletter.csv",
        "/admin/consultations.csv",
        "/admin/outbox",
        "/admin/consultations",
        "/admin/conversions",
        "/admin/spam",
        "/admin/requests",
        "/admin/requests/access.json",
        "/admin/requests/access.csv",
        "/admin/leads/:id",
        "/admin/course-bookings.csv",
        "/admin/sessions",
        "/admin/course-bookings",
        "/admin/sessions/:key",
        "/admin/sessions/:key/roster.csv",
        "/admin/sessions/:key/waiting-list",
        "/admin/course-bookings/:id",
        "/admin/course-bookings/:id/documents/:file",
        "/admin/accounts-export",
        "/admin/accounts-export.csv",
      ].sort(),
    );
    // Erasure stays with administrators, on a page those who work leads open.
    expect(decide("/admin/requests", "POST", "erase")).toEqual({ allow: "admin" });
    expect(byAudience("admin")).toEqual(
      [
        "/admin/users",
        "/admin/webhooks",
        "/admin/webhooks/:id",
        "/admin/audit",
        "/admin/requests",
        // The business settings every invoice prints (ADR 066).
        "/admin/settings",
      ].sort(),
    );
    // Changing an account's permissions is for administrators only.
    expect(decide("/admin/users", "POST", "permissions")).toEqual({ allow: "admin" });
    // The content editor is for those who edit the site (and administrators).
    expect(byAudience("site")).toEqual(
      [
        "/admin/content",
        "/admin/content/:type",
        "/admin/content/:type/new",
        "/admin/content/:type/:key",
        "/admin/content/:type/:key/duplicate",
        "/admin/content/:type/:key/preview",
        "/admin/content/:type/:key/preview/page",
        "/admin/content/markdown-preview",
        "/admin/content/guide/:key/pdf",
        "/admin/content/images",
      ].sort(),
    );
  });

  it("mayOpen: an account sees only the pages its role opens", () => {
    const pages = [
      "/admin",
      "/admin/leads",
      "/admin/requests",
      "/admin/content",
      "/admin/users",
      "/admin/account",
      "/admin/nowhere",
    ];
    const opens = (role: string) => pages.filter((page) => mayOpen(role, page));
    expectOutputs(opens, [
      ["admin", ["/admin", "/admin/leads", "/admin/requests", "/admin/content", "/admin/users", "/admin/account"]],
      ["leads", ["/admin", "/admin/leads", "/admin/requests", "/admin/account"]],
      ["leads,site", ["/admin", "/admin/leads", "/admin/requests", "/admin/content", "/admin/account"]],
      ["site", ["/admin", "/admin/content", "/admin/account"]],
      ["staff", ["/admin", "/admin/account"]],
    ]);
    expect(mayOpen("admin", "/admin/sign-in")).toBe(true);
  });

  it("decide: reads by `get`, posts by `post` or its intent, and fail closed", () => {
    const rules: Record<string, AccessRule> = {
      "/admin/a": { get: "leads" },
      "/admin/b": { get: "public", post: "admin" },
      "/admin/c": { get: "signed-in", post: { "": "public", keep: "site", drop: "admin" } },
    };
    expect(decide("/admin/a", "GET", null, rules)).toEqual({ allow: "leads" });
    expect(decide("admin/a", "GET", null, rules)).toEqual({ allow: "leads" }); // as React Router gives it
    expect(decide("/admin/a", "HEAD", null, rules)).toEqual({ allow: "leads" });
    expect(decide("/admin/c", "GET", null, rules)).toEqual({ allow: "signed-in" });
    expect(decide("/admin/a", "POST", "", rules)).toEqual({ refuse: "no-action" });
    expect(decide("/admin/a", "DELETE", "", rules)).toEqual({ refuse: "no-action" });
    expect(decide("/admin/b", "POST", "anything", rules)).toEqual({ allow: "admin" });
    expect(decide("/admin/c", "POST", "keep", rules)).toEqual({ allow: "site" });
    expect(decide("/admin/c", "PUT", "drop", rules)).toEqual({ allow: "admin" });
    expect(decide("/admin/c", "POST", "", rules)).toEqual({ allow: "public" });
    expect(decide("/admin/c", "POST", null, rules)).toEqual({ allow: "public" });
    expect(decide("/admin/c", "POST", "Keep", rules)).toEqual({ refuse: "unknown-intent" });
    expect(decide("/admin/c", "POST", "toString", rules)).toEqual({ refuse: "unknown-intent" });
    // A family of intents (a list's buttons: `list:up:faqs.1`) by the name before its colon, never by an empty one.
    expect(decide("/admin/c", "POST", "keep:faqs.1", rules)).toEqual({ allow: "site" });
    expect(decide("/admin/c", "POST", "drop:", rules)).toEqual({ allow: "admin" });
    expect(decide("/admin/c", "POST", ":keep", rules)).toEqual({ refuse: "unknown-intent" });
    expect(decide("/admin/c", "POST", "lose:keep", rules)).toEqual({ refuse: "unknown-intent" });
    expect(decide("/admin/d", "GET", null, rules)).toEqual({ refuse: "no-rule" });
    expect(decide("constructor", "GET", null, rules)).toEqual({ refuse: "no-rule" });
  });
});

describe("back-office addresses", () => {
  it("are read as the router reads them: parsed, decoded, any case, one slash at a time", () => {
    const spellings = [
      "/admin/leads",
      "/ADMIN/LeAdS?q=A",
      "/%61dmin/%6Ceads",
      "/x/../admin/./leads",
      "/admin/%2e%2e/admin/leads",
      "/admin\\leads",
    ];
    for (const target of spellings) expect(routerPath(target), target).toBe("/admin/leads");
    expectOutputs(routerPath, [
      ["//admin//leads//", "/admin/leads/"],
      ["/admin/%E0%A4%A", "/admin/%e0%a4%a"],
    ]);
  });

  it("cover /admin in every spelling, its data requests and its near misses", () => {
    const yes = [
      "/admin",
      "/admin/",
      "/admin.data",
      "/admin/_.data",
      "/admin/leads",
      "/Admin/leads",
      "/ADMIN/leads.csv",
      "/%61dmin/leads",
      "/%41DMIN",
      "/admin/leads/",
      "/admin/leads//",
      "/admin//leads",
      "//admin/leads",
      "/x/../admin/leads",
      "/admin\\leads",
      "/%2Fadmin/leads",
      "/ADMIN/users.data?_routes=x",
      "/admin/no-such-page",
    ];
    for (const target of yes) expect(isBackOfficeAddress(target), target).toBe(true);
    const no = ["/", "/about", "/administration", "/admins/x", "/contact?next=/admin", "/resources/admin", "/ad%6Dins"];
    for (const target of no) expect(isBackOfficeAddress(target), target).toBe(false);
  });

  it("count a target that is not a URL as the back office (the headers cost nothing there)", () => {
    expect(isBackOfficeAddress(":bad/leads")).toBe(true);
  });

  it("answers carry no-store and noindex, replacing what a route set", () => {
    const response = withBackOfficeHeaders(new Response("x", { headers: { "Cache-Control": "public, max-age=60" } }));
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });
});
