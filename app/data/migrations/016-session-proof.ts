/** Migration 016, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // When a session last proved it is its account's owner (password or
    // second factor): adding a passkey needs a proof in the last 5 minutes
    // (docs/decisions/036-account-self-service.md). Sessions from before
    // have none: they confirm once on the account page.
    await db.schema.alterTable("staff_sessions").addColumn("proved_at", "text").execute();
  },
};
