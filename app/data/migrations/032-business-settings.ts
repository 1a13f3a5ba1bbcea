/** Migration 032, shipped 2026-11-29: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The provider's own facts that invoices print (issue 39,
    // docs/decisions/066-business-settings.md): each save is a numbered
    // revision, never changed; the newest is the settings in force. The
    // release ships none: no invoice is issued until an administrator
    // saves them.
    await db.schema
      .createTable("business_settings_revisions")
      .addColumn("revision", "integer", (c) => c.primaryKey())
      .addColumn("settings", "text", (c) => c.notNull())
      .addColumn("saved_at", "text", (c) => c.notNull())
      .addColumn("saved_by", "text")
      .addColumn("saved_by_name", "text", (c) => c.notNull())
      .addColumn("sample", "integer", (c) => c.notNull())
      .execute();
  },
};
