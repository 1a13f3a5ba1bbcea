/** Bookings as the back office reads them (the bookings page, the CSV export): newest first, by keyset. */
import type { Db } from "~/data/db.server.ts";
import { decodeCursor, encodeCursor } from "~/data/cursor.ts";

export async function listBookings(db: Db, after: string | null, pageSize: number) {
  const cursor = decodeCursor(after);
  const rows = await db
    .selectFrom("bookings")
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
    ])
    .$if(cursor !== null, (q) =>
      q.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(cursor!.at, cursor!.id))),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize + 1)
    .execute();
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > pageSize && last ? encodeCursor({ at: last.created_at, id: last.id }) : null,
  };
}
