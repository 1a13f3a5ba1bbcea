/**
 * The outbox's claims under contention, on both databases, against a real
 * SMTP server that takes its time: several workers in one process, several
 * worker processes on one database, and a process killed between the mail
 * server receiving a message and the row being marked sent
 * (docs/decisions/011-outbox-claims.md).
 *
 * The lease is short (3 s) and the server holds each message 600 ms, so a
 * worker that leased rows from a stale clock reading (the bug this guards:
 * the clock read once per batch of 20 sequential sends) hands them out
 * already expired, and other workers send them again.
 */
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { OutboxWorker } from "~/mail/outbox-worker.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import { createMailTransport } from "~/mail/transport.server.ts";
import { silentLogger } from "~/observability/log.server.ts";
import {
  spawnWorkerProcess,
  startOutboxSmtp,
  type OutboxSmtp,
  type WorkerProcess,
} from "../../harness/outbox-harness.ts";
import { pollUntil } from "../../harness/servers.ts";
import { dialects } from "./databases.ts";
import { useTestDatabase } from "./fixtures.ts";

const N = 60;
const LEASE_MS = 3000;
/** Twice this is the lease: the longest a send may take here. */
const SEND_TIMEOUT_MS = 1500;
const HOLD_MS = 600;
const messageIdOf = (rowId: string) => `<${rowId}@outbox.meridian-executive.co.uk>`;

describe.each(dialects)("outbox claims on %s", (dialect) => {
  let smtp: OutboxSmtp | null = null;
  const processes: WorkerProcess[] = [];
  const workers: OutboxWorker[] = [];
  const transports: { close?(): void }[] = [];

  const t = useTestDatabase(dialect);
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((p) => p.kill()));
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    for (const transport of transports.splice(0)) transport.close?.();
    await smtp?.close();
    smtp = null;
    logged.length = 0;
    // Each test sees only its own rows.
    await t.handle.db.deleteFrom("outbox").execute();
    await t.handle.db.deleteFrom("outbox_workers").execute();
  });

  /** What the workers logged (warnings: a failed or timed-out send, a lost claim), shown when a check fails. */
  const logged: string[] = [];
  const log = pino({ level: "warn" }, { write: (line: string) => void logged.push(line) });

  /** Queues `n` messages (one lead each) and returns their row ids. */
  const queue = async (n: number, tag: string) => {
    const now = new Date();
    for (let i = 0; i < n; i++) {
      await queueEmails(
        t.handle.db,
        { type: "contact", id: `${tag}-${i}` },
        [{ to: `${tag}-${i}@example.test`, subject: `Message ${i}`, text: "Hello", html: "<p>Hello</p>" }],
        now,
      );
    }
    return (await t.handle.db.selectFrom("outbox").select("id").execute()).map((r) => r.id).sort();
  };
  const unsent = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom("outbox")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("sent_at", "is", null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * The rows whose send a worker abandoned itself and logged (the send
   * timeout fired: on a machine this busy the server may have had the message
   * all the same). Sending such a row again, with the same Message-ID, is the
   * outbox's promise (at least once); a lost claim is not, and logs nothing.
   */
  const abandonedSends = () => {
    const counts = new Map<string, number>();
    for (const line of logged.join("\n").split("\n")) {
      if (!line.includes("Outbox: sending failed")) continue;
      const { outboxId } = JSON.parse(line) as { outboxId: string };
      counts.set(outboxId, (counts.get(outboxId) ?? 0) + 1);
    }
    return counts;
  };

  /**
   * Every row sent with its own stable Message-ID, and none twice but one
   * its worker gave up on by its own timeout and logged (then it took a
   * second attempt).
   */
  const expectEachSentOnce = async (ids: string[]) => {
    const server = smtp!;
    const abandoned = abandonedSends();
    const unexplained = server
      .duplicates()
      .filter((messageId) => ![...abandoned.keys()].some((id) => messageIdOf(id) === messageId));
    expect(unexplained, logged.join("")).toEqual([]);
    expect([...new Set(server.messages.map((m) => m.messageId))].sort()).toEqual(ids.map(messageIdOf).sort());
    expect(server.messages.length - ids.length).toBeLessThanOrEqual([...abandoned.values()].reduce((a, b) => a + b, 0));
    const rows = await t.handle.db.selectFrom("outbox").select(["id", "sent_at", "locked_by", "attempts"]).execute();
    expect(rows.filter((r) => r.sent_at === null)).toEqual([]);
    expect(rows.filter((r) => r.locked_by !== null || r.attempts !== 1 + (abandoned.get(r.id) ?? 0))).toEqual([]);
  };

  it(`3 workers in one process (4 sends each at a time, ${LEASE_MS} ms lease, a server taking ${HOLD_MS} ms a message): ${N} in, ${N} out, none twice but after its own send timed out`, async () => {
    smtp = await startOutboxSmtp({ holdMs: HOLD_MS });
    const ids = await queue(N, "inproc");
    for (let i = 0; i < 3; i++) {
      const transport = createMailTransport({
        smtpUrl: smtp.url,
        from: "Site <no-reply@example.test>",
        dataDir: "/nonexistent",
        sendTimeoutMs: SEND_TIMEOUT_MS,
        maxConnections: 4,
      });
      transports.push(transport);
      workers.push(
        new OutboxWorker({
          db: t.handle.db,
          transport,
          maxRetryDelayMs: 60_000,
          concurrency: 4,
          leaseMs: LEASE_MS,
          pollMs: 100,
          log,
        }),
      );
    }
    await Promise.all(workers.map((w) => w.start()));
    expect(await pollUntil(async () => (await unsent()) === 0 && smtp!.messages.length >= N, 45_000, 50)).toBe(true);
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await expectEachSentOnce(ids);
  }, 60_000);

  it(`3 worker processes on one database: ${N} in, ${N} out, none twice but after its own send timed out`, async () => {
    smtp = await startOutboxSmtp({ holdMs: HOLD_MS });
    const ids = await queue(N, "procs");
    processes.push(
      ...(await Promise.all(
        [1, 2, 3].map(() =>
          spawnWorkerProcess({
            ...t.where,
            smtpUrl: smtp!.url,
            concurrency: 4,
            leaseMs: LEASE_MS,
            sendTimeoutMs: SEND_TIMEOUT_MS,
            pollMs: 100,
          }),
        ),
      )),
    );
    const done = await pollUntil(async () => (await unsent()) === 0 && smtp!.messages.length >= N, 45_000, 50);
    expect(done, processes.map((p) => p.output()).join("\n")).toBe(true);
    const stopping = processes.splice(0);
    await Promise.all(stopping.map((p) => p.stop()));
    logged.push(...stopping.map((p) => p.output()));
    await expectEachSentOnce(ids);
    // Each process took part, and none left a registration behind.
    expect(await t.handle.db.selectFrom("outbox_workers").select("id").execute()).toEqual([]);
  }, 60_000);

  it("a process killed after the server received a message, before it was marked sent: the next worker sends it again with the same Message-ID", async () => {
    let received!: () => void;
    const firstReceived = new Promise<void>((resolve) => (received = resolve));
    let holding = true;
    // The first message is received in full but never answered: the sender is killed waiting.
    smtp = await startOutboxSmtp({
      beforeAnswer: () => {
        if (!holding) return;
        received();
        return new Promise<void>(() => {});
      },
    });
    const [id] = await queue(1, "crash");
    const doomed = await spawnWorkerProcess({ ...t.where, smtpUrl: smtp.url, concurrency: 1 });
    processes.push(doomed);
    await firstReceived;
    holding = false;
    await doomed.kill();
    const row = await t.handle.db.selectFrom("outbox").selectAll().where("id", "=", id!).executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.locked_by).toBe(doomed.workerId);
    expect(Date.parse(row.locked_until!)).toBeGreaterThan(Date.now());

    // A restarted instance: it finds the dead owner (its pid no longer runs) and sends at once.
    const transport = createMailTransport({
      smtpUrl: smtp.url,
      from: "Site <no-reply@example.test>",
      dataDir: "/nonexistent",
    });
    transports.push(transport);
    const restarted = new OutboxWorker({ db: t.handle.db, transport, maxRetryDelayMs: 60_000, log: silentLogger });
    workers.push(restarted);
    expect(await restarted.register()).toBe(1);
    expect(await restarted.sendDue()).toBe(1);
    expect(smtp.messages.map((m) => m.messageId)).toEqual([messageIdOf(id!), messageIdOf(id!)]);
    const after = await t.handle.db.selectFrom("outbox").selectAll().where("id", "=", id!).executeTakeFirstOrThrow();
    expect(after.sent_at).not.toBeNull();
    expect(after.locked_by).toBeNull();
  }, 30_000);
});
