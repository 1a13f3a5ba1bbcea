/**
 * Bookings as the back office reads them: the bookings page and the CSV
 * export (newest first, by keyset), the overview's count of paid bookings
 * and the conversion report's paid consultations.
 */
import type { Db } from "~/data/db.server.ts";
import { newestFirst } from "~/data/newest-first.server.ts";
import { recentCounts, recentCountsSelection, type RecentCounts } from "~/data/recent-counts.ts";

export async function listBookings(db: Db, after: string | null, pageSize: number) {
  const query = db
    .selectFrom("consultations")
    .select([
      "id",
      "created_at",
      "customer_name",
      "customer_email",
      "quantity",
      "amount_pence",
      "currency",
      "status",
      "payment_intent_id",
      "paid_at",
      "failure_message",
      "is_test",
    ]);
  return newestFirst(query, after, pageSize);
}

/** Paid bookings (test payments left out) made since each instant given, and all that are kept: the overview's row. */
export async function paidBookingCounts(db: Db, since: { day: string; week: string }): Promise<RecentCounts> {
  const row = await db
    .selectFrom("consultations")
    .select(recentCountsSelection(since))
    .where("is_test", "=", 0)
    .where("status", "=", "paid")
    .executeTakeFirstOrThrow();
  return recentCounts(row);
}

/** When each booking paid in [from, to) was paid (test payments left out): the conversion report's paid consultations. */
export async function paidBookingTimes(db: Db, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom("consultations")
    .select("paid_at")
    .where("status", "=", "paid")
    .where("is_test", "=", 0)
    .where("paid_at", ">=", from)
    .where("paid_at", "<", to)
    .execute();
  return rows.map((r) => r.paid_at!);
}
