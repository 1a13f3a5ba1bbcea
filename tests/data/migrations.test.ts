/**
 * PostgreSQL: another schema of the same database (another app, another test
 * run) holding Kysely's migration tables must not stop ours from being made.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, it } from "vitest";
import { openDatabase } from "~/data/db.server.ts";
import { postgresUrl } from "./databases.ts";

it("migrates a fresh schema while another schema already has kysely_migration tables", async () => {
  const tag = `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const other = `other_${tag}`;
  const mine = `mine_${tag}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  const dataDir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  try {
    await admin.query(`CREATE SCHEMA ${other}`);
    await admin.query(`CREATE TABLE ${other}.kysely_migration (name varchar(255) primary key, timestamp varchar(255))`);
    await admin.query(`CREATE TABLE ${other}.kysely_migration_lock (id varchar(255) primary key, is_locked integer)`);
    await admin.query(`CREATE SCHEMA ${mine}`);
    const url = new URL(postgresUrl);
    url.searchParams.set("options", `-c search_path=${mine}`);
    const handle = await openDatabase({ dataDir, databaseUrl: url.toString() });
    try {
      const tables = await admin.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = $1",
        [mine],
      );
      const names = tables.rows.map((r) => r.table_name);
      expect(names).toContain("kysely_migration");
      expect(names).toContain("outbox_workers");
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${other} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${mine} CASCADE`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
