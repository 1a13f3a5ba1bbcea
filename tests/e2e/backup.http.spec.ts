/**
 * `npm run backup` (scripts/backup.ts) against a running site on SQLite:
 * a snapshot taken in the middle of a burst of contact enquiries holds
 * every enquiry the site had acknowledged (2xx) before the backup started,
 * and passes `PRAGMA integrity_check`; the restore procedure (stop the
 * site, put the snapshot in place of DATA_DIR/site.db, remove site.db-wal
 * and site.db-shm, start it) brings those leads back; BACKUP_KEEP rotates
 * the snapshots; with DATABASE_URL the script refuses and points to pg_dump.
 */
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { ROOT, pollUntil, postJson, sqliteQuery } from "../../harness/servers.ts";
import { contactEnquiry } from "../support/enquiry.ts";
import { expect, test } from "./fixtures.ts";

const CONCURRENCY = 8;
/** Snapshots are taken once this many enquiries have been answered; the burst goes on AFTER more. */
const BACKUPS_AFTER = [10, 60];
const AFTER = 20;

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the backup script as `npm run backup` does (without .env: only these settings). */
function backup(settings: Record<string, string>): Promise<Run> {
  const env: Record<string, string> = {};
  for (const key of ["PATH", "HOME", "TMPDIR", "LANG", "TZ"]) {
    if (process.env[key] !== undefined) env[key] = process.env[key]!;
  }
  const child = spawn(process.execPath, ["scripts/backup.ts"], {
    cwd: ROOT,
    env: { ...env, ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The snapshot file a run says it wrote. */
const written = (run: Run) => {
  const match = /^backup: wrote (\S+) /m.exec(run.stdout);
  expect(match, `backup output:\n${run.stdout}\n${run.stderr}`).not.toBeNull();
  return match![1]!;
};

/** Enquiry number i of the burst: each differs, so none is a duplicate of another. */
const enquiry = (email: string, i: number) =>
  contactEnquiry(email, { name: `Backup Tester ${i}`, message: `Enquiry number ${i} of the backup burst.` });

test("snapshots taken mid-burst hold every lead acknowledged before they began; restoring one brings them back", async ({
  servers,
}) => {
  test.setTimeout(120_000);
  const env = { FORM_MIN_FILL_SECONDS: "0", RATE_LIMIT_MAX: "1000000" };
  const site = await servers.site({ name: "backup", env });
  const backupDir = servers.dataDir("backup-snapshots");

  // The burst: CONCURRENCY enquiries in flight until told to stop.
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const answers: { email: string; status: number | string; at: number }[] = [];
  let sent = 0;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      const i = sent++;
      const email = `backup-${tag}-${i}@example.test`;
      let status: number | string;
      try {
        status = (await postJson(site.baseURL, "/api/contact", enquiry(email, i))).status;
      } catch (error) {
        status = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      }
      answers.push({ email, status, at: Date.now() });
    }
  };
  const burst = Promise.all(Array.from({ length: CONCURRENCY }, worker));

  // Two snapshots: an early one (its leads are still in site.db-wal, not yet
  // checkpointed into site.db: a plain file copy would miss them) and a later one.
  const snapshots: { file: string; acknowledgedBefore: string[]; started: number; ended: number }[] = [];
  for (const threshold of BACKUPS_AFTER) {
    await pollUntil(() => answers.length >= threshold, 60_000, 20);
    const started = Date.now();
    const acknowledgedBefore = answers
      .filter((a) => typeof a.status === "number" && a.status < 300)
      .map((a) => a.email);
    const run = await backup({ DATA_DIR: site.dataDir, BACKUP_DIR: backupDir, BACKUP_KEEP: "5" });
    expect(run.code, `backup output:\n${run.stdout}\n${run.stderr}`).toBe(0);
    snapshots.push({ file: written(run), acknowledgedBefore, started, ended: Date.now() });
  }
  const answeredAtEnd = answers.length;
  await pollUntil(() => answers.length >= answeredAtEnd + AFTER, 60_000, 20);
  stop = true;
  await burst;

  expect(
    answers.filter((a) => typeof a.status !== "number" || a.status >= 300).map((a) => a.status),
    "every enquiry of the burst was accepted",
  ).toEqual([]);
  // Only the snapshots: no temporary copy, no -wal or -shm beside them.
  expect(readdirSync(backupDir).sort()).toEqual(snapshots.map((s) => path.basename(s.file)).sort());

  const contents = new Map<string, Set<string>>();
  for (const { file, acknowledgedBefore, started, ended } of snapshots) {
    expect(path.dirname(file)).toBe(backupDir);
    expect(path.basename(file)).toMatch(/^site-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.db$/);
    // The site kept answering while the backup ran (it was taken mid-burst).
    expect(answers.filter((a) => a.at > started && a.at < ended).length).toBeGreaterThan(0);
    // Intact, and every enquiry acknowledged before the backup began is in it.
    const copy = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      const emails = (copy.prepare("SELECT email FROM contact_enquiries").all() as { email: string }[]).map(
        (r) => r.email,
      );
      contents.set(file, new Set(emails));
    } finally {
      copy.close();
    }
    const inSnapshot = contents.get(file)!;
    expect(acknowledgedBefore.length).toBeGreaterThan(0);
    expect(
      acknowledgedBefore.filter((email) => !inSnapshot.has(email)),
      `acknowledged before ${path.basename(file)} began, missing from it`,
    ).toEqual([]);
  }
  const last = snapshots.at(-1)!;
  const inLast = contents.get(last.file)!;
  const storedNow = sqliteQuery(site.dataDir, "SELECT email FROM contact_enquiries").map((r) => String(r.email));
  // The burst went on after the last snapshot: the live database has more.
  expect(storedNow.length).toBeGreaterThan(inLast.size);

  // Restore: stop the site, the snapshot in place of site.db, no -wal/-shm, start it.
  await site.stop();
  const db = path.join(site.dataDir, "site.db");
  copyFileSync(last.file, db);
  rmSync(`${db}-wal`, { force: true });
  rmSync(`${db}-shm`, { force: true });
  const restored = await servers.site({ name: "backup", dataDir: site.dataDir, env });
  const afterRestore = new Set(
    sqliteQuery(restored.dataDir, "SELECT email FROM contact_enquiries").map((r) => String(r.email)),
  );
  expect(afterRestore).toEqual(inLast);
  expect(last.acknowledgedBefore.filter((email) => !afterRestore.has(email))).toEqual([]);
  // The restored site takes new enquiries.
  const fresh = `backup-${tag}-restored@example.test`;
  expect((await postJson(restored.baseURL, "/api/contact", enquiry(fresh, -1))).status).toBeLessThan(300);
  expect(sqliteQuery(restored.dataDir, "SELECT id FROM contact_enquiries WHERE email = ?", [fresh])).toHaveLength(1);
});

test("BACKUP_KEEP=2: after three runs the newest two snapshots remain", async ({ servers }) => {
  const dataDir = servers.dataDir("backup-rotation");
  const backupDir = path.join(dataDir, "backups"); // the default: DATA_DIR/backups
  const source = new SQLite(path.join(dataDir, "site.db"));
  source.pragma("journal_mode = WAL");
  source.exec("CREATE TABLE t (n INTEGER)");
  const names: string[] = [];
  try {
    for (let n = 1; n <= 3; n++) {
      source.prepare("INSERT INTO t VALUES (?)").run(n);
      const run = await backup({ DATA_DIR: dataDir, BACKUP_KEEP: "2" });
      expect(run.code, run.stderr).toBe(0);
      names.push(path.basename(written(run)));
    }
  } finally {
    source.close();
  }
  expect(new Set(names).size).toBe(3);
  expect(readdirSync(backupDir).sort()).toEqual(names.slice(1).sort());
  // The newest holds all three rows.
  const newest = new SQLite(path.join(backupDir, names[2]!), { readonly: true });
  try {
    expect(newest.prepare("SELECT COUNT(*) AS n FROM t").get()).toEqual({ n: 3 });
  } finally {
    newest.close();
  }
});

test("with DATABASE_URL it copies nothing, says to use pg_dump and exits 2", async ({ servers }) => {
  const dataDir = servers.dataDir("backup-postgres");
  const backupDir = path.join(dataDir, "snapshots");
  const run = await backup({
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
  });
  expect(run.code).toBe(2);
  expect(run.stderr).toContain("pg_dump");
  expect(run.stdout).toBe("");
  expect(existsSync(backupDir)).toBe(false);
});
