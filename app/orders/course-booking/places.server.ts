/**
 * Places on a dated course session (issue 29: never oversold). A session's
 * row says how many places it has and how many are sold or held
 * (course_session_places, keyed by the session's content key).
 *
 * Places are taken inside the booking's transaction by one conditional
 * update, never by reading what is left and then writing: on PostgreSQL
 * (read committed) concurrent updates of the row wait for each other's row
 * lock and each re-checks the condition on the row as the other left it; on
 * SQLite one transaction writes at a time. The table's check (0 ≤ taken ≤
 * capacity) holds whatever else writes the row.
 * See docs/decisions/053-places-and-invoice-numbers.md.
 */
import type { Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";

type Executor = Db | Transaction<Database>;

/** What taking places gave: `left` is what the session has left after it (0 for an unknown session). */
export type TakeResult = { ok: boolean; left: number };

export type CapacityResult = { ok: true } | { ok: false; message: string };

function count(value: number, what: string, least: number): number {
  if (!Number.isSafeInteger(value) || value < least) {
    throw new RangeError(`${what} must be a whole number of at least ${least} (got ${value})`);
  }
  return value;
}

const placesWord = (n: number) => (n === 1 ? "1 place" : `${n} places`);

/**
 * Gives a session its capacity (its row is made with none taken) or changes
 * it; refused, with a sentence for the team, below the places already sold
 * or held. One statement: an upsert whose update applies only while the
 * places taken fit, so a booking in between cannot be squeezed out.
 */
export async function setCapacity(
  db: Executor,
  sessionKey: string,
  capacity: number,
  now: Date,
): Promise<CapacityResult> {
  count(capacity, "A session's capacity", 0);
  const updatedAt = now.toISOString();
  const row = await db
    .insertInto("course_session_places")
    .values({ session_key: sessionKey, capacity, taken: 0, updated_at: updatedAt })
    .onConflict((oc) =>
      oc
        .column("session_key")
        .doUpdateSet((eb) => ({ capacity: eb.ref("excluded.capacity"), updated_at: eb.ref("excluded.updated_at") }))
        .where("course_session_places.taken", "<=", capacity),
    )
    .returning("session_key")
    .executeTakeFirst();
  if (row) return { ok: true };
  const { taken } = await db
    .selectFrom("course_session_places")
    .select("taken")
    .where("session_key", "=", sessionKey)
    .executeTakeFirstOrThrow();
  return {
    ok: false,
    message: `This session already has ${placesWord(taken)} sold or held: its capacity cannot be less than ${taken}.`,
  };
}

/**
 * Takes `places` places on the session, inside the caller's transaction (the
 * booking's): all of them or none. `ok: false` is "no longer available":
 * fewer than `places` are left (or the session has no places row).
 */
export async function takePlaces(
  trx: Transaction<Database>,
  sessionKey: string,
  places: number,
  now: Date,
): Promise<TakeResult> {
  count(places, "The places taken", 1);
  const taken = await trx
    .updateTable("course_session_places")
    .set((eb) => ({ taken: eb("taken", "+", places), updated_at: now.toISOString() }))
    .where("session_key", "=", sessionKey)
    .where((eb) => eb(eb("taken", "+", places), "<=", eb.ref("capacity")))
    .where("closed_at", "is", null)
    .returning(["capacity", "taken", "closed_at"])
    .executeTakeFirst();
  if (taken) return { ok: true, left: leftIn(taken) };
  return { ok: false, left: await leftOn(trx, sessionKey) };
}

/** The places a session's row has left: none once it is closed. */
export const leftIn = (row: { capacity: number; taken: number; closed_at: string | null }) =>
  row.closed_at === null ? row.capacity - row.taken : 0;

/**
 * Closes a session the team cancelled, for good: no place can be taken on it
 * any more (a booking, a waiting list's offer), while those already taken
 * are given back as their bookings are cancelled. A date put on again is a
 * new session.
 */
export async function closeSession(db: Executor, sessionKey: string, now: Date): Promise<void> {
  await db
    .updateTable("course_session_places")
    .set({ closed_at: now.toISOString(), updated_at: now.toISOString() })
    .where("session_key", "=", sessionKey)
    .where("closed_at", "is", null)
    .execute();
}

/**
 * Gives `places` places back to the session (a cancelled booking, an
 * abandoned payment), inside the caller's transaction. More than are taken,
 * or an unknown session, is a mistake of the caller's: a RangeError, and
 * nothing changes.
 */
export async function releasePlaces(
  trx: Transaction<Database>,
  sessionKey: string,
  places: number,
  now: Date,
): Promise<{ left: number }> {
  count(places, "The places released", 1);
  const released = await trx
    .updateTable("course_session_places")
    .set((eb) => ({ taken: eb("taken", "-", places), updated_at: now.toISOString() }))
    .where("session_key", "=", sessionKey)
    .where("taken", ">=", places)
    .returning(["capacity", "taken", "closed_at"])
    .executeTakeFirst();
  if (!released) {
    throw new RangeError(`Cannot release ${placesWord(places)} of session ${sessionKey}: fewer are taken`);
  }
  return { left: leftIn(released) };
}

/** What each session has left, for pages; a session without a places row is not in the map. */
export async function placesLeft(db: Executor, sessionKeys: readonly string[]): Promise<Map<string, number>> {
  if (sessionKeys.length === 0) return new Map();
  const rows = await db
    .selectFrom("course_session_places")
    .select(["session_key", "capacity", "taken", "closed_at"])
    .where("session_key", "in", [...new Set(sessionKeys)])
    .execute();
  return new Map(rows.map((row) => [row.session_key, leftIn(row)]));
}

async function leftOn(db: Executor, sessionKey: string): Promise<number> {
  const row = await db
    .selectFrom("course_session_places")
    .select(["capacity", "taken", "closed_at"])
    .where("session_key", "=", sessionKey)
    .executeTakeFirst();
  return row ? leftIn(row) : 0;
}
