/** Migration 021, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createTable } from "./helpers/tables.ts";
import { isPostgres } from "./helpers/dialect.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The site's images (docs/decisions/049-images.md): each upload as
    // re-encoded (its original's size, who uploaded it and when; the file
    // itself is not kept), and its variants' bytes, so that every instance
    // serves them from the one database.
    await createTable(db, "images", {
      id: "text primary key",
      name: "text not null",
      width: "integer not null",
      height: "integer not null",
      source_format: "text not null",
      source_bytes: "integer not null",
      uploaded_at: "text not null",
      uploaded_by: "text",
    });
    await createTable(
      db,
      "image_variants",
      {
        image_id: "text not null",
        width: "integer not null",
        format: "text not null",
        height: "integer not null",
        size: "integer not null",
        bytes: isPostgres(db) ? "bytea not null" : "blob not null",
      },
      (t) => t.addPrimaryKeyConstraint("image_variants_pk", ["image_id", "width", "format"]),
    );
  },
};
