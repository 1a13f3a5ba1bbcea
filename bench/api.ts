/**
 * Load benchmark of the form API against the production build, on SQLite and on PostgreSQL.
 *
 *   npm run bench:api [-- --duration 10] [--connections 10] [--only sqlite|postgres] [--build] [--out NAME]
 *
 * For each database: starts `node server/index.ts` on a free port with a fresh DATA_DIR
 * (SQLite in it, or a fresh schema in the PostgreSQL database `test`), no rate limit, no
 * bot timer, e-mail written as .eml files (no SMTP_URL). Drives POST /api/contact and then
 * POST /api/newsletter-signup with autocannon for a fixed duration each, every request with
 * its own e-mail address (so the duplicate window does not merge them). Reports requests per
 * second, latency p50/p99 and the answers, then checks the database against the answers:
 * every 2xx answer is stored exactly once, nothing is stored that was not sent, and the only
 * rows beyond the 2xx answers are requests still in flight when the load stopped (the server
 * finished them, the client had gone). Writes bench/results/<out>.{md,json} (default: api).
 *
 * PostgreSQL: postgres://postgres@127.0.0.1:5432/test unless TEST_DATABASE_URL is set.
 * Exit code: 0 when every check passes, 2 when a check fails, 1 when the bench itself fails.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { build, freePort, ROOT } from "./common.ts";
import pg from "pg";

const RESULTS_DIR = path.join(ROOT, "bench", "results");
const HEALTH_TIMEOUT_MS = 30_000;
const PG_BASE = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

type DbKind = "sqlite" | "postgres";
type Options = { duration: number; connections: number; only: DbKind[]; build: boolean; out: string };

type Scenario = {
  name: string;
  path: string;
  table: "contact_enquiries" | "newsletter_subscriptions";
  /** E-mails each stored row queues. */
  emailsPerRow: number;
  body: (email: string) => Record<string, unknown>;
};

const SCENARIOS: Scenario[] = [
  {
    name: "contact",
    path: "/api/contact",
    table: "contact_enquiries",
    emailsPerRow: 2,
    body: (email) => ({
      name: "Bench Visitor",
      email,
      phone: "+44 20 7946 0999",
      company: "Load Test Ltd",
      jobTitle: "Head of Learning",
      serviceInterest: "risk-grc",
      message: "We would like to discuss a risk management programme for our team of twelve.",
      preferredContact: "email",
    }),
  },
  {
    name: "newsletter",
    path: "/api/newsletter-signup",
    table: "newsletter_subscriptions",
    emailsPerRow: 1,
    body: (email) => ({ email }),
  },
];

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

type ScenarioResult = {
  scenario: string;
  path: string;
  durationS: number;
  connections: number;
  requestsTotal: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  status: { "2xx": number; non2xx: number; errors: number; timeouts: number; byCode: Record<string, number> };
  check: Check;
};

type DbResult = { database: DbKind; description: string; scenarios: ScenarioResult[]; outboxPendingAtEnd: number };

const log = (msg: string): void => void process.stderr.write(`[bench:api] ${msg}\n`);

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "10" },
      only: { type: "string" },
      build: { type: "boolean", default: false },
      out: { type: "string", default: "api" },
    },
  });
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration <= 0)
    throw new Error(`--duration must be a positive number of seconds, got "${values.duration}"`);
  const connections = Number(values.connections);
  if (!Number.isInteger(connections) || connections < 1)
    throw new Error(`--connections must be a positive integer, got "${values.connections}"`);
  let only: DbKind[] = ["sqlite", "postgres"];
  if (values.only !== undefined) {
    if (values.only !== "sqlite" && values.only !== "postgres")
      throw new Error(`--only must be sqlite or postgres, got "${values.only}"`);
    only = [values.only];
  }
  if (!/^[\w-]+$/.test(values.out)) throw new Error(`--out must be a plain file name, got "${values.out}"`);
  return { duration, connections, only, build: values.build, out: values.out };
}

// ---------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------

type Server = { child: ChildProcess; output: () => string; base: string };

function startServer(port: number, dataDir: string, databaseUrl: string | undefined): Server {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    APP_ENV: "production",
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_MAX: "1000000000",
    FORM_MIN_FILL_SECONDS: "0",
  };
  // E-mail to .eml files; the database is ours to choose.
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (chunk: Buffer): void => void (out = (out + chunk.toString()).slice(-8000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => out, base: `http://127.0.0.1:${port}` };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (sig: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* already gone */
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

async function waitForHealth(server: Server): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `server exited (${server.child.exitCode ?? server.child.signalCode}) before /healthz answered. Output:\n${server.output()}`,
      );
    }
    try {
      const res = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `server did not answer 200 on ${server.base}/healthz within ${HEALTH_TIMEOUT_MS / 1000} s. Output:\n${server.output()}`,
  );
}

// ---------------------------------------------------------------------------
// Database access (read side, for the checks)
// ---------------------------------------------------------------------------

type Reader = { query(sql: string): Promise<Record<string, unknown>[]>; close(): Promise<void> };

async function openReader(kind: DbKind, dataDir: string, databaseUrl: string | undefined): Promise<Reader> {
  if (kind === "postgres") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      query: async (sql) => (await client.query(sql)).rows as Record<string, unknown>[],
      close: () => client.end(),
    };
  }
  const db = new SQLite(path.join(dataDir, "site.db"), { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return {
    query: async (sql) => db.prepare(sql).all() as Record<string, unknown>[],
    close: async () => void db.close(),
  };
}

async function createSchema(): Promise<string> {
  const schema = `bench_api_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  return schema;
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    return String((await client.query("SHOW server_version")).rows[0]?.server_version ?? "unknown");
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------

type Tracking = { sent: Set<string>; ok: Set<string>; answered: Set<string> };

async function runScenario(
  base: string,
  scenario: Scenario,
  options: Options,
  runId: string,
): Promise<{ result: autocannon.Result; tracking: Tracking }> {
  const tracking: Tracking = { sent: new Set(), ok: new Set(), answered: new Set() };
  let n = 0;
  // With pipelining 1, a connection's context belongs to the one request it has in flight:
  // setupRequest writes the address into it, onResponse reads it back.
  const request: autocannon.Request = {
    method: "POST",
    path: scenario.path,
    headers: { "content-type": "application/json" },
    setupRequest(req, context) {
      const email = `bench-${runId}-${scenario.name}-${++n}@example.test`;
      (context as { email?: string }).email = email;
      tracking.sent.add(email);
      return { ...req, body: JSON.stringify(scenario.body(email)) };
    },
    onResponse(status, _body, context) {
      const email = (context as { email?: string }).email;
      if (!email) return;
      tracking.answered.add(email);
      if (status >= 200 && status < 300) tracking.ok.add(email);
    },
  };
  const result = await autocannon({
    url: base,
    connections: options.connections,
    duration: options.duration,
    pipelining: 1,
    timeout: 10,
    requests: [request],
  });
  return { result, tracking };
}

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

async function benchDatabase(kind: DbKind, options: Options): Promise<DbResult> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-api-${kind}-`));
  const schema = kind === "postgres" ? await createSchema() : null;
  const databaseUrl = schema ? `${PG_BASE}?options=${encodeURIComponent(`-c search_path=${schema}`)}` : undefined;
  const server = startServer(port, dataDir, databaseUrl);
  let reader: Reader | null = null;
  try {
    await waitForHealth(server);
    const description =
      kind === "postgres"
        ? `PostgreSQL ${await postgresVersion()} (schema ${schema} in ${new URL(PG_BASE).pathname.slice(1)})`
        : "SQLite (WAL) in a fresh DATA_DIR";
    log(`${kind}: server up at ${server.base}`);
    reader = await openReader(kind, dataDir, databaseUrl);
    const runId = randomBytes(3).toString("hex");
    const scenarios: ScenarioResult[] = [];
    for (const scenario of SCENARIOS) {
      log(`${kind}: POST ${scenario.path} for ${options.duration} s with ${options.connections} connections`);
      const { result, tracking } = await runScenario(server.base, scenario, options, runId);
      // Let the server finish what was in flight when the client stopped.
      await new Promise((r) => setTimeout(r, 1000));
      const check = await checkRows(reader, scenario, runId, tracking, result["2xx"], options.connections);
      const byCode: Record<string, number> = {};
      for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) byCode[code] = Number(stat.count ?? 0);
      const entry: ScenarioResult = {
        scenario: scenario.name,
        path: scenario.path,
        durationS: result.duration,
        connections: options.connections,
        requestsTotal: result.requests.total,
        rps: result.requests.average,
        latencyMs: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
          mean: result.latency.mean,
        },
        status: {
          "2xx": result["2xx"],
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          byCode,
        },
        check,
      };
      scenarios.push(entry);
      log(
        `${kind} ${scenario.name}: ${entry.rps.toFixed(0)} req/s, p50 ${entry.latencyMs.p50} ms, p99 ${entry.latencyMs.p99} ms, ` +
          `2xx ${entry.status["2xx"]}, non-2xx ${entry.status.non2xx}, errors ${entry.status.errors}; rows ${check.rows} ` +
          `(${check.inFlightStored} in flight at stop) → ${check.pass ? "PASS" : `FAIL: ${check.notes.join("; ")}`}`,
      );
    }
    const [pending] = await reader.query("SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL");
    return { database: kind, description, scenarios, outboxPendingAtEnd: Number(pending?.n ?? 0) };
  } finally {
    await reader?.close().catch(() => {});
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
    if (schema)
      await dropSchema(schema).catch((error: unknown) => log(`could not drop schema ${schema}: ${String(error)}`));
  }
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

const fmt = (n: number, digits = 0): string => n.toFixed(digits);

function markdownTable(db: DbResult): string {
  const rows = db.scenarios.map((s) => {
    const c = s.check;
    return (
      `| \`POST ${s.path}\` | ${fmt(s.rps)} | ${s.latencyMs.p50} | ${s.latencyMs.p99} | ${s.latencyMs.max} | ${s.status["2xx"]} | ${s.status.non2xx} | ${s.status.errors} ` +
      `| ${c.rows} | ${c.inFlightStored} | ${c.outboxRows}/${c.outboxExpected} | ${c.pass ? "✅ PASS" : `❌ FAIL: ${c.notes.join("; ")}`} |`
    );
  });
  return [
    "| Endpoint | Req/s | p50 (ms) | p99 (ms) | max (ms) | 2xx | non-2xx | errors | rows | of which in flight at stop | outbox rows | rows = 2xx |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows,
  ].join("\n");
}

function markdownReport(
  results: DbResult[],
  meta: { date: string; options: Options; env: Record<string, string> },
): string {
  const intro =
    `${meta.date} · autocannon, ${meta.options.connections} connections, ${meta.options.duration} s per endpoint, every request a new e-mail address · ` +
    `production build, 127.0.0.1, no rate limit, no bot timer, e-mail to .eml files · Node ${meta.env.node} · ${meta.env.cpus} · load average ${meta.env.load}` +
    `${meta.env.commit ? ` · commit ${meta.env.commit}` : ""}`;
  const sections = results.map(
    (db) =>
      `## ${db.database === "sqlite" ? "SQLite" : "PostgreSQL"}\n\n${db.description}.\n\n${markdownTable(db)}\n\nOutbox e-mails not yet written when the run ended: ${db.outboxPendingAtEnd}.`,
  );
  const how =
    "**rows = 2xx**: every request answered 2xx is stored exactly once, no row exists that the bench did not send, " +
    "and the only rows beyond the 2xx answers are requests still in flight when the load stopped (the server stored them, the client had gone: at most one per connection). " +
    "Outbox rows: the e-mails queued with those rows (2 per enquiry, 1 per sign-up) against the expected number.";
  return `# API load benchmark\n\n${intro}\n\n${sections.join("\n\n")}\n\n${how}\n`;
}

function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.build) build(log);
  if (!existsSync(path.join(ROOT, "build", "server", "index.js")))
    throw new Error("no production build: run `npm run build` first (or pass --build)");
  const loadBefore = loadavg()[0]!;
  const results: DbResult[] = [];
  for (const kind of options.only) results.push(await benchDatabase(kind, options));
  const loadAfter = loadavg()[0]!;

  const date = new Date().toISOString();
  const commit = gitCommit();
  const cpuList = cpus();
  const env: Record<string, string> = {
    node: process.version,
    cpus: `${cpuList.length} × ${cpuList[0]?.model.trim() ?? "CPU"}`,
    // Other work on the machine skews the figures: the 1-minute load average before and after.
    load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
  };
  if (commit) env.commit = commit;
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = { date, options, environment: env, results };
  writeFileSync(path.join(RESULTS_DIR, `${options.out}.json`), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(path.join(RESULTS_DIR, `${options.out}.md`), markdownReport(results, { date, options, env }));
  for (const db of results) process.stdout.write(`\n${db.database}\n${markdownTable(db)}\n`);
  log(`wrote ${path.relative(ROOT, RESULTS_DIR)}/${options.out}.{json,md}`);
  const failed = results.flatMap((db) =>
    db.scenarios.filter((s) => !s.check.pass).map((s) => `${db.database} ${s.scenario}`),
  );
  if (failed.length) {
    log(`FAIL: ${failed.join(", ")}`);
    return 2;
  }
  log("PASS: stored rows match the 2xx answers");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
