/** Migration 007, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Submissions refused as automated (honeypot, filled too fast): kept
    // 30 days for the team to check (app/spam/folder.server.ts).
    await db.schema
      .createTable("spam_submissions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("received_at", "text", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("fields_json", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("client_key", "text", (c) => c.notNull())
      .addColumn("source_page", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("spam_received").on("spam_submissions").columns(["received_at", "id"]).execute();
    await db.schema.createIndex("spam_client").on("spam_submissions").columns(["client_key", "received_at"]).execute();
    await db.schema.createIndex("spam_email").on("spam_submissions").column("email").execute();
  },
};
