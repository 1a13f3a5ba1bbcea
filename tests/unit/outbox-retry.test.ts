import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "~/data/schema.ts";
import { failureOutcome, retryDelayMs } from "~/mail/outbox-rules.ts";
import { OutboxWorker } from "~/mail/outbox-worker.server.ts";
import { DEFAULT_SEND_TIMEOUT_MS, SMTP_TIMEOUTS } from "~/mail/transport.server.ts";
import { silentLogger } from "~/observability/log.server.ts";

const HOUR = 3600_000;
const now = new Date("2026-11-23T10:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("retryDelayMs", () => {
  it("waits 2 s after the first failure and doubles, up to the cap", () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 900_000))).toEqual([2000, 4000, 8000, 16_000, 32_000]);
    expect([9, 10, 11, 50].map((n) => retryDelayMs(n, 900_000))).toEqual([512_000, 900_000, 900_000, 900_000]);
    expect(retryDelayMs(3, 5000)).toBe(5000);
  });
});

describe("failureOutcome", () => {
  const base = { failures: 3, now, giveUpMs: 72 * HOUR, maxRetryDelayMs: 900_000 };

  it("retries a message queued less than giveUpMs ago, after the backoff", () => {
    expect(failureOutcome({ ...base, createdAt: ago(HOUR) })).toEqual({
      giveUp: false,
      nextAttemptAt: new Date(now.getTime() + 8000),
    });
  });

  it("still retries at exactly giveUpMs; gives up past it", () => {
    expect(failureOutcome({ ...base, createdAt: ago(72 * HOUR) }).giveUp).toBe(false);
    expect(failureOutcome({ ...base, createdAt: ago(72 * HOUR + 1) })).toEqual({ giveUp: true });
  });

  it("gives up once a message is past its not-after moment (a reminder whose webinar has started)", () => {
    const createdAt = ago(HOUR);
    expect(failureOutcome({ ...base, createdAt, notAfter: new Date(now.getTime() + 1).toISOString() }).giveUp).toBe(
      false,
    );
    expect(failureOutcome({ ...base, createdAt, notAfter: now.toISOString() })).toEqual({ giveUp: true });
  });

  it("judges by when the message was queued, not by how often it failed", () => {
    expect(failureOutcome({ ...base, failures: 1, createdAt: ago(100 * HOUR) })).toEqual({ giveUp: true });
    expect(failureOutcome({ ...base, failures: 500, createdAt: ago(HOUR) }).giveUp).toBe(false);
  });
});

describe("lease and the transport's send timeout", () => {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
  afterAll(() => db.destroy());
  const transport = (sendTimeoutMs?: number) => ({ send: async () => {}, sendTimeoutMs });
  const worker = (sendTimeoutMs: number | undefined, leaseMs?: number) =>
    new OutboxWorker({ db, transport: transport(sendTimeoutMs), maxRetryDelayMs: 60_000, leaseMs, log: silentLogger });

  it("refuses a lease shorter than twice the send timeout", () => {
    expect(() => worker(30_000, 59_999)).toThrow(/at least twice the transport's send timeout/);
    expect(() => worker(30_000, 60_000)).not.toThrow();
    expect(() => worker(undefined, 1000)).not.toThrow();
  });

  it("by default takes a lease long enough for the transport", () => {
    expect(() => worker(DEFAULT_SEND_TIMEOUT_MS)).not.toThrow();
    expect(() => worker(45_000)).not.toThrow();
  });

  it("the SMTP transport's per-wait timeouts are each shorter than its whole-send limit", () => {
    for (const ms of Object.values(SMTP_TIMEOUTS)) expect(ms).toBeLessThan(DEFAULT_SEND_TIMEOUT_MS);
  });
});
