/** Migration 024, shipped 2026-11-27: frozen, never edited (./index.ts). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Places on a dated course session (issue 29): how many it has and how
    // many are sold or held, keyed by the session's content key. Taken and
    // given back by one conditional update inside the booking's
    // transaction (app/orders/course-booking/places.server.ts); the check
    // holds whatever writes the row. And each invoice series' last number,
    // taken in the transaction that writes the invoice, so the committed
    // numbers run without a gap (docs/decisions/053-places-and-invoice-numbers.md).
    // No personal data in either.
    await createTable(
      db,
      "course_session_places",
      {
        session_key: "text primary key",
        capacity: "integer not null",
        taken: "integer not null default 0",
        updated_at: "text not null",
      },
      (t) => t.addCheckConstraint("course_session_places_taken", sql`taken >= 0 and taken <= capacity`),
    );
    await createTable(db, "invoice_sequences", { series: "text primary key", last_number: "integer not null" }, (t) =>
      t.addCheckConstraint("invoice_sequences_positive", sql`last_number >= 1`),
    );
  },
};
