/**
 * The two databases the data tests run on: SQLite in a temporary directory,
 * and PostgreSQL (TEST_DATABASE_URL, default the machine's local server,
 * database `test`) in a fresh schema that is dropped afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/data/db.server.ts";

export const postgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type TestDatabase = { handle: DatabaseHandle; dispose(): Promise<void> };

export const dialects = ["sqlite", "postgres"] as const;

export async function openTestDatabase(dialect: (typeof dialects)[number]): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "leads-data-"));
  if (dialect === "sqlite") {
    const handle = await openDatabase({ dataDir });
    return {
      handle,
      async dispose() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const handle = await openDatabase({ dataDir, databaseUrl: url.toString() });
  return {
    handle,
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
