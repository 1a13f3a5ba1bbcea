/** Migration 041, shipped: frozen, never edited (./index.ts). */
import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** The tables whose links' tokens were kept as they were sent, and their columns. */
const tokenColumns = [
  ["guide_requests", "download_token"],
  ["resource_downloads", "download_token"],
  ["newsletter_subscriptions", "confirm_token"],
  ["newsletter_subscriptions", "unsubscribe_token"],
] as const;

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The links in a guide's e-mail and the newsletter's were kept whole, so a
    // copy of the database opened them. From now on a table keeps a token's
    // SHA-256 alone (as the booking links do), under a name that says so;
    // the links already sent keep working, as their hashes are written here.
    // Each column is renamed, its unique index staying with it, then each
    // row's token replaced by its hash.
    for (const [table, column] of tokenColumns) {
      await sql`alter table ${sql.table(table)} rename column ${sql.ref(column)} to ${sql.ref(`${column}_hash`)}`.execute(
        db,
      );
      const { rows } = await sql<{
        id: string;
        token: string;
      }>`select id, ${sql.ref(`${column}_hash`)} as token from ${sql.table(table)}`.execute(db);
      for (const { id, token } of rows) {
        await sql`update ${sql.table(table)} set ${sql.ref(`${column}_hash`)} = ${sha256(token)} where id = ${id}`.execute(
          db,
        );
      }
    }
  },
};
