/**
 * The whole check of a new staff password (ADR 037): the rules that need no
 * list, then zxcvbn-ts with the common and breached passwords that
 * @zxcvbn-ts/language-common ships. The real lists, no stand-in.
 */
import { describe, expect, it } from "vitest";
import {
  analysedLength,
  commonPassword,
  guessablePassword,
  passwordProblem,
  patternPassword,
} from "~/staff/password-check.server.ts";
import { personalPassword } from "~/staff/password-rules.ts";

const account = { email: "jane.doe@example.com", name: "Jane Doe" };

describe("passwordProblem", () => {
  it.each([
    "Password1234",
    "password12345",
    "Password1234!",
    "P@ssw0rd2024!",
    "qwerty123456789",
    "Qwertyuiop123",
    "1qaz2wsx3edc",
    "zaq12wsxcde34rfv",
    "123456789012",
    "Welcome12345",
    "letmein12345",
    "Football2024!",
    "Summer2024!!",
    "Liverpool1892",
    "drowssap12345678",
    "administrator1",
  ])("refuses %s: on the lists attackers try first, with a suggestion", async (password) => {
    expect(await passwordProblem(password, account)).toBe(commonPassword);
  });

  it.each(["trustno1trustno1", "abcdefghijklmno", "19871987198719", "2024-11-25-2024"])(
    "refuses %s: a pattern attackers try early",
    async (password) => {
      expect(await passwordProblem(password, account)).toBe(patternPassword);
    },
  );

  it("says why and what to do instead", () => {
    expect(commonPassword).toBe(
      "This password is on lists of passwords that attackers try first. Try a passphrase of four or more unrelated words.",
    );
    for (const message of [commonPassword, patternPassword, guessablePassword]) {
      expect(message).toMatch(/passphrase of four or more unrelated words\.$/);
    }
  });

  it.each([
    "a long and memorable passphrase",
    "correct horse battery staple",
    "blue staple river cactus",
    "monkey business plan",
    "Tr0ub4dor&3xyz",
    "Xk9#mP2$vL4q",
    "jane doe is here to stay",
    "🙂🙃🙂🙃🙂🙃 lantern orbit",
  ])("accepts %s", async (password) => {
    expect(await passwordProblem(password, account)).toBeNull();
  });

  it("keeps the rules that need no list, and knows the person's name and address", async () => {
    expect(await passwordProblem("elevenchars", account)).toBe("Use at least 12 characters.");
    expect(await passwordProblem("a".repeat(201), account)).toBe("Use at most 200 characters.");
    expect(await passwordProblem("Jane.Doe@Example.com", account)).toBe(personalPassword);
    expect(await passwordProblem("jane.doe2026", account)).toBe(personalPassword);
    // The name in a weak whole, where the shape rule alone lets it through.
    expect(await passwordProblem("doejane12345", account)).toBe(personalPassword);
    expect(await passwordProblem("doejane12345", { email: "x@example.com", name: "Sam Smith" })).not.toBe(
      personalPassword,
    );
  });

  it("analyses the first 64 characters only, which bounds its time whatever the input", async () => {
    expect(analysedLength).toBe(64);
    // Weak in its first 64 characters, strong only after them: refused.
    expect(await passwordProblem(`${"1".repeat(64)} blue staple river cactus`, account)).toBe(patternPassword);
    expect(await passwordProblem(`${"1".repeat(40)} blue staple river cactus`, account)).toBeNull();
    // 30 to 100 ms each on a loaded 2-core machine for the slowest inputs known (0.3 to 0.5 s analysed whole).
    for (const worst of ["1".repeat(200), "aA1!".repeat(50), "p@ssw0rd".repeat(25), "qwertyuiop".repeat(20)]) {
      const started = performance.now();
      expect(await passwordProblem(worst, account)).not.toBeNull();
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});
