/** Bearer tokens (app/secrets/tokens.server.ts): unguessable, stored as their SHA-256 alone, and only their shape let through to a lookup. */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { looksLikeToken, newToken, tokenHash } from "~/secrets/tokens.server.ts";

describe("bearer tokens", () => {
  it("are 256 random bits in base64url, never the same twice", () => {
    const tokens = Array.from({ length: 50 }, newToken);
    expect(new Set(tokens).size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      expect(looksLikeToken(token)).toBe(true);
    }
  });

  it("are kept as their SHA-256 in hex, which gives no token back", () => {
    const token = newToken();
    expect(tokenHash(token)).toBe(createHash("sha256").update(token).digest("hex"));
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(token)).not.toContain(token);
  });

  it("let nothing else through to a lookup: other characters, too short, too long", () => {
    expect(looksLikeToken("a".repeat(15))).toBe(false);
    expect(looksLikeToken("a".repeat(129))).toBe(false);
    expect(looksLikeToken(`${"a".repeat(42)}=`)).toBe(false);
    expect(looksLikeToken("../../etc/passwd-aaaaaaaaaaaa")).toBe(false);
    expect(looksLikeToken("a".repeat(16))).toBe(true);
  });
});
