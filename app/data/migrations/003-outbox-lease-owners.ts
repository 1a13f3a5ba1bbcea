/** Migration 003, shipped 2026-11-23: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Who holds a lease: a dead owner's leases are taken back at once
    // (app/mail/outbox.server.ts, docs/decisions/009-outbox-lease-owners.md).
    await db.schema.alterTable("outbox").addColumn("locked_by", "text").execute();
    await db.schema
      .createTable("outbox_workers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("host", "text", (c) => c.notNull())
      .addColumn("pid", "integer", (c) => c.notNull())
      .addColumn("process_id", "text", (c) => c.notNull())
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("heartbeat_at", "text", (c) => c.notNull())
      .execute();
  },
};
