/** Migration 035, shipped 2026-11-29: frozen, never edited (./index.ts). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
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
    await sql`create view course_bookings as
      select o.id, b.reference, b.session_key, b.course_id, b.course_title, b.session_label, b.session_starts_at,
        b.session_ends_at, b.session_first_day, b.session_last_day, b.session_format, b.session_venue,
        o.status, b.payment_method, o.buyer_name as booker_name, o.buyer_email as booker_email, b.booker_phone,
        b.organisation, b.job_title, b.address_line1, b.address_line2, b.city, b.postcode, b.country,
        b.purchase_order, b.vat_number, l.quantity, l.unit_price_pence, l.discount_pence, l.net_pence,
        l.vat_rate_bp, l.vat_pence, o.total_pence, b.price_basis, b.terms_text, b.terms_accepted_at,
        b.hold_expires_at, p.provider_reference as payment_intent_id, p.failure_message as payment_failure,
        o.paid_at, b.cancelled_at, b.cancel_reason, b.credited_pence, b.erased_at, o.created_at, o.updated_at,
        o.is_test, b.terms_rules
      from orders o
        join course_booking_facts b on b.id = o.id
        join order_lines l on l.order_id = o.id and l.position = 1
        left join payments p on p.order_id = o.id and p.provider = 'stripe'
      where o.kind = 'course-booking'`.execute(db);
  },
};
