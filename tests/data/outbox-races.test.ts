/**
 * What a worker records when a send settles after it lost its claim (the
 * lease ran out and another worker took the message), on both databases.
 * docs/decisions/011-outbox-claims.md lists these races.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OutboxWorker, type MailTransport, type OutboxWorkerOptions } from "~/mail/outbox-worker.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import { dialects } from "./databases.ts";
import { loggerInto, useTestDatabase } from "./fixtures.ts";

const T0 = new Date("2026-11-23T10:00:00.000Z");
const LEASE_MS = 60_000;

type LogLine = { level: number; msg: string; outboxId?: string };

type Pending = { id: string; resolve: () => void; reject: (e: Error) => void };
/** Every send a test left waiting: settled after each test, so a failed test leaves no worker hanging. */
const unsettled: Pending[] = [];

/** A transport whose sends wait until the test settles them, one by one. */
function controlled() {
  const pending: Pending[] = [];
  const transport: MailTransport = {
    send: (message) =>
      new Promise<void>((resolve, reject) => {
        const p = { id: message.id, resolve, reject };
        pending.push(p);
        unsettled.push(p);
      }),
  };
  return { transport, pending };
}

describe.each(dialects)("outbox races on %s", (dialect) => {
  let now: Date;
  let lines: LogLine[];
  const workers: OutboxWorker[] = [];

  const t = useTestDatabase(dialect);
  beforeEach(() => {
    now = T0;
    lines = [];
  });
  afterEach(async () => {
    for (const p of unsettled.splice(0)) p.reject(new Error("test over"));
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await t.handle.db.deleteFrom("outbox").execute();
  });

  /** A worker on the test database and clock whose log lines the test can read; stopped after the test. */
  const worker = (transport: MailTransport, options: Partial<OutboxWorkerOptions> = {}) => {
    const w = new OutboxWorker({
      db: t.handle.db,
      transport,
      maxRetryDelayMs: 60_000,
      leaseMs: LEASE_MS,
      clock: () => now,
      log: loggerInto(lines),
      ...options,
    });
    workers.push(w);
    return w;
  };
  const row = (id: string) =>
    t.handle.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const one = async () => {
    await queueEmails(
      t.handle.db,
      { type: "contact", id: "race" },
      [{ to: "race@example.test", subject: "S", text: "T", html: "H" }],
      T0,
    );
    return (await t.handle.db.selectFrom("outbox").select("id").executeTakeFirstOrThrow()).id;
  };

  it("claims no more messages than it has free sending slots, and claims again as each slot frees", async () => {
    for (let i = 0; i < 5; i++)
      await queueEmails(
        t.handle.db,
        { type: "contact", id: `slots-${i}` },
        [{ to: `s${i}@example.test`, subject: "S", text: "T", html: "H" }],
        T0,
      );
    const c = controlled();
    const w = worker(c.transport, { concurrency: 2 });
    const claimed = async () =>
      (await t.handle.db.selectFrom("outbox").select("id").where("locked_by", "=", w.identity.id).execute()).length;
    const sending = w.sendDue();
    await vi.waitFor(() => expect(c.pending).toHaveLength(2));
    expect(await claimed()).toBe(2);
    c.pending[0]!.resolve();
    await vi.waitFor(() => expect(c.pending).toHaveLength(3));
    expect(await claimed()).toBe(2);
    for (let i = 1; i < 5; i++) {
      await vi.waitFor(() => expect(c.pending.length).toBeGreaterThan(i));
      c.pending[i]!.resolve();
    }
    expect(await sending).toBe(5);
    expect(await claimed()).toBe(0);
  });

  /** A claims and starts sending; its lease runs out; B claims the same message and starts sending too. */
  const bothSending = async () => {
    const id = await one();
    const a = controlled();
    const b = controlled();
    const workerA = worker(a.transport);
    const workerB = worker(b.transport);
    const sendingA = workerA.sendDue();
    await vi.waitFor(() => expect(a.pending).toHaveLength(1));
    expect((await row(id)).locked_by).toBe(workerA.identity.id);
    // Still A's until the lease has run out.
    now = new Date(T0.getTime() + LEASE_MS);
    expect(await workerB.sendDue()).toBe(0);
    now = new Date(T0.getTime() + LEASE_MS + 1);
    const sendingB = workerB.sendDue();
    await vi.waitFor(() => expect(b.pending).toHaveLength(1));
    expect((await row(id)).locked_by).toBe(workerB.identity.id);
    return { id, a, b, workerA, workerB, sendingA, sendingB };
  };

  it("the first to finish records the send even without the claim; the second finds it sent and says so", async () => {
    const { id, a, b, sendingA, sendingB } = await bothSending();
    a.pending[0]!.resolve();
    await sendingA;
    let r = await row(id);
    const sentByA = now.toISOString();
    expect(r.sent_at).toBe(sentByA);
    expect(r.locked_by).toBeNull();
    expect(lines.some((l) => l.level === 40 && l.outboxId === id && /losing the claim/.test(l.msg))).toBe(true);
    now = new Date(now.getTime() + 1000);
    b.pending[0]!.resolve();
    await sendingB;
    r = await row(id);
    expect(r.sent_at).toBe(sentByA);
    expect(r.attempts).toBe(1);
    expect(lines.some((l) => l.level === 40 && l.outboxId === id && /already sent/.test(l.msg))).toBe(true);
  });

  it("the holder records its own send normally; the one that lost its claim then finds it sent", async () => {
    const { id, a, b, sendingA, sendingB } = await bothSending();
    b.pending[0]!.resolve();
    await sendingB;
    expect((await row(id)).sent_at).not.toBeNull();
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    a.pending[0]!.resolve();
    await sendingA;
    expect((await row(id)).attempts).toBe(1);
    expect(lines.some((l) => l.level === 40 && l.outboxId === id && /already sent/.test(l.msg))).toBe(true);
  });

  it("a failure reported after losing the claim leaves the message to its new holder", async () => {
    const { id, a, b, workerB, sendingA, sendingB } = await bothSending();
    a.pending[0]!.reject(new Error("421 try again"));
    await sendingA;
    let r = await row(id);
    expect(r).toMatchObject({ locked_by: workerB.identity.id, attempts: 0, last_error: null, sent_at: null });
    b.pending[0]!.resolve();
    await sendingB;
    r = await row(id);
    expect(r.sent_at).not.toBeNull();
    expect(r.attempts).toBe(1);
  });

  it("a send that settles after a reaper freed the claim is still recorded, so nobody sends it again", async () => {
    const id = await one();
    const a = controlled();
    const workerA = worker(a.transport);
    const sendingA = workerA.sendDue();
    await vi.waitFor(() => expect(a.pending).toHaveLength(1));
    // As a reaper does for an owner it takes for dead.
    await t.handle.db.updateTable("outbox").set({ locked_by: null, locked_until: null }).where("id", "=", id).execute();
    a.pending[0]!.resolve();
    await sendingA;
    const r = await row(id);
    expect(r.sent_at).not.toBeNull();
    expect(r.attempts).toBe(1);
    const c = controlled();
    expect(await worker(c.transport).sendDue()).toBe(0);
  });
});
