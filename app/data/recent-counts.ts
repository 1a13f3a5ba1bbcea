/**
 * Counting a table's rows made in the last day, the last 7 days and all that
 * are kept (the back office's overview): the SQL that counts the rows made
 * since an instant, and the figures read back from a row of such counts.
 */
import { sql } from "kysely";

export type RecentCounts = { day: number; week: number; all: number };

/** The rows (of a table with `created_at`) made at or after `since`, an ISO instant. */
export const countedSince = (since: string) => sql<number>`sum(case when created_at >= ${since} then 1 else 0 end)`;

/** A query's selection of the three counts: the rows made since `since.day`, since `since.week`, and all of them. */
export const recentCountsSelection = (since: { day: string; week: string }) => [
  countedSince(since.day).as("day"),
  countedSince(since.week).as("week"),
  sql<number>`count(*)`.as("all"),
];

/** The figures of a row of counts (a sum over no rows is null: none). */
export const recentCounts = (row: { day: number | null; week: number | null; all: number }): RecentCounts => ({
  day: Number(row.day ?? 0),
  week: Number(row.week ?? 0),
  all: Number(row.all),
});
