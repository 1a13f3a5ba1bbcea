/** Migration 010, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { addColumns, createIndexes } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // When each registrant's reminders went (24 hours and 1 hour before):
    // set in the transaction that queues the reminder, so each goes once.
    await addColumns(db, "webinar_registrations", { reminded_day_before_at: "text", reminded_hour_before_at: "text" });
    await createIndexes(db, "webinar_registrations", { webinar_registrations_webinar: "webinar_id" });
  },
};
