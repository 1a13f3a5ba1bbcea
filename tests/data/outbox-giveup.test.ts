/**
 * Retries, giving up and the backlog, on both databases, against a real
 * SMTP server that refuses every recipient (and, as real servers do, quotes
 * the address in its refusal). The worker runs on a clock the test moves.
 */
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backlog } from "~/data/backlog.server.ts";
import { OutboxWorker } from "~/mail/outbox-worker.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import { createMailTransport } from "~/mail/transport.server.ts";
import { createMetrics } from "~/observability/metrics.server.ts";
import { startOutboxSmtp, type OutboxSmtp } from "../../harness/outbox-harness.ts";
import { dialects } from "./databases.ts";
import { loggerInto, useTestDatabase } from "./fixtures.ts";

const HOUR = 3600_000;
const GIVE_UP_MS = 72 * HOUR;
const T0 = new Date("2026-11-23T10:00:00.000Z");

type LogLine = { level: number; msg: string; [key: string]: unknown };

describe.each(dialects)("outbox retries and give-up on %s", (dialect) => {
  let smtp: OutboxSmtp;
  let now: Date;
  let lines: LogLine[];
  let metrics: ReturnType<typeof createMetrics>;
  let transport: ReturnType<typeof createMailTransport>;
  let worker: OutboxWorker;

  const t = useTestDatabase(dialect);
  beforeEach(async () => {
    now = T0;
    lines = [];
    metrics = createMetrics();
    smtp = await startOutboxSmtp({ refuseWith: 550 });
    transport = createMailTransport({
      smtpUrl: smtp.url,
      from: "Site <no-reply@example.test>",
      dataDir: "/nonexistent",
    });
    worker = new OutboxWorker({
      db: t.handle.db,
      transport,
      maxRetryDelayMs: 60_000,
      giveUpMs: GIVE_UP_MS,
      clock: () => now,
      log: loggerInto(lines),
      metrics,
    });
  });
  afterEach(async () => {
    await worker.stop();
    transport.close?.();
    await smtp.close();
    await t.handle.db.deleteFrom("outbox").execute();
  });

  const queueAt = async (at: Date, to: string) => {
    await queueEmails(
      t.handle.db,
      { type: "contact", id: to },
      [{ to, subject: "Hello", text: "Hi", html: "<p>Hi</p>" }],
      at,
    );
    return t.handle.db.selectFrom("outbox").selectAll().where("to_address", "=", to).executeTakeFirstOrThrow();
  };
  const row = (id: string) =>
    t.handle.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const counter = async (c: { get(): Promise<{ values: { value: number }[] }> }) =>
    (await c.get()).values[0]?.value ?? 0;

  it("a message queued longer ago than giveUpMs is given up after its next failure: never tried again, logged without the address, counted", async () => {
    const oldAddress = "old-lead@example.test";
    const old = await queueAt(new Date(T0.getTime() - GIVE_UP_MS - 60_000), oldAddress);
    expect(await worker.sendDue()).toBe(1);
    const dead = await row(old.id);
    expect(dead.dead_at).toBe(T0.toISOString());
    expect(dead.sent_at).toBeNull();
    expect(dead.attempts).toBe(1);
    expect(dead.locked_by).toBeNull();
    // The refusal is kept, without the address it quoted.
    expect(dead.last_error).toMatch(/550/);
    expect(dead.last_error).toContain("[address]");
    expect(dead.last_error).not.toContain(oldAddress);
    expect(smtp.recipientAttempts.get(oldAddress)).toBe(1);
    expect(await counter(metrics.outboxDead)).toBe(1);
    expect(await counter(metrics.outboxFailed)).toBe(1);
    expect(await counter(metrics.outboxSent)).toBe(0);

    const errors = lines.filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ outboxId: old.id, attempts: 1 });
    expect(String(errors[0]!.error)).toMatch(/550/);
    expect(JSON.stringify(lines)).not.toContain("@example.test");

    // Never again: not now, not later, not by a started worker.
    for (const later of [2000, HOUR, 30 * 24 * HOUR]) {
      now = new Date(T0.getTime() + later);
      expect(await worker.sendDue()).toBe(0);
    }
    await worker.start();
    await worker.stop();
    expect(smtp.recipientAttempts.get(oldAddress)).toBe(1);
    expect(await counter(metrics.outboxDead)).toBe(1);
    expect(await backlog(t.handle.db, "outbox", now)).toEqual({ pending: 0, oldestUnsentSeconds: null, dead: 1 });
  });

  it("a failing message younger than giveUpMs is retried with backoff (2 s, 4 s, 8 s …), and given up once it is older", async () => {
    const address = "young-lead@example.test";
    const young = await queueAt(T0, address);
    const attemptsAt = async (at: number) => {
      now = new Date(T0.getTime() + at);
      return worker.sendDue();
    };
    expect(await attemptsAt(0)).toBe(1);
    let r = await row(young.id);
    expect(r).toMatchObject({ attempts: 1, dead_at: null, sent_at: null, locked_by: null });
    expect(r.next_attempt_at).toBe(new Date(T0.getTime() + 2000).toISOString());
    // Not due before its time.
    expect(await attemptsAt(1999)).toBe(0);
    expect(await attemptsAt(2000)).toBe(1);
    r = await row(young.id);
    expect(r.attempts).toBe(2);
    expect(r.next_attempt_at).toBe(new Date(T0.getTime() + 2000 + 4000).toISOString());
    expect(await attemptsAt(6000)).toBe(1);
    r = await row(young.id);
    expect(r.next_attempt_at).toBe(new Date(T0.getTime() + 6000 + 8000).toISOString());
    // The wait never exceeds the cap (60 s here).
    expect(await attemptsAt(HOUR)).toBe(1);
    r = await row(young.id);
    expect(r.attempts).toBe(4);
    expect(r.next_attempt_at).toBe(new Date(T0.getTime() + HOUR + 16_000).toISOString());
    expect(await attemptsAt(HOUR + 16_000)).toBe(1);
    expect((await row(young.id)).next_attempt_at).toBe(new Date(T0.getTime() + HOUR + 16_000 + 32_000).toISOString());
    expect(await attemptsAt(2 * HOUR)).toBe(1);
    expect((await row(young.id)).next_attempt_at).toBe(new Date(T0.getTime() + 2 * HOUR + 60_000).toISOString());
    expect(smtp.recipientAttempts.get(address)).toBe(6);
    expect(await counter(metrics.outboxDead)).toBe(0);
    expect(await counter(metrics.outboxFailed)).toBe(6);
    expect(lines.filter((l) => l.level === 40)).toHaveLength(6);
    expect(await backlog(t.handle.db, "outbox", now)).toEqual({ pending: 1, oldestUnsentSeconds: 2 * 3600, dead: 0 });

    // Exactly at giveUpMs it is still retried; past it, the next failure is the last.
    expect(await attemptsAt(GIVE_UP_MS)).toBe(1);
    expect((await row(young.id)).dead_at).toBeNull();
    expect(await attemptsAt(GIVE_UP_MS + 60_000)).toBe(1);
    r = await row(young.id);
    expect(r.dead_at).toBe(now.toISOString());
    expect(r.attempts).toBe(8);
    expect(await attemptsAt(GIVE_UP_MS + 24 * HOUR)).toBe(0);
    expect(smtp.recipientAttempts.get(address)).toBe(8);
    expect(await counter(metrics.outboxDead)).toBe(1);
    expect(JSON.stringify(lines)).not.toContain("@example.test");
  });

  it("a message that finally goes through is counted as sent and is no longer pending", async () => {
    const ok = await startOutboxSmtp();
    const okTransport = createMailTransport({
      smtpUrl: ok.url,
      from: "Site <no-reply@example.test>",
      dataDir: "/nonexistent",
    });
    const okWorker = new OutboxWorker({
      db: t.handle.db,
      transport: okTransport,
      maxRetryDelayMs: 60_000,
      giveUpMs: GIVE_UP_MS,
      clock: () => now,
      log: pino({ level: "silent" }),
      metrics,
    });
    try {
      const m = await queueAt(T0, "finally@example.test");
      await worker.sendDue();
      expect(await backlog(t.handle.db, "outbox", now)).toEqual({ pending: 1, oldestUnsentSeconds: 0, dead: 0 });
      now = new Date(T0.getTime() + 2000);
      expect(await okWorker.sendDue()).toBe(1);
      expect(ok.messages.map((x) => x.messageId)).toEqual([`<${m.id}@outbox.meridian-executive.co.uk>`]);
      const r = await row(m.id);
      expect(r).toMatchObject({ attempts: 2, last_error: null, dead_at: null, locked_by: null });
      expect(r.sent_at).toBe(now.toISOString());
      expect(await counter(metrics.outboxSent)).toBe(1);
      expect(await counter(metrics.outboxFailed)).toBe(1);
      expect(await backlog(t.handle.db, "outbox", now)).toEqual({ pending: 0, oldestUnsentSeconds: null, dead: 0 });
    } finally {
      await okWorker.stop();
      okTransport.close?.();
      await ok.close();
    }
  });

  it("the outbox backlog counts pending (unsent, not given up) and dead messages and the oldest pending one's age", async () => {
    expect(await backlog(t.handle.db, "outbox", now)).toEqual({ pending: 0, oldestUnsentSeconds: null, dead: 0 });
    const a = await queueAt(new Date(T0.getTime() - 90_000), "a@example.test");
    await queueAt(new Date(T0.getTime() - 30_000), "b@example.test");
    const c = await queueAt(new Date(T0.getTime() - 500_000), "c@example.test");
    const d = await queueAt(new Date(T0.getTime() - 900_000), "d@example.test");
    await t.handle.db.updateTable("outbox").set({ sent_at: T0.toISOString() }).where("id", "=", c.id).execute();
    await t.handle.db.updateTable("outbox").set({ dead_at: T0.toISOString() }).where("id", "=", d.id).execute();
    expect(await backlog(t.handle.db, "outbox", now)).toEqual({ pending: 2, oldestUnsentSeconds: 90, dead: 1 });
    await t.handle.db.updateTable("outbox").set({ sent_at: T0.toISOString() }).where("id", "=", a.id).execute();
    expect(await backlog(t.handle.db, "outbox", now)).toEqual({ pending: 1, oldestUnsentSeconds: 30, dead: 1 });
  });
});
