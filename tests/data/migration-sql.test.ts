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
import { describe, expect, it } from "vitest";
import { migrations } from "~/data/migrations/index.ts";
import { dialects, openEmptyDatabase } from "./databases.ts";

/** Runs every migration in order on a new, empty database of `dialect`; what each sent, under its name. */
async function recordMigrations(dialect: (typeof dialects)[number]): Promise<string> {
  const lines: string[] = [];
  const { db, dispose } = await openEmptyDatabase(dialect, {
    log(event) {
      const { sql, parameters } = event.query;
      lines.push(`${sql};`);
      if (parameters.length > 0) lines.push(`-- parameters: ${JSON.stringify(parameters)}`);
      if (event.level === "error") lines.push(`-- error: ${String(event.error)}`);
    },
  });
  try {
    for (const [name, migration] of Object.entries(migrations)) {
      lines.push("", `-- ${name}`);
      await migration.up(db);
    }
  } finally {
    await dispose();
  }
  return `${lines.join("\n").trimStart()}\n`;
}

describe.each(dialects)("the migrations on %s", (dialect) => {
  it("send the statements they sent when they shipped, to the letter", async () => {
    await expect(await recordMigrations(dialect)).toMatchFileSnapshot(`./__snapshots__/migrations/${dialect}.sql.snap`);
  });
});
