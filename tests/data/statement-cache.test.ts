/**
 * The SQLite connection Kysely gets keeps its compiled statements
 * (app/data/db.server.ts, docs/decisions/016-lead-path-throughput.md).
 */
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { cachingStatements } from "~/data/db.server.ts";

let sqlite: SQLite.Database;
beforeEach(() => {
  sqlite = new SQLite(":memory:");
  sqlite.exec("create table t (n integer)");
  sqlite.exec("insert into t values (1), (2), (3)");
});
afterEach(() => {
  if (sqlite.open) sqlite.close();
});

it("compiles a query once and runs the kept statement again", () => {
  const prepare = vi.spyOn(sqlite, "prepare");
  const db = cachingStatements(sqlite);
  const first = db.prepare("select n from t where n >= ? order by n");
  expect(first.all([2])).toEqual([{ n: 2 }, { n: 3 }]);
  const again = db.prepare("select n from t where n >= ? order by n");
  expect(again).toBe(first);
  expect(again.all([3])).toEqual([{ n: 3 }]);
  expect(prepare).toHaveBeenCalledTimes(1);
});

it("keeps the most recently used statements, up to its limit", () => {
  const prepare = vi.spyOn(sqlite, "prepare");
  const db = cachingStatements(sqlite, 2);
  const a = db.prepare("select 1 as a");
  db.prepare("select 2 as b");
  expect(db.prepare("select 1 as a")).toBe(a); // a is now the most recent
  db.prepare("select 3 as c"); // drops b, the least recently used
  expect(db.prepare("select 1 as a")).toBe(a);
  expect(prepare).toHaveBeenCalledTimes(3);
  db.prepare("select 2 as b");
  expect(prepare).toHaveBeenCalledTimes(4);
});

it("prepares a fresh statement while the kept one is still being read", () => {
  const db = cachingStatements(sqlite);
  const text = "select n from t order by n";
  const streaming = db.prepare(text);
  const rows = streaming.iterate([]);
  expect(rows.next().value).toEqual({ n: 1 });
  const meanwhile = db.prepare(text);
  expect(meanwhile).not.toBe(streaming);
  expect(meanwhile.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
  // Once read to the end, the kept one serves again.
  expect(db.prepare(text)).toBe(streaming);
});

it("closes the connection", () => {
  const db = cachingStatements(sqlite);
  db.prepare("select 1").all([]);
  db.close();
  expect(sqlite.open).toBe(false);
});
