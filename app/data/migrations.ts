/**
 * Versioned migrations, run at start-up (Kysely's Migrator records what ran
 * in kysely_migration). The same migrations serve SQLite and PostgreSQL:
 * only portable types (text, integer) and plain indexes. Never edit a
 * migration that has shipped; add the next one.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

type AnyDb = Kysely<unknown>;

export const migrations: Record<string, Migration> = {
  "2026-11-21-001-leads-and-outbox": {
    async up(db: AnyDb) {
      const lead = (name: string) =>
        db.schema
          .createTable(name)
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("consent_text", "text", (c) => c.notNull())
          .addColumn("source_page", "text", (c) => c.notNull())
          .addColumn("is_test", "integer", (c) => c.notNull().defaultTo(0));

      await lead("contact_enquiries")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("company", "text", (c) => c.notNull())
        .addColumn("job_title", "text")
        .addColumn("service_interest", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("preferred_contact", "text", (c) => c.notNull())
        .execute();

      await lead("guide_requests")
        .addColumn("first_name", "text", (c) => c.notNull())
        .addColumn("last_name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("company", "text", (c) => c.notNull())
        .addColumn("guide_name", "text", (c) => c.notNull())
        .addColumn("download_token", "text", (c) => c.notNull().unique())
        .execute();

      await lead("resource_downloads")
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("resource_id", "text", (c) => c.notNull())
        .addColumn("download_token", "text", (c) => c.notNull().unique())
        .execute();

      await lead("newsletter_subscriptions")
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("confirm_token", "text", (c) => c.notNull().unique())
        .addColumn("unsubscribe_token", "text", (c) => c.notNull().unique())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("confirmed_at", "text")
        .addColumn("unsubscribed_at", "text")
        .execute();

      await lead("webinar_registrations")
        .addColumn("webinar_id", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("company", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("submission_keys")
        .addColumn("fingerprint", "text", (c) => c.primaryKey())
        .addColumn("record_id", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("outbox")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("lead_type", "text", (c) => c.notNull())
        .addColumn("lead_id", "text", (c) => c.notNull())
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("reply_to", "text")
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text_body", "text", (c) => c.notNull())
        .addColumn("html_body", "text", (c) => c.notNull())
        .addColumn("headers_json", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("locked_until", "text")
        .addColumn("sent_at", "text")
        .addColumn("last_error", "text")
        .execute();
      await db.schema.createIndex("outbox_due").on("outbox").columns(["sent_at", "next_attempt_at"]).execute();
      await db.schema.createIndex("outbox_lead").on("outbox").columns(["lead_type", "lead_id"]).execute();
      for (const table of ["contact_enquiries", "guide_requests", "resource_downloads", "webinar_registrations"]) {
        await db.schema.createIndex(`${table}_created`).on(table).column("created_at").execute();
      }
    },
  },
  "2026-11-21-002-bookings": {
    async up(db: AnyDb) {
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
  },
  "2026-11-23-003-outbox-lease-owners": {
    async up(db: AnyDb) {
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
  },
  "2026-11-23-004-production": {
    async up(db: AnyDb) {
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
  },
};
