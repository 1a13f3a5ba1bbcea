/**
 * Versioned migrations, run at start-up (Kysely's Migrator records what ran
 * in kysely_migration). The same migrations serve SQLite and PostgreSQL:
 * only portable types (text, integer) and plain indexes. Never edit a
 * migration that has shipped; add the next one.
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect.ts";
import type { Migration } from "kysely/migration";
import { searchText } from "./search-text.ts";
import { upgradeItem } from "../content/rich-text-upgrade.ts";
import { withoutCredentials } from "../addresses/credential-routes.ts";
import { attributionField, attributionWithoutCredentials } from "../forms/attribution.ts";

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
  "2026-11-24-005-staff": {
    async up(db: AnyDb) {
      // The back office's accounts, invitations, sessions and audit log
      // (docs/decisions/023-staff-accounts.md).
      await db.schema
        .createTable("staff_users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("totp_secret", "text", (c) => c.notNull())
        .addColumn("totp_last_step", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("disabled_at", "text")
        .execute();
      await db.schema
        .createTable("staff_invitations")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("totp_secret", "text", (c) => c.notNull())
        .addColumn("invited_by", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("accepted_at", "text")
        .execute();
      await db.schema.createIndex("staff_invitations_expires").on("staff_invitations").column("expires_at").execute();
      await db.schema
        .createTable("staff_sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("stage", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_seen_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text")
        .addColumn("ip", "text", (c) => c.notNull())
        .addColumn("user_agent", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("staff_sessions_user").on("staff_sessions").column("user_id").execute();
      await db.schema.createIndex("staff_sessions_expires").on("staff_sessions").column("expires_at").execute();
      await db.schema
        .createTable("audit_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("actor_id", "text")
        .addColumn("actor_email", "text")
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("target", "text")
        .addColumn("ip", "text")
        .addColumn("detail", "text")
        .execute();
      await db.schema.createIndex("audit_events_at").on("audit_events").columns(["at", "id"]).execute();
    },
  },
  "2026-11-24-006-lead-index": {
    async up(db: AnyDb) {
      // One row per lead of every kind, written in the lead's transaction:
      // what the back office lists, filters, searches and works
      // (docs/decisions/024-lead-index.md).
      const postgres = isPostgres(db);
      let table = db.schema.createTable("leads");
      // SQLite: an integer key the full-text index can point at (a text key's
      // hidden rowid may change on VACUUM).
      table = postgres
        ? table.addColumn("id", "text", (c) => c.primaryKey())
        : table.addColumn("seq", "integer", (c) => c.primaryKey()).addColumn("id", "text", (c) => c.notNull().unique());
      await table
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("is_test", "integer", (c) => c.notNull())
        .addColumn("source_page", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("company", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("pillar", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("owner_id", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("deadline_at", "text")
        .addColumn("search", "text", (c) => c.notNull())
        .execute();
      const index = (name: string, columns: string[]) =>
        db.schema.createIndex(name).on("leads").columns(columns).execute();
      await index("leads_newest", ["is_test", "created_at", "id"]);
      await index("leads_kind", ["kind", "is_test", "created_at", "id"]);
      await index("leads_status", ["status", "is_test", "created_at", "id"]);
      await index("leads_owner", ["owner_id", "is_test", "created_at", "id"]);
      await index("leads_pillar", ["pillar", "is_test", "created_at", "id"]);
      await index("leads_deadline", ["status", "is_test", "deadline_at", "id"]);
      await index("leads_email", ["email"]);
      if (postgres) {
        await sql`alter table leads add column search_vector tsvector generated always as (to_tsvector('simple', search)) stored`.execute(
          db,
        );
        await sql`create index leads_search on leads using gin (search_vector)`.execute(db);
      } else {
        await sql`create virtual table leads_fts using fts5(search, content='leads', content_rowid='seq', tokenize='unicode61 remove_diacritics 2')`.execute(
          db,
        );
        await sql`create trigger leads_fts_insert after insert on leads begin
          insert into leads_fts(rowid, search) values (new.seq, new.search); end`.execute(db);
        await sql`create trigger leads_fts_delete after delete on leads begin
          insert into leads_fts(leads_fts, rowid, search) values ('delete', old.seq, old.search); end`.execute(db);
        await sql`create trigger leads_fts_update after update of search on leads begin
          insert into leads_fts(leads_fts, rowid, search) values ('delete', old.seq, old.search);
          insert into leads_fts(rowid, search) values (new.seq, new.search); end`.execute(db);
      }

      // What happened to a lead in the back office: status and owner changes, notes.
      await db.schema
        .createTable("lead_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("lead_id", "text", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("actor_id", "text")
        .addColumn("actor_name", "text", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("lead_events_lead").on("lead_events").columns(["lead_id", "at"]).execute();

      // Leads stored before this are listed too: their subject is the stored
      // reference, their pillar only where the reference is one, and they
      // have no deadline (they were answered from the e-mails).
      const pillars = new Set(["risk-grc", "accounting-auditing", "strategy", "sustainability"]);
      type Row = Record<string, string | number | null>;
      const kinds: [table: string, kind: string, map: (r: Row) => [name: string, company: string, subject: string, message: string]][] = [
        ["contact_enquiries", "contact", (r) => [`${r.name}`, `${r.company}`, `${r.service_interest}`, `${r.message}`]],
        ["guide_requests", "guideRequest", (r) => [`${r.first_name} ${r.last_name}`, `${r.company}`, `${r.guide_name}`, ""]],
        ["resource_downloads", "resourceDownload", (r) => ["", "", `${r.resource_id}`, ""]],
        ["newsletter_subscriptions", "newsletter", () => ["", "", "", ""]],
        ["webinar_registrations", "webinarRegistration", (r) => [`${r.name}`, `${r.company}`, `${r.webinar_id}`, ""]],
      ];
      const anyDb = db as Kysely<Record<string, Row>>;
      for (const [from, kind, map] of kinds) {
        let after = "";
        for (;;) {
          const rows = await anyDb.selectFrom(from).selectAll().where("id", ">", after).orderBy("id").limit(500).execute();
          if (rows.length === 0) break;
          after = String(rows.at(-1)!.id);
          await anyDb
            .insertInto("leads")
            .values(
              rows.map((r) => {
                const [name, company, subject, message] = map(r);
                const email = String(r.email).toLowerCase();
                return {
                  id: r.id,
                  kind,
                  created_at: r.created_at,
                  is_test: r.is_test,
                  source_page: r.source_page,
                  name,
                  email,
                  company,
                  subject,
                  pillar: pillars.has(subject) ? subject : null,
                  status: "new",
                  owner_id: null,
                  updated_at: r.created_at,
                  deadline_at: null,
                  search: searchText({ name, email, company, message }),
                };
              }),
            )
            .execute();
        }
      }
    },
  },
  "2026-11-24-007-spam-folder": {
    async up(db: AnyDb) {
      // Submissions refused as automated (honeypot, filled too fast): kept
      // 30 days for the team to check (app/spam/folder.server.ts).
      await db.schema
        .createTable("spam_submissions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("received_at", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("fields_json", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("client_key", "text", (c) => c.notNull())
        .addColumn("source_page", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("spam_received")
        .on("spam_submissions")
        .columns(["received_at", "id"])
        .execute();
      await db.schema
        .createIndex("spam_client")
        .on("spam_submissions")
        .columns(["client_key", "received_at"])
        .execute();
      await db.schema.createIndex("spam_email").on("spam_submissions").column("email").execute();
    },
  },
  "2026-11-24-008-passkeys": {
    async up(db: AnyDb) {
      // Passkeys (WebAuthn), the better second factor (app/staff/passkeys.server.ts):
      // each account's public-key credentials, and the one open challenge of a
      // session (a passkey's answer is checked against it once, then it is gone).
      await db.schema
        .createTable("staff_passkeys")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("public_key", "text", (c) => c.notNull())
        .addColumn("counter", "bigint", (c) => c.notNull())
        .addColumn("transports", "text", (c) => c.notNull())
        .addColumn("backed_up", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_used_at", "text")
        .execute();
      await db.schema.createIndex("staff_passkeys_user").on("staff_passkeys").column("user_id").execute();
      await db.schema.alterTable("staff_sessions").addColumn("challenge", "text").execute();
      await db.schema.alterTable("staff_sessions").addColumn("challenge_expires_at", "text").execute();
    },
  },
  "2026-11-24-009-sign-in-reset": {
    async up(db: AnyDb) {
      // A set-up link can also set up an existing account's sign-in again
      // (a lost phone): the account it is for, null for a new account.
      await db.schema.alterTable("staff_invitations").addColumn("user_id", "text").execute();
    },
  },
  "2026-11-24-010-webinar-reminders": {
    async up(db: AnyDb) {
      // When each registrant's reminders went (24 hours and 1 hour before):
      // set in the transaction that queues the reminder, so each goes once.
      await db.schema.alterTable("webinar_registrations").addColumn("reminded_day_before_at", "text").execute();
      await db.schema.alterTable("webinar_registrations").addColumn("reminded_hour_before_at", "text").execute();
      await db.schema
        .createIndex("webinar_registrations_webinar")
        .on("webinar_registrations")
        .column("webinar_id")
        .execute();
    },
  },
  "2026-11-24-011-outbox-attachments": {
    async up(db: AnyDb) {
      // Files sent with a message (a webinar's calendar invitation), as JSON.
      await db.schema.alterTable("outbox").addColumn("attachments_json", "text").execute();
    },
  },
  "2026-11-24-012-outbox-not-after": {
    async up(db: AnyDb) {
      // A message that is pointless once a moment has passed (a reminder
      // for a webinar that has started): not sent after it, given up.
      await db.schema.alterTable("outbox").addColumn("not_after", "text").execute();
    },
  },
  "2026-11-24-013-webhooks": {
    async up(db: AnyDb) {
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
  },
  "2026-11-24-014-attribution-and-page-views": {
    async up(db: AnyDb) {
      // The visit that brought each lead (app/forms/attribution.ts), and page
      // views counted per page and London day, with no visitor identifier
      // (app/analytics, docs/decisions/031-attribution-and-page-views.md).
      for (const column of ["landing_page", "referrer", "utm_source", "utm_medium", "utm_campaign"]) {
        await db.schema.alterTable("leads").addColumn(column, "text").execute();
      }
      await db.schema
        .createTable("page_views")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("views", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("page_views_pk", ["day", "path"])
        .execute();
    },
  },
  "2026-11-25-015-sealed-outbox-credentials": {
    async up(db: AnyDb) {
      // One-time credentials of queued e-mails, sealed apart from the text
      // (docs/decisions/033-secrets-at-rest.md). Second-factor keys stay in
      // their columns, sealed at start-up (app/secrets/reseal.server.ts).
      await db.schema.alterTable("outbox").addColumn("secrets", "text").execute();
    },
  },
  "2026-11-25-016-session-proof": {
    async up(db: AnyDb) {
      // When a session last proved it is its account's owner (password or
      // second factor): adding a passkey needs a proof in the last 5 minutes
      // (docs/decisions/036-account-self-service.md). Sessions from before
      // have none: they confirm once on the account page.
      await db.schema.alterTable("staff_sessions").addColumn("proved_at", "text").execute();
    },
  },
  "2026-11-25-017-search-index-secure-delete": {
    async up(db: AnyDb) {
      // SQLite's inbox index removes a deleted lead's words from its
      // segments at once, instead of adding a delete marker beside them until
      // a merge: an erased lead's words are then in no page of the file
      // (docs/decisions/034-erasure-leaves-nothing-to-read-back.md). Stored
      // in the index's own settings. PostgreSQL: see that ADR (VACUUM).
      if (!isPostgres(db)) await sql`insert into leads_fts(leads_fts, rank) values ('secure-delete', 1)`.execute(db);
    },
  },
  "2026-11-25-018-staff-permissions": {
    async up(db: AnyDb) {
      // A member's role is now the permissions they hold (`leads`, `site`,
      // `leads,site`; administrators stay `admin`): every member until now
      // worked leads (docs/decisions/044-permissions.md). Open invitations too.
      const staffDb = db as Kysely<Record<string, { role: string }>>;
      for (const table of ["staff_users", "staff_invitations"]) {
        await staffDb.updateTable(table).set({ role: "leads" }).where("role", "=", "staff").execute();
      }
    },
  },
  "2026-11-25-019-site-content": {
    async up(db: AnyDb) {
      // The site's content, edited in the back office and published without a
      // deploy (docs/decisions/045-content-in-the-database.md): each item's
      // working copy (its draft, with a version that a save must name), its
      // state, and every version ever published (its revisions); one counter
      // that every publish moves, so every instance knows its copy is stale;
      // and which types have been seeded from the release's content (once).
      await db.schema
        .createTable("content_items")
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("draft", "text", (c) => c.notNull())
        .addColumn("draft_version", "integer", (c) => c.notNull())
        .addColumn("draft_saved_at", "text", (c) => c.notNull())
        .addColumn("draft_saved_by", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("published_revision", "integer")
        .addColumn("publish_at", "text")
        .addColumn("publish_at_by", "text")
        .addPrimaryKeyConstraint("content_items_pk", ["type", "key"])
        .execute();
      await db.schema.createIndex("content_items_publish_at").on("content_items").column("publish_at").execute();
      await db.schema
        .createTable("content_revisions")
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("revision", "integer", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("published_at", "text", (c) => c.notNull())
        .addColumn("published_by", "text")
        .addColumn("published_by_name", "text", (c) => c.notNull())
        .addColumn("note", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("content_revisions_pk", ["type", "key", "revision"])
        .execute();
      await db.schema
        .createTable("content_state")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("changed_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("content_seeds")
        .addColumn("type", "text", (c) => c.primaryKey())
        .addColumn("seeded_at", "text", (c) => c.notNull())
        .addColumn("items", "integer", (c) => c.notNull())
        .execute();
    },
  },
  "2026-11-25-020-content-redirects": {
    async up(db: AnyDb) {
      // An old address of an item of the site's content (a course's id, an
      // article's slug, changed in the editor) and where it now leads: 301
      // there while that item is on the site (docs/decisions/047-addresses-move.md).
      // One row per old public path; the item is named by its stable key.
      await db.schema
        .createTable("content_redirects")
        .addColumn("from_path", "text", (c) => c.primaryKey())
        .addColumn("to_path", "text", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("content_redirects_item").on("content_redirects").columns(["type", "key"]).execute();
    },
  },
  "2026-11-25-021-media": {
    async up(db: AnyDb) {
      // The site's images (docs/decisions/049-images.md): each upload as
      // re-encoded (its original's size, who uploaded it and when; the file
      // itself is not kept), and its variants' bytes, so that every instance
      // serves them from the one database.
      await db.schema
        .createTable("images")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("source_format", "text", (c) => c.notNull())
        .addColumn("source_bytes", "integer", (c) => c.notNull())
        .addColumn("uploaded_at", "text", (c) => c.notNull())
        .addColumn("uploaded_by", "text")
        .execute();
      await db.schema
        .createTable("image_variants")
        .addColumn("image_id", "text", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("format", "text", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("bytes", isPostgres(db) ? "bytea" : "blob", (c) => c.notNull())
        .addPrimaryKeyConstraint("image_variants_pk", ["image_id", "width", "format"])
        .execute();
    },
  },
  "2026-11-25-022-guide-files": {
    async up(db: AnyDb) {
      // PDFs the team uploads for a free guide, kept in the database so that
      // every instance serves them (docs/decisions/050-featured-lists-site-facts-and-guide-files.md).
      // Keyed by the file's SHA-256; a guide's draft names the file it uses,
      // so publishing the guide publishes the choice. Who uploaded it and when.
      await db.schema
        .createTable("guide_files")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("guide_id", "text", (c) => c.notNull())
        .addColumn("file_name", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("pages", "integer", (c) => c.notNull())
        .addColumn("bytes", isPostgres(db) ? "bytea" : "blob", (c) => c.notNull())
        .addColumn("uploaded_at", "text", (c) => c.notNull())
        .addColumn("uploaded_by", "text")
        .addColumn("uploaded_by_name", "text", (c) => c.notNull())
        .execute();
    },
  },
  "2026-11-25-023-content-rich-text": {
    async up(db: AnyDb) {
      // Content saved before rich text (docs/decisions/048-rich-text.md): an
      // article's body as sections and a course's overview as paragraphs
      // become Markdown with the same words, in drafts and every revision,
      // so a database from before still builds the site.
      const old = db as unknown as Kysely<{
        content_items: { type: string; key: string; draft: string };
        content_revisions: { type: string; key: string; revision: number; data: string };
      }>;
      const items = await old
        .selectFrom("content_items")
        .select(["type", "key", "draft"])
        .where("type", "in", ["article", "course"])
        .execute();
      for (const item of items) {
        const upgraded = upgradeItem(item.type, JSON.parse(item.draft) as Record<string, unknown>);
        if (!upgraded) continue;
        await old
          .updateTable("content_items")
          .set({ draft: JSON.stringify(upgraded) })
          .where("type", "=", item.type)
          .where("key", "=", item.key)
          .execute();
      }
      const revisions = await old
        .selectFrom("content_revisions")
        .select(["type", "key", "revision", "data"])
        .where("type", "in", ["article", "course"])
        .execute();
      for (const revision of revisions) {
        const upgraded = upgradeItem(revision.type, JSON.parse(revision.data) as Record<string, unknown>);
        if (!upgraded) continue;
        await old
          .updateTable("content_revisions")
          .set({ data: JSON.stringify(upgraded) })
          .where("type", "=", revision.type)
          .where("key", "=", revision.key)
          .where("revision", "=", revision.revision)
          .execute();
      }
    },
  },
  "2026-11-27-024-course-places-and-invoice-numbers": {
    async up(db: AnyDb) {
      // Places on a dated course session (issue 29): how many it has and how
      // many are sold or held, keyed by the session's content key. Taken and
      // given back by one conditional update inside the booking's
      // transaction (app/orders/course-booking/places.server.ts); the check
      // holds whatever writes the row. And each invoice series' last number,
      // taken in the transaction that writes the invoice, so the committed
      // numbers run without a gap (docs/decisions/053-places-and-invoice-numbers.md).
      // No personal data in either.
      await db.schema
        .createTable("course_session_places")
        .addColumn("session_key", "text", (c) => c.primaryKey())
        .addColumn("capacity", "integer", (c) => c.notNull())
        .addColumn("taken", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addCheckConstraint("course_session_places_taken", sql`taken >= 0 and taken <= capacity`)
        .execute();
      await db.schema
        .createTable("invoice_sequences")
        .addColumn("series", "text", (c) => c.primaryKey())
        .addColumn("last_number", "integer", (c) => c.notNull())
        .addCheckConstraint("invoice_sequences_positive", sql`last_number >= 1`)
        .execute();
    },
  },
  "2026-11-27-025-course-bookings": {
    async up(db: AnyDb) {
      // Course bookings (issue 29, docs/decisions/056-course-bookings.md):
      // the booking with the booker, its price and the terms accepted as
      // they were when it was made (snapshots: the session's content may
      // change later); the delegates, one row per place ("names to follow":
      // every name null); the VAT invoices and credit notes, each with the
      // document it is printed from, never updated or deleted but by the
      // retention job after the accounting period; and the timeline.
      await db.schema
        .createTable("course_bookings")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("reference", "text", (c) => c.notNull().unique())
        .addColumn("session_key", "text", (c) => c.notNull())
        .addColumn("course_id", "text", (c) => c.notNull())
        .addColumn("course_title", "text", (c) => c.notNull())
        .addColumn("session_label", "text", (c) => c.notNull())
        .addColumn("session_starts_at", "text", (c) => c.notNull())
        .addColumn("session_ends_at", "text", (c) => c.notNull())
        .addColumn("session_first_day", "text", (c) => c.notNull())
        .addColumn("session_last_day", "text", (c) => c.notNull())
        .addColumn("session_format", "text", (c) => c.notNull())
        .addColumn("session_venue", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("payment_method", "text", (c) => c.notNull())
        .addColumn("booker_name", "text", (c) => c.notNull())
        .addColumn("booker_email", "text", (c) => c.notNull())
        .addColumn("booker_phone", "text", (c) => c.notNull())
        .addColumn("organisation", "text", (c) => c.notNull())
        .addColumn("job_title", "text", (c) => c.notNull())
        .addColumn("address_line1", "text", (c) => c.notNull())
        .addColumn("address_line2", "text")
        .addColumn("city", "text", (c) => c.notNull())
        .addColumn("postcode", "text", (c) => c.notNull())
        .addColumn("country", "text", (c) => c.notNull())
        .addColumn("purchase_order", "text")
        .addColumn("vat_number", "text")
        .addColumn("quantity", "integer", (c) => c.notNull())
        .addColumn("unit_price_pence", "integer", (c) => c.notNull())
        .addColumn("discount_pence", "integer", (c) => c.notNull())
        .addColumn("net_pence", "integer", (c) => c.notNull())
        .addColumn("vat_rate_bp", "integer", (c) => c.notNull())
        .addColumn("vat_pence", "integer", (c) => c.notNull())
        .addColumn("total_pence", "integer", (c) => c.notNull())
        .addColumn("price_basis", "text", (c) => c.notNull())
        .addColumn("terms_text", "text", (c) => c.notNull())
        .addColumn("terms_accepted_at", "text", (c) => c.notNull())
        .addColumn("hold_expires_at", "text")
        .addColumn("payment_intent_id", "text", (c) => c.unique())
        .addColumn("client_secret", "text")
        .addColumn("payment_failure", "text")
        .addColumn("paid_at", "text")
        .addColumn("cancelled_at", "text")
        .addColumn("cancel_reason", "text")
        .addColumn("credited_pence", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("erased_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("is_test", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("course_bookings_session").on("course_bookings").column("session_key").execute();
      await db.schema
        .createIndex("course_bookings_holds")
        .on("course_bookings")
        .columns(["status", "hold_expires_at"])
        .execute();
      await db.schema
        .createIndex("course_bookings_created")
        .on("course_bookings")
        .columns(["created_at", "id"])
        .execute();
      await db.schema
        .createTable("course_booking_delegates")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("booking_id", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("name", "text")
        .addColumn("email", "text")
        .addColumn("job_title", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("course_booking_delegates_place", ["booking_id", "position"])
        .execute();
      await db.schema
        .createTable("course_invoices")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("booking_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("number", "text", (c) => c.notNull().unique())
        .addColumn("issued_at", "text", (c) => c.notNull())
        .addColumn("document", "text", (c) => c.notNull())
        .addColumn("net_pence", "integer", (c) => c.notNull())
        .addColumn("vat_pence", "integer", (c) => c.notNull())
        .addColumn("total_pence", "integer", (c) => c.notNull())
        .addColumn("due_date", "text")
        .addColumn("related_invoice_id", "text")
        .execute();
      await db.schema.createIndex("course_invoices_booking").on("course_invoices").column("booking_id").execute();
      // An invoice is never changed (a credit note corrects it): the database refuses an update.
      if (isPostgres(db)) {
        await sql`create function course_invoices_unchanged() returns trigger language plpgsql as $$
          begin raise exception 'An invoice or credit note is never changed: issue a credit note'; end $$`.execute(db);
        await sql`create trigger course_invoices_unchanged before update on course_invoices
          for each row execute function course_invoices_unchanged()`.execute(db);
      } else {
        await sql`create trigger course_invoices_unchanged before update on course_invoices
          begin select raise(abort, 'An invoice or credit note is never changed: issue a credit note'); end`.execute(db);
      }
      await db.schema
        .createTable("course_booking_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("booking_id", "text", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("actor", "text")
        .addColumn("detail", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("course_booking_events_booking")
        .on("course_booking_events")
        .columns(["booking_id", "at"])
        .execute();
    },
  },
  "2026-11-27-026-course-booking-links": {
    async up(db: AnyDb) {
      // The booking link a booker opens their booking with (issue 29): only
      // the token's SHA-256 is kept, so a copy of the database opens no booking
      // (an id of its own: the retention job deletes rows by id).
      await db.schema
        .createTable("course_booking_links")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("booking_id", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("course_booking_links_booking").on("course_booking_links").column("booking_id").execute();
    },
  },
  "2026-11-27-027-course-bookings-in-the-inbox": {
    async up(db: AnyDb) {
      // Course bookings are listed in the inbox from now on, in the transaction
      // that places them (docs/decisions/058-course-bookings-in-the-inbox.md).
      // Those placed before are listed too: no pillar (a course's pillars are
      // content, not the booking's) and no visit (it was not kept); an erased
      // booker's are not (erasure removes the row).
      type Row = Record<string, string | number | null>;
      const anyDb = db as Kysely<Record<string, Row>>;
      let after = "";
      for (;;) {
        const rows = await anyDb
          .selectFrom("course_bookings")
          .selectAll()
          .where("id", ">", after)
          .where("erased_at", "is", null)
          .orderBy("id")
          .limit(500)
          .execute();
        if (rows.length === 0) break;
        after = String(rows.at(-1)!.id);
        await anyDb
          .insertInto("leads")
          .values(
            rows.map((r) => {
              const [name, email, company] = [`${r.booker_name}`, `${r.booker_email}`.toLowerCase(), `${r.organisation}`];
              return {
                id: r.id,
                kind: "course-booking",
                created_at: r.created_at,
                is_test: r.is_test,
                source_page: `/courses/${r.course_id}/book/${r.session_key}`,
                name,
                email,
                company,
                subject: r.session_key,
                pillar: null,
                status: "new",
                owner_id: null,
                updated_at: r.created_at,
                deadline_at: null,
                search: searchText({ name, email, company, message: `${r.reference} ${r.course_title} ${r.session_label}` }),
              };
            }),
          )
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
      }
    },
  },
  "2026-11-28-031-credentials-out-of-records": {
    async up(db: AnyDb) {
      // Tokens stay out of every record (docs/decisions/061): a lead's
      // landing and source pages, the pages payments and spam came from,
      // the paths of refusals in the audit log and the lead.created
      // messages kept for webhooks held a booking, download or set-up link
      // as sent; each is kept as its route's pattern from now on
      // (app/addresses/credential-routes.ts), and so are those kept before.
      // Every row is read (a credential's address may be spelt in any case
      // or encoding), a few hundred at a time; only changed ones are written.
      type Row = Record<string, string | number | null>;
      const anyDb = db as Kysely<Record<string, Row>>;
      const scrub = async (table: string, columns: string[], clean: (column: string, value: string) => string) => {
        let after = "";
        for (;;) {
          const rows = await anyDb
            .selectFrom(table)
            .select(["id", ...columns])
            .where("id", ">", after)
            .orderBy("id")
            .limit(500)
            .execute();
          if (rows.length === 0) break;
          after = String(rows.at(-1)!.id);
          for (const row of rows) {
            const changed: Row = {};
            for (const column of columns) {
              const value = row[column];
              if (typeof value !== "string") continue;
              const cleaned = clean(column, value);
              if (cleaned !== value) changed[column] = cleaned;
            }
            if (Object.keys(changed).length > 0) {
              await anyDb.updateTable(table).set(changed).where("id", "=", String(row.id)).execute();
            }
          }
        }
      };
      const page = (_: string, value: string) => (value.startsWith("/") ? withoutCredentials(value) : value);
      await scrub("leads", ["landing_page", "source_page"], page);
      for (const table of [
        "contact_enquiries",
        "guide_requests",
        "resource_downloads",
        "newsletter_subscriptions",
        "webinar_registrations",
        "bookings",
        "spam_submissions",
      ]) {
        await scrub(table, ["source_page"], page);
      }
      // A refused post's fields, as posted: the page script's attribution names the landing page.
      await scrub("spam_submissions", ["fields_json"], (_, json) => {
        let fields: Record<string, unknown>;
        try {
          fields = JSON.parse(json) as Record<string, unknown>;
        } catch {
          return json;
        }
        const raw = fields[attributionField];
        if (typeof raw !== "string") return json;
        const cleaned = attributionWithoutCredentials(raw);
        return cleaned === raw ? json : JSON.stringify({ ...fields, [attributionField]: cleaned });
      });
      await scrub("audit_events", ["target"], (_, target) =>
        target.startsWith("path:") ? `path:${withoutCredentials(target.slice("path:".length))}` : target,
      );
      await scrub("webhook_events", ["payload"], (_, payload) => {
        let value: { data?: { sourcePage?: unknown; attribution?: { landingPage?: unknown } | null } };
        try {
          value = JSON.parse(payload) as typeof value;
        } catch {
          return payload;
        }
        const data = value.data;
        if (!data) return payload;
        const before = JSON.stringify(value);
        if (typeof data.sourcePage === "string") data.sourcePage = page("", data.sourcePage);
        if (data.attribution && typeof data.attribution.landingPage === "string") {
          data.attribution.landingPage = page("", data.attribution.landingPage);
        }
        const after = JSON.stringify(value);
        return after === before ? payload : after;
      });
    },
  },
  "2026-11-29-032-business-settings": {
    async up(db: AnyDb) {
      // The provider's own facts that invoices print (issue 39,
      // docs/decisions/066-business-settings.md): each save is a numbered
      // revision, never changed; the newest is the settings in force. The
      // release ships none: no invoice is issued until an administrator
      // saves them.
      await db.schema
        .createTable("business_settings_revisions")
        .addColumn("revision", "integer", (c) => c.primaryKey())
        .addColumn("settings", "text", (c) => c.notNull())
        .addColumn("saved_at", "text", (c) => c.notNull())
        .addColumn("saved_by", "text")
        .addColumn("saved_by_name", "text", (c) => c.notNull())
        .addColumn("sample", "integer", (c) => c.notNull())
        .execute();
    },
  },
};
