/** Migration 034, shipped 2026-11-29: frozen, never edited (./index.ts). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createConsultationsView, createCourseBookingsView, paymentColumns } from "./helpers/orders.ts";
import { createIndexes, createTable } from "./helpers/tables.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // One order model (issue 40, docs/decisions/076-order-tables.md): the
    // consultation and course bookings become kinds of one order, with its
    // buyer, its lines and its payments as records. Every row moves, ids
    // kept (Stripe's metadata, booking links, invoices and the inbox point
    // at them). The release that runs this is deployed by stopping every
    // instance first (docs/production.md, "A release that moves data").
    await createTable(db, "orders", {
      id: "text primary key",
      kind: "text not null",
      status: "text not null",
      buyer_name: "text not null",
      buyer_email: "text not null",
      currency: "text not null",
      total_pence: "integer not null",
      paid_at: "text",
      source_page: "text",
      is_test: "integer not null default 0",
      created_at: "text not null",
      updated_at: "text not null",
    });
    await createIndexes(db, "orders", {
      orders_created: "kind, created_at, id",
      orders_status: "kind, status",
    });
    await createTable(
      db,
      "order_lines",
      {
        order_id: "text not null",
        position: "integer not null",
        description: "text not null",
        quantity: "integer",
        unit_price_pence: "integer",
        discount_pence: "integer not null default 0",
        net_pence: "integer",
        vat_rate_bp: "integer",
        vat_pence: "integer",
        total_pence: "integer not null",
      },
      (t) => t.addPrimaryKeyConstraint("order_lines_key", ["order_id", "position"]),
    );
    await createTable(db, "payments", paymentColumns, (t) =>
      t.addUniqueConstraint("payments_one_per_provider", ["order_id", "provider"]),
    );

    // The consultation: its order, its one line, its Stripe payment.
    await sql`insert into orders (id, kind, status, buyer_name, buyer_email, currency, total_pence, paid_at,
        source_page, is_test, created_at, updated_at)
      select id, 'consultation', status, customer_name, customer_email, currency, amount_pence, paid_at,
        source_page, is_test, created_at, updated_at from bookings`.execute(db);
    await sql`insert into order_lines (order_id, position, description, quantity, unit_price_pence, discount_pence,
        total_pence)
      select id, 1, case when is_test = 1 then 'Test payment'
          when quantity = 1 then 'Strategy consultation, 1 participant'
          else 'Strategy consultation, ' || cast(quantity as text) || ' participants' end,
        quantity, case when quantity > 0 then amount_pence / quantity end, 0, amount_pence from bookings`.execute(db);
    await sql`insert into payments (id, order_id, provider, provider_reference, amount_pence, currency, status,
        failure_message, settled_at, created_at, updated_at)
      select 'pay-' || id, id, 'stripe', payment_intent_id, amount_pence, currency,
        case status when 'paid' then 'succeeded' when 'pending' then 'pending' else 'failed' end,
        failure_message, paid_at, created_at, updated_at from bookings`.execute(db);

    // Course bookings: the order, the line (places, price, discount, VAT),
    // a card booking's payment; the rest stays the booking's own.
    await sql`insert into orders (id, kind, status, buyer_name, buyer_email, currency, total_pence, paid_at,
        source_page, is_test, created_at, updated_at)
      select id, 'course-booking', status, booker_name, booker_email, 'gbp', total_pence, paid_at,
        null, is_test, created_at, updated_at from course_bookings`.execute(db);
    await sql`insert into order_lines (order_id, position, description, quantity, unit_price_pence, discount_pence,
        net_pence, vat_rate_bp, vat_pence, total_pence)
      select id, 1, course_title || ', ' || session_label
          || case when price_basis = 'early-bird' then ' (early-bird price)' else '' end,
        quantity, unit_price_pence, discount_pence, net_pence, vat_rate_bp, vat_pence, total_pence
      from course_bookings`.execute(db);
    await sql`insert into payments (id, order_id, provider, provider_reference, amount_pence, currency, status,
        failure_message, settled_at, created_at, updated_at)
      select 'pay-' || id, id, 'stripe', payment_intent_id, total_pence, 'gbp',
        case when paid_at is not null then 'succeeded' when payment_failure is not null then 'failed' else 'pending' end,
        payment_failure, paid_at, created_at, updated_at
      from course_bookings where payment_method = 'card'`.execute(db);
    // An invoice booking the team marked paid: its bank transfer, settled then.
    await sql`insert into payments (id, order_id, provider, provider_reference, amount_pence, currency, status,
        failure_message, settled_at, created_at, updated_at)
      select 'pay-' || id, id, 'transfer', null, total_pence, 'gbp', 'succeeded', null, paid_at, paid_at, paid_at
      from course_bookings where payment_method = 'invoice' and paid_at is not null`.execute(db);

    await createTable(db, "course_booking_facts", {
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
      payment_method: "text not null",
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
      price_basis: "text not null",
      terms_text: "text not null",
      terms_accepted_at: "text not null",
      hold_expires_at: "text",
      cancelled_at: "text",
      cancel_reason: "text",
      credited_pence: "integer not null default 0",
      erased_at: "text",
    });
    const kept = sql.raw(`id, reference, session_key, course_id, course_title, session_label, session_starts_at,
      session_ends_at, session_first_day, session_last_day, session_format, session_venue, payment_method,
      booker_phone, organisation, job_title, address_line1, address_line2, city, postcode, country,
      purchase_order, vat_number, price_basis, terms_text, terms_accepted_at, hold_expires_at, cancelled_at,
      cancel_reason, credited_pence, erased_at`);
    await sql`insert into course_booking_facts (${kept}) select ${kept} from course_bookings`.execute(db);
    await db.schema.dropTable("course_bookings").execute();
    await db.schema.dropTable("bookings").execute();
    await createIndexes(db, "course_booking_facts", {
      course_booking_facts_session: "session_key",
      course_booking_facts_holds: "hold_expires_at",
    });

    // Each kind read in its own words: a view per kind over the one model.
    await createConsultationsView(db);
    await createCourseBookingsView(db);
  },
};
