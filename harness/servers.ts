/**
 * The servers the tests start, each on a port the operating system gives:
 * the site (production build, its own DATA_DIR), a real SMTP server in this
 * process (messages read with harness/mail.ts), and helpers to send
 * raw HTTP requests and read a server's database (SQLite read-only, or a
 * PostgreSQL schema).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync, renameSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import zlib from "node:zlib";
import SQLite from "better-sqlite3";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { freePort } from "./ports.ts";
import { ensureSiteBusinessSettings } from "./business-settings.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const HOST = "127.0.0.1";
/** The team's address on every site a test starts (TEAM_EMAIL): where the notifications go. */
export const teamAddress = "team@example.test";
const HEALTH_TIMEOUT_MS = 30_000;
/** Attempts at a free port: another program may take the one we were given before the site binds it. */
const PORT_ATTEMPTS = 5;

// ---------------------------------------------------------------------------
// Site server
// ---------------------------------------------------------------------------

export type SiteServer = {
  name: string;
  port: number;
  baseURL: string;
  dataDir: string;
  env: Record<string, string>;
  child: ChildProcess;
  /** The last 20 kB of the server's stdout and stderr. */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s; resolves when the process has exited. */
  stop(): Promise<void>;
  /** SIGKILL now (a crash); resolves when the process has exited. */
  kill(): Promise<void>;
};

export type StartOptions = {
  /** Used in the DATA_DIR name: .e2e/<name>-<random>. */
  name: string;
  /** Reuse this DATA_DIR (a restart); default: a fresh one. */
  dataDir?: string;
  /** Extra or overriding settings (NODE_ENV: "development" runs `npm run dev`'s server). */
  env?: Record<string, string>;
  /** How long to wait for /healthz (default 30 s). */
  startTimeoutMs?: number;
  /**
   * The host name in the site's address (baseURL and SITE_URL); it listens
   * on 127.0.0.1 either way. "localhost" where an IP address will not do:
   * WebAuthn's relying party is a domain name.
   */
  hostName?: string;
  /**
   * Write the tests' business settings once the site is up (default true): the
   * release ships none, and without them no invoice is issued (ADR 066).
   * False: a site as the release ships it.
   */
  businessSettings?: boolean;
};

/** Every server started by this process and still running: none outlives the test worker. */
const started = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of started) child.kill("SIGKILL");
});

/** A fresh, empty directory under .e2e/ for one server. */
export function freshDataDir(name: string): string {
  const dir = path.join(ROOT, ".e2e", `${name}-${randomBytes(4).toString("hex")}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

class PortTaken extends Error {}

/** Starts `node server/index.ts` (production build) on a free port and waits for /healthz. */
export async function startSite(options: StartOptions): Promise<SiteServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSiteOn(await freePort(), options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

async function startSiteOn(
  port: number,
  {
    name,
    dataDir,
    env = {},
    startTimeoutMs = HEALTH_TIMEOUT_MS,
    hostName = HOST,
    businessSettings = true,
  }: StartOptions,
): Promise<SiteServer> {
  const dir = dataDir ?? freshDataDir(name);
  const baseURL = `http://${hostName}:${port}`;
  const fullEnv: Record<string, string> = {
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    DATA_DIR: dir,
    APP_ENV: "test",
    SITE_URL: baseURL,
    TEAM_EMAIL: teamAddress,
    // No digest unless a test asks: a run spanning 08:30 on a working day
    // would add an e-mail to tests that count them.
    DAILY_DIGEST: "off",
    ...env,
  };
  // Only what the server needs from our environment (not the test runner's
  // settings, nor a developer's SMTP_URL or DATABASE_URL).
  const inherited: Record<string, string> = {};
  for (const key of ["PATH", "HOME", "TMPDIR", "LANG", "TZ"]) {
    const value = process.env[key];
    if (value !== undefined) inherited[key] = value;
  }
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: ROOT,
    env: { ...inherited, ...fullEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.add(child);
  child.once("exit", () => started.delete(child));
  let out = "";
  // Its own log line, not just an answer on the port: two servers started at
  // once can be handed the same free port, and then the one that could not
  // bind it must not pass for up because the other answers /healthz.
  const listening = `Site listening on http://${fullEnv.HOST}:${port} `;
  let bound = false;
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
    bound ||= out.includes(listening);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const signal = async (sig: NodeJS.Signals) => {
    if (gone()) return;
    child.kill(sig);
    if (sig === "SIGTERM") {
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    } else {
      await exited;
    }
  };
  const server: SiteServer = {
    name,
    port,
    baseURL,
    dataDir: dir,
    env: fullEnv,
    child,
    output: () => out,
    stop: () => signal("SIGTERM"),
    kill: () => signal("SIGKILL"),
  };
  const deadline = Date.now() + startTimeoutMs;
  // A server that does not come up leaves no fresh directory behind.
  const discard = () => {
    if (!dataDir) rmSync(dir, { recursive: true, force: true });
  };
  for (;;) {
    if (gone()) {
      discard();
      // Another program took the port between our asking and the site binding it.
      if (/EADDRINUSE/.test(out)) throw new PortTaken(`port ${port} was taken`);
      throw new Error(
        `Server ${name} exited (${child.exitCode ?? child.signalCode}) before /healthz answered:\n${out}`,
      );
    }
    try {
      const res = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200 && bound) {
        if (businessSettings)
          await ensureSiteBusinessSettings({ dataDir: fullEnv.DATA_DIR!, databaseUrl: fullEnv.DATABASE_URL });
        return server;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill();
      discard();
      throw new Error(`Server ${name} did not answer /healthz within ${startTimeoutMs / 1000} s:\n${out}`);
    }
    await sleep(150);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a truthy value or the time is up (then returns the last value). */
export async function pollUntil<T>(check: () => Promise<T> | T, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value || Date.now() > deadline) return value;
    await sleep(everyMs);
  }
}

// ---------------------------------------------------------------------------
// SMTP server (in this process)
// ---------------------------------------------------------------------------

export type SmtpSink = {
  port: number;
  dir: string;
  /** Messages received since start (all starts of this sink). */
  received(): number;
  running(): boolean;
  /** Starts listening (again) on the same port and directory. */
  start(): Promise<void>;
  /** Stops listening and drops open connections (within 1 s). */
  stop(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 that writes each message to
 * `dir`/<time>-<n>.eml with its envelope in <time>-<n>.json (read them with
 * harness/mail.ts). The directory is emptied at creation; the server
 * is listening when the promise resolves (unless `listen: false`).
 */
export async function createSmtpSink({
  port = 0,
  dir,
  listen = true,
}: {
  /** Default: one from the OS (the first start listens on it, later starts reuse it). */
  port?: number;
  dir: string;
  listen?: boolean;
}): Promise<SmtpSink> {
  // A sink that starts stopped still needs its port now, to hand to the site.
  let bound = port || (listen ? 0 : await freePort());
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  let server: SMTPServer | null = null;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      closeTimeout: 1000,
      // No reverse DNS for 127.0.0.1: without it every connection waits on a lookup.
      disableReverseLookup: true,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const name = `${Date.now()}-${String(++count).padStart(5, "0")}`;
          // Envelope first, message second: a reader that sees the .eml sees its .json.
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((r) => r.address),
          };
          writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(envelope));
          // Write then rename: a reader never sees half a message.
          writeFileSync(path.join(dir, `${name}.eml.tmp`), Buffer.concat(chunks));
          renameSync(path.join(dir, `${name}.eml.tmp`), path.join(dir, `${name}.eml`));
          callback();
        });
      },
    });
  const sink: SmtpSink = {
    get port() {
      return bound;
    },
    dir,
    received: () => count,
    running: () => server !== null,
    async start() {
      if (server) return;
      const s = make();
      await new Promise<void>((resolve, reject) => {
        s.server.once("error", reject);
        s.listen(bound, HOST, () => {
          s.server.off("error", reject);
          const address = s.server.address();
          if (typeof address === "object" && address) bound = address.port;
          resolve();
        });
      });
      s.on("error", () => {});
      server = s;
    },
    async stop() {
      const s = server;
      if (!s) return;
      server = null;
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  if (listen) await sink.start();
  return sink;
}

// ---------------------------------------------------------------------------
// Raw HTTP (full control over headers and body framing)
// ---------------------------------------------------------------------------

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string; json: unknown };

export type RawRequest = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length), in pieces. */
  chunked?: boolean;
  timeoutMs?: number;
};

/** One HTTP/1.1 request on its own connection; rejects on a socket error or time-out. */
export function rawRequest(baseURL: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(baseURL);
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
  const headers: Record<string, string> = { ...req.headers };
  const hasHeader = (name: string) => Object.keys(headers).some((k) => k.toLowerCase() === name);
  if (body && !req.chunked && !hasHeader("content-length")) headers["Content-Length"] = String(body.length);
  if (req.chunked) headers["Transfer-Encoding"] = "chunked";
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method: req.method ?? "GET", path: req.path, headers, agent: false },
      (res) => {
        buffer(res).then((wire) => {
          let raw = wire;
          try {
            const encoding = String(res.headers["content-encoding"] ?? "");
            if (encoding === "br") raw = zlib.brotliDecompressSync(raw);
            else if (encoding === "gzip") raw = zlib.gunzipSync(raw);
            else if (encoding === "deflate") raw = zlib.inflateSync(raw);
          } catch {
            // HEAD, or not what it said: keep the bytes
          }
          const text = raw.toString("utf8");
          let json: unknown = undefined;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        }, reject);
      },
    );
    request.setTimeout(req.timeoutMs ?? 15_000, () =>
      request.destroy(new Error(`timed out: ${req.method ?? "GET"} ${req.path}`)),
    );
    request.on("error", reject);
    if (body && req.chunked) {
      const piece = Math.max(1, Math.ceil(body.length / 3));
      for (let i = 0; i < body.length; i += piece) request.write(body.subarray(i, i + piece));
    } else if (body) {
      request.write(body);
    }
    request.end();
  });
}

/** POST a JSON value (serialised here) to a path. */
export function postJson(baseURL: string, urlPath: string, value: unknown, headers: Record<string, string> = {}) {
  return rawRequest(baseURL, {
    method: "POST",
    path: urlPath,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(value),
  });
}

// ---------------------------------------------------------------------------
// Reading the server's database
// ---------------------------------------------------------------------------

export type Row = Record<string, unknown>;

/** Runs a query on the server's SQLite file, read-only, with a fresh connection. */
export function sqliteQuery(dataDir: string, sql: string, params: unknown[] = []): Row[] {
  const db = new SQLite(path.join(dataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return db.prepare(sql).all(...params) as Row[];
  } finally {
    db.close();
  }
}

/** Changes a site's SQLite data behind its back (a test ages a session); returns the rows changed. */
export function sqliteWrite(dataDir: string, sql: string, params: unknown[] = []): number {
  const db = new SQLite(path.join(dataDir, "site.db"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return db.prepare(sql).run(...params).changes;
  } finally {
    db.close();
  }
}

/** Number of rows in a table (optionally with a WHERE clause using ? parameters). */
export function sqliteCount(dataDir: string, table: string, where = "1 = 1", params: unknown[] = []): number {
  const [row] = sqliteQuery(dataDir, `SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`, params);
  return Number(row?.n ?? 0);
}

const PG_BASE = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** DATABASE_URL for the site with its tables in `schema`. */
export function pgUrl(schema: string): string {
  return `${PG_BASE}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** Creates a fresh schema (name: <prefix>_<random>) in the test database. */
export async function createPgSchema(prefix: string): Promise<string> {
  const schema = `${prefix}_${randomBytes(4).toString("hex")}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA "${schema}"`);
  } finally {
    await client.end();
  }
  return schema;
}

export async function dropPgSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Runs a query (with ? placeholders) in a PostgreSQL schema. */
export async function pgQuery(schema: string, sql: string, params: unknown[] = []): Promise<Row[]> {
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  const client = new pg.Client({ connectionString: pgUrl(schema) });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** A query function for either kind of database (? placeholders, portable SQL). */
export type DbReader = (sql: string, params?: unknown[]) => Promise<Row[]>;

export function dbReader(target: { sqliteDir: string } | { pgSchema: string }): DbReader {
  if ("sqliteDir" in target) return async (sql, params = []) => sqliteQuery(target.sqliteDir, sql, params);
  return (sql, params = []) => pgQuery(target.pgSchema, sql, params);
}
