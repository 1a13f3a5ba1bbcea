/**
 * The paid consultation booking, server half: the bookings table, its
 * secret (the payment's client secret), access and erasure (a paid booking
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
  table: "bookings",
  secretColumns: ["client_secret"],
  findByAddress: (db, address) =>
    db
      .selectFrom("bookings")
      .selectAll()
      .where(sameAddress("customer_email", address))
      .orderBy("created_at")
      .execute() as Promise<Record<string, unknown>[]>,
  async erase(trx, address, now) {
    const deleted = Number(
      (
        await trx
          .deleteFrom("bookings")
          .where(sameAddress("customer_email", address))
          .where("status", "!=", "paid")
          .executeTakeFirst()
      ).numDeletedRows,
    );
    // Paid bookings are accounting records (kept 6 years): the address goes, the rest stays.
    const kept = Number(
      (
        await trx
          .updateTable("bookings")
          .set({ customer_email: "erased", client_secret: null, updated_at: now.toISOString() })
          .where(sameAddress("customer_email", address))
          .executeTakeFirst()
      ).numUpdatedRows,
    );
    return { deleted, kept };
  },
  sweep: async ({ cutoff, deleteRows }) => ({
    // Paid bookings: 6 years from the end of the financial year of the payment.
    bookings_paid: await deleteRows("bookings", (rows) =>
      rows.where("status", "=", "paid").where("paid_at", "<", cutoff("bookings_paid")),
    ),
    // Bookings never paid (abandoned checkout) or failed: 30 days after the last attempt.
    bookings_unpaid: await deleteRows("bookings", (rows) =>
      rows
        .where("status", "in", ["pending", "failed", "setup_failed"])
        .where("updated_at", "<", cutoff("bookings_unpaid")),
    ),
  }),
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
