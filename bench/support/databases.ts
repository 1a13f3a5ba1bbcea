/**
 * The database behind a benchmark's site (ADR 071): a fresh PostgreSQL schema,
 * a reader of what the site stored, the outbox's backlog, and a database the
 * benchmark opens itself (outbox.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../app/data/db.server.ts";

export type DbKind = "sqlite" | "postgres";

export const PG_BASE = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
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

/**
 * A fresh, migrated database of `kind` opened in this process, with what
 * another process (an outbox worker) opens it with, and its removal.
 */
export async function openBenchDatabase(
  kind: DbKind,
  prefix: string,
): Promise<{
  handle: DatabaseHandle;
  where: { dataDir: string } | { databaseUrl: string };
  dispose(): Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix.replaceAll("_", "-")}-`));
  const pgSchema = kind === "postgres" ? await createSchema(prefix) : null;
  const handle = await openDatabase({ dataDir, databaseUrl: pgSchema?.databaseUrl });
  return {
    handle,
    where: pgSchema ? { databaseUrl: pgSchema.databaseUrl } : { dataDir },
    async dispose() {
      await handle.close();
      if (pgSchema) await dropSchema(pgSchema.schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
