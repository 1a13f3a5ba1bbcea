/** Migration 001, shipped 2026-11-21: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndexes, createTable, type Columns } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const lead: Columns = {
      id: "text primary key",
      created_at: "text not null",
      consent_text: "text not null",
      source_page: "text not null",
      is_test: "integer not null default 0",
    };
    await createTable(db, "contact_enquiries", {
      ...lead,
      name: "text not null",
      email: "text not null",
      phone: "text not null",
      company: "text not null",
      job_title: "text",
      service_interest: "text not null",
      message: "text not null",
      preferred_contact: "text not null",
    });
    await createTable(db, "guide_requests", {
      ...lead,
      first_name: "text not null",
      last_name: "text not null",
      email: "text not null",
      company: "text not null",
      guide_name: "text not null",
      download_token: "text not null unique",
    });
    await createTable(db, "resource_downloads", {
      ...lead,
      email: "text not null",
      resource_id: "text not null",
      download_token: "text not null unique",
    });
    await createTable(db, "newsletter_subscriptions", {
      ...lead,
      email: "text not null unique",
      status: "text not null",
      confirm_token: "text not null unique",
      unsubscribe_token: "text not null unique",
      updated_at: "text not null",
      confirmed_at: "text",
      unsubscribed_at: "text",
    });
    await createTable(db, "webinar_registrations", {
      ...lead,
      webinar_id: "text not null",
      name: "text not null",
      email: "text not null",
      company: "text not null",
    });

    await createTable(db, "submission_keys", {
      fingerprint: "text primary key",
      record_id: "text not null",
      expires_at: "text not null",
    });

    await createTable(db, "outbox", {
      id: "text primary key",
      created_at: "text not null",
      lead_type: "text not null",
      lead_id: "text not null",
      to_address: "text not null",
      reply_to: "text",
      subject: "text not null",
      text_body: "text not null",
      html_body: "text not null",
      headers_json: "text not null",
      attempts: "integer not null default 0",
      next_attempt_at: "text not null",
      locked_until: "text",
      sent_at: "text",
      last_error: "text",
    });
    await createIndexes(db, "outbox", { outbox_due: "sent_at, next_attempt_at", outbox_lead: "lead_type, lead_id" });
    for (const table of ["contact_enquiries", "guide_requests", "resource_downloads", "webinar_registrations"]) {
      await createIndexes(db, table, { [`${table}_created`]: "created_at" });
    }
  },
};
