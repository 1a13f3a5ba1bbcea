/** Migration 013, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Outgoing webhooks (app/webhooks, docs/decisions/030-outgoing-webhooks.md):
    // the team's endpoints, each event once (written in the transaction of
    // the change it reports), and one delivery per event and endpoint,
    // claimed and retried like the e-mail outbox.
    await db.schema
      .createTable("webhook_endpoints")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("events_json", "text", (c) => c.notNull())
      .addColumn("secret", "text", (c) => c.notNull())
      .addColumn("previous_secret", "text")
      .addColumn("previous_secret_until", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("disabled_at", "text")
      .execute();
    await db.schema
      .createTable("webhook_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("email", "text")
      .execute();
    await db.schema.createIndex("webhook_events_created").on("webhook_events").column("created_at").execute();
    await db.schema.createIndex("webhook_events_email").on("webhook_events").column("email").execute();
    await db.schema
      .createTable("webhook_deliveries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("event_id", "text", (c) => c.notNull())
      .addColumn("endpoint_id", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "text", (c) => c.notNull())
      .addColumn("locked_until", "text")
      .addColumn("locked_by", "text")
      .addColumn("last_attempt_at", "text")
      .addColumn("last_status", "integer")
      .addColumn("last_error", "text")
      .addColumn("delivered_at", "text")
      .addColumn("dead_at", "text")
      .execute();
    await db.schema
      .createIndex("webhook_deliveries_due")
      .on("webhook_deliveries")
      .columns(["delivered_at", "dead_at", "next_attempt_at"])
      .execute();
    await db.schema
      .createIndex("webhook_deliveries_endpoint")
      .on("webhook_deliveries")
      .columns(["endpoint_id", "created_at"])
      .execute();
    await db.schema.createIndex("webhook_deliveries_event").on("webhook_deliveries").column("event_id").execute();
  },
};
