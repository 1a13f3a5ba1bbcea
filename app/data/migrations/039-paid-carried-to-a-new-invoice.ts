/** Migration 039, shipped: frozen, never edited (./index.ts). */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createConsultationsView, createCourseBookingsView, paymentColumns } from "./helpers/orders.ts";
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
    await createTable(db, "payments_next", paymentColumns);
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
    await createConsultationsView(db);
    await createCourseBookingsView(db, ["b.terms_rules", "b.carried_pence", "p.status as payment_status"]);
  },
};
