/**
 * Waiting lists for full dates (issue 41, docs/decisions/083-waiting-lists.md;
 * the rules: ./waiting.ts): a request stored unconfirmed with its
 * confirmation link (SHA-256 only) e-mailed to the address given; once
 * confirmed it waits; the job (every few minutes, under the scheduler's
 * lease) lapses offers past their time, giving their places back, then
 * offers what is free to the first waiting request that fits, holding its
 * places (takePlaces: the date stays full to the public) and e-mailing a
 * private link (SHA-256 only). placeBooking (./placing.server.ts) books an
 * offer's held places instead of taking new ones.
 *
 * Each offer is one transaction that first locks the session's places row
 * (PostgreSQL: select … for update; SQLite: one writer at a time), then
 * reads what is free and the list, and moves the request from waiting to
 * offered by a conditional update: two runs at once cannot offer one place
 * twice, nor the same request two offers.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import { isPostgres } from "~/data/dialect.ts";
import type { Database } from "~/data/schema.ts";
import { mailJob, type MailJobOptions } from "~/jobs/mail-job.server.ts";
import type { ScheduledJob } from "~/jobs/scheduler.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import type { MailContext } from "~/mail/types.ts";
import type { Keyring } from "~/secrets/sealing.server.ts";
import { bookable, sessionByKey } from "./bookable.server.ts";
import { leftIn, releasePlaces, takePlaces } from "./places.server.ts";
import { sessionLabel, type BookableSession } from "./session.ts";
import {
  waitingConfirmEmail,
  waitingOfferEmail,
  waitingSessionCancelledEmail,
  type WaitingFacts,
} from "./waiting-emails.server.ts";
import { confirmLinkLapsed, firstThatFits, listOrder, offerExpiresAt, type WaitingState } from "./waiting.ts";
import { looksLikeToken, newToken, tokenHash } from "~/secrets/tokens.server.ts";

export const waitingJobName = "course-waiting-lists";
/** What the outbox files a waiting list's e-mails under. */
export const waitingLeadType = "course-waiting";

type Trx = Transaction<Database>;
type Reader = Db | Trx;
export type WaitingRow = Database["course_waiting"] & { position: number; is_test: number };

/** The published session as a booking sees it, null when not published. */
export type SessionFinder = (key: string) => BookableSession | null;
export const publishedSession: SessionFinder = (key) => {
  const found = sessionByKey(key);
  return found ? bookable(found) : null;
};

export type JoinRequest = { name: string; email: string; organisation: string; places: number };

/** Stores an unconfirmed request and queues its confirmation link to the address given; returns its id. */
export async function joinWaitingList(
  db: Db,
  session: BookableSession,
  request: JoinRequest,
  { now, mail, keys, isTest = false }: { now: Date; mail: MailContext; keys: Keyring; isTest?: boolean },
): Promise<string> {
  const id = randomUUID();
  const token = newToken();
  const message = waitingConfirmEmail(factsOf(session, request, isTest), mail, token);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("course_waiting")
      .values({
        id,
        session_key: session.key,
        course_id: session.courseId,
        session_starts_at: session.startsAt.toISOString(),
        session_ends_at: session.endsAt.toISOString(),
        name: request.name,
        email: request.email,
        organisation: request.organisation,
        places: request.places,
        state: "unconfirmed",
        confirm_hash: tokenHash(token),
        offer_hash: null,
        offer_expires_at: null,
        booking_id: null,
        created_at: now.toISOString(),
        confirmed_at: null,
        offered_at: null,
        ended_at: null,
        is_test: isTest ? 1 : 0,
      })
      .execute();
    await queueEmails(trx, { type: waitingLeadType, id }, [message], now, keys);
  });
  return id;
}

function factsOf(session: BookableSession, r: JoinRequest, isTest: boolean): WaitingFacts {
  return {
    name: r.name,
    email: r.email,
    courseTitle: session.courseTitle,
    sessionLabel: sessionLabel(session),
    places: r.places,
    isTest,
  };
}

export type ConfirmResult = { ok: true; row: WaitingRow } | { ok: false; reason: "unknown" | "lapsed" };

/** The confirmation link followed: the request waits, last on its date's list. Once only. */
export async function confirmWaiting(db: Db, token: string, now: Date): Promise<ConfirmResult> {
  if (!looksLikeToken(token)) return { ok: false, reason: "unknown" };
  return db.transaction().execute(async (trx): Promise<ConfirmResult> => {
    const row = await trx
      .selectFrom("course_waiting")
      .selectAll()
      .where("confirm_hash", "=", tokenHash(token))
      .executeTakeFirst();
    if (!row || row.state !== "unconfirmed") return { ok: false, reason: "unknown" };
    if (confirmLinkLapsed(new Date(row.created_at), now)) return { ok: false, reason: "lapsed" };
    const last = await trx
      .selectFrom("course_waiting")
      .select((eb) => eb.fn.max("position").as("p"))
      .where("session_key", "=", row.session_key)
      .executeTakeFirstOrThrow();
    const updated = await trx
      .updateTable("course_waiting")
      .set({ state: "waiting", confirmed_at: now.toISOString(), position: Number(last.p ?? 0) + 1 })
      .where("id", "=", row.id)
      .where("state", "=", "unconfirmed")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "unknown" };
    return { ok: true, row: (await readWaiting(trx, row.id))! };
  });
}

export async function readWaiting(db: Reader, id: string): Promise<WaitingRow | undefined> {
  return (await db.selectFrom("course_waiting").selectAll().where("id", "=", id).executeTakeFirst()) as
    WaitingRow | undefined;
}

/** Locks the session's places row for the transaction (PostgreSQL; SQLite writes one transaction at a time). */
async function lockPlaces(trx: Trx, sessionKey: string) {
  const q = trx
    .selectFrom("course_session_places")
    .select(["capacity", "taken", "closed_at"])
    .where("session_key", "=", sessionKey);
  return (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
}

/** The offers past their time lapse, each giving its places back; returns the sessions that got places back. */
export async function lapseOffers(db: Db, now: Date): Promise<string[]> {
  const due = await db
    .selectFrom("course_waiting")
    .select(["id", "session_key"])
    .where("state", "=", "offered")
    .where("offer_expires_at", "<=", now.toISOString())
    .execute();
  const sessions = new Set<string>();
  for (const d of due) {
    const lapsed = await db.transaction().execute(async (trx) => {
      await lockPlaces(trx, d.session_key);
      const row = await trx
        .updateTable("course_waiting")
        .set({ state: "lapsed", ended_at: now.toISOString() })
        .where("id", "=", d.id)
        .where("state", "=", "offered")
        .where("offer_expires_at", "<=", now.toISOString())
        .returning(["places"])
        .executeTakeFirst();
      if (!row) return false;
      await releasePlaces(trx, d.session_key, row.places, now);
      return true;
    });
    if (lapsed) sessions.add(d.session_key);
  }
  return [...sessions];
}

export type Offered = { id: string; sessionKey: string; places: number; until: string };

/**
 * Offers one session's free places to its waiting requests, the first that
 * fits each time, until none fits; one transaction per offer.
 */
export async function offerFreePlaces(
  db: Db,
  session: BookableSession,
  { now, mail, keys }: { now: Date; mail: MailContext; keys: Keyring },
): Promise<Offered[]> {
  const offered: Offered[] = [];
  if (session.state === "cancelled" || now.getTime() >= session.startsAt.getTime()) return offered;
  for (;;) {
    const token = newToken();
    const made = await db.transaction().execute(async (trx): Promise<Offered | null> => {
      const places = await lockPlaces(trx, session.key);
      if (!places) return null;
      const free = leftIn(places);
      if (free < 1) return null;
      const waiting = (await trx
        .selectFrom("course_waiting")
        .selectAll()
        .where("session_key", "=", session.key)
        .where("state", "=", "waiting")
        .execute()) as WaitingRow[];
      const next = firstThatFits(waiting.sort(listOrder), free);
      if (!next) return null;
      const until = offerExpiresAt(session.startsAt, now).toISOString();
      const moved = await trx
        .updateTable("course_waiting")
        .set({ state: "offered", offer_hash: tokenHash(token), offer_expires_at: until, offered_at: now.toISOString() })
        .where("id", "=", next.id)
        .where("state", "=", "waiting")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return null;
      const message = waitingOfferEmail(factsOf(session, next, next.is_test === 1), mail, token, until);
      await queueEmails(trx, { type: waitingLeadType, id: next.id }, [message], now, keys);
      const taken = await takePlaces(trx, session.key, next.places, now);
      if (!taken.ok) throw new Error(`The places row of ${session.key} changed under its lock`);
      return { id: next.id, sessionKey: session.key, places: next.places, until };
    });
    if (!made) return offered;
    offered.push(made);
  }
}

/** The job's run: lapse what is due, then offer what is free on every date with someone waiting. */
export async function runWaitingLists(
  db: Db,
  options: { now: Date; mail: MailContext; keys: Keyring; sessions?: SessionFinder },
): Promise<{ lapsed: number; offered: Offered[] }> {
  const find = options.sessions ?? publishedSession;
  const lapsedOn = await lapseOffers(db, options.now);
  const keys = await db
    .selectFrom("course_waiting")
    .select("session_key")
    .distinct()
    .where("state", "=", "waiting")
    .where("session_starts_at", ">", options.now.toISOString())
    .execute();
  const offered: Offered[] = [];
  for (const { session_key } of keys) {
    const session = find(session_key);
    if (session) offered.push(...(await offerFreePlaces(db, session, options)));
  }
  return { lapsed: lapsedOn.length, offered };
}

/** The job: every 5 minutes, under a lease. */
export function waitingListsJob({
  db,
  mail,
  keys,
  ...options
}: { db: Db; mail: MailContext; keys: Keyring } & MailJobOptions): ScheduledJob {
  return mailJob(
    {
      name: waitingJobName,
      everyMs: 5 * 60_000,
      leaseMs: 2 * 60_000,
      run: async (now) => {
        const { lapsed, offered } = await runWaitingLists(db, { now, mail, keys });
        return { queued: offered.length, result: { lapsed, offered: offered.length } };
      },
    },
    options,
  );
}

export type OfferView = { ok: true; row: WaitingRow } | { ok: false; reason: "unknown" | "lapsed" | "used" };

/** What an offer's link opens: the offer while it holds; "lapsed" or "used" after; "unknown" for anything else. */
export async function offerByToken(db: Reader, token: string, now: Date): Promise<OfferView> {
  if (!looksLikeToken(token)) return { ok: false, reason: "unknown" };
  const row = (await db
    .selectFrom("course_waiting")
    .selectAll()
    .where("offer_hash", "=", tokenHash(token))
    .executeTakeFirst()) as WaitingRow | undefined;
  if (!row) return { ok: false, reason: "unknown" };
  if (row.state === "accepted") return { ok: false, reason: "used" };
  if (row.state !== "offered" || !row.offer_expires_at || now.toISOString() >= row.offer_expires_at) {
    return { ok: false, reason: "lapsed" };
  }
  return { ok: true, row };
}

/**
 * Inside the booking's transaction (placeBooking): the offer becomes
 * accepted by the booking, while it still holds `places` places on the
 * session; false if it no longer does (lapsed, used, another date).
 */
export async function acceptOffer(
  trx: Trx,
  offer: { id: string; sessionKey: string; places: number; bookingId: string },
  now: Date,
): Promise<boolean> {
  await lockPlaces(trx, offer.sessionKey);
  const done = await trx
    .updateTable("course_waiting")
    .set({ state: "accepted", booking_id: offer.bookingId, ended_at: now.toISOString() })
    .where("id", "=", offer.id)
    .where("session_key", "=", offer.sessionKey)
    .where("state", "=", "offered")
    .where("places", "=", offer.places)
    .where("offer_expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * Inside a card booking's release (the payment could not be set up): the
 * waiting list's offer it was made from, if its time has not run out, is
 * offered again, its places still held for it, so its link books them once
 * card payment works again; false if the booking came from no such offer
 * (its places are then released).
 */
export async function reopenOffer(trx: Trx, bookingId: string, now: Date): Promise<boolean> {
  const done = await trx
    .updateTable("course_waiting")
    .set({ state: "offered", booking_id: null, ended_at: null })
    .where("booking_id", "=", bookingId)
    .where("state", "=", "accepted")
    .where("offer_expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export type ListEntry = {
  id: string;
  name: string;
  organisation: string;
  email: string;
  places: number;
  state: WaitingState;
  offerExpiresAt: string | null;
  confirmedAt: string | null;
};

/** A date's waiting list, for the team: confirmed requests in the list's order, then the unconfirmed. */
export async function waitingList(db: Reader, sessionKey: string): Promise<ListEntry[]> {
  const rows = (await db
    .selectFrom("course_waiting")
    .selectAll()
    .where("session_key", "=", sessionKey)
    .execute()) as WaitingRow[];
  const confirmed = rows.filter((r) => r.state !== "unconfirmed").sort(listOrder);
  const unconfirmed = rows
    .filter((r) => r.state === "unconfirmed")
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  return [...confirmed, ...unconfirmed].map((r) => ({
    id: r.id,
    name: r.name,
    organisation: r.organisation,
    email: r.email,
    places: r.places,
    state: r.state,
    offerExpiresAt: r.offer_expires_at,
    confirmedAt: r.confirmed_at,
  }));
}

/** The team moves a waiting request one up or down its date's list (swapping with its neighbour); false if it cannot move. */
export async function moveWaiting(db: Db, id: string, direction: "up" | "down"): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await readWaiting(trx, id);
    if (!row || row.state !== "waiting") return false;
    await lockPlaces(trx, row.session_key);
    const list = (
      (await trx
        .selectFrom("course_waiting")
        .selectAll()
        .where("session_key", "=", row.session_key)
        .where("state", "=", "waiting")
        .execute()) as WaitingRow[]
    ).sort(listOrder);
    const i = list.findIndex((r) => r.id === id);
    const j = direction === "up" ? i - 1 : i + 1;
    if (i < 0 || j < 0 || j >= list.length) return false;
    // Renumber the list as it reads, with the two swapped: positions stay distinct.
    [list[i], list[j]] = [list[j]!, list[i]!];
    for (const [k, r] of list.entries()) {
      if (r.position !== k + 1) {
        await trx
          .updateTable("course_waiting")
          .set({ position: k + 1 })
          .where("id", "=", r.id)
          .execute();
      }
    }
    return true;
  });
}

/**
 * A session the team cancelled ends its waiting list: every request not yet
 * accepted is removed (an offer's held places go back), what was still to
 * be sent to it is not sent, and each confirmed one (waiting, or offered)
 * is told the date is cancelled. Returns how many were told.
 */
export async function endWaitingList(
  db: Db,
  session: BookableSession,
  { now, mail }: { now: Date; mail: MailContext },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockPlaces(trx, session.key);
    const gone = await trx
      .deleteFrom("course_waiting")
      .where("session_key", "=", session.key)
      .where("state", "in", ["unconfirmed", "waiting", "offered"])
      .returning(["id", "state", "places", "name", "email", "organisation", "is_test"])
      .execute();
    const held = gone.filter((r) => r.state === "offered").reduce((sum, r) => sum + r.places, 0);
    if (held > 0) await releasePlaces(trx, session.key, held, now);
    if (gone.length === 0) return 0;
    await trx
      .deleteFrom("outbox")
      .where("lead_type", "=", waitingLeadType)
      .where(
        "lead_id",
        "in",
        gone.map((r) => r.id),
      )
      .where("sent_at", "is", null)
      .execute();
    const told = gone.filter((r) => r.state !== "unconfirmed");
    for (const r of told) {
      const message = waitingSessionCancelledEmail(factsOf(session, r, r.is_test === 1), mail);
      await queueEmails(trx, { type: waitingLeadType, id: r.id }, [message], now);
    }
    return told.length;
  });
}

/** The team removes a request; an offer's held places go back (the next run offers them on). Returns the row removed. */
export async function removeWaiting(db: Db, id: string, now: Date): Promise<WaitingRow | null> {
  return db.transaction().execute(async (trx) => {
    const row = await readWaiting(trx, id);
    if (!row) return null;
    await lockPlaces(trx, row.session_key);
    const gone = await trx
      .deleteFrom("course_waiting")
      .where("id", "=", id)
      .where("state", "=", row.state)
      .returning(["state", "places"])
      .executeTakeFirst();
    if (!gone) return null;
    if (gone.state === "offered") await releasePlaces(trx, row.session_key, gone.places, now);
    await trx
      .deleteFrom("outbox")
      .where("lead_type", "=", waitingLeadType)
      .where("lead_id", "=", id)
      .where("sent_at", "is", null)
      .execute();
    return row;
  });
}
