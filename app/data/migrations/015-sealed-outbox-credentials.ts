/** Migration 015, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // One-time credentials of queued e-mails, sealed apart from the text
    // (docs/decisions/033-secrets-at-rest.md). Second-factor keys stay in
    // their columns, sealed at start-up (app/secrets/reseal.server.ts).
    await db.schema.alterTable("outbox").addColumn("secrets", "text").execute();
  },
};
