/** Migration 035, shipped 2026-11-29: frozen, never edited (./index.ts). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createCourseBookingsView } from "./helpers/orders.ts";
import { addColumns } from "./helpers/tables.ts";

/**
 * The terms' numbers every booking so far was made under (the release's
 * content/business.ts bookingTerms, copied here as they were: a migration
 * never imports live code).
 */
const termsSoFar = {
  cancellation: [
    { fromDaysBefore: 29, creditBasisPoints: 10_000 },
    { fromDaysBefore: 15, creditBasisPoints: 5_000 },
    { fromDaysBefore: null, creditBasisPoints: 0 },
  ],
  substitution: { free: true },
  transfer: { freeTransfers: 1, latestDaysBefore: 15 },
  namesToFollow: { namesDueDaysBefore: 14 },
};

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A course booking keeps the rules of the terms it was accepted with
    // (cancellation tiers, substitution, transfer, names to follow), beside
    // their words (terms_text): what the booker may do later is worked out
    // from them, not from terms changed since (issue 41).
    await addColumns(db, "course_booking_facts", { terms_rules: "text" });
    await sql`update course_booking_facts set terms_rules = ${JSON.stringify(termsSoFar)}`.execute(db);
    // The course booking's view, as 034 made it, with the rules.
    await sql`drop view course_bookings`.execute(db);
    await createCourseBookingsView(db, ["b.terms_rules"]);
  },
};
