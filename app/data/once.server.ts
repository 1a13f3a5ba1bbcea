/**
 * Store something once per fingerprint within a window. The fingerprint row
 * is inserted first, in the same transaction as the record: a concurrent
 * repeat waits on it (PostgreSQL) or runs after it (SQLite), and finds it.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Db } from "./db.server.ts";
import type { Database } from "./schema.ts";

export type OnceOutcome = { id: string; duplicate: boolean };

export async function storeOnce(
  db: Db,
  key: string,
  { now, windowMs }: { now: Date; windowMs: number },
  store: (trx: Transaction<Database>, id: string) => Promise<string | void>,
): Promise<OnceOutcome> {
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("submission_keys").where("fingerprint", "=", key).where("expires_at", "<=", nowIso).execute();
    const id = randomUUID();
    const inserted = await trx
      .insertInto("submission_keys")
      .values({ fingerprint: key, record_id: id, expires_at: new Date(now.getTime() + windowMs).toISOString() })
      .onConflict((oc) => oc.column("fingerprint").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
      const earlier = await trx
        .selectFrom("submission_keys")
        .select("record_id")
        .where("fingerprint", "=", key)
        .executeTakeFirstOrThrow();
      return { id: earlier.record_id, duplicate: true };
    }
    const storedId = (await store(trx, id)) ?? id;
    if (storedId !== id) {
      await trx.updateTable("submission_keys").set({ record_id: storedId }).where("fingerprint", "=", key).execute();
    }
    return { id: storedId, duplicate: false };
  });
}
