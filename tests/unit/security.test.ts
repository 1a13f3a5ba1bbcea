import { describe, expect, it } from "vitest";
import { staticCsp } from "../../server/security.ts";

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
