/** Migration 010, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // When each registrant's reminders went (24 hours and 1 hour before):
    // set in the transaction that queues the reminder, so each goes once.
    await db.schema.alterTable("webinar_registrations").addColumn("reminded_day_before_at", "text").execute();
    await db.schema.alterTable("webinar_registrations").addColumn("reminded_hour_before_at", "text").execute();
    await db.schema
      .createIndex("webinar_registrations_webinar")
      .on("webinar_registrations")
      .column("webinar_id")
      .execute();
  },
};
