/**
 * The one orders model (034) as later migrations make parts of it again:
 * the payments table's columns (039 made the table again without a
 * constraint), and the views over the model, each kind read in its own
 * words (a view over a table that changes is dropped and made anew: 035,
 * 039), the course booking's with the columns each added. Frozen with the
 * migrations (./index.ts): a later migration that adds columns to a view
 * passes them, and changes nothing here.
 */
import { sql, type Kysely } from "kysely";
import type { Columns } from "./tables.ts";

/** The payments table's columns, as 034 made them. */
export const paymentColumns: Columns = {
  id: "text primary key",
  order_id: "text not null",
  provider: "text not null",
  provider_reference: "text unique",
  amount_pence: "integer not null",
  currency: "text not null",
  status: "text not null",
  failure_message: "text",
  settled_at: "text",
  created_at: "text not null",
  updated_at: "text not null",
};

/** The consultations view, as 034 made it. */
export async function createConsultationsView(db: Kysely<unknown>): Promise<void> {
  await sql`create view consultations as
      select o.id, o.created_at, o.updated_at, o.buyer_name as customer_name, o.buyer_email as customer_email,
        l.quantity, o.total_pence as amount_pence, o.currency, o.status, p.provider_reference as payment_intent_id,
        o.paid_at, p.failure_message, o.is_test, o.source_page
      from orders o
        join order_lines l on l.order_id = o.id and l.position = 1
        left join payments p on p.order_id = o.id and p.provider = 'stripe'
      where o.kind = 'consultation'`.execute(db);
}

/**
 * The course_bookings view, as 034 made it, with `added` after its last
 * column (035: "b.terms_rules"; 039 adds to those).
 */
export async function createCourseBookingsView(db: Kysely<unknown>, added: readonly string[] = []): Promise<void> {
  const more = sql.raw(added.map((column) => `, ${column}`).join(""));
  await sql`create view course_bookings as
      select o.id, b.reference, b.session_key, b.course_id, b.course_title, b.session_label, b.session_starts_at,
        b.session_ends_at, b.session_first_day, b.session_last_day, b.session_format, b.session_venue,
        o.status, b.payment_method, o.buyer_name as booker_name, o.buyer_email as booker_email, b.booker_phone,
        b.organisation, b.job_title, b.address_line1, b.address_line2, b.city, b.postcode, b.country,
        b.purchase_order, b.vat_number, l.quantity, l.unit_price_pence, l.discount_pence, l.net_pence,
        l.vat_rate_bp, l.vat_pence, o.total_pence, b.price_basis, b.terms_text, b.terms_accepted_at,
        b.hold_expires_at, p.provider_reference as payment_intent_id, p.failure_message as payment_failure,
        o.paid_at, b.cancelled_at, b.cancel_reason, b.credited_pence, b.erased_at, o.created_at, o.updated_at,
        o.is_test${more}
      from orders o
        join course_booking_facts b on b.id = o.id
        join order_lines l on l.order_id = o.id and l.position = 1
        left join payments p on p.order_id = o.id and p.provider = 'stripe'
      where o.kind = 'course-booking'`.execute(db);
}
