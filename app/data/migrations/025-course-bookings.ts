/** Migration 025, shipped 2026-11-27: frozen, never edited (./index.ts). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { isPostgres } from "./helpers/dialect.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
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
          begin select raise(abort, 'An invoice or credit note is never changed: issue a credit note'); end`.execute(
        db,
      );
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
};
