/**
 * Helpers for the HTTP-only tests (*.http.spec.ts) that need a site server
 * of their own: start the production build on its own port and DATA_DIR,
 * stop (SIGTERM) or kill (SIGKILL) it, run a real SMTP server in the test
 * process (same file format as tests/support/smtp-sink.ts, so
 * tests/e2e/mailbox.ts can read it), send raw HTTP requests, and read the
 * server's database (SQLite read-only, or a PostgreSQL schema).
 *
 * Ports: the tests use fixed ports in 4400-4499, distinct per spec file, so
 * spec files can run on parallel workers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import SQLite from "better-sqlite3";
import pg from "pg";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
export const HOST = "127.0.0.1";
const HEALTH_TIMEOUT_MS = 30_000;

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
  port: number;
  /** Reuse this DATA_DIR (a restart); default: a fresh one. */
  dataDir?: string;
  /** Extra or overriding settings. */
  env?: Record<string, string>;
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

/** Starts `node server/index.ts` (production build) and waits for /healthz. */
export async function startSite({ name, port, dataDir, env = {} }: StartOptions): Promise<SiteServer> {
  const dir = dataDir ?? freshDataDir(name);
  const baseURL = `http://${HOST}:${port}`;
  const fullEnv: Record<string, string> = {
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    DATA_DIR: dir,
    APP_ENV: "test",
    SITE_URL: baseURL,
    TEAM_EMAIL: "team@example.test",
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
  const keep = (chunk: Buffer) => void (out = (out + chunk.toString()).slice(-20_000));
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
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  // A server that does not come up leaves no fresh directory behind.
  const discard = () => {
    if (!dataDir) rmSync(dir, { recursive: true, force: true });
  };
  for (;;) {
    if (gone()) {
      discard();
      throw new Error(
        `Server ${name} exited (${child.exitCode ?? child.signalCode}) before /healthz answered:\n${out}`,
      );
    }
    try {
      const res = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill();
      discard();
      throw new Error(`Server ${name} did not answer /healthz within ${HEALTH_TIMEOUT_MS / 1000} s:\n${out}`);
    }
    await sleep(150);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
 * A real SMTP server on 127.0.0.1:`port` that writes each message to
 * `dir`/<time>-<n>.eml with its envelope in <time>-<n>.json, like
 * tests/support/smtp-sink.ts. The directory is emptied at creation; the
 * server is listening when the promise resolves (unless `listen: false`).
 */
export async function createSmtpSink({
  port,
  dir,
  listen = true,
}: {
  port: number;
  dir: string;
  listen?: boolean;
}): Promise<SmtpSink> {
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
    port,
    dir,
    received: () => count,
    running: () => server !== null,
    async start() {
      if (server) return;
      const s = make();
      await new Promise<void>((resolve, reject) => {
        s.server.once("error", reject);
        s.listen(port, HOST, () => {
          s.server.off("error", reject);
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
// Reading received e-mail in bulk (cached: each file is parsed once)
// ---------------------------------------------------------------------------

export type ParsedEmail = {
  file: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
  headers: [string, string][];
};

/** Reads a sink directory incrementally; for tests that check hundreds of messages. */
export class MailIndex {
  private readonly parsed = new Map<string, ParsedEmail>();
  readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }

  /** Every message received so far. */
  async all(): Promise<ParsedEmail[]> {
    let files: string[];
    try {
      files = readdirSync(this.dir)
        .filter((f) => f.endsWith(".eml"))
        .sort();
    } catch {
      return [];
    }
    for (const f of files) {
      if (this.parsed.has(f)) continue;
      try {
        const raw = readFileSync(path.join(this.dir, f), "utf8");
        const envelope = JSON.parse(readFileSync(path.join(this.dir, f.replace(/\.eml$/, ".json")), "utf8")) as {
          to: string[];
        };
        const email = await PostalMime.parse(raw);
        this.parsed.set(f, {
          file: f,
          to: envelope.to.map((a) => a.toLowerCase()),
          subject: email.subject ?? "",
          text: email.text ?? "",
          raw,
          headers: email.headers.map((h) => [h.key.toLowerCase(), h.value]),
        });
      } catch {
        // not complete yet: next time
      }
    }
    return [...this.parsed.values()];
  }
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
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          let raw = Buffer.concat(chunks);
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
        });
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
