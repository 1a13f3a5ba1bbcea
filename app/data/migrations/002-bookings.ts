/** Migration 002, shipped 2026-11-21: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("bookings")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("customer_name", "text", (c) => c.notNull())
      .addColumn("customer_email", "text", (c) => c.notNull())
      .addColumn("quantity", "integer")
      .addColumn("amount_pence", "integer", (c) => c.notNull())
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("payment_intent_id", "text", (c) => c.unique())
      .addColumn("client_secret", "text")
      .addColumn("paid_at", "text")
      .addColumn("failure_message", "text")
      .addColumn("is_test", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("source_page", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("bookings_created").on("bookings").column("created_at").execute();
    await db.schema
      .createTable("stripe_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("received_at", "text", (c) => c.notNull())
      .execute();
  },
};
