/**
 * Outbox throughput against a slow mail server, on SQLite and on PostgreSQL.
 *
 *   node bench/outbox.ts [--runs 3] [--messages 60] [--hold-ms 3500] [--workers 2]
 *                        [--concurrency 8] [--only sqlite|postgres] [--out outbox]
 *
 * The setup: 60 e-mails queued, 2 site instances (here: 2 worker
 * processes, harness/outbox-worker-process.ts, each an OutboxWorker
 * with the production defaults: 8 sends at a time, 60 s lease, 30 s send
 * limit, 2 s poll) on one database, and a real SMTP server (in this process,
 * on a free port) that takes 3.5 s to accept each message. Before the fix
 * this took 102 s (one message at a time per instance).
 *
 * Each run: a fresh database (SQLite file in a temporary directory, or a
 * fresh schema in the PostgreSQL database `test`), the messages queued, then
 * the clock starts and the worker processes are spawned; it stops when every
 * row is marked sent. Wall time therefore includes starting the processes.
 * Checks: the server received exactly N messages, none twice (by
 * Message-ID), every row marked sent. Reports median, min and max of the
 * runs; writes bench/results/<out>.{md,json}.
 *
 * PostgreSQL: postgres://postgres@127.0.0.1:5432/test unless TEST_DATABASE_URL is set.
 * Exit code: 0 when every check passes, 2 when a check fails, 1 when the bench itself fails.
 */
import { cpus, loadavg } from "node:os";
import type { DatabaseHandle } from "../app/data/db.server.ts";
import { queueEmails } from "../app/mail/outbox-queue.server.ts";
import { spawnWorkerProcess, startOutboxSmtp, type WorkerProcess } from "../harness/outbox-harness.ts";
import { positiveOption, repeatRuns, spread } from "./support/runner.ts";
import { type DbKind, openBenchDatabase } from "./support/databases.ts";
import { databaseBenchCommandLine } from "./support/options.ts";
import { writeResults, databaseName } from "./support/report.ts";

const BASELINE_SECONDS = 102;

type Run = { seconds: number; received: number; duplicates: number; unsent: number; ok: boolean };
type Result = { database: DbKind; runs: Run[]; medianSeconds: number; minSeconds: number; maxSeconds: number };

const args = databaseBenchCommandLine(
  "outbox",
  {
    runs: { type: "string", default: "3" },
    messages: { type: "string", default: "60" },
    "hold-ms": { type: "string", default: "3500" },
    workers: { type: "string", default: "2" },
    concurrency: { type: "string", default: "8" },
  },
  (values) => ({
    runs: positiveOption("runs", values.runs, true),
    messages: positiveOption("messages", values.messages, true),
    holdMs: positiveOption("hold-ms", values["hold-ms"]),
    workers: positiveOption("workers", values.workers, true),
    concurrency: positiveOption("concurrency", values.concurrency, true),
  }),
)(process.argv.slice(2));
const { runs: RUNS, messages: MESSAGES, holdMs: HOLD_MS, workers: WORKERS, concurrency: CONCURRENCY } = args;
const KINDS = args.databases;

const log = (message: string) => console.log(`[bench:outbox] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function unsent(handle: DatabaseHandle) {
  const row = await handle.db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("sent_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function oneRun(kind: DbKind): Promise<Run> {
  const database = await openBenchDatabase(kind, "bench_outbox");
  const smtp = await startOutboxSmtp({ holdMs: HOLD_MS });
  const workers: WorkerProcess[] = [];
  try {
    const now = new Date();
    for (let i = 0; i < MESSAGES; i++) {
      await queueEmails(
        database.handle.db,
        { type: "contact", id: `bench-${i}` },
        [{ to: `bench-${i}@example.test`, subject: `Bench ${i}`, text: "Hello", html: "<p>Hello</p>" }],
        now,
      );
    }
    const started = performance.now();
    workers.push(
      ...(await Promise.all(
        Array.from({ length: WORKERS }, () =>
          spawnWorkerProcess({ ...database.where, smtpUrl: smtp.url, concurrency: CONCURRENCY }),
        ),
      )),
    );
    const deadline = started + Math.max(300_000, 3 * MESSAGES * HOLD_MS);
    let left = MESSAGES;
    while ((left = await unsent(database.handle)) > 0 && performance.now() < deadline) await sleep(50);
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(workers.map((w) => w.stop()));
    const run = {
      seconds: Math.round(seconds * 100) / 100,
      received: smtp.messages.length,
      duplicates: smtp.duplicates().length,
      unsent: left,
    };
    return { ...run, ok: run.received === MESSAGES && run.duplicates === 0 && run.unsent === 0 };
  } finally {
    await Promise.all(workers.map((w) => w.kill()));
    await smtp.close();
    await database.dispose();
  }
}

async function main() {
  const loadBefore = loadavg()[0]!;
  const results: Result[] = [];
  for (const kind of KINDS) {
    const runs = await repeatRuns(RUNS, async (i) => {
      const run = await oneRun(kind);
      log(
        `${kind} run ${i}/${RUNS}: ${run.seconds} s, received ${run.received}/${MESSAGES}, twice ${run.duplicates}, unsent ${run.unsent}${run.ok ? "" : "  CHECK FAILED"}`,
      );
      return run;
    });
    const seconds = spread(runs.map((r) => r.seconds));
    results.push({
      database: kind,
      runs,
      medianSeconds: seconds.median,
      minSeconds: seconds.min,
      maxSeconds: seconds.max,
    });
  }
  const loadAfter = loadavg()[0]!;
  const slots = WORKERS * CONCURRENCY;
  const floorSeconds = Math.ceil(MESSAGES / slots) * (HOLD_MS / 1000);
  const setup = {
    messages: MESSAGES,
    serverSecondsPerMessage: HOLD_MS / 1000,
    workerProcesses: WORKERS,
    concurrencyPerWorker: CONCURRENCY,
    runs: RUNS,
    floorSeconds,
    baselineSeconds: BASELINE_SECONDS,
    cpus: cpus().length,
    loadavg1m: { before: loadBefore, after: loadAfter },
    date: new Date().toISOString(),
    node: process.version,
  };
  const ok = results.every((r) => r.runs.every((run) => run.ok));
  const md = [
    `# Outbox benchmark`,
    ``,
    `${MESSAGES} e-mails, ${WORKERS} worker processes × ${CONCURRENCY} sends at a time, a local SMTP server taking ${HOLD_MS / 1000} s per message; ${RUNS} runs per database. Wall time from spawning the workers to every row marked sent (process start included). Before the fix: ${BASELINE_SECONDS} s. Floor at this concurrency: ⌈${MESSAGES}/${slots}⌉ × ${HOLD_MS / 1000} s = ${floorSeconds} s.`,
    ``,
    `| Database | Median | Min | Max | Runs (s) | Received | Sent twice | Check |`,
    `| -------- | -----: | --: | --: | -------- | -------: | ---------: | ----- |`,
    ...results.map(
      (r) =>
        `| ${databaseName(r.database)} | ${r.medianSeconds.toFixed(1)} s | ${r.minSeconds.toFixed(1)} s | ${r.maxSeconds.toFixed(1)} s | ${r.runs.map((x) => x.seconds.toFixed(1)).join(", ")} | ${r.runs.map((x) => x.received).join(", ")} | ${r.runs.map((x) => x.duplicates).join(", ")} | ${r.runs.every((x) => x.ok) ? "pass" : "FAIL"} |`,
    ),
    ``,
    `Machine: ${cpus().length} CPUs, 1-minute load ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after; Node ${process.version}; ${setup.date}.`,
    ``,
  ].join("\n");
  writeResults(args.out, { setup, results, ok }, md);
  console.log(`\n${md}`);
  log(`wrote bench/results/${args.out}.{md,json}`);
  process.exitCode = ok ? 0 : 2;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
