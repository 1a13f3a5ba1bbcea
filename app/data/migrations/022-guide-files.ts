/** Migration 022, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { isPostgres } from "./helpers/dialect.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // PDFs the team uploads for a free guide, kept in the database so that
    // every instance serves them (docs/decisions/050-featured-lists-site-facts-and-guide-files.md).
    // Keyed by the file's SHA-256; a guide's draft names the file it uses,
    // so publishing the guide publishes the choice. Who uploaded it and when.
    await db.schema
      .createTable("guide_files")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("guide_id", "text", (c) => c.notNull())
      .addColumn("file_name", "text", (c) => c.notNull())
      .addColumn("size", "integer", (c) => c.notNull())
      .addColumn("pages", "integer", (c) => c.notNull())
      .addColumn("bytes", isPostgres(db) ? "bytea" : "blob", (c) => c.notNull())
      .addColumn("uploaded_at", "text", (c) => c.notNull())
      .addColumn("uploaded_by", "text")
      .addColumn("uploaded_by_name", "text", (c) => c.notNull())
      .execute();
  },
};
