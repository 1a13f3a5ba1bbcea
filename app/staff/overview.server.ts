/**
 * The overview's figures: leads of each kind (every registered kind, from
 * its table) and paid bookings, in the last day, the last 7 days and all
 * that are kept. Test submissions are left out.
 */
import { sql } from "kysely";
import type { Db } from "~/data/db.server.ts";
import { allLeadKinds } from "~/leads/kinds/index.server.ts";

export type LeadCount = { label: string; day: number; week: number; all: number };

export async function leadCounts(db: Db, now: Date): Promise<LeadCount[]> {
  const day = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const week = new Date(now.getTime() - 7 * 24 * 3600_000).toISOString();
  const counted = (since: string) => sql<number>`sum(case when created_at >= ${since} then 1 else 0 end)`;
  const kinds = await Promise.all(
    allLeadKinds.map(async (kind) => {
      const row = await db
        .selectFrom(kind.table)
        .select((eb) => [counted(day).as("day"), counted(week).as("week"), eb.fn.countAll<number>().as("all")])
        .where("is_test", "=", 0)
        .executeTakeFirstOrThrow();
      return { label: kind.label, day: Number(row.day ?? 0), week: Number(row.week ?? 0), all: Number(row.all) };
    }),
  );
  const bookings = await db
    .selectFrom("bookings")
    .select((eb) => [counted(day).as("day"), counted(week).as("week"), eb.fn.countAll<number>().as("all")])
    .where("is_test", "=", 0)
    .where("status", "=", "paid")
    .executeTakeFirstOrThrow();
  return [
    ...kinds,
    {
      label: "Paid consultation booking",
      day: Number(bookings.day ?? 0),
      week: Number(bookings.week ?? 0),
      all: Number(bookings.all),
    },
  ];
}
