/** Migration 017, shipped 2026-11-25: frozen, never edited (./index.ts). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { isPostgres } from "./helpers/dialect.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // SQLite's inbox index removes a deleted lead's words from its
    // segments at once, instead of adding a delete marker beside them until
    // a merge: an erased lead's words are then in no page of the file
    // (docs/decisions/034-erasure-leaves-nothing-to-read-back.md). Stored
    // in the index's own settings. PostgreSQL: see that ADR (VACUUM).
    if (!isPostgres(db)) await sql`insert into leads_fts(leads_fts, rank) values ('secure-delete', 1)`.execute(db);
  },
};
