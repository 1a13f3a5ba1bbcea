/** Migration 022, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createTable } from "./helpers/tables.ts";
import { isPostgres } from "./helpers/dialect.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // PDFs the team uploads for a free guide, kept in the database so that
    // every instance serves them (docs/decisions/050-featured-lists-site-facts-and-guide-files.md).
    // Keyed by the file's SHA-256; a guide's draft names the file it uses,
    // so publishing the guide publishes the choice. Who uploaded it and when.
    await createTable(db, "guide_files", {
      id: "text primary key",
      guide_id: "text not null",
      file_name: "text not null",
      size: "integer not null",
      pages: "integer not null",
      bytes: isPostgres(db) ? "bytea not null" : "blob not null",
      uploaded_at: "text not null",
      uploaded_by: "text",
      uploaded_by_name: "text not null",
    });
  },
};
