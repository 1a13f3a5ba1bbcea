/** Migration 004, shipped 2026-11-23: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // An outbox row that is still unsent after MAIL_GIVE_UP_HOURS is given
    // up: marked dead, never tried again (app/mail/outbox.server.ts).
    await db.schema.alterTable("outbox").addColumn("dead_at", "text").execute();
    await db.schema.createIndex("outbox_sent").on("outbox").column("sent_at").execute();
    await db.schema.createIndex("outbox_created").on("outbox").column("created_at").execute();
    // Scheduled jobs (retention): one row per job; the lease makes a run
    // happen on one instance at a time, last_finished_at tells when it is due.
    await db.schema
      .createTable("job_runs")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("locked_by", "text")
      .addColumn("locked_until", "text")
      .addColumn("last_started_at", "text")
      .addColumn("last_finished_at", "text")
      .addColumn("last_result", "text")
      .execute();
    // Retention sweeps look rows up by age and state.
    await db.schema.createIndex("submission_keys_expires").on("submission_keys").column("expires_at").execute();
    await db.schema
      .createIndex("newsletter_status_updated")
      .on("newsletter_subscriptions")
      .columns(["status", "updated_at"])
      .execute();
    await db.schema.createIndex("bookings_status_updated").on("bookings").columns(["status", "updated_at"]).execute();
    await db.schema.createIndex("stripe_events_received").on("stripe_events").column("received_at").execute();
  },
};
