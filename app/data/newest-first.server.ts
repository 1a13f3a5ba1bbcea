/**
 * A table's rows newest first, a page at a time, by keyset on
 * (created_at, id): the back office's order lists and their CSV exports.
 * `after` is the previous page's `next` (app/data/cursor.ts).
 */
import { sql, type SelectQueryBuilder } from "kysely";
import { decodeCursor, encodeCursor, keysetPage } from "./cursor.ts";

export async function newestFirst<DB, TB extends keyof DB, Row extends { created_at: string; id: string }>(
  query: SelectQueryBuilder<DB, TB, Row>,
  after: string | null,
  pageSize: number,
): Promise<{ rows: Row[]; next: string | null }> {
  const cursor = decodeCursor(after);
  const rows = await query
    .$if(cursor !== null, (q) => q.where(sql<boolean>`(created_at, id) < (${cursor!.at}, ${cursor!.id})`))
    .orderBy(sql`created_at`, "desc")
    .orderBy(sql`id`, "desc")
    .limit(pageSize + 1)
    .execute();
  const { page, next } = keysetPage(rows, pageSize, (last) => encodeCursor({ at: last.created_at, id: last.id }));
  return { rows: page, next };
}
