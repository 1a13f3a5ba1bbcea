/**
 * The two databases the data tests run on: SQLite in a temporary directory,
 * and PostgreSQL (TEST_DATABASE_URL, default the machine's local server,
 * database `test`) in a fresh schema that is dropped afterwards.
 *
 * Each SQLite database starts as a copy of one template, migrated once per
 * worker (writing a copy takes milliseconds, migrating a new file hundreds).
 * Each PostgreSQL schema is made by one script: pg_dump's of a schema
 * migrated once per worker (the PostgreSQL client tools, of the server's
 * version, must be on PATH), about half the time of migrating it.
 * Opening either still runs the migrator, which finds nothing left to do.
 * tests/data/migrations.test.ts and those that open a database themselves
 * migrate from scratch.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, type LogEvent } from "kysely";
import pg from "pg";
import { CurrentSchemaPostgresDialect } from "../../app/data/current-schema-dialect.server.ts";
import { migrations } from "../../app/data/migrations/index.ts";
import { migrate, openDatabase, type DatabaseHandle } from "../../app/data/db.server.ts";
import type { Database } from "../../app/data/schema.ts";
import { ensureBusinessSettings } from "../../harness/business-settings.ts";

export const postgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type TestDatabase = {
  handle: DatabaseHandle;
  /** What another process (an outbox worker) opens the same database with. */
  where: { dataDir: string } | { databaseUrl: string };
  dispose(): Promise<void>;
};

export const dialects = ["sqlite", "postgres"] as const;

/**
 * A fresh database of `dialect`, migrated; `prefix` names its folder and
 * schema. With `businessSettings`, the tests' business settings are saved in
 * it (bookings issue invoices only with them: ADR 066).
 */
export async function openTestDatabase(
  dialect: (typeof dialects)[number],
  prefix = "t",
  { businessSettings = false }: { businessSettings?: boolean } = {},
): Promise<TestDatabase> {
  const opened = await openFresh(dialect, prefix);
  if (businessSettings) await ensureBusinessSettings(opened.handle.db);
  return opened;
}

export type ConcurrentTestDatabase = TestDatabase & { handles: DatabaseHandle[] };

/**
 * As openTestDatabase, with `handles`: where concurrent attempts come from.
 * On PostgreSQL the database's own and 3 more on the same schema, each with
 * its own pool, as separate instances of the site would be; on SQLite the
 * one handle a process has. Disposing of it closes them all.
 */
export async function openConcurrentTestDatabase(
  dialect: (typeof dialects)[number],
  prefix: string,
  options: { businessSettings?: boolean } = {},
): Promise<ConcurrentTestDatabase> {
  const t = await openTestDatabase(dialect, prefix, options);
  const handles = [t.handle];
  if (dialect === "postgres") {
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ ...t.where, dataDir: tmpdir() }));
  }
  return {
    handle: t.handle,
    where: t.where,
    handles,
    async dispose() {
      for (const other of handles.slice(1)) await other.close();
      await t.dispose();
    },
  };
}

async function openFresh(dialect: (typeof dialects)[number], prefix: string): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-data-`));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === "sqlite") {
    writeFileSync(path.join(dataDir, "site.db"), await sqliteTemplate());
    const handle = await openDatabase({ dataDir });
    return {
      handle,
      where: { dataDir },
      async dispose() {
        await handle.close();
        removeDataDir();
      },
    };
  }
  const schema = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await postgresAdmin((await postgresTemplate()).replaceAll(templateSchema, schema));
  const url = new URL(postgresUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const databaseUrl = url.toString();
  const handle = await openDatabase({ dataDir, databaseUrl });
  return {
    handle,
    where: { databaseUrl },
    async dispose() {
      await handle.close();
      await postgresAdmin(`DROP SCHEMA ${schema} CASCADE`);
      removeDataDir();
    },
  };
}

let sqliteTemplateBytes: Promise<Buffer> | undefined;

/**
 * A migrated SQLite file's bytes, made once per worker: closed after
 * migrating, so the file holds everything (closing checkpoints the WAL and
 * removes it); its folder is removed at once.
 */
function sqliteTemplate(): Promise<Buffer> {
  sqliteTemplateBytes ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "template-data-"));
    try {
      await (await openDatabase({ dataDir: dir })).close();
      return readFileSync(path.join(dir, "site.db"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return sqliteTemplateBytes;
}

const templateSchema = `template_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
let postgresTemplateScript: Promise<string> | undefined;

/**
 * The script that makes a migrated schema named `templateSchema`, data
 * included (the migrations' own rows): a schema is migrated, dumped and
 * dropped, once per worker. psql's own lines (\restrict) are left out.
 */
function postgresTemplate(): Promise<string> {
  postgresTemplateScript ??= (async () => {
    await postgresAdmin(`CREATE SCHEMA ${templateSchema}`);
    try {
      const url = new URL(postgresUrl);
      url.searchParams.set("options", `-c search_path=${templateSchema}`);
      const dataDir = mkdtempSync(path.join(tmpdir(), "template-data-"));
      await (await openDatabase({ dataDir, databaseUrl: url.toString() })).close();
      rmSync(dataDir, { recursive: true, force: true });
      const dump = await promisify(execFile)(
        "pg_dump",
        ["--schema", templateSchema, "--inserts", "--no-owner", "--no-privileges", "--dbname", postgresUrl],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      return dump.stdout
        .split("\n")
        .filter((line) => !line.startsWith("\\"))
        .join("\n");
    } finally {
      await postgresAdmin(`DROP SCHEMA ${templateSchema} CASCADE`);
    }
  })();
  return postgresTemplateScript;
}

/** Runs one statement (or several, `;`-separated) on the test PostgreSQL server, outside any test schema. */
export async function postgresAdmin(sql: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database whose tables are not (yet) the app's: one empty, or at an older migration. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables of a schema older than the app's
type AnySchemaDb = Kysely<any>;

/** A new database migrated up to one migration only: a data-moving migration's test fills it, then migrates the rest. */
export type DatabaseAtMigration = {
  db: AnySchemaDb;
  /** Runs the migrations after the one it was opened at. */
  migrateRest: () => Promise<void>;
  dispose: () => Promise<void>;
};

/**
 * A fresh, empty database of `dialect`, no migration run: a temporary
 * SQLite file, or a PostgreSQL schema of its own (one connection, so what
 * `log` hears is every statement in the order it ran).
 */
export async function openEmptyDatabase(
  dialect: (typeof dialects)[number],
  { log }: { log?: (event: LogEvent) => void } = {},
): Promise<{ db: AnySchemaDb; dispose: () => Promise<void> }> {
  if (dialect === "sqlite") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "empty-db-"));
    const db: AnySchemaDb = new Kysely({
      dialect: new SqliteDialect({ database: new SQLite(path.join(dataDir, "site.db")) }),
      log,
    });
    return {
      db,
      async dispose() {
        await db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `empty_db_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await postgresAdmin(`CREATE SCHEMA ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const db: AnySchemaDb = new Kysely({
    dialect: new CurrentSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }),
    log,
  });
  return {
    db,
    async dispose() {
      await db.destroy();
      await postgresAdmin(`DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

/** A fresh, empty database of `dialect` migrated up to `name` (the app's migrator, given the migrations up to it). */
export async function openDatabaseAt(dialect: (typeof dialects)[number], name: string): Promise<DatabaseAtMigration> {
  const names = Object.keys(migrations);
  if (!names.includes(name)) throw new Error(`No migration named ${name}`);
  const empty = await openEmptyDatabase(dialect);
  const handle = { db: empty.db as Kysely<Database>, dialect };
  await migrate(handle, Object.fromEntries(Object.entries(migrations).slice(0, names.indexOf(name) + 1)));
  return { db: empty.db, migrateRest: () => migrate(handle), dispose: empty.dispose };
}
