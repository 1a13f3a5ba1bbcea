/** Outgoing webhooks' pure rules (app/webhooks/rules.ts). */
import { describe, expect, it } from "vitest";
import {
  attemptOutcome,
  checkEndpointUrl,
  deliveryState,
  giveUpAfterMs,
  retryDelayMs,
  signingSecrets,
} from "~/webhooks/rules.ts";

const strict = { allowLocal: false };
const local = { allowLocal: true };
const error = (url: string, options = strict) => {
  const check = checkEndpointUrl(url, options);
  return check.ok ? null : check.error;
};

describe("checkEndpointUrl", () => {
  it("accepts https addresses on the internet", () => {
    expect(checkEndpointUrl(" https://hooks.zapier.com/hooks/catch/1/abc/ ", strict)).toEqual({
      ok: true,
      url: "https://hooks.zapier.com/hooks/catch/1/abc/",
    });
    expect(checkEndpointUrl("https://93.184.216.34:8443/in", strict).ok).toBe(true);
  });

  it("refuses http, credentials, fragments and what is not an address", () => {
    expect(error("http://hooks.example.com/in")).toMatch(/https/);
    expect(error("ftp://hooks.example.com/in")).toMatch(/https/);
    expect(error("https://user:pass@hooks.example.com/in")).toMatch(/user name and password/);
    expect(error("https://hooks.example.com/in#x")).toMatch(/#/);
    expect(error("hooks.example.com")).toMatch(/whole address/);
    expect(error("")).toMatch(/Enter/);
    expect(error(`https://example.com/${"a".repeat(2000)}`)).toMatch(/2,000/);
  });

  it("refuses private, loopback, link-local and reserved addresses, however they are written", () => {
    for (const host of [
      "10.1.2.3",
      "192.168.0.10",
      "172.16.5.4",
      "169.254.169.254", // cloud metadata
      "127.0.0.1",
      "0.0.0.0",
      "100.64.0.1",
      "[::1]",
      "[fd00::1]",
      "[fe80::1]",
      "[::ffff:10.0.0.1]",
      "0x7f.1", // 127.0.0.1 in hex
      "2130706433", // 127.0.0.1 as one number
    ]) {
      expect(error(`https://${host}/in`), host).not.toBeNull();
    }
  });

  it("refuses names that only mean something on a local network", () => {
    for (const host of ["localhost", "printer", "crm.local", "db.internal", "nas.home.arpa", "x.localhost"]) {
      expect(error(`https://${host}/in`), host).not.toBeNull();
    }
  });

  it("with local receivers allowed, takes http and https on the loopback only, never a private network", () => {
    expect(checkEndpointUrl("http://127.0.0.1:8080/in", local).ok).toBe(true);
    expect(checkEndpointUrl("http://localhost:8080/in", local).ok).toBe(true);
    expect(checkEndpointUrl("https://[::1]:8080/in", local).ok).toBe(true);
    expect(error("http://10.0.0.5/in", local)).toMatch(/https/);
    expect(error("https://10.0.0.5/in", local)).toMatch(/private/);
    expect(error("http://hooks.example.com/in", local)).toMatch(/https/);
  });
});

describe("retries", () => {
  it("wait 15 s, 30 s, 1 min … doubling, at most 6 hours", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(retryDelayMs(11)).toBe(15_000 * 1024);
    expect(retryDelayMs(12)).toBe(6 * 3600_000);
    expect(retryDelayMs(40)).toBe(6 * 3600_000);
  });

  it("a 2xx delivers; anything else is retried until about three days after queueing, then given up", () => {
    const queuedAt = "2026-11-24T10:00:00.000Z";
    const now = new Date("2026-11-24T10:00:05.000Z");
    expect(attemptOutcome({ status: 204, failures: 0, queuedAt, now })).toEqual({ state: "delivered" });
    expect(attemptOutcome({ status: 302, failures: 1, queuedAt, now })).toEqual({
      state: "failing",
      nextAttemptAt: new Date("2026-11-24T10:00:20.000Z"),
    });
    expect(attemptOutcome({ status: null, failures: 2, queuedAt, now }).state).toBe("failing");
    const justBefore = new Date(Date.parse(queuedAt) + giveUpAfterMs - 1);
    expect(attemptOutcome({ status: 500, failures: 20, queuedAt, now: justBefore }).state).toBe("failing");
    const atLimit = new Date(Date.parse(queuedAt) + giveUpAfterMs);
    expect(attemptOutcome({ status: 500, failures: 21, queuedAt, now: atLimit })).toEqual({ state: "dead" });
    expect(attemptOutcome({ status: 200, failures: 21, queuedAt, now: atLimit })).toEqual({ state: "delivered" });
  });
});

describe("signingSecrets", () => {
  const now = new Date("2026-11-24T12:00:00.000Z");
  it("signs with the previous secret too until its overlap ends", () => {
    const endpoint = {
      secret: "whsec_new",
      previousSecret: "whsec_old",
      previousSecretUntil: "2026-11-25T12:00:00.000Z",
    };
    expect(signingSecrets(endpoint, now)).toEqual(["whsec_new", "whsec_old"]);
    expect(signingSecrets(endpoint, new Date("2026-11-25T12:00:00.000Z"))).toEqual(["whsec_new"]);
    expect(signingSecrets({ secret: "whsec_new", previousSecret: null, previousSecretUntil: null }, now)).toEqual([
      "whsec_new",
    ]);
  });
});

describe("deliveryState", () => {
  it("delivered, given up, failing after an attempt, else pending", () => {
    expect(deliveryState({ delivered_at: "x", dead_at: null, attempts: 1 })).toBe("delivered");
    expect(deliveryState({ delivered_at: null, dead_at: "x", attempts: 9 })).toBe("dead");
    expect(deliveryState({ delivered_at: null, dead_at: null, attempts: 2 })).toBe("failing");
    expect(deliveryState({ delivered_at: null, dead_at: null, attempts: 0 })).toBe("pending");
  });
});
