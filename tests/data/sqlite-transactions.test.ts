/**
 * SQLite transactions begin with the write lock (app/data/db.server.ts): a
 * second process committing between a transaction's read and its write (the
 * `admin` command line beside the running site) must not make the
 * transaction fail with SQLITE_BUSY_SNAPSHOT. The second process here is a
 * second connection to the same file that does not wait for locks.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/data/db.server.ts";

let dataDir: string;
let handle: DatabaseHandle;
let other: SQLite.Database;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "sqlite-trx-"));
  handle = await openDatabase({ dataDir });
  other = new SQLite(path.join(dataDir, "site.db"));
  other.pragma("busy_timeout = 0");
  other.exec("create table counter (n integer not null)");
  other.exec("insert into counter values (0)");
});
afterEach(async () => {
  other.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it("a transaction that reads and then writes is not broken by another process's commit in between", async () => {
  let otherWrite: unknown = "not tried";
  const stored = await handle.db.transaction().execute(async (trx) => {
    const before = await sql<{ n: number }>`select n from counter`.execute(trx);
    try {
      other.exec("update counter set n = n + 100");
      otherWrite = "committed";
    } catch (error) {
      otherWrite = (error as { code?: string }).code;
    }
    await sql`update counter set n = ${before.rows[0]!.n + 1}`.execute(trx);
    return before.rows[0]!.n + 1;
  });
  expect(stored).toBe(1);
  // The other process was held off while the transaction ran (it would have
  // waited up to its busy timeout), and can write once it has committed.
  expect(otherWrite).toBe("SQLITE_BUSY");
  other.exec("update counter set n = n + 100");
  expect(other.prepare("select n from counter").get()).toEqual({ n: 101 });
});
