/**
 * One outbox worker in a process of its own, as a site instance runs it:
 * the multi-process tests (tests/data/outbox-claims.test.ts) and the
 * benchmark (bench/outbox.ts) start several of these on one database with
 * spawnWorkerProcess (harness/outbox-harness.ts).
 *
 *   node harness/outbox-worker-process.ts '<json options>'
 *
 * Options: { dataDir? (SQLite in dataDir/site.db) | databaseUrl? (PostgreSQL),
 * smtpUrl, concurrency, leaseMs?, pollMs?, sendTimeoutMs? }. Talks to its
 * parent over IPC: sends { type: "ready", workerId, pid } once started and
 * { type: "stopped" } after a "stop" message (it then exits); it exits too if
 * the parent goes away. Logs (pino, JSON) go to standard error at warn.
 */
import pino from "pino";
import { openDatabase } from "../app/data/db.server.ts";
import { OutboxWorker } from "../app/mail/outbox-worker.server.ts";
import { createMailTransport } from "../app/mail/transport.server.ts";

export type WorkerProcessOptions = {
  dataDir?: string;
  databaseUrl?: string;
  smtpUrl: string;
  concurrency: number;
  leaseMs?: number;
  pollMs?: number;
  sendTimeoutMs?: number;
};

export type WorkerProcessMessage = { type: "ready"; workerId: string; pid: number } | { type: "stopped" };

const options = JSON.parse(process.argv[2] ?? "{}") as WorkerProcessOptions;
const send = (message: WorkerProcessMessage) => process.send?.(message);

const database = await openDatabase({ dataDir: options.dataDir ?? process.cwd(), databaseUrl: options.databaseUrl });
const transport = createMailTransport({
  smtpUrl: options.smtpUrl,
  from: "Site <no-reply@example.test>",
  dataDir: "/nonexistent",
  sendTimeoutMs: options.sendTimeoutMs,
  maxConnections: options.concurrency,
});
const worker = new OutboxWorker({
  db: database.db,
  transport,
  maxRetryDelayMs: 60_000,
  concurrency: options.concurrency,
  leaseMs: options.leaseMs,
  pollMs: options.pollMs,
  log: pino({ name: `outbox-${process.pid}`, level: "warn" }, pino.destination(2)),
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await worker.stop();
  transport.close?.();
  await database.close();
  send({ type: "stopped" });
  process.disconnect?.();
}

process.on("message", (message: { type?: string }) => {
  if (message?.type === "stop") void stop();
});
process.on("disconnect", () => {
  if (!stopping) void stop().finally(() => process.exit(0));
});

await worker.start();
send({ type: "ready", workerId: worker.identity.id, pid: process.pid });
