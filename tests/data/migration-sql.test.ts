/**
 * The migrations are frozen (docs/decisions/070): what a shipped migration
 * sends to the database never changes. Every migration runs in order on a
 * fresh database of each dialect, every statement it sends (its SQL text
 * and parameters) is recorded through Kysely's `log` hook, and the whole is
 * compared with the snapshot committed beside this file
 * (__snapshots__/migrations/<dialect>.sql.snap), written from the migrations as
 * they shipped. A change to a migration, to one of its helpers or to what
 * they compile to fails here; only a new migration may add lines (update
 * the snapshot with `npx vitest run -u tests/data/migration-sql.test.ts`
 * and read its diff: nothing above the new migration's lines may change).
 * On a fresh database the migrations that move data read no rows: their
 * reads are recorded, their writes are proved by their own data tests.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, type LogEvent } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { CurrentSchemaPostgresDialect } from "~/data/current-schema-dialect.server.ts";
import { migrations } from "~/data/migrations/index.ts";
import { dialects, postgresAdmin, postgresUrl } from "./databases.ts";

/** Runs every migration in order on `db`; what each sent, under its name. */
async function recordMigrations(open: (log: (event: LogEvent) => void) => Kysely<unknown>): Promise<string> {
  const lines: string[] = [];
  const db = open((event) => {
    const { sql, parameters } = event.query;
    lines.push(`${sql};`);
    if (parameters.length > 0) lines.push(`-- parameters: ${JSON.stringify(parameters)}`);
    if (event.level === "error") lines.push(`-- error: ${String(event.error)}`);
  });
  try {
    for (const [name, migration] of Object.entries(migrations)) {
      lines.push("", `-- ${name}`);
      await migration.up(db);
    }
  } finally {
    await db.destroy();
  }
  return `${lines.join("\n").trimStart()}\n`;
}

const record: Record<(typeof dialects)[number], () => Promise<string>> = {
  async sqlite() {
    const dataDir = mkdtempSync(path.join(tmpdir(), "migration-sql-"));
    try {
      return await recordMigrations(
        (log) => new Kysely({ dialect: new SqliteDialect({ database: new SQLite(path.join(dataDir, "site.db")) }), log }),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  async postgres() {
    const schema = `migration_sql_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await postgresAdmin(`CREATE SCHEMA ${schema}`);
    try {
      const url = new URL(postgresUrl);
      url.searchParams.set("options", `-c search_path=${schema}`);
      return await recordMigrations(
        (log) =>
          new Kysely({
            dialect: new CurrentSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }),
            log,
          }),
      );
    } finally {
      await postgresAdmin(`DROP SCHEMA ${schema} CASCADE`);
    }
  },
};

describe.each(dialects)("the migrations on %s", (dialect) => {
  it("send the statements they sent when they shipped, to the letter", async () => {
    await expect(await record[dialect]()).toMatchFileSnapshot(`./__snapshots__/migrations/${dialect}.sql.snap`);
  });
});
