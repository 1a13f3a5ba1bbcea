/**
 * Opens the database and brings its schema up to date.
 * - Default: SQLite (better-sqlite3) in DATA_DIR/site.db, WAL journal, so a
 *   committed lead survives the process being killed; secure_delete, so a
 *   deleted row's bytes are overwritten with zeros, not left in free space
 *   (docs/decisions/034-erasure-leaves-nothing-to-read-back.md).
 * - DATABASE_URL=postgres://...: PostgreSQL through a pg pool.
 * Kysely is the one query layer; the same queries and migrations serve both.
 */
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import pg from "pg";
import { CurrentSchemaPostgresDialect } from "./current-schema-dialect.server.ts";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  dialect: "sqlite" | "postgres";
  /** The PostgreSQL pool (shared with other users of the database, such as the rate limit). */
  pgPool?: pg.Pool;
  /** The SQLite connection (online backups use its backup API). */
  sqlite?: SQLite.Database;
  /** Where the data lives, without credentials (for the start-up line). */
  description: string;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** A pooled PostgreSQL connection failed while idle (the server restarted or went away). */
  onConnectionError?: (error: Error) => void;
};

export async function openDatabase({
  databaseUrl,
  dataDir,
  onConnectionError,
}: DatabaseOptions): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
    // An idle connection that the server drops must not take the process down
    // (an unhandled 'error' event would): the pool discards it and opens a new
    // one when the database is back; meanwhile /readyz says it is unreachable.
    pool.on("error", (error) => onConnectionError?.(error));
    // A connection in use (between two statements of a transaction, or while
    // a job holds it) has no listener from the pool: its 'error' event would
    // end the process when the database goes away. The statement in flight,
    // if any, fails on its own; the pool drops the connection on release.
    pool.on("connect", (client) => {
      client.on("error", (error) => onConnectionError?.(error));
    });
    const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
    const url = new URL(databaseUrl);
    handle = {
      db,
      dialect: "postgres",
      pgPool: pool,
      description: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => db.destroy(),
    };
  } else {
    const file = path.join(dataDir, "site.db");
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("busy_timeout = 5000");
    // Deleted content is zeroed, in its page and in freed pages: what an
    // erasure or the retention job deletes cannot be read back from the file
    // (nor from a backup, which copies every page). Per connection, not stored.
    sqlite.pragma("secure_delete = ON");
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: cachingStatements(sqlite) }) });
    handle = { db, dialect: "sqlite", sqlite, description: `SQLite at ${file}`, close: () => db.destroy() };
  }
  try {
    await migrate(handle);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

/**
 * SQLite transactions take the write lock when they begin (BEGIN IMMEDIATE),
 * not at their first write. Another process on the same file (the `admin`
 * command line beside the running site, a backup) may commit between a
 * transaction's first read and its first write; a deferred transaction then
 * cannot write at all (SQLITE_BUSY_SNAPSHOT, which no busy timeout waits
 * out), while an immediate one waits for the lock up to busy_timeout and
 * then reads and writes one consistent state. One process runs one
 * transaction at a time on its one connection, so nothing is lost by taking
 * the lock early.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/**
 * The SQLite connection as Kysely sees it, keeping its compiled statements.
 * Kysely's SQLite driver prepares every query it runs, and better-sqlite3
 * compiles each one again: a quarter of the database time of a lead
 * (docs/decisions/016-lead-path-throughput.md). The most recently used `max`
 * statements are kept, by SQL text. A kept statement that is still being read
 * by an unfinished `iterate()` (a streamed query) cannot run again until that
 * ends: a fresh one is prepared for the meantime.
 */
export function cachingStatements(sqlite: SQLite.Database, max = 200): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    prepare(text) {
      const statement = kept.get(text);
      if (statement) {
        if (statement.busy) return sqlite.prepare(text);
        // Most recently used last: the first entry is the one to drop.
        kept.delete(text);
        kept.set(text, statement);
        return statement;
      }
      const prepared = sqlite.prepare(text);
      kept.set(text, prepared);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
      return prepared;
    },
    close() {
      kept.clear();
      sqlite.close();
    },
  };
}

/**
 * Runs every migration not yet applied; throws with the failing one's name.
 * On PostgreSQL the migration tables are named in the connection's own
 * schema: otherwise Kysely takes a kysely_migration table in any other schema
 * of the database (another app's, or another test run's) for ours, skips
 * creating it, and the migration fails.
 */
export async function migrate(
  { db, dialect }: Pick<DatabaseHandle, "db" | "dialect">,
  /** The release's migrations (an older release's list, in the test that it refuses a newer database). */
  known: Record<string, Migration> = migrations,
) {
  const migrationTableSchema =
    dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, migrationTableSchema, provider: { getMigrations: async () => known } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${(error as Error)?.message ?? error}`);
  }
}
