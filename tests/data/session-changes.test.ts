/**
 * A session moved in Site content (ADR 098; app/orders/course-booking/session-copies.server.ts)
 * on both databases: each live booking's copy of its days and place, and
 * each open waiting request's dates, follow it, noted once on the booking's
 * timeline however many instances follow at once; a booking that ended and
 * a request that lapsed keep what they were; a session no longer published
 * changes nothing. A live booking whose days moved is rescheduled (ADR
 * 100): its booker may cancel it for a full refund or take a new date free,
 * a move the terms' free transfers do not count.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bookable, sessionByKey } from "~/orders/course-booking/bookable.server.ts";
import { readBooking } from "~/orders/course-booking/booking-store.server.ts";
import { expireHolds } from "~/orders/course-booking/card-payments.server.ts";
import { followSessionChanges } from "~/orders/course-booking/session-copies.server.ts";
import type { BookableSession } from "~/orders/course-booking/session.ts";
import { joinWaitingList } from "~/orders/course-booking/waiting.server.ts";
import { dialects, openTestDatabase } from "./databases.ts";
import { courseBookingEvents, testCourseBookingService, useTestDatabase } from "./fixtures.ts";
import {
  byCard,
  createConfirmedCourseBooking,
  createCourseBooking,
  createCourseBookingWithLink,
  createCourseSession,
  delegate,
  testBooker,
  testKeys,
  testMail,
} from "../support/factories.ts";

const t0 = new Date("2027-01-10T10:00:00.000Z");
const week = 7 * 86_400_000;
/** This instance serves the newest content (a data test's one instance). */
const current = async () => true;

/** The session a week later, in person at a venue (what the team changed it to). */
const movedOf = (session: BookableSession): BookableSession => ({
  ...session,
  startsAt: new Date(session.startsAt.getTime() + week),
  endsAt: new Date(session.endsAt.getTime() + week),
  firstDay: "2027-03-15",
  lastDay: "2027-03-19",
  format: "in-person",
  venue: {
    name: "The Meridian Centre",
    streetAddress: "1 Finsbury Square",
    locality: "London",
    postalCode: "EC2A 1AE",
  },
});

describe.each(dialects)("bookings follow their session on %s", (dialect) => {
  const t = useTestDatabase(dialect, "sesscopy", { businessSettings: true });
  const db = () => t.handle.db;
  let session: BookableSession;
  let moved: BookableSession;
  const published = (key: string) => (key === session.key ? moved : null);

  beforeAll(async () => {
    session = await createCourseSession(db(), { capacity: 10, at: t0 });
    moved = movedOf(session);
  });

  const copyOf = (id: string) =>
    db().selectFrom("course_bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const waitingDates = (id: string) =>
    db()
      .selectFrom("course_waiting")
      .select(["session_starts_at", "session_ends_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("moves live bookings and open waiting requests with their session, once, and leaves what ended", async () => {
    const { booking: invoiced } = await createConfirmedCourseBooking(db(), { session, places: [delegate(1)], now: t0 });
    const unconfirmed = await createCourseBooking(db(), { session, places: [delegate(2)], now: t0 });
    const { booking: ended } = await createConfirmedCourseBooking(db(), { session, places: [delegate(3)], now: t0 });
    const service = testCourseBookingService(db(), { clock: () => t0 });
    expect(await service.cancel(ended.id, "staff-1")).toMatchObject({ ok: true });
    const open = await joinWaitingList(
      db(),
      session,
      { name: "Ann", email: "ann@example.com", organisation: "Ann Ltd", places: 1 },
      { now: t0, mail: testMail, keys: testKeys },
    );
    const lapsed = await joinWaitingList(
      db(),
      session,
      { name: "Bob", email: "bob@example.com", organisation: "Bob Ltd", places: 1 },
      { now: t0, mail: testMail, keys: testKeys },
    );
    await db().updateTable("course_waiting").set({ state: "lapsed" }).where("id", "=", lapsed).execute();
    const before = await copyOf(ended.id);

    // Nothing published for the session: nothing changes.
    expect(await followSessionChanges(db(), { find: () => null, now: t0, isCurrent: current })).toEqual({
      bookings: 0,
      waiting: 0,
    });

    // Two instances follow the change at once.
    const counts = await Promise.all([
      followSessionChanges(db(), { find: published, now: t0, isCurrent: current }),
      followSessionChanges(db(), { find: published, now: t0, isCurrent: current }),
    ]);
    expect(counts.reduce((sum, c) => sum + c.bookings, 0)).toBe(2);
    expect(counts.reduce((sum, c) => sum + c.waiting, 0)).toBe(1);

    const label = "15 March 2027 to 19 March 2027, The Meridian Centre, London";
    for (const id of [invoiced.id, unconfirmed.id]) {
      expect(await copyOf(id)).toMatchObject({
        session_label: label,
        session_starts_at: moved.startsAt.toISOString(),
        session_ends_at: moved.endsAt.toISOString(),
        session_first_day: "2027-03-15",
        session_last_day: "2027-03-19",
        session_format: "in-person",
        session_venue: JSON.stringify(moved.venue),
      });
      const events = await courseBookingEvents(db(), id, ["session-changed"]);
      expect(events.map((e) => JSON.parse(e.detail) as unknown)).toEqual([
        { from: "8 March 2027 to 12 March 2027, live online", to: label },
      ]);
    }
    expect(await copyOf(ended.id)).toEqual(before);
    expect(await courseBookingEvents(db(), ended.id, ["session-changed"])).toEqual([]);
    expect(await waitingDates(open)).toEqual({
      session_starts_at: moved.startsAt.toISOString(),
      session_ends_at: moved.endsAt.toISOString(),
    });
    expect(await waitingDates(lapsed)).toEqual({
      session_starts_at: session.startsAt.toISOString(),
      session_ends_at: session.endsAt.toISOString(),
    });

    // Followed again with nothing new: nothing changes.
    expect(await followSessionChanges(db(), { find: published, now: t0, isCurrent: current })).toEqual({
      bookings: 0,
      waiting: 0,
    });
  });

  it("follows silently what no one need hear of, and not at all from an instance serving older content", async () => {
    const directions = (text: string) =>
      ({
        name: "The Meridian Centre",
        streetAddress: "1 Finsbury Square",
        locality: "London",
        postalCode: "EC2A 1AE",
        directions: text,
      }) as BookableSession["venue"];
    const here = await createCourseSession(db(), {
      capacity: 10,
      at: t0,
      format: "in-person",
      venue: directions("Lift to the 3rd floor"),
    });
    const { booking } = await createConfirmedCourseBooking(db(), { session: here, places: [delegate(1)], now: t0 });
    // A card hold that lapsed: a late payment may still confirm it, by the dates as they are.
    const lapsed = await createCourseBooking(db(), { session: here, places: [delegate(2)], payment: byCard, now: t0 });
    await expireHolds(db(), new Date(t0.getTime() + 60 * 60_000));
    const later = {
      ...here,
      startsAt: new Date(here.startsAt.getTime() + week),
      endsAt: new Date(here.endsAt.getTime() + week),
      firstDay: "2027-03-15",
      lastDay: "2027-03-19",
    };
    const find = (s: BookableSession) => (key: string) => (key === here.key ? s : null);

    // An instance still serving an older version of the content changes nothing.
    expect(await followSessionChanges(db(), { find: find(later), now: t0, isCurrent: async () => false })).toEqual({
      bookings: 0,
      waiting: 0,
    });
    expect((await copyOf(booking.id)).session_first_day).toBe("2027-03-08");

    // The venue's directions alone: the copy follows, no one is told, nothing is noted.
    const told: string[] = [];
    const notify = async (_trx: unknown, _before: unknown, after: { id: string }) => void told.push(after.id);
    const redirected = { ...here, venue: directions("Lift to the 4th floor") };
    expect(await followSessionChanges(db(), { find: find(redirected), now: t0, isCurrent: current, notify })).toEqual({
      bookings: 2,
      waiting: 0,
    });
    expect(JSON.parse((await copyOf(booking.id)).session_venue!)).toMatchObject({
      directions: "Lift to the 4th floor",
    });
    expect(told).toEqual([]);
    expect(await courseBookingEvents(db(), booking.id, ["session-changed"])).toEqual([]);

    // Moved a week: the live booking is told; the lapsed hold follows without a word.
    expect(
      await followSessionChanges(db(), {
        find: find({ ...later, venue: redirected.venue }),
        now: t0,
        isCurrent: current,
        notify,
      }),
    ).toEqual({ bookings: 2, waiting: 0 });
    expect(told).toEqual([booking.id]);
    // Rescheduled both, the hold should a late payment confirm it (ADR 100); the directions alone did not.
    expect(await copyOf(lapsed.id)).toMatchObject({
      status: "expired",
      session_first_day: "2027-03-15",
      rescheduled_at: t0.toISOString(),
    });
    expect((await copyOf(booking.id)).rescheduled_at).toBe(t0.toISOString());
    expect(await courseBookingEvents(db(), lapsed.id, ["session-changed"])).toEqual([]);
  });
  it("a booking whose days moved is rescheduled: a full refund whenever cancelled, a new date free and not counted (ADR 100)", async () => {
    const own = await openTestDatabase(dialect, "resched", { businessSettings: true });
    try {
      const db = own.handle.db;
      // Two published dates of one course (the service finds the new date in the site's content).
      const march = bookable(sessionByKey("financial-analysis-2027-03-london")!);
      const june = bookable(sessionByKey("financial-analysis-2027-06-online")!);
      await createCourseSession(db, { ...march, capacity: 4, at: t0 });
      await createCourseSession(db, { ...june, capacity: 4, at: t0 });
      let clock = t0;
      const service = testCourseBookingService(db, { clock: () => clock });
      const confirmedBy = async (name: string, place: number) => {
        const placed = await createCourseBookingWithLink(db, {
          session: march,
          booker: testBooker(`${name}@example.com`),
          places: [delegate(place)],
          now: t0,
        });
        expect(await service.confirmByLink(placed.token)).toMatchObject({ ok: true });
        return placed;
      };
      const ada = await confirmedBy("ada", 1);
      const bea = await confirmedBy("bea", 2);
      const follow = (to: BookableSession) =>
        followSessionChanges(db, { find: (key) => (key === march.key ? to : null), now: t0, isCurrent: current });
      const rescheduledAt = async (id: string) => (await readBooking(db, id))!.rescheduled_at;

      // An hour later on the same days: followed, not rescheduled.
      const hour = 60 * 60_000;
      const later = { ...march, startsAt: new Date(march.startsAt.getTime() + hour) };
      expect(await follow(later)).toMatchObject({ bookings: 2 });
      expect([await rescheduledAt(ada.id), await rescheduledAt(bea.id)]).toEqual([null, null]);

      // Postponed a week: both rescheduled.
      const dayAfter = (day: string, n: number) =>
        new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
      const postponed = {
        ...later,
        startsAt: new Date(later.startsAt.getTime() + week),
        endsAt: new Date(march.endsAt.getTime() + week),
        firstDay: dayAfter(march.firstDay, 7),
        lastDay: dayAfter(march.lastDay, 7),
      };
      expect(await follow(postponed)).toMatchObject({ bookings: 2 });
      expect([await rescheduledAt(ada.id), await rescheduledAt(bea.id)]).toEqual([t0.toISOString(), t0.toISOString()]);

      // The day before the new start, when the terms credit nothing: the full fee, from the booking page.
      clock = new Date(postponed.startsAt.getTime() - 86_400_000);
      const adaBooking = (await readBooking(db, ada.id))!;
      expect(service.cancellationOffer(adaBooking)).toMatchObject({
        creditPence: adaBooking.total_pence,
        basisPoints: 10_000,
        rescheduled: true,
      });
      expect(await service.cancelByLink(ada.token, adaBooking.total_pence)).toMatchObject({ ok: true });
      const note = await db
        .selectFrom("course_invoices")
        .select(["total_pence"])
        .where("booking_id", "=", ada.id)
        .where("kind", "=", "credit-note")
        .executeTakeFirstOrThrow();
      expect(note.total_pence).toBe(adaBooking.total_pence);

      // Outside the terms' window, the other booker takes June instead, free: the choice is made, and
      // the terms' one free transfer is still theirs.
      const beaBooking = (await readBooking(db, bea.id))!;
      const choices = await service.transferChoices(beaBooking);
      const toJune = choices?.open ? choices.dates.find((d) => d.id === june.key) : undefined;
      expect(toJune).toMatchObject({ ok: true, full: false });
      const difference = toJune?.ok ? toJune.extraPence - toJune.creditPence : NaN;
      expect(await service.transferByLink(bea.token, june.key, difference)).toMatchObject({ ok: true });
      const moved = (await readBooking(db, bea.id))!;
      expect([moved.session_key, moved.rescheduled_at]).toEqual([june.key, null]);
      expect(
        (await courseBookingEvents(db, bea.id, ["transferred", "moved-after-rescheduling"])).map((e) => e.kind),
      ).toEqual(["moved-after-rescheduling"]);
      expect(await service.transferChoices(moved)).toMatchObject({ open: true });
      // No longer rescheduled: a cancellation now follows the terms' tiers again.
      expect(service.cancellationOffer(moved)).toMatchObject({ rescheduled: false });
    } finally {
      await own.dispose();
    }
  });
});
