/** Migration 001, shipped 2026-11-21: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
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
};
