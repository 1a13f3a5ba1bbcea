/**
 * The overview's figures: leads of each kind (every registered kind, from
 * its table), paid consultation bookings and course bookings placed (read
 * through the orders domain), in the
 * last day, the last 7 days and all that are kept. Test submissions are left out.
 */
import type { Db } from "~/data/db.server.ts";
import { recentCounts, recentCountsSelection, type RecentCounts } from "~/data/recent-counts.ts";
import { allLeadKinds } from "~/leads/kinds/index.server.ts";
import { paidBookingCounts } from "~/orders/bookings.server.ts";
import { courseBookingCounts } from "~/orders/course-booking/booking-reads.server.ts";
import { courseBookingKind } from "~/orders/course-booking.ts";

export type LeadCount = { label: string } & RecentCounts;

export async function leadCounts(db: Db, now: Date): Promise<LeadCount[]> {
  const day = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const week = new Date(now.getTime() - 7 * 24 * 3600_000).toISOString();
  const kinds = await Promise.all(
    allLeadKinds.map(async (kind) => {
      const row = await db
        .selectFrom(kind.table)
        .select(recentCountsSelection({ day, week }))
        .where("is_test", "=", 0)
        .executeTakeFirstOrThrow();
      return { label: kind.label, ...recentCounts(row) };
    }),
  );
  return [
    ...kinds,
    { label: "Paid consultation booking", ...(await paidBookingCounts(db, { day, week })) },
    { label: courseBookingKind.label, ...(await courseBookingCounts(db, { day, week })) },
  ];
}
