/** Migration 032, shipped 2026-11-29: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The provider's own facts that invoices print (issue 39,
    // docs/decisions/066-business-settings.md): each save is a numbered
    // revision, never changed; the newest is the settings in force. The
    // release ships none: no invoice is issued until an administrator
    // saves them.
    await createTable(db, "business_settings_revisions", {
      revision: "integer primary key",
      settings: "text not null",
      saved_at: "text not null",
      saved_by: "text",
      saved_by_name: "text not null",
      sample: "integer not null",
    });
  },
};
