/** Migration 019, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The site's content, edited in the back office and published without a
    // deploy (docs/decisions/045-content-in-the-database.md): each item's
    // working copy (its draft, with a version that a save must name), its
    // state, and every version ever published (its revisions); one counter
    // that every publish moves, so every instance knows its copy is stale;
    // and which types have been seeded from the release's content (once).
    await db.schema
      .createTable("content_items")
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("draft", "text", (c) => c.notNull())
      .addColumn("draft_version", "integer", (c) => c.notNull())
      .addColumn("draft_saved_at", "text", (c) => c.notNull())
      .addColumn("draft_saved_by", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("published_revision", "integer")
      .addColumn("publish_at", "text")
      .addColumn("publish_at_by", "text")
      .addPrimaryKeyConstraint("content_items_pk", ["type", "key"])
      .execute();
    await db.schema.createIndex("content_items_publish_at").on("content_items").column("publish_at").execute();
    await db.schema
      .createTable("content_revisions")
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("published_at", "text", (c) => c.notNull())
      .addColumn("published_by", "text")
      .addColumn("published_by_name", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("content_revisions_pk", ["type", "key", "revision"])
      .execute();
    await db.schema
      .createTable("content_state")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("changed_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("content_seeds")
      .addColumn("type", "text", (c) => c.primaryKey())
      .addColumn("seeded_at", "text", (c) => c.notNull())
      .addColumn("items", "integer", (c) => c.notNull())
      .execute();
  },
};
