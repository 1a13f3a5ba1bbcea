/**
 * `npm run backup`: a consistent snapshot of the SQLite database, safe to
 * take while the site runs and writes.
 *
 * Reads the same settings as the server (DATA_DIR, BACKUP_DIR, BACKUP_KEEP,
 * DATABASE_URL; `.env` through `node --env-file-if-exists=.env`). Copies
 * DATA_DIR/site.db with SQLite's online backup API (better-sqlite3's
 * `db.backup()`: every page as of one moment, whatever the site commits
 * meanwhile) to a temporary name in BACKUP_DIR, checks it
 * (`PRAGMA integrity_check`), makes it a self-contained file (rollback
 * journal, no -wal), and renames it to `site-<UTC time>.db`. Then keeps the
 * newest BACKUP_KEEP snapshots and deletes the older ones. Prints what it
 * wrote and what it deleted.
 *
 * With DATABASE_URL (PostgreSQL) there is no file to copy: it says to use
 * pg_dump (docs/operations.md, "Backups") and exits 2.
 *
 * Exit codes: 0 done; 1 failed (nothing renamed into place); 2 PostgreSQL.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { configOrFail, failer } from "./cli.ts";

/** site-2026-11-23T10-15-30.123Z.db: sorts by time; no colons (portable file names). */
const snapshotName = (time: Date) => `site-${time.toISOString().replace(/:/g, "-")}.db`;
const snapshotPattern = /^site-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.db$/;
const partialPattern = /^\.site-.*\.db\.partial$/;

const fail: (message: string, code?: number) => never = failer("backup");

const config = configOrFail(fail);

if (config.DATABASE_URL) {
  fail(
    "DATABASE_URL is set: the data is in PostgreSQL, which this command does not copy.\n" +
      'Back it up with pg_dump, e.g. `pg_dump -Fc -f site-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"`,\n' +
      'and restore with pg_restore (docs/operations.md, "Backups").',
    2,
  );
}

const source = path.join(config.dataDir, "site.db");
if (!existsSync(source)) fail(`no database at ${source} (DATA_DIR=${config.dataDir})`);
const dir = config.backupDir;
mkdirSync(dir, { recursive: true });

const startedAt = new Date();
const finalName = snapshotName(startedAt);
const finalPath = path.join(dir, finalName);
if (existsSync(finalPath)) fail(`${finalPath} already exists`);
const partialPath = path.join(dir, `.${finalName}.partial`);

const db = new SQLite(source, { fileMustExist: true });
try {
  db.pragma("busy_timeout = 10000");
  // All remaining pages in one step: the copy is one read transaction, one
  // moment of the database (in WAL mode writers carry on meanwhile).
  await db.backup(partialPath, { progress: () => 0x7fffffff });
} catch (error) {
  rmSync(partialPath, { force: true });
  fail(`copying ${source} failed: ${(error as Error).message}`);
} finally {
  db.close();
}

let pages = 0;
try {
  const snapshot = new SQLite(partialPath, { fileMustExist: true });
  try {
    const check = snapshot.pragma("integrity_check") as { integrity_check: string }[];
    if (check.length !== 1 || check[0]?.integrity_check !== "ok") {
      throw new Error(`integrity check: ${check.map((r) => r.integrity_check).join("; ")}`);
    }
    // One file, readable on its own and by sqlite3 without write access.
    snapshot.pragma("journal_mode = DELETE");
    pages = snapshot.pragma("page_count", { simple: true }) as number;
  } finally {
    snapshot.close();
  }
  renameSync(partialPath, finalPath);
} catch (error) {
  rmSync(partialPath, { force: true });
  for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(partialPath + suffix, { force: true });
  fail(`the snapshot of ${source} failed its check, nothing kept: ${(error as Error).message}`);
}

const size = statSync(finalPath).size;
console.log(`backup: wrote ${finalPath} (${(size / 1024).toFixed(0)} KiB, ${pages} pages, integrity ok)`);

// Rotation: the newest BACKUP_KEEP snapshots stay (names sort by time).
const snapshots = readdirSync(dir)
  .filter((name) => snapshotPattern.test(name))
  .sort()
  .reverse();
for (const name of snapshots.slice(config.BACKUP_KEEP)) {
  rmSync(path.join(dir, name), { force: true });
  console.log(`backup: deleted ${path.join(dir, name)} (keeping the newest ${config.BACKUP_KEEP})`);
}
// Leftovers of a run that crashed mid-copy (a day old: never one still being written).
for (const name of readdirSync(dir).filter((n) => partialPattern.test(n))) {
  const full = path.join(dir, name);
  if (Date.now() - statSync(full).mtimeMs > 86_400_000) {
    rmSync(full, { force: true });
    console.log(`backup: deleted ${full} (an unfinished copy)`);
  }
}
