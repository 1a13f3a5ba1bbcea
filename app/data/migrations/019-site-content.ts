/** Migration 019, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The site's content, edited in the back office and published without a
    // deploy (docs/decisions/045-content-in-the-database.md): each item's
    // working copy (its draft, with a version that a save must name), its
    // state, and every version ever published (its revisions); one counter
    // that every publish moves, so every instance knows its copy is stale;
    // and which types have been seeded from the release's content (once).
    await createTable(
      db,
      "content_items",
      {
        type: "text not null",
        key: "text not null",
        position: "integer not null",
        draft: "text not null",
        draft_version: "integer not null",
        draft_saved_at: "text not null",
        draft_saved_by: "text",
        status: "text not null",
        published_revision: "integer",
        publish_at: "text",
        publish_at_by: "text",
      },
      (t) => t.addPrimaryKeyConstraint("content_items_pk", ["type", "key"]),
    );
    await createIndexes(db, "content_items", { content_items_publish_at: "publish_at" });
    await createTable(
      db,
      "content_revisions",
      {
        type: "text not null",
        key: "text not null",
        revision: "integer not null",
        data: "text not null",
        published_at: "text not null",
        published_by: "text",
        published_by_name: "text not null",
        note: "text not null",
      },
      (t) => t.addPrimaryKeyConstraint("content_revisions_pk", ["type", "key", "revision"]),
    );
    await createTable(db, "content_state", {
      id: "text primary key",
      version: "integer not null",
      changed_at: "text not null",
    });
    await createTable(db, "content_seeds", {
      type: "text primary key",
      seeded_at: "text not null",
      items: "integer not null",
    });
  },
};
