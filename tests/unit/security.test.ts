import { describe, expect, it } from "vitest";
import { renderedPageCsp, staticCsp } from "../../server/security.ts";

describe("staticCsp", () => {
  const csp = staticCsp(["'sha256-abc'", "'sha256-def'"]);
  const directives = csp.split("; ");

  it("allows scripts from the site and the given hashes only", () => {
    expect(directives).toContain("script-src 'self' 'sha256-abc' 'sha256-def'");
  });

  it("locks down the defaults, framing and plugins", () => {
    expect(directives).toEqual(
      expect.arrayContaining(["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"]),
    );
  });

  it("leaves out upgrade-insecure-requests", () => {
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("writes each directive once, in kebab-case", () => {
    const names = directives.map((d) => d.split(" ")[0]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});

describe("renderedPageCsp", () => {
  /** The policy the middleware sets on an answer for `url`. */
  const policyFor = (url: string) => {
    const headers: Record<string, string> = {};
    const res = {
      locals: {},
      setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
      getHeader: (name: string) => headers[name.toLowerCase()],
      removeHeader: () => undefined,
    };
    const req = { url, path: url.split("?")[0], headers: {} };
    renderedPageCsp(["https://www.openstreetmap.org"])(req as never, res as never, () => undefined);
    return headers["content-security-policy"] ?? "";
  };

  it("lets the back office frame this origin's pages (a draft's preview), and no public page", () => {
    expect(policyFor("/admin/content/course/x/preview")).toMatch(/frame-src 'self' https:\/\/www\.openstreetmap\.org/);
    expect(policyFor("/ADMIN/content")).toContain("frame-src 'self'");
    expect(policyFor("/contact")).not.toContain("'self' https://www.openstreetmap.org");
    expect(policyFor("/contact")).toContain("frame-src https://www.openstreetmap.org");
    // Being framed stays refused everywhere: only the preview's own policy allows it.
    expect(policyFor("/admin/content/course/x/preview")).toContain("frame-ancestors 'none'");
  });
});
