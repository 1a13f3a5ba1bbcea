/** Migration 012, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A message that is pointless once a moment has passed (a reminder
    // for a webinar that has started): not sent after it, given up.
    await db.schema.alterTable("outbox").addColumn("not_after", "text").execute();
  },
};
