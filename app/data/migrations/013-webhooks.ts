/** Migration 013, shipped 2026-11-24: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Outgoing webhooks (app/webhooks, docs/decisions/030-outgoing-webhooks.md):
    // the team's endpoints, each event once (written in the transaction of
    // the change it reports), and one delivery per event and endpoint,
    // claimed and retried like the e-mail outbox.
    await createTable(db, "webhook_endpoints", {
      id: "text primary key",
      url: "text not null",
      description: "text not null",
      events_json: "text not null",
      secret: "text not null",
      previous_secret: "text",
      previous_secret_until: "text",
      created_at: "text not null",
      updated_at: "text not null",
      disabled_at: "text",
    });
    await createTable(db, "webhook_events", {
      id: "text primary key",
      type: "text not null",
      created_at: "text not null",
      payload: "text not null",
      email: "text",
    });
    await createIndexes(db, "webhook_events", { webhook_events_created: "created_at", webhook_events_email: "email" });
    await createTable(db, "webhook_deliveries", {
      id: "text primary key",
      event_id: "text not null",
      endpoint_id: "text not null",
      created_at: "text not null",
      attempts: "integer not null default 0",
      next_attempt_at: "text not null",
      locked_until: "text",
      locked_by: "text",
      last_attempt_at: "text",
      last_status: "integer",
      last_error: "text",
      delivered_at: "text",
      dead_at: "text",
    });
    await createIndexes(db, "webhook_deliveries", {
      webhook_deliveries_due: "delivered_at, dead_at, next_attempt_at",
      webhook_deliveries_endpoint: "endpoint_id, created_at",
      webhook_deliveries_event: "event_id",
    });
  },
};
