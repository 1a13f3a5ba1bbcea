/**
 * Load benchmark of the form API against the production build, on SQLite and on PostgreSQL.
 *
 *   npm run bench:api [-- --duration 10] [--connections 10] [--runs 3] [--only sqlite|postgres]
 *                     [--rate N] [--drain-timeout 300] [--build] [--out NAME]
 *
 * For each database and each run: starts `node server/index.ts` on a free port with a fresh
 * DATA_DIR (SQLite in it, or a fresh schema in the PostgreSQL database `test`), no rate
 * limit, no bot timer, e-mail written as .eml files (no SMTP_URL). Drives POST /api/contact
 * and then POST /api/newsletter-signup with autocannon for a fixed duration each, every
 * request with its own e-mail address (so the duplicate window does not merge them).
 *
 * Per endpoint it records stored leads per second (2xx answers per second), latency p50/p99,
 * the outbox backlog when the load stopped (e-mails queued and not yet written) and how long
 * the outbox then took to drain it (the next endpoint starts once it has), and the server's
 * main-thread CPU time per stored lead (load and drain: the figure least moved by other work
 * on the machine). Then it checks the database against the answers: every 2xx answer is
 * stored exactly once with its e-mails, nothing is stored that was not sent, and the only
 * rows beyond the 2xx answers are requests still in flight when the load stopped.
 *
 * With --runs N (default 1) each figure is reported as the median and the spread (min–max)
 * of the N runs. By default each connection sends its next request as soon as the last is
 * answered (the most the server can take); --rate N offers N requests per second in all
 * instead, to see whether the outbox keeps up with a given rate (its backlog at the end
 * then stays small). Writes bench/results/<out>.{md,json} (default: api).
 *
 * PostgreSQL: postgres://postgres@127.0.0.1:5432/test unless TEST_DATABASE_URL is set.
 * Exit code: 0 when every check passes, 2 when a check fails, 1 when the bench itself fails.
 */
import { randomBytes } from "node:crypto";
import {
  benchLog,
  cpuTimes,
  positiveOption,
  requireBuild,
  runMain,
  type Spread,
  spread,
  startSite,
  verdict,
} from "./support/runner.ts";
import { type DbKind, outboxBacklog, type Reader, waitForDrain } from "./support/databases.ts";
import { loadFigures, runScenario, type Scenario, SCENARIOS, type Tracking } from "./support/load.ts";
import { loadBenchCommandLine, type LoadBenchOptions, onlyDatabases } from "./support/options.ts";
import {
  fmt,
  fmtSpread,
  markdownTable,
  writeResults,
  measurePerDatabase,
  machineNote,
  runsPerDatabaseNote,
  databaseSection,
  folded,
} from "./support/report.ts";

type Options = LoadBenchOptions & {
  /** Requests per second offered in all; null: as fast as answered. */
  rate: number | null;
  only: DbKind[];
  drainTimeoutS: number;
};

type Check = {
  rows: number;
  answered2xx: number;
  /** 2xx answers whose e-mail is not in the table (lost leads). */
  missing: number;
  /** Rows whose e-mail was never sent by the bench. */
  unknown: number;
  /** Rows for e-mails with more than one row. */
  duplicates: number;
  /** Rows for requests sent but not answered (in flight when the load stopped). */
  inFlightStored: number;
  /** Requests sent and not answered. */
  unanswered: number;
  outboxRows: number;
  outboxExpected: number;
  pass: boolean;
  notes: string[];
};

type ScenarioRun = {
  scenario: string;
  path: string;
  durationS: number;
  connections: number;
  requestsTotal: number;
  rps: number;
  /** 2xx answers (stored leads) per second of load. */
  leadsPerS: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  status: { "2xx": number; non2xx: number; errors: number; timeouts: number; byCode: Record<string, number> };
  /** E-mails queued and not yet sent when the load stopped. */
  backlogAtEnd: number;
  /** From the end of the load until the outbox was empty; null if it was not within --drain-timeout. */
  drainS: number | null;
  /** E-mails still waiting when the drain timed out (0 when it drained). */
  leftAfterDrain: number;
  /** Server main-thread CPU ms per stored lead, load and drain. */
  cpuMsPerLead: number | null;
  check: Check;
};

type DbRun = { run: number; scenarios: ScenarioRun[] };

type ScenarioSummary = {
  scenario: string;
  path: string;
  runs: number;
  leadsPerS: Spread;
  p50: Spread;
  p99: Spread;
  backlogAtEnd: Spread;
  /** Runs that drained within the timeout. */
  drainS: Spread | null;
  undrained: number;
  cpuMsPerLead: Spread | null;
  pass: boolean;
};

type DbResult = { database: DbKind; description: string; runs: DbRun[]; summary: ScenarioSummary[] };

const log = benchLog("bench:api");

const parseOptions: (argv: string[]) => Options = loadBenchCommandLine(
  { duration: "10", connections: "10", runs: "1", out: "api" },
  {
    rate: { type: "string" },
    only: { type: "string" },
    "drain-timeout": { type: "string", default: "300" },
  },
  (values) => {
    const drainTimeoutS = positiveOption("drain-timeout", values["drain-timeout"]);
    const rate = values.rate === undefined ? null : positiveOption("rate", values.rate);
    const only = onlyDatabases(values.only);
    return { rate, only, drainTimeoutS };
  },
);

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

async function checkRows(
  reader: Reader,
  scenario: Scenario,
  runId: string,
  tracking: Tracking,
  autocannon2xx: number,
  connections: number,
): Promise<Check> {
  const prefix = `bench-${runId}-${scenario.name}-`;
  const rows = (await reader.query(`SELECT email FROM ${scenario.table} WHERE email LIKE '${prefix}%'`)).map((r) =>
    String(r.email),
  );
  const counts = new Map<string, number>();
  for (const e of rows) counts.set(e, (counts.get(e) ?? 0) + 1);
  const missing = [...tracking.ok].filter((e) => !counts.has(e));
  const unknown = rows.filter((e) => !tracking.sent.has(e));
  const duplicates = [...counts.values()].filter((c) => c > 1).reduce((sum, c) => sum + c, 0);
  const unanswered = [...tracking.sent].filter((e) => !tracking.answered.has(e));
  const inFlightStored = [...counts.keys()].filter((e) => !tracking.ok.has(e) && !tracking.answered.has(e)).length;
  const storedAfterNon2xx = [...counts.keys()].filter((e) => tracking.answered.has(e) && !tracking.ok.has(e));
  const [outbox] = await reader.query(
    `SELECT COUNT(*) AS n FROM outbox o JOIN ${scenario.table} t ON t.id = o.lead_id WHERE t.email LIKE '${prefix}%'`,
  );
  const outboxRows = Number(outbox?.n ?? 0);
  const outboxExpected = rows.length * scenario.emailsPerRow;

  const notes: string[] = [];
  if (missing.length)
    notes.push(`${missing.length} answered 2xx but not stored (e.g. ${missing.slice(0, 3).join(", ")})`);
  if (unknown.length) notes.push(`${unknown.length} stored rows were never sent`);
  if (duplicates) notes.push(`${duplicates} rows share an e-mail address`);
  if (storedAfterNon2xx.length)
    notes.push(
      `${storedAfterNon2xx.length} stored although answered non-2xx (e.g. ${storedAfterNon2xx.slice(0, 3).join(", ")})`,
    );
  if (inFlightStored > connections)
    notes.push(
      `${inFlightStored} rows beyond the 2xx answers, more than the ${connections} requests that can be in flight`,
    );
  if (tracking.ok.size !== autocannon2xx)
    notes.push(`tracked ${tracking.ok.size} 2xx answers, autocannon counted ${autocannon2xx}`);
  if (outboxRows !== outboxExpected)
    notes.push(`outbox has ${outboxRows} rows for these leads, expected ${outboxExpected}`);
  return {
    rows: rows.length,
    answered2xx: tracking.ok.size,
    missing: missing.length,
    unknown: unknown.length,
    duplicates,
    inFlightStored,
    unanswered: unanswered.length,
    outboxRows,
    outboxExpected,
    pass: notes.length === 0,
    notes,
  };
}

// ---------------------------------------------------------------------------
// One run on one database
// ---------------------------------------------------------------------------

async function runDatabase(
  kind: DbKind,
  run: number,
  options: Options,
): Promise<{ description: string; result: DbRun }> {
  const site = await startSite(kind, "bench_api");
  const { server } = site;
  try {
    const { description } = site;
    log(`${kind} run ${run}: server up at ${server.base}`);
    const reader = await site.reader();
    const runId = randomBytes(3).toString("hex");
    const pid = server.child.pid!;
    const scenarios: ScenarioRun[] = [];
    for (const scenario of SCENARIOS) {
      log(
        `${kind} run ${run}: POST ${scenario.path} for ${options.duration} s with ${options.connections} connections` +
          (options.rate ? ` at ${options.rate} requests/s` : ""),
      );
      const cpuBefore = cpuTimes(pid);
      const { result, tracking } = await runScenario(server.base, scenario, {
        connections: options.connections,
        duration: options.duration,
        runId,
        rate: options.rate ?? undefined,
      });
      const backlogAtEnd = await outboxBacklog(reader);
      const { drainMs, left } = await waitForDrain(reader, options.drainTimeoutS * 1000);
      const cpuAfter = cpuTimes(pid);
      // The requests in flight when the load stopped have long been answered by now.
      const check = await checkRows(reader, scenario, runId, tracking, result["2xx"], options.connections);
      const figures = loadFigures(result);
      const entry: ScenarioRun = {
        scenario: scenario.name,
        path: scenario.path,
        durationS: result.duration,
        connections: options.connections,
        requestsTotal: result.requests.total,
        rps: result.requests.average,
        leadsPerS: result["2xx"] / result.duration,
        latencyMs: { ...figures.latencyMs, mean: result.latency.mean },
        status: figures.status,
        backlogAtEnd,
        drainS: drainMs === null ? null : drainMs / 1000,
        leftAfterDrain: left,
        cpuMsPerLead:
          cpuBefore && cpuAfter && check.rows > 0
            ? (cpuAfter.mainThreadMs - cpuBefore.mainThreadMs) / check.rows
            : null,
        check,
      };
      scenarios.push(entry);
      log(
        `${kind} run ${run} ${scenario.name}: ${entry.leadsPerS.toFixed(0)} leads/s, p50 ${entry.latencyMs.p50} ms, p99 ${entry.latencyMs.p99} ms, ` +
          `non-2xx ${entry.status.non2xx}, errors ${entry.status.errors}; backlog ${backlogAtEnd} e-mails, ` +
          `${entry.drainS === null ? `not drained in ${options.drainTimeoutS} s (${left} left)` : `drained in ${entry.drainS.toFixed(1)} s`}; ` +
          `rows ${check.rows} (${check.inFlightStored} in flight at stop) → ${check.pass ? "PASS" : `FAIL: ${check.notes.join("; ")}`}`,
      );
    }
    return { description, result: { run, scenarios } };
  } finally {
    await site.stop();
  }
}

function summarise(runs: DbRun[]): ScenarioSummary[] {
  return SCENARIOS.map((scenario) => {
    const all = runs.flatMap((r) => r.scenarios.filter((s) => s.scenario === scenario.name));
    const drained = all.map((s) => s.drainS).filter((d): d is number => d !== null);
    const cpu = all.map((s) => s.cpuMsPerLead).filter((c): c is number => c !== null);
    return {
      scenario: scenario.name,
      path: scenario.path,
      runs: all.length,
      leadsPerS: spread(all.map((s) => s.leadsPerS)),
      p50: spread(all.map((s) => s.latencyMs.p50)),
      p99: spread(all.map((s) => s.latencyMs.p99)),
      backlogAtEnd: spread(all.map((s) => s.backlogAtEnd)),
      drainS: drained.length ? spread(drained) : null,
      undrained: all.length - drained.length,
      cpuMsPerLead: cpu.length ? spread(cpu) : null,
      pass: all.every((s) => s.check.pass),
    };
  });
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

function summaryTable(db: DbResult, options: Options): string {
  return markdownTable(
    [
      "Endpoint",
      "Stored leads/s",
      "p50 (ms)",
      "p99 (ms)",
      "Outbox backlog at end (e-mails)",
      "Drain time (s)",
      "Server CPU ms/lead",
      "rows = 2xx",
    ],
    "lrrrrrrl",
    db.summary.map((s) => [
      `\`POST ${s.path}\``,
      fmtSpread(s.leadsPerS),
      fmtSpread(s.p50),
      fmtSpread(s.p99),
      fmtSpread(s.backlogAtEnd),
      s.undrained === 0
        ? fmtSpread(s.drainS, 1)
        : `${s.undrained} of ${s.runs} runs not drained in ${options.drainTimeoutS} s${s.drainS ? `; others ${fmtSpread(s.drainS, 1)}` : ""}`,
      fmtSpread(s.cpuMsPerLead, 2),
      s.pass ? "✅ PASS" : "❌ FAIL",
    ]),
  );
}

function runsTable(db: DbResult): string {
  return markdownTable(
    [
      "Run",
      "Endpoint",
      "Leads/s",
      "p50 (ms)",
      "p99 (ms)",
      "max (ms)",
      "2xx",
      "non-2xx",
      "errors",
      "rows",
      "of which in flight at stop",
      "outbox rows",
      "backlog at end",
      "drain (s)",
      "rows = 2xx",
    ],
    "rlrrrrrrrrrrrrl",
    db.runs.flatMap((r) =>
      r.scenarios.map((s) => {
        const c = s.check;
        return [
          r.run,
          `\`POST ${s.path}\``,
          fmt(s.leadsPerS),
          s.latencyMs.p50,
          s.latencyMs.p99,
          s.latencyMs.max,
          s.status["2xx"],
          s.status.non2xx,
          s.status.errors,
          c.rows,
          c.inFlightStored,
          `${c.outboxRows}/${c.outboxExpected}`,
          s.backlogAtEnd,
          s.drainS === null ? `> timeout (${s.leftAfterDrain} left)` : fmt(s.drainS, 1),
          c.pass ? "✅ PASS" : `❌ FAIL: ${c.notes.join("; ")}`,
        ];
      }),
    ),
  );
}

function markdownReport(
  results: DbResult[],
  meta: { date: string; options: Options; env: Record<string, string> },
): string {
  const { options } = meta;
  const intro =
    `${meta.date} · autocannon, ${options.connections} connections, ${options.rate ? `${options.rate} requests/s offered` : "each sending its next request when the last is answered"}, ${options.duration} s per endpoint, every request a new e-mail address · ` +
    `${runsPerDatabaseNote(options.runs)} · ` +
    `production build, 127.0.0.1, no rate limit, no bot timer, e-mail to .eml files · ${machineNote(meta.env)}`;
  const sections = results.map((db) =>
    databaseSection(db, [summaryTable(db, options), folded("Each run", runsTable(db))]),
  );
  const how =
    "**Stored leads/s**: 2xx answers per second of load (every 2xx is a stored lead; see the check). " +
    "**Outbox backlog at end**: e-mails queued and not yet written when the load stopped (2 per enquiry, 1 per sign-up); " +
    "**drain time**: from then until none was left (the next endpoint's load starts after it). A backlog close to all the e-mails queued means delivery did not keep up during the load. " +
    "**Server CPU ms/lead**: the server's main-thread CPU time per stored lead over the load and the drain: the figure that other work on the machine moves least. " +
    "**rows = 2xx**: every request answered 2xx is stored exactly once with its e-mails, no row exists that the bench did not send, " +
    "and the only rows beyond the 2xx answers are requests still in flight when the load stopped (the server stored them, the client had gone: at most one per connection).";
  return `# API load benchmark\n\n${intro}\n\n${sections.join("\n\n")}\n\n${how}\n`;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  requireBuild(options.build, log);
  const measured = await measurePerDatabase(options, (kind, run) => runDatabase(kind, run, options));
  const { date, env } = measured;
  const results: DbResult[] = measured.results.map((db) => ({ ...db, summary: summarise(db.runs) }));
  writeResults(
    options.out,
    { date, options, environment: env, results },
    markdownReport(results, { date, options, env }),
  );
  for (const db of results) process.stdout.write(`\n${db.database}\n${summaryTable(db, options)}\n`);
  log(`wrote bench/results/${options.out}.{json,md}`);
  const failed = results.flatMap((db) =>
    db.runs.flatMap((r) =>
      r.scenarios.filter((s) => !s.check.pass).map((s) => `${db.database} run ${r.run} ${s.scenario}`),
    ),
  );
  return verdict(failed, "stored rows match the 2xx answers", log);
}

runMain(main, log);
