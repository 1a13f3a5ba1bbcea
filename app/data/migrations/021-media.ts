/** Migration 021, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { isPostgres } from "./helpers/dialect.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The site's images (docs/decisions/049-images.md): each upload as
    // re-encoded (its original's size, who uploaded it and when; the file
    // itself is not kept), and its variants' bytes, so that every instance
    // serves them from the one database.
    await db.schema
      .createTable("images")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("source_format", "text", (c) => c.notNull())
      .addColumn("source_bytes", "integer", (c) => c.notNull())
      .addColumn("uploaded_at", "text", (c) => c.notNull())
      .addColumn("uploaded_by", "text")
      .execute();
    await db.schema
      .createTable("image_variants")
      .addColumn("image_id", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("format", "text", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("size", "integer", (c) => c.notNull())
      .addColumn("bytes", isPostgres(db) ? "bytea" : "blob", (c) => c.notNull())
      .addPrimaryKeyConstraint("image_variants_pk", ["image_id", "width", "format"])
      .execute();
  },
};
