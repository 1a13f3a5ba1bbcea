/**
 * Two acts on one course booking at the same moment, on PostgreSQL, where
 * two instances of the site (each its own pool) do not wait for each other
 * unless the order's row makes them (SQLite writes one transaction at a
 * time): the second act waits for the first and works from what it left.
 * - the team cancels while a move to another date is on its way: the places
 *   given back are the new date's, not the old date's a second time;
 * - Stripe's webhook and the booker's return page settle an invoice's card
 *   payment at once: paid once, and the payment is not also refunded.
 * - an erasure while an offer of the waiting list lapses: its places are
 *   given back once.
 * And, on both databases, a card payment that succeeds after its booking was
 * cancelled unpaid is refunded, once; a replayed success of a payment
 * already applied is not.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "~/data/db.server.ts";
import { readBooking } from "~/orders/course-booking/booking-store.server.ts";
import { attachPaymentIntent, confirmCardPayment } from "~/orders/course-booking/card-payments.server.ts";
import { confirmBooking } from "~/orders/course-booking/placing.server.ts";
import { cancelBooking } from "~/orders/course-booking/team-acts.server.ts";
import { transferBooking } from "~/orders/course-booking/transfer.server.ts";
import { recordCardPaymentStarted } from "~/orders/store.server.ts";
import { releasePlaces, setCapacity } from "~/orders/course-booking/places.server.ts";
import { joinWaitingList, runWaitingLists } from "~/orders/course-booking/waiting.server.ts";
import { erase } from "~/privacy/requests.server.ts";
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { pollUntil } from "../../harness/servers.ts";
import {
  byCard,
  createCourseSession,
  delegate,
  placeCourseBooking,
  testBooker,
  testMail,
} from "../support/factories.ts";
import { dialects, openConcurrentTestDatabase, type ConcurrentTestDatabase } from "./databases.ts";
import { courseBookingEvents, placesTaken } from "./fixtures.ts";

const bookedAt = new Date("2027-01-10T10:00:00.000Z");
const later = new Date(bookedAt.getTime() + 60_000);
const june = {
  startsAt: new Date("2027-06-14T08:00:00.000Z"),
  endsAt: new Date("2027-06-18T16:00:00.000Z"),
  firstDay: "2027-06-14",
  lastDay: "2027-06-18",
};

let t: ConcurrentTestDatabase | undefined;
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

/** A confirmed invoice booking of two places on `session`, by `email`. */
async function invoiced(db: Db, session: Awaited<ReturnType<typeof createCourseSession>>, email: string) {
  const placed = await placeCourseBooking(db, {
    session,
    booker: testBooker(email),
    places: [delegate(1), delegate(2)],
    now: bookedAt,
  });
  if (!placed.ok) throw new Error(placed.reason);
  expect(await confirmBooking(db, placed.booking.id, bookedAt)).toMatchObject({ ok: true });
  return placed.booking.id;
}

const taken = placesTaken;

/** Starts `second` and returns once it waits for the transaction of backend `holder` (its outcome, to await after). */
async function whileHeld<T>(db: Db, holder: number, second: () => Promise<T>): Promise<{ running: Promise<T> }> {
  const running = second();
  running.catch(() => undefined);
  const waiting = await pollUntil(
    async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where ${holder}::int = any(pg_blocking_pids(pid))`.execute(db)
      ).rows[0]!.n > 0,
    10_000,
    20,
  );
  expect(waiting, "the second act waits for the first").toBe(true);
  return { running };
}

const backendPid = async (trx: Parameters<Parameters<ReturnType<Db["transaction"]>["execute"]>[0]>[0]) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;

describe("course bookings: two acts at once on PostgreSQL", () => {
  it("a cancellation made while a move is on its way gives back the new date's places, once", async () => {
    t = await openConcurrentTestDatabase("postgres", "races", { businessSettings: true });
    const [db, other] = [t.handles[0]!.db, t.handles[1]!.db];
    const march = await createCourseSession(db, { key: "races-march", capacity: 4, at: bookedAt });
    const toJune = await createCourseSession(db, { key: "races-june", capacity: 4, at: bookedAt, ...june });
    await invoiced(db, march, "someone-else@example.com");
    const id = await invoiced(db, march, "ada@example.com");
    expect([await taken(db, march.key), await taken(db, toJune.key)]).toEqual([4, 0]);

    let cancelling: Promise<unknown> | undefined;
    const moved = await transferBooking(db, id, { target: toJune, now: later, staffId: "staff-1" }, async (trx) => {
      // The move holds the booking's order: the team, on another instance, cancels it now.
      ({ running: cancelling } = await whileHeld(db, await backendPid(trx), () =>
        cancelBooking(other, id, { now: later, staffId: "staff-2" }),
      ));
      return async () => {};
    });
    expect(moved).toMatchObject({ ok: true });
    expect(await cancelling).toMatchObject({ ok: true });

    const booking = (await readBooking(db, id))!;
    expect([booking.status, booking.session_key]).toEqual(["cancelled", toJune.key]);
    // The other booker's two places stay taken in March; the cancelled booking's went with it to June and back.
    expect({ march: await taken(db, march.key), june: await taken(db, toJune.key) }).toEqual({ march: 2, june: 0 });
  });

  it("an invoice paid by card and settled twice at once is paid once and not refunded", async () => {
    t = await openConcurrentTestDatabase("postgres", "races", { businessSettings: true });
    const [db, other] = [t.handles[0]!.db, t.handles[1]!.db];
    const session = await createCourseSession(db, { key: "races-card", capacity: 4, at: bookedAt });
    const id = await invoiced(db, session, "bea@example.com");
    const total = (await readBooking(db, id))!.total_pence;
    expect(
      await recordCardPaymentStarted(db, { id, amountPence: total, currency: "gbp" }, "pi_twice", later.toISOString()),
    ).toBe(true);
    const payment = { paymentIntentId: "pi_twice", amountPence: total, now: later };

    let second: Promise<Awaited<ReturnType<typeof confirmCardPayment>>> | undefined;
    const first = await db.transaction().execute(async (trx) => {
      // Stripe's webhook settles it; the booker's return page asks Stripe and settles it too.
      const outcome = await confirmCardPayment(trx, payment);
      ({ running: second } = await whileHeld(db, await backendPid(trx), () => confirmCardPayment(other, payment)));
      return outcome;
    });
    expect(first.outcome).toBe("invoice-paid");
    expect(await second).toEqual({ outcome: "unchanged", reason: "already-handled" });
    expect((await readBooking(db, id))!.status).toBe("paid");
    expect(await courseBookingEvents(db, id, ["refund"])).toEqual([]);
  });
});

describe.each(dialects)("course bookings: a card payment after its booking ended, on %s", (dialect) => {
  async function heldByCard(tag: string) {
    t = await openConcurrentTestDatabase(dialect, "races", { businessSettings: true });
    const db = t.handle.db;
    const session = await createCourseSession(db, { key: `races-${tag}`, capacity: 4, at: bookedAt });
    const placed = await placeCourseBooking(db, {
      session,
      booker: testBooker(`${tag}@example.com`),
      places: [delegate(1)],
      payment: byCard,
      now: bookedAt,
    });
    if (!placed.ok) throw new Error(placed.reason);
    const id = placed.booking.id;
    expect(await attachPaymentIntent(db, id, `pi_${tag}`)).toBe(true);
    return {
      db,
      id,
      session,
      payment: { paymentIntentId: `pi_${tag}`, amountPence: placed.booking.total_pence, now: later },
    };
  }

  it("a booking cancelled while its payment was on its way has the payment refunded in full, once", async () => {
    const { db, id, payment } = await heldByCard("cancelled-unpaid");
    // Its booker cancels from their page: nothing was charged yet.
    expect(await cancelBooking(db, id, { now: bookedAt, staffId: null, expectGrossPence: 0 })).toMatchObject({
      ok: true,
      refundPence: 0,
    });

    expect(await confirmCardPayment(db, payment)).toMatchObject({
      outcome: "refund",
      paymentIntentId: payment.paymentIntentId,
      amountPence: payment.amountPence,
    });
    const booking = (await readBooking(db, id))!;
    expect([booking.status, booking.paid_at]).toEqual(["cancelled", null]);
    const refunds = await courseBookingEvents(db, id, ["refund"]);
    expect(refunds.map((e) => JSON.parse(e.detail) as unknown)).toEqual([
      {
        amountPence: payment.amountPence,
        reason: "cancelled-before-payment",
        paymentIntentId: payment.paymentIntentId,
      },
    ]);
    // Stripe sends the event again (or the return page asks): nothing more.
    expect(await confirmCardPayment(db, payment)).toEqual({ outcome: "unchanged", reason: "already-handled" });
  });

  it("a paid booking cancelled and refunded is not refunded again when its payment's success comes again", async () => {
    const { db, id, payment } = await heldByCard("paid-then-cancelled");
    expect(await confirmCardPayment(db, payment)).toMatchObject({ outcome: "confirmed" });
    expect(await cancelBooking(db, id, { now: later, staffId: "staff-1" })).toMatchObject({ ok: true });

    expect(await confirmCardPayment(db, payment)).toEqual({ outcome: "unchanged", reason: "already-handled" });
    expect(await courseBookingEvents(db, id, ["refund"])).toEqual([]);
  });
});

describe("the waiting list and erasure at once on PostgreSQL", () => {
  it("an erasure made while an offer lapses gives its places back once", async () => {
    t = await openConcurrentTestDatabase("postgres", "races", { businessSettings: true });
    const [db, other] = [t.handles[0]!.db, t.handles[1]!.db];
    const session = await createCourseSession(db, { key: "races-waiting", capacity: 4, at: bookedAt });
    await invoiced(db, session, "someone-else@example.com");
    const keys = keyring(newKeyMaterial());
    const email = "waits@example.com";
    const id = await joinWaitingList(
      db,
      session,
      { name: "Wai Ting", email, organisation: "Waits Ltd", places: 2 },
      { now: bookedAt, mail: testMail, keys },
    );
    await db.updateTable("course_waiting").set({ state: "waiting", confirm_hash: null }).where("id", "=", id).execute();
    await setCapacity(db, session.key, 6, bookedAt);
    const sessions = (key: string) => (key === session.key ? session : null);
    await runWaitingLists(db, { now: bookedAt, mail: testMail, keys, sessions });
    expect(await taken(db, session.key)).toBe(4);

    let erasing: Promise<unknown> | undefined;
    await db.transaction().execute(async (trx) => {
      // The offer lapses (as the job does it), giving its places back; the erasure, on another instance, starts now.
      await trx
        .updateTable("course_waiting")
        .set({ state: "lapsed", ended_at: later.toISOString() })
        .where("id", "=", id)
        .execute();
      await releasePlaces(trx, session.key, 2, later);
      ({ running: erasing } = await whileHeld(db, await backendPid(trx), () => erase(other, email, later)));
    });
    await erasing;
    // The other booking's 2 places stay taken: the offer's were given back once.
    expect(await taken(db, session.key)).toBe(2);
    expect(await db.selectFrom("course_waiting").select("id").where("id", "=", id).execute()).toEqual([]);
  });
});
