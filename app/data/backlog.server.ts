/**
 * The outstanding work of a queue table (the e-mail outbox, webhook
 * deliveries): rows neither done nor given up, the age of the oldest of
 * them, and rows given up. Read by /readyz and the metrics gauges.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema.ts";

export type Backlog = {
  /** Rows not done and not given up. */
  pending: number;
  /** Age of the oldest pending row at `now`, in seconds; null when none is pending. */
  oldestUnsentSeconds: number | null;
  /** Rows given up. */
  dead: number;
};

/** Each queue table and the column that marks a row done. */
const doneColumn = { outbox: "sent_at", webhook_deliveries: "delivered_at" } as const;
export type Queue = keyof typeof doneColumn;

type Count = number | string | bigint;

export async function backlog(db: Kysely<Database>, queue: Queue, now: Date): Promise<Backlog> {
  const table = sql.table(queue);
  const pending = await sql<{ n: Count; oldest: string | null }>`
    select count(*) as n, min(created_at) as oldest from ${table}
    where ${sql.ref(doneColumn[queue])} is null and dead_at is null`.execute(db);
  const dead = await sql<{ n: Count }>`select count(*) as n from ${table} where dead_at is not null`.execute(db);
  const oldest = pending.rows[0]?.oldest ?? null;
  return {
    pending: Number(pending.rows[0]?.n ?? 0),
    oldestUnsentSeconds: oldest ? Math.max(0, (now.getTime() - Date.parse(oldest)) / 1000) : null,
    dead: Number(dead.rows[0]?.n ?? 0),
  };
}
