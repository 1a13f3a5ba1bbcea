/** Looking after your own account: the fresh proof's window, what a proof answer is, a session's device, the e-mails. */
import { describe, expect, it } from "vitest";
import { accountChangeEmail, type AccountChange } from "~/staff/account-emails.server.ts";
import {
  deviceSummary,
  freshProofMinutes,
  isProofFresh,
  proofFreshUntil,
  readProofAnswer,
} from "~/staff/account-rules.ts";

describe("fresh proof", () => {
  const provedAt = "2026-11-25T10:00:00.000Z";
  const at = (iso: string) => new Date(iso);
  it("counts for 5 minutes after it was given, not a moment longer", () => {
    expect(freshProofMinutes).toBe(5);
    expect(proofFreshUntil(provedAt)).toBe("2026-11-25T10:05:00.000Z");
    expect(isProofFresh(provedAt, at("2026-11-25T10:00:00.000Z"))).toBe(true);
    expect(isProofFresh(provedAt, at("2026-11-25T10:04:59.999Z"))).toBe(true);
    expect(isProofFresh(provedAt, at("2026-11-25T10:05:00.000Z"))).toBe(false);
    expect(isProofFresh(provedAt, at("2026-11-25T10:06:00.000Z"))).toBe(false);
  });
  it("never counts without a proof, with a malformed one, or with one dated ahead of now", () => {
    expect(isProofFresh(null, at(provedAt))).toBe(false);
    expect(proofFreshUntil(null)).toBeNull();
    expect(isProofFresh("yesterday", at(provedAt))).toBe(false);
    expect(proofFreshUntil("yesterday")).toBeNull();
    expect(isProofFresh(provedAt, at("2026-11-25T09:59:00.000Z"))).toBe(false);
  });
});

describe("readProofAnswer", () => {
  it("takes six digits (spaces allowed) as a code and anything else as the password", () => {
    expect(readProofAnswer("123456")).toEqual({ kind: "code", code: "123456" });
    expect(readProofAnswer(" 123 456 ")).toEqual({ kind: "code", code: "123456" });
    expect(readProofAnswer("1234567")).toEqual({ kind: "password", password: "1234567" });
    expect(readProofAnswer("12345a")).toEqual({ kind: "password", password: "12345a" });
    expect(readProofAnswer("a long and memorable passphrase")).toEqual({
      kind: "password",
      password: "a long and memorable passphrase",
    });
  });
});

describe("deviceSummary", () => {
  const agents: [string, string][] = [
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
      "Chrome on Windows",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      "Safari on macOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0 Mobile/15E148 Safari/604.1",
      "Chrome on iPhone",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari on iPad",
    ],
    ["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
      "Chrome on Linux",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
      "Chrome on ChromeOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 OPR/115.0.0.0",
      "Opera on Windows",
    ],
    ["SomeBot/1.0 (Windows)", "A browser on Windows"],
    ["curl/8.5.0", "Unknown device"],
    ["", "Unknown device"],
  ];
  it.each(agents)("%s is %s", (agent, summary) => {
    expect(deviceSummary(agent)).toBe(summary);
  });
});

describe("the e-mail of a change to one's sign-in", () => {
  const base = {
    to: "sam@example.test",
    name: "Sam Staff",
    at: "2026-07-01T09:30:00.000Z",
    client: { ip: "192.0.2.7", userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7) Chrome/140.0 Mobile" },
    teamEmail: "team@example.test",
  };
  const changes: [AccountChange, RegExp][] = [
    [{ kind: "password-changed", sessionsEnded: 2 }, /password of your account was changed[\s\S]*2 other sessions/],
    [{ kind: "passkey-added", name: "Work laptop" }, /passkey named “Work laptop” was added/],
    [{ kind: "passkey-removed", name: "Old phone" }, /passkey named “Old phone” was removed/],
    [{ kind: "sign-in-set-up-again" }, /set-up link for your account was used/],
  ];
  it.each(changes)("%o says what, when (London time), from where, and whom to tell", (change, what) => {
    const email = accountChangeEmail({ ...base, change });
    expect(email.to).toBe("sam@example.test");
    expect(email.text).toMatch(what);
    // 09:30 UTC is 10:30 in London in July.
    expect(email.text).toContain("10:30");
    expect(email.text).toContain("(London time)");
    expect(email.text).toContain("Chrome on Android");
    expect(email.text).toContain("192.0.2.7");
    expect(email.text).toMatch(/If it was not you, tell an administrator at once \(write to team@example\.test\)/);
    // Nothing to click: no link, and so no link that signs in.
    expect(email.text).not.toMatch(/https?:\/\//);
    expect(email.html).not.toMatch(/<a\s/);
  });
});
