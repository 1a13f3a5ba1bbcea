/** Migration 004, shipped 2026-11-23: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { addColumns, createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // An outbox row that is still unsent after MAIL_GIVE_UP_HOURS is given
    // up: marked dead, never tried again (app/mail/outbox.server.ts).
    await addColumns(db, "outbox", { dead_at: "text" });
    await createIndexes(db, "outbox", { outbox_sent: "sent_at", outbox_created: "created_at" });
    // Scheduled jobs (retention): one row per job; the lease makes a run
    // happen on one instance at a time, last_finished_at tells when it is due.
    await createTable(db, "job_runs", {
      name: "text primary key",
      locked_by: "text",
      locked_until: "text",
      last_started_at: "text",
      last_finished_at: "text",
      last_result: "text",
    });
    // Retention sweeps look rows up by age and state.
    await createIndexes(db, "submission_keys", { submission_keys_expires: "expires_at" });
    await createIndexes(db, "newsletter_subscriptions", { newsletter_status_updated: "status, updated_at" });
    await createIndexes(db, "bookings", { bookings_status_updated: "status, updated_at" });
    await createIndexes(db, "stripe_events", { stripe_events_received: "received_at" });
  },
};
