/**
 * How a benchmark runs (ADR 071): the build, free ports, the production site
 * started on one (and stopped, its data and schema removed), warm-up and
 * repeated runs, the statistics of those runs (median, percentile, spread),
 * progress lines and the exit code. What it writes is report.ts's part.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { keyFileMaterial } from "../../app/secrets/keys.server.ts";
import { freePort } from "../../harness/ports.ts";
import {
  createSchema,
  dropSchema,
  openReader,
  PG_BASE,
  postgresVersion,
  type DbKind,
  type Reader,
} from "./databases.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** `npm run build` in the project (or in `root`, another checkout of it); throws if it fails. */
export function build(log: (msg: string) => void, root = ROOT): void {
  log(root === ROOT ? "npm run build" : `npm run build in ${root}`);
  const res = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (res.status !== 0) throw new Error(`npm run build failed (exit ${res.status ?? res.signal})`);
}

/** A TCP port on 127.0.0.1 that is free right now (one home for the tests and the benchmarks). */
export { freePort };

/** The short hash of the checked-out commit (what a result was measured on; or of `ref`), or null outside git. */
export function gitCommit(ref = "HEAD"): string | null {
  const res = spawnSync("git", ["rev-parse", "--short", `${ref}^{commit}`], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "ignore"],
  });
  return res.status === 0 ? res.stdout.toString().trim() || null : null;
}

// ---------------------------------------------------------------------------
// The production server
// ---------------------------------------------------------------------------

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

/**
 * Builds first when asked; throws when there is no production build to run
 * (`how` says how to ask the benchmark for one).
 */
export function requireBuild(rebuild: boolean, log: (msg: string) => void, how = "or pass --build"): void {
  if (rebuild) build(log);
  if (!existsSync(path.join(ROOT, "build", "server", "index.js")))
    throw new Error(`no production build: run \`npm run build\` first (${how})`);
}

// ---------------------------------------------------------------------------
// The site on a free port, on one database
// ---------------------------------------------------------------------------

/** The production site started on a free port with its own data directory and, on PostgreSQL, its own schema. */
export type Site = {
  server: Server;
  kind: DbKind;
  dataDir: string;
  databaseUrl: string | undefined;
  /** What the database is, for the report. */
  description: string;
  /** A reader of the site's database (closed by stop()). */
  reader(): Promise<Reader>;
  /** Stops the server and removes its data directory and schema. */
  stop(): Promise<void>;
};

/**
 * Starts the production site on `kind` (a fresh DATA_DIR, and a fresh schema
 * on PostgreSQL, both named after `prefix`) on a free port and waits until it
 * answers /healthz; on failure everything started is removed again.
 */
export async function startSite(
  kind: DbKind,
  prefix: string,
  options: Omit<ServerOptions, "port" | "dataDir" | "databaseUrl"> = {},
): Promise<Site> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix.replaceAll("_", "-")}-${kind}-`));
  const pgSchema = kind === "postgres" ? await createSchema(prefix) : null;
  const server = startServer({ ...options, port: await freePort(), dataDir, databaseUrl: pgSchema?.databaseUrl });
  let reader: Reader | null = null;
  const stop = async (): Promise<void> => {
    await reader?.close().catch(() => {});
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
    if (pgSchema)
      await dropSchema(pgSchema.schema).catch((error: unknown) =>
        process.stderr.write(`could not drop schema ${pgSchema.schema}: ${String(error)}\n`),
      );
  };
  try {
    await waitForHealth(server);
    const description =
      kind === "postgres"
        ? `PostgreSQL ${await postgresVersion()} (a fresh schema in ${new URL(PG_BASE).pathname.slice(1)} per run)`
        : "SQLite (WAL) in a fresh DATA_DIR per run";
    return {
      server,
      kind,
      dataDir,
      databaseUrl: pgSchema?.databaseUrl,
      description,
      reader: async () => (reader ??= await openReader(kind, dataDir, pgSchema?.databaseUrl)),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Warm-up and repeated runs
// ---------------------------------------------------------------------------

/** `fn` `times` times one after another, results discarded (what a measurement must not count). */
export async function warmUp(times: number, fn: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 1; i <= times; i++) await fn(i);
}

/** `fn` for runs 1..`runs`, one after another; their results in order. */
export async function repeatRuns<T>(runs: number, fn: (run: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let run = 1; run <= runs; run++) results.push(await fn(run));
  return results;
}

/**
 * Each database in turn, `runs` runs on each (a fresh site each run): the runs'
 * results and the database's description, for a per-database report.
 */
export async function runPerDatabase<R>(
  kinds: readonly DbKind[],
  runs: number,
  fn: (kind: DbKind, run: number) => Promise<{ description: string; result: R }>,
): Promise<{ database: DbKind; description: string; runs: R[] }[]> {
  const out: { database: DbKind; description: string; runs: R[] }[] = [];
  for (const kind of kinds) {
    let description = "";
    const results = await repeatRuns(runs, async (run) => {
      const r = await fn(kind, run);
      description = r.description;
      return r.result;
    });
    out.push({ database: kind, description, runs: results });
  }
  return out;
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

/** The exit code: 2 and the failed runs named, or 0 and `passed`. */
export function verdict(failed: string[], passed: string, log: (msg: string) => void): number {
  if (failed.length) {
    log(`FAIL: ${failed.join(", ")}`);
    return 2;
  }
  log(`PASS: ${passed}`);
  return 0;
}

/** A page benchmark's exit code: 0 when every visit could be measured, else 1 and a line saying how many could not. */
export function measuredExitCode(unmeasured: number, log: (msg: string) => void): number {
  if (unmeasured === 0) return 0;
  log(`${unmeasured} visit(s) could not be measured (see the report)`);
  return 1;
}

/** Runs a benchmark's main and exits with its code (1 if it threw). */
export function runMain(main: () => Promise<number>, log: (msg: string) => void): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
