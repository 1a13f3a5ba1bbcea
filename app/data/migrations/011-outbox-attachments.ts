/** Migration 011, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Files sent with a message (a webinar's calendar invitation), as JSON.
    await db.schema.alterTable("outbox").addColumn("attachments_json", "text").execute();
  },
};
