/** Migration 020, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // An old address of an item of the site's content (a course's id, an
    // article's slug, changed in the editor) and where it now leads: 301
    // there while that item is on the site (docs/decisions/047-addresses-move.md).
    // One row per old public path; the item is named by its stable key.
    await createTable(db, "content_redirects", {
      from_path: "text primary key",
      to_path: "text not null",
      type: "text not null",
      key: "text not null",
      created_at: "text not null",
    });
    await createIndexes(db, "content_redirects", { content_redirects_item: "type, key" });
  },
};
