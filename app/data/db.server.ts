/**
 * Opens the database and brings its schema up to date.
 * - Default: SQLite (better-sqlite3) in DATA_DIR/site.db, WAL journal, so a
 *   committed lead survives the process being killed.
 * - DATABASE_URL=postgres://...: PostgreSQL through a pg pool.
 * Kysely is the one query layer; the same queries and migrations serve both.
 */
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrations } from "./migrations.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  dialect: "sqlite" | "postgres";
  /** Where the data lives, without credentials (for the start-up line). */
  description: string;
  close(): Promise<void>;
};

export type DatabaseOptions = { databaseUrl?: string; dataDir: string };

export async function openDatabase({ databaseUrl, dataDir }: DatabaseOptions): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(databaseUrl);
    handle = {
      db,
      dialect: "postgres",
      description: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => db.destroy(),
    };
  } else {
    const file = path.join(dataDir, "site.db");
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("busy_timeout = 5000");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    handle = { db, dialect: "sqlite", description: `SQLite at ${file}`, close: () => db.destroy() };
  }
  try {
    await migrate(handle.db);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

/** Runs every migration not yet applied; throws with the failing one's name. */
export async function migrate(db: Kysely<Database>) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${(error as Error)?.message ?? error}`);
  }
}
