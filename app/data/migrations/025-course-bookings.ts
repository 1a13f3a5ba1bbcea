/** Migration 025, shipped 2026-11-27: frozen, never edited (./index.ts). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { isPostgres } from "./helpers/dialect.ts";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Course bookings (issue 29, docs/decisions/056-course-bookings.md):
    // the booking with the booker, its price and the terms accepted as
    // they were when it was made (snapshots: the session's content may
    // change later); the delegates, one row per place ("names to follow":
    // every name null); the VAT invoices and credit notes, each with the
    // document it is printed from, never updated or deleted but by the
    // retention job after the accounting period; and the timeline.
    await createTable(db, "course_bookings", {
      id: "text primary key",
      reference: "text not null unique",
      session_key: "text not null",
      course_id: "text not null",
      course_title: "text not null",
      session_label: "text not null",
      session_starts_at: "text not null",
      session_ends_at: "text not null",
      session_first_day: "text not null",
      session_last_day: "text not null",
      session_format: "text not null",
      session_venue: "text",
      status: "text not null",
      payment_method: "text not null",
      booker_name: "text not null",
      booker_email: "text not null",
      booker_phone: "text not null",
      organisation: "text not null",
      job_title: "text not null",
      address_line1: "text not null",
      address_line2: "text",
      city: "text not null",
      postcode: "text not null",
      country: "text not null",
      purchase_order: "text",
      vat_number: "text",
      quantity: "integer not null",
      unit_price_pence: "integer not null",
      discount_pence: "integer not null",
      net_pence: "integer not null",
      vat_rate_bp: "integer not null",
      vat_pence: "integer not null",
      total_pence: "integer not null",
      price_basis: "text not null",
      terms_text: "text not null",
      terms_accepted_at: "text not null",
      hold_expires_at: "text",
      payment_intent_id: "text unique",
      client_secret: "text",
      payment_failure: "text",
      paid_at: "text",
      cancelled_at: "text",
      cancel_reason: "text",
      credited_pence: "integer not null default 0",
      erased_at: "text",
      created_at: "text not null",
      updated_at: "text not null",
      is_test: "integer not null default 0",
    });
    await createIndexes(db, "course_bookings", {
      course_bookings_session: "session_key",
      course_bookings_holds: "status, hold_expires_at",
      course_bookings_created: "created_at, id",
    });
    await createTable(
      db,
      "course_booking_delegates",
      {
        id: "text primary key",
        booking_id: "text not null",
        position: "integer not null",
        name: "text",
        email: "text",
        job_title: "text",
        created_at: "text not null",
        updated_at: "text not null",
      },
      (t) => t.addUniqueConstraint("course_booking_delegates_place", ["booking_id", "position"]),
    );
    await createTable(db, "course_invoices", {
      id: "text primary key",
      booking_id: "text not null",
      kind: "text not null",
      number: "text not null unique",
      issued_at: "text not null",
      document: "text not null",
      net_pence: "integer not null",
      vat_pence: "integer not null",
      total_pence: "integer not null",
      due_date: "text",
      related_invoice_id: "text",
    });
    await createIndexes(db, "course_invoices", { course_invoices_booking: "booking_id" });
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
    await createTable(db, "course_booking_events", {
      id: "text primary key",
      booking_id: "text not null",
      at: "text not null",
      kind: "text not null",
      actor: "text",
      detail: "text not null",
    });
    await createIndexes(db, "course_booking_events", { course_booking_events_booking: "booking_id, at" });
  },
};
