/** Migration 039, not yet shipped (./index.ts: frozen once it is). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { addColumns, createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A paid booking moved to a dearer date (issue 41,
    // docs/decisions/087-paid-carried-to-a-new-invoice.md): what was paid
    // is carried to the new invoice (carried_pence), and the rest is paid
    // later, so an order may have several payments by transfer. It still
    // has at most one by card: its view reads "its card payment". The
    // table keeps its rows and ids; SQLite cannot drop a table constraint,
    // so on both databases it is made again without payments_one_per_provider,
    // the views over it dropped first and made again after.
    await sql`drop view consultations`.execute(db);
    await sql`drop view course_bookings`.execute(db);
    await createTable(db, "payments_next", {
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
    });
    const columns = sql.raw(`id, order_id, provider, provider_reference, amount_pence, currency, status,
      failure_message, settled_at, created_at, updated_at`);
    await sql`insert into payments_next (${columns}) select ${columns} from payments`.execute(db);
    await db.schema.dropTable("payments").execute();
    await sql`alter table payments_next rename to payments`.execute(db);
    await createIndexes(db, "payments", { payments_order: "order_id, provider" });
    await sql`create unique index payments_one_card on payments (order_id) where provider = 'stripe'`.execute(db);

    await addColumns(db, "course_booking_facts", { carried_pence: "integer not null default 0" });

    // The views, as 034 and 035 made them; the course booking's with what is
    // carried and its card payment's status (a payment still open, or the
    // settled one a move carried).
    await sql`create view consultations as
      select o.id, o.created_at, o.updated_at, o.buyer_name as customer_name, o.buyer_email as customer_email,
        l.quantity, o.total_pence as amount_pence, o.currency, o.status, p.provider_reference as payment_intent_id,
        o.paid_at, p.failure_message, o.is_test, o.source_page
      from orders o
        join order_lines l on l.order_id = o.id and l.position = 1
        left join payments p on p.order_id = o.id and p.provider = 'stripe'
      where o.kind = 'consultation'`.execute(db);
    await sql`create view course_bookings as
      select o.id, b.reference, b.session_key, b.course_id, b.course_title, b.session_label, b.session_starts_at,
        b.session_ends_at, b.session_first_day, b.session_last_day, b.session_format, b.session_venue,
        o.status, b.payment_method, o.buyer_name as booker_name, o.buyer_email as booker_email, b.booker_phone,
        b.organisation, b.job_title, b.address_line1, b.address_line2, b.city, b.postcode, b.country,
        b.purchase_order, b.vat_number, l.quantity, l.unit_price_pence, l.discount_pence, l.net_pence,
        l.vat_rate_bp, l.vat_pence, o.total_pence, b.price_basis, b.terms_text, b.terms_accepted_at,
        b.hold_expires_at, p.provider_reference as payment_intent_id, p.failure_message as payment_failure,
        o.paid_at, b.cancelled_at, b.cancel_reason, b.credited_pence, b.erased_at, o.created_at, o.updated_at,
        o.is_test, b.terms_rules, b.carried_pence, p.status as payment_status
      from orders o
        join course_booking_facts b on b.id = o.id
        join order_lines l on l.order_id = o.id and l.position = 1
        left join payments p on p.order_id = o.id and p.provider = 'stripe'
      where o.kind = 'course-booking'`.execute(db);
  },
};
