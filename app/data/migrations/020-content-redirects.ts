/** Migration 020, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // An old address of an item of the site's content (a course's id, an
    // article's slug, changed in the editor) and where it now leads: 301
    // there while that item is on the site (docs/decisions/047-addresses-move.md).
    // One row per old public path; the item is named by its stable key.
    await db.schema
      .createTable("content_redirects")
      .addColumn("from_path", "text", (c) => c.primaryKey())
      .addColumn("to_path", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("content_redirects_item").on("content_redirects").columns(["type", "key"]).execute();
  },
};
