/** The back office's pure rules: passwords, one-time codes, where sign-in returns to, how the audit log reads. */
import { TOTP, Secret } from "otpauth";
import { describe, expect, it } from "vitest";
import { readableDetail } from "~/staff/audit.server.ts";
import { passwordShapeProblem } from "~/staff/password-rules.ts";
import { safeReturnPath } from "~/staff/request.server.ts";
import { acceptedStep, groupedSecret, newTotpSecret, totpUri } from "~/staff/totp.server.ts";
import { expectOutputs } from "../support/cases.ts";

const account = { email: "jane.doe@example.com", name: "Jane Doe" };

describe("passwordShapeProblem (the rules that need no list; the whole check: password-check.test.ts)", () => {
  it("takes 12 to 200 characters of anything", () => {
    expect(passwordShapeProblem("correct horse", account)).toBeNull();
    expect(passwordShapeProblem("abcd".repeat(50), account)).toBeNull();
    // Counted in characters, not UTF-16 units: six emoji and six letters.
    expect(passwordShapeProblem("🙂🙃🙂🙃🙂🙃abcdef", account)).toBeNull();
    expect(passwordShapeProblem("🙂🙃🙂🙃🙂abcdef", account)).toBe("Use at least 12 characters.");
  });
  it("refuses short, overlong, one-character-ish and personal passwords", () => {
    expect(passwordShapeProblem("elevenchars", account)).toBe("Use at least 12 characters.");
    expect(passwordShapeProblem("a".repeat(201), account)).toBe("Use at most 200 characters.");
    expect(passwordShapeProblem("aaaaaaaaaaaaaaab", account)).toMatch(/different characters/);
    expect(passwordShapeProblem("Jane.Doe@Example.com", account)).toMatch(/not your e-mail address or name/);
    expect(passwordShapeProblem("jane.doe2026", account)).toMatch(/not your e-mail address or name/);
    expect(passwordShapeProblem("jane doe is here to stay", account)).toBeNull();
  });
});

describe("TOTP", () => {
  const secret = newTotpSecret();
  const at = new Date("2026-11-24T10:00:10Z");
  const step = Math.floor(at.getTime() / 30_000);
  const code = (offsetSteps: number) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() + offsetSteps * 30_000 });

  it("makes 160-bit secrets and an otpauth address apps read", () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totpUri(secret, "jane@example.com")).toMatch(
      new RegExp(
        `^otpauth://totp/.+:jane%40example\\.com\\?issuer=.+&secret=${secret}&algorithm=SHA1&digits=6&period=30$`,
      ),
    );
    expect(groupedSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });

  it("accepts the code of now and of one step either side, with spaces or a dash", () => {
    expect(acceptedStep(secret, code(0), at, 0)).toBe(step);
    expect(acceptedStep(secret, code(-1), at, 0)).toBe(step - 1);
    expect(acceptedStep(secret, code(1), at, 0)).toBe(step + 1);
    const c = code(0);
    expect(acceptedStep(secret, `${c.slice(0, 3)} ${c.slice(3)}`, at, 0)).toBe(step);
    expect(acceptedStep(secret, `${c.slice(0, 3)}-${c.slice(3)}`, at, 0)).toBe(step);
  });

  it("refuses old, future, malformed and already-used codes", () => {
    expect(acceptedStep(secret, code(-2), at, 0)).toBeNull();
    expect(acceptedStep(secret, code(2), at, 0)).toBeNull();
    expect(acceptedStep(secret, "12345", at, 0)).toBeNull();
    expect(acceptedStep(secret, "1234567", at, 0)).toBeNull();
    expect(acceptedStep(secret, "abcdef", at, 0)).toBeNull();
    expect(acceptedStep(secret, code(0), at, step)).toBeNull();
    expect(acceptedStep(secret, code(-1), at, step - 1)).toBeNull();
    expect(acceptedStep(secret, code(1), at, step)).toBe(step + 1);
  });
});

describe("safeReturnPath", () => {
  it("returns to a back-office path, never elsewhere", () => {
    expect(safeReturnPath("/admin/users")).toBe("/admin/users");
    expect(safeReturnPath("/admin/audit?before=x")).toBe("/admin/audit?before=x");
    for (const bad of [
      null,
      "",
      "https://evil.example/admin",
      "//evil.example",
      "/about",
      "/admin\\@evil",
      "/admin/sign-out",
      "/admin /x",
    ]) {
      expect(safeReturnPath(bad)).toBe("/admin");
    }
  });
});

describe("readableDetail", () => {
  it("shows a stored detail as key: value pairs, and anything else as it is", () => {
    expectOutputs(readableDetail, [
      ['{"with":"passkey"}', "with: passkey"],
      ['{"step":"code","sessions":2,"test":true}', "step: code; sessions: 2; test: true"],
    ]);
    for (const other of ["[1,2]", "not json"]) expect(readableDetail(other), other).toBe(other);
  });
});
