/**
 * The paid consultation booking, server half: its orders (read through
 * the `consultations` view), access and erasure (a paid booking
 * is an accounting record: it stays with the address removed; others go),
 * its retention sweep and its CSV export. Taking the payment is
 * ./consultation-payments.server.ts; its e-mails ./consultation-emails.server.ts.
 */
import { everyPage } from "~/data/cursor.ts";
import { sameAddress } from "~/data/same-address.ts";
import { spreadsheetTime } from "~/format/spreadsheet.ts";
import { listBookings } from "./bookings.server.ts";
import { consultationBooking } from "./consultation.ts";
import type { CsvCell, OrderKind } from "./kind.server.ts";
import { deleteOrders, orderParts, sweepOrderParts, updateOrder } from "./store.server.ts";

const batchSize = 1000;

export const bookingColumns = [
  "Created (London)",
  "Name",
  "E-mail",
  "Participants",
  "Amount",
  "Currency",
  "Status",
  "Paid (London)",
  "Stripe payment",
  "Test",
  "Booking id",
] as const;

export const consultation: OrderKind<"booking"> = {
  ...consultationBooking,
  table: "orders",
  otherTables: orderParts,
  secretColumns: [],
  findByAddress: (db, address) =>
    db
      .selectFrom("consultations")
      .selectAll()
      .where(sameAddress("customer_email", address))
      .orderBy("created_at")
      .execute() as Promise<Record<string, unknown>[]>,
  async erase(trx, address, now) {
    const mine = await trx
      .selectFrom("consultations")
      .select(["id", "status"])
      .where(sameAddress("customer_email", address))
      .execute();
    const deleted = await deleteOrders(
      trx,
      mine.filter((b) => b.status !== "paid").map((b) => b.id),
    );
    // Paid bookings are accounting records (kept 6 years): the address goes, the rest stays.
    const kept = mine.filter((b) => b.status === "paid").map((b) => b.id);
    if (kept.length) await updateOrder(trx, kept, { buyer_email: "erased", updated_at: now.toISOString() });
    return { deleted, kept: kept.length };
  },
  sweep: async ({ cutoff, deleteRows }) => {
    const counts = {
      // Paid bookings: 6 years from the end of the financial year of the payment.
      bookings_paid: await deleteRows("orders", (rows) =>
        rows
          .where("kind", "=", "consultation")
          .where("status", "=", "paid")
          .where("paid_at", "<", cutoff("bookings_paid")),
      ),
      // Bookings never paid (abandoned checkout) or failed: 30 days after the last attempt.
      bookings_unpaid: await deleteRows("orders", (rows) =>
        rows
          .where("kind", "=", "consultation")
          .where("status", "in", ["pending", "failed", "setup_failed"])
          .where("updated_at", "<", cutoff("bookings_unpaid")),
      ),
    };
    await sweepOrderParts(deleteRows);
    return counts;
  },
  export: {
    file: "consultations",
    columns: bookingColumns,
    /** Every booking, newest first. */
    async *rows(db): AsyncGenerator<CsvCell[][]> {
      for await (const rows of everyPage((after) => listBookings(db, after, batchSize))) {
        yield rows.map((r) => [
          spreadsheetTime(r.created_at),
          r.customer_name,
          r.customer_email,
          r.quantity,
          (r.amount_pence / 100).toFixed(2),
          r.currency.toUpperCase(),
          r.status,
          spreadsheetTime(r.paid_at),
          r.payment_intent_id,
          r.is_test ? "yes" : "no",
          r.id,
        ]);
      }
    },
  },
};
