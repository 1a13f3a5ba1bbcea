/**
 * Store something once per fingerprint within a window. The fingerprint row
 * is claimed first, in the same transaction as the record: a concurrent
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
  const expiresAt = new Date(now.getTime() + windowMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const id = randomUUID();
    // One statement claims the fingerprint: a new one is inserted, an expired one (its
    // window has passed) is taken over, a live one is left as it is (no row changed: a
    // duplicate). Expired fingerprints of other submissions are the retention job's.
    const claimed = await trx
      .insertInto("submission_keys")
      .values({ fingerprint: key, record_id: id, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .column("fingerprint")
          .doUpdateSet({ record_id: id, expires_at: expiresAt })
          .where("submission_keys.expires_at", "<=", nowIso),
      )
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) {
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
