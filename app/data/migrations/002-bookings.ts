/** Migration 002, shipped 2026-11-21: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await createTable(db, "bookings", {
      id: "text primary key",
      created_at: "text not null",
      updated_at: "text not null",
      customer_name: "text not null",
      customer_email: "text not null",
      quantity: "integer",
      amount_pence: "integer not null",
      currency: "text not null",
      status: "text not null",
      payment_intent_id: "text unique",
      client_secret: "text",
      paid_at: "text",
      failure_message: "text",
      is_test: "integer not null default 0",
      source_page: "text not null",
    });
    await createIndexes(db, "bookings", { bookings_created: "created_at" });
    await createTable(db, "stripe_events", {
      id: "text primary key",
      type: "text not null",
      received_at: "text not null",
    });
  },
};
