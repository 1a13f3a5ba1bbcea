/**
 * What the benchmark scripts share: run.ts (Lighthouse), api.ts (form API load) and the
 * lead-path profiler (profile-lead-path.ts): the build, free ports, starting and stopping
 * the production server, reading the database behind it, driving the form API with
 * autocannon, and the server's CPU time.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import pg from "pg";
import { keyFileMaterial } from "../app/secrets/keys.server.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");

/** `npm run build` in the project; throws if it fails. */
export function build(log: (msg: string) => void): void {
  log("npm run build");
  const res = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (res.status !== 0) throw new Error(`npm run build failed (exit ${res.status ?? res.signal})`);
}

/** A TCP port on 127.0.0.1 that is free right now (one home for the tests and the benchmarks). */
export { freePort } from "../tests/support/ports.ts";

/** The short hash of the checked-out commit (what a result was measured on), or null outside git. */
export function gitCommit(): string | null {
  const res = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] });
  return res.status === 0 ? res.stdout.toString().trim() || null : null;
}

// ---------------------------------------------------------------------------
// The production server
// ---------------------------------------------------------------------------

export type DbKind = "sqlite" | "postgres";

export const PG_BASE = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const HEALTH_TIMEOUT_MS = 30_000;

export type Server = { child: ChildProcess; output: () => string; base: string };

export type ServerOptions = {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** The project to run (default: this one); its build/ is served. */
  root?: string;
  /** Extra environment (wins over the defaults below). */
  env?: Record<string, string>;
  /** Extra Node options, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** Another program to run instead, with its arguments (the Lighthouse bench's --server-cmd, a testing aid). */
  command?: string[];
};

/**
 * Starts `node server/index.ts` in production mode: no rate limit, no bot timer, e-mail
 * written as .eml files (no SMTP_URL), SQLite in `dataDir` unless `databaseUrl` is given.
 * The server is the leader of its own process group (stopServer signals the group).
 */
export function startServer({
  port,
  dataDir,
  databaseUrl,
  root = ROOT,
  env = {},
  nodeArgs = [],
  command = [process.execPath, ...nodeArgs, "server/index.ts"],
}: ServerOptions): Server {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    APP_ENV: "production",
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_MAX: "1000000000",
    BOOKING_RATE_LIMIT_MAX: "1000000000",
    FORM_MIN_FILL_SECONDS: "0",
  };
  // E-mail to .eml files; the database is ours to choose.
  delete childEnv.SMTP_URL;
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  if (databaseUrl) {
    childEnv.DATABASE_URL = databaseUrl;
    // Production with PostgreSQL needs SECRETS_KEY (ADR 033): the key file's
    // own key, so what the bench seals beside the server (bench:inbox) opens.
    childEnv.SECRETS_KEY = keyFileMaterial(dataDir);
  }
  Object.assign(childEnv, env);
  const [program = process.execPath, ...args] = command;
  const child = spawn(program, args, {
    cwd: root,
    env: childEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (chunk: Buffer): void => void (out = (out + chunk.toString()).slice(-8000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => out, base: `http://127.0.0.1:${port}` };
}

/**
 * Stops the server: SIGTERM by default (SIGINT also lets it finish and exit normally, which
 * is when `--cpu-prof` writes its profile); SIGKILL if it has not exited within `graceMs`.
 */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM", graceMs = 10_000) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const send = (sig: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* already gone */
    }
  };
  send(signal);
  const timer = setTimeout(() => send("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function waitForHealth(server: Server): Promise<void> {
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

/**
 * CPU time the server has used so far, in ms: the whole process (every thread: libuv's
 * pool, GC helpers) and its main thread alone (the one JavaScript runs on, which is what
 * limits the request rate). Linux only (/proc); null elsewhere.
 */
export function cpuTimes(pid: number): { processMs: number; mainThreadMs: number } | null {
  const ticks = (file: string): number => {
    const stat = readFileSync(file, "utf8");
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14 and 15)
  };
  try {
    // Clock ticks: 100 per second on Linux.
    return { processMs: ticks(`/proc/${pid}/stat`) * 10, mainThreadMs: ticks(`/proc/${pid}/task/${pid}/stat`) * 10 };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// The database behind the server (read side)
// ---------------------------------------------------------------------------

export type Reader = { query(sql: string): Promise<Record<string, unknown>[]>; close(): Promise<void> };

export async function openReader(kind: DbKind, dataDir: string, databaseUrl: string | undefined): Promise<Reader> {
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

/** A fresh schema in the PostgreSQL database, and the DATABASE_URL that uses it. */
export async function createSchema(prefix: string): Promise<{ schema: string; databaseUrl: string }> {
  const schema = `${prefix}_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  return { schema, databaseUrl: `${PG_BASE}?options=${encodeURIComponent(`-c search_path=${schema}`)}` };
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    return String((await client.query("SHOW server_version")).rows[0]?.server_version ?? "unknown");
  } finally {
    await client.end();
  }
}

/**
 * E-mails queued and not yet sent. Counted from the sent_at index alone: a condition on
 * another column would read every waiting row, and a row with its bodies spills into
 * overflow pages (a poll every 100 ms would then cost the server real time on SQLite).
 * The bench's e-mails are written to files and never fail, so none is given up.
 */
export async function outboxBacklog(reader: Reader): Promise<number> {
  const [row] = await reader.query("SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL");
  return Number(row?.n ?? 0);
}

/**
 * Polls the outbox until nothing is left to send; returns how long that took (from the
 * call), or null with what is left after `timeoutMs`.
 */
export async function waitForDrain(
  reader: Reader,
  timeoutMs: number,
): Promise<{ drainMs: number | null; left: number }> {
  const started = performance.now();
  for (;;) {
    const left = await outboxBacklog(reader);
    if (left === 0) return { drainMs: performance.now() - started, left };
    if (performance.now() - started > timeoutMs) return { drainMs: null, left };
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------

export type Scenario = {
  name: string;
  path: string;
  table: "contact_enquiries" | "newsletter_subscriptions";
  /** E-mails each stored row queues. */
  emailsPerRow: number;
  body: (email: string) => Record<string, unknown>;
};

export const SCENARIOS: Scenario[] = [
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

/** Which addresses were sent, answered, and answered 2xx. */
export type Tracking = { sent: Set<string>; ok: Set<string>; answered: Set<string> };

export async function runScenario(
  base: string,
  scenario: Scenario,
  {
    connections,
    duration,
    runId,
    rate,
  }: {
    connections: number;
    duration: number;
    runId: string;
    /** Requests per second from all connections together (an open load); default: as fast as answered. */
    rate?: number;
  },
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
    connections,
    duration,
    pipelining: 1,
    timeout: 10,
    requests: [request],
    ...(rate ? { overallRate: rate } : {}),
  });
  return { result, tracking };
}

// ---------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0–100) of the values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

/** Median, min and max of several runs. */
export type Spread = { median: number; min: number; max: number };

export function spread(values: number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/**
 * The pages a page benchmark measures: `pages`, or those --only names, each of which must be
 * one of `pages` or of `more` (pages measured only when named).
 */
export function selectPages(only: string[] | null, pages: readonly string[], more: readonly string[] = []): string[] {
  if (!only) return [...pages];
  const known = [...pages, ...more];
  const unknown = only.filter((p) => !known.includes(p));
  if (unknown.length > 0) throw new Error(`--only: not a page this benchmark knows: ${unknown.join(", ")}`);
  return known.filter((p) => only.includes(p));
}

/** A benchmark's progress line on stderr, marked with its name. */
export const benchLog =
  (name: string) =>
  (msg: string): void =>
    void process.stderr.write(`[${name}] ${msg}\n`);

/** A positive number (a whole one if `integer`) from option --`name`; throws naming the option otherwise. */
export function positiveOption(name: string, value: string, integer = false): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    throw new Error(`--${name} must be a positive ${integer ? "integer" : "number"}, got "${value}"`);
  return n;
}

/** --out: the results file's name (bench/results/<out>.{md,json}), a plain one. */
function resultsName(out: string): string {
  if (!/^[\w-]+$/.test(out)) throw new Error(`--out must be a plain file name, got "${out}"`);
  return out;
}

/** parseArgs' values for the options `O`, typed by their declarations. */
type OptionValues<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O }>
>["values"];

/**
 * A kind of benchmark's command-line parser maker: the options its
 * benchmarks share (`shared`, given each one's defaults, read by
 * `readShared`). Each benchmark adds its own (`own`, read by `readOwn`);
 * both are parsed together, so that an option neither declares is an error.
 */
function commandLineKind<D, S extends ParseArgsOptionsConfig, SR>(
  shared: (defaults: D) => S,
  readShared: (values: OptionValues<S>) => SR,
) {
  return <O extends ParseArgsOptionsConfig, OR>(
      defaults: D,
      own: O,
      readOwn: (values: OptionValues<O>) => OR,
    ): ((argv: string[]) => SR & OR) =>
    (argv) => {
      const { values } = parseArgs({ args: argv, options: { ...shared(defaults), ...own } });
      // The values of both sets of options: each reader takes its own.
      return { ...readShared(values as OptionValues<S>), ...readOwn(values as OptionValues<O>) };
    };
}

/**
 * The options the load benchmarks (api.ts, scale.ts, static.ts) share, with
 * each one's defaults: autocannon's --duration (seconds) and --connections,
 * --runs N, --build, --out NAME.
 */
const loadBenchOptions = (defaults: { duration: string; connections: string; runs: string; out: string }) =>
  ({
    duration: { type: "string", default: defaults.duration },
    connections: { type: "string", default: defaults.connections },
    runs: { type: "string", default: defaults.runs },
    build: { type: "boolean", default: false },
    out: { type: "string", default: defaults.out },
  }) as const;

export type LoadBenchOptions = { duration: number; connections: number; runs: number; build: boolean; out: string };

function readLoadBenchOptions(values: OptionValues<ReturnType<typeof loadBenchOptions>>): LoadBenchOptions {
  return {
    duration: positiveOption("duration", values.duration),
    connections: positiveOption("connections", values.connections, true),
    runs: positiveOption("runs", values.runs, true),
    build: values.build,
    out: resultsName(values.out),
  };
}

/** A load benchmark's command-line parser: the shared options with its defaults, and its own. */
export const loadBenchCommandLine = commandLineKind(loadBenchOptions, readLoadBenchOptions);

/** The options the page benchmarks share: --runs N, --only a,b, --no-build, --out NAME (default: `out`). */
const pageBenchOptions = (out: string) =>
  ({
    runs: { type: "string", default: "3" },
    only: { type: "string" },
    "no-build": { type: "boolean", default: false },
    out: { type: "string", default: out },
  }) as const;

export type PageBenchOptions = { runs: number; only: string[] | null; build: boolean; out: string };

function readPageBenchOptions(values: OptionValues<ReturnType<typeof pageBenchOptions>>): PageBenchOptions {
  const runs = positiveOption("runs", values.runs, true);
  const only = values.only
    ? values.only
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)
    : null;
  return { runs, only, build: !values["no-build"], out: resultsName(values.out) };
}

/** A page benchmark's command-line parser: the shared options, --out defaulting to the name given, and its own. */
export const pageBenchCommandLine = commandLineKind(pageBenchOptions, readPageBenchOptions);

/**
 * The options the database benchmarks (inbox.ts, outbox.ts) share: --only
 * sqlite|postgres (both by default) and --out NAME (default: `out`).
 */
const databaseBenchOptions = (out: string) =>
  ({
    only: { type: "string" },
    out: { type: "string", default: out },
  }) as const;

export type DatabaseBenchOptions = { databases: DbKind[]; out: string };

function readDatabaseBenchOptions(values: OptionValues<ReturnType<typeof databaseBenchOptions>>): DatabaseBenchOptions {
  const all: DbKind[] = ["sqlite", "postgres"];
  if (values.only !== undefined && !all.includes(values.only as DbKind))
    throw new Error(`--only must be sqlite or postgres, got "${values.only}"`);
  return { databases: values.only ? [values.only as DbKind] : all, out: resultsName(values.out) };
}

/** A database benchmark's command-line parser: the shared options, --out defaulting to the name given, and its own. */
export const databaseBenchCommandLine = commandLineKind(databaseBenchOptions, readDatabaseBenchOptions);

/** A build to profile: --variant NAME=DIR[,KEY=VALUE...] (the settings are environment variables for its server). */
export type Variant = { name: string; root: string; env: Record<string, string> };

function parseVariant(spec: string): Variant {
  const [head, ...settings] = spec.split(",");
  const eq = head!.indexOf("=");
  if (eq < 1) throw new Error(`--variant must be NAME=DIR[,KEY=VALUE...], got "${spec}"`);
  const env: Record<string, string> = {};
  for (const s of settings) {
    const i = s.indexOf("=");
    if (i < 1) throw new Error(`bad setting "${s}" in --variant ${spec}`);
    env[s.slice(0, i)] = s.slice(i + 1);
  }
  return { name: head!.slice(0, eq), root: path.resolve(head!.slice(eq + 1)), env };
}

/**
 * The options the profiling scripts (profile-lead-path.ts, profile-service.ts) share:
 * --variant (repeatable; this checkout by default), --rounds N, --db sqlite|postgres,
 * --tmp DIR.
 */
const profileOptions = (rounds: string) =>
  ({
    variant: { type: "string", multiple: true },
    rounds: { type: "string", default: rounds },
    db: { type: "string", default: "sqlite" },
    tmp: { type: "string", default: tmpdir() },
  }) as const;

export type ProfileOptions = { variants: Variant[]; rounds: number; db: DbKind; tmp: string };

function readProfileOptions(values: OptionValues<ReturnType<typeof profileOptions>>): ProfileOptions {
  const variants = (values.variant?.length ? values.variant : [`current=${ROOT}`]).map(parseVariant);
  if (new Set(variants.map((v) => v.name)).size !== variants.length) throw new Error("variant names must differ");
  if (values.db !== "sqlite" && values.db !== "postgres") throw new Error("--db must be sqlite or postgres");
  return { variants, rounds: positiveOption("rounds", values.rounds, true), db: values.db, tmp: values.tmp };
}

/** A profiling script's command-line parser: the shared options, --rounds defaulting to the number given, and its own. */
export const profileCommandLine = commandLineKind(profileOptions, readProfileOptions);
