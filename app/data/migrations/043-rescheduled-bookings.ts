/** Migration 043, not yet shipped (./index.ts: frozen once it is). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createCourseBookingsView } from "./helpers/orders.ts";
import { addColumns } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // When the team moved a booking's course to other days in Site content
    // (docs/decisions/100-rescheduled-bookings.md): until the booker takes a
    // new date, the terms give them a full refund or a free move. The view
    // is made again, as 039 made it, with the new column.
    await addColumns(db, "course_booking_facts", { rescheduled_at: "text" });
    await sql`drop view course_bookings`.execute(db);
    await createCourseBookingsView(db, [
      "b.terms_rules",
      "b.carried_pence",
      "p.status as payment_status",
      "b.rescheduled_at",
    ]);
  },
};
