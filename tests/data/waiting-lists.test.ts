/**
 * Waiting lists (issue 41, ADR 083; app/orders/course-booking/waiting.server.ts)
 * on both databases: the double opt-in, the list's order and the first
 * request that fits, an offer holding its places (the date stays full), a
 * lapse passing them to the next, concurrent runs (two places freed at once
 * never offered to one request twice, one place never to two requests), and
 * a booking made with the held places. Each test has a database of its own.
 */
import { afterEach, describe, expect, it } from "vitest";
import { siteCalendar } from "~/calendar/business-hours.ts";
import type { Db } from "~/data/db.server.ts";
import { bookable, sessionByKey } from "~/orders/course-booking/bookable.server.ts";
import { placesLeft, setCapacity } from "~/orders/course-booking/places.server.ts";
import { waitingConfirmCredential, waitingOfferCredential } from "~/orders/course-booking/waiting-emails.server.ts";
import {
  confirmWaiting,
  joinWaitingList,
  moveWaiting,
  offerByToken,
  removeWaiting,
  runWaitingLists,
  waitingList,
} from "~/orders/course-booking/waiting.server.ts";
import type { BookableSession } from "~/orders/course-booking/session.ts";
import { erase, findEverything } from "~/privacy/requests.server.ts";
import { applyRetention } from "~/retention/job.server.ts";
import { keyring, newKeyMaterial, unseal } from "~/secrets/sealing.server.ts";
import { dialects, openConcurrentTestDatabase, type ConcurrentTestDatabase } from "./databases.ts";
import {
  createConfirmedCourseBooking,
  createCourseSession,
  byCard,
  delegate,
  placeCourseBooking,
} from "../support/factories.ts";
import { releaseHold } from "~/orders/course-booking/card-payments.server.ts";
import { testCourseBookingService } from "./fixtures.ts";

const keys = keyring(newKeyMaterial());
const mail = { siteUrl: "https://site.example", teamEmail: "team@example.test", calendar: siteCalendar([]) };
/** The factories' session: Monday 8 to Friday 12 March 2027. More than 14 days before it: offers hold 48 hours. */
const t0 = new Date("2027-01-10T10:00:00.000Z");
const after = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

describe.each(dialects)("waiting lists on %s", (dialect) => {
  let t: ConcurrentTestDatabase | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  /** A session of 4 places, all booked. */
  async function fullDate() {
    t = await openConcurrentTestDatabase(dialect, "waiting", { businessSettings: true });
    const db = t.handle.db;
    const session = await createCourseSession(db, { capacity: 4, at: t0 });
    // Two bookings of 2 (unconfirmed bookings may hold half a date at once), confirmed.
    await createConfirmedCourseBooking(db, { session, places: [1, 2].map(delegate), now: t0 });
    await createConfirmedCourseBooking(db, { session, places: [3, 4].map(delegate), now: t0 });
    const sessions = (key: string) => (key === session.key ? session : null);
    const run = (now: Date, handle: Db = db) => runWaitingLists(handle, { now, mail, keys, sessions });
    return { db, session, run };
  }

  const outbox = (db: Db, id: string) =>
    db
      .selectFrom("outbox")
      .select(["to_address", "subject", "text_body", "secrets"])
      .where("lead_id", "=", id)
      .orderBy("created_at")
      .execute();
  const secretOf = (row: { secrets: string | null }, name: string) =>
    (JSON.parse(unseal(keys, row.secrets!, "outbox")) as Record<string, string>)[name]!;

  /** A request joined and confirmed at `at`: its id. */
  async function waiting(db: Db, session: BookableSession, name: string, places: number, at: Date) {
    const id = await joinWaitingList(
      db,
      session,
      { name, email: `${name.toLowerCase()}@example.com`, organisation: `${name} Ltd`, places },
      { now: at, mail, keys },
    );
    const [message] = await outbox(db, id);
    const confirmed = await confirmWaiting(db, secretOf(message!, waitingConfirmCredential), at);
    if (!confirmed.ok) throw new Error(`not confirmed: ${confirmed.reason}`);
    return id;
  }

  const states = async (db: Db, session: BookableSession) =>
    (await waitingList(db, session.key)).map((e) => `${e.name}:${e.state}`);
  const left = async (db: Db, session: BookableSession) => (await placesLeft(db, [session.key])).get(session.key);

  it("waits only once the address confirms it, from the link e-mailed to it alone", async () => {
    const { db, session, run } = await fullDate();
    const id = await joinWaitingList(
      db,
      session,
      { name: "Ann", email: "ann@example.com", organisation: "Ann Ltd", places: 1 },
      { now: t0, mail, keys },
    );
    const [message, ...more] = await outbox(db, id);
    expect(more).toEqual([]);
    expect(message!.to_address).toBe("ann@example.com");
    expect(message!.text_body).toContain(
      "https://site.example/waiting/confirm/withheld-credential-waiting-confirm-link",
    );
    const token = secretOf(message!, waitingConfirmCredential);
    const row = await db.selectFrom("course_waiting").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "unconfirmed", name: "Ann", places: 1 });
    expect(row.confirm_hash).not.toBe(token);

    // A place frees up: nothing is offered to an unconfirmed request.
    await setCapacity(db, session.key, 5, after(1));
    expect((await run(after(2))).offered).toEqual([]);
    expect(await left(db, session)).toBe(1);

    expect(await confirmWaiting(db, "x".repeat(43), after(3))).toEqual({ ok: false, reason: "unknown" });
    expect((await confirmWaiting(db, token, after(3))).ok).toBe(true);
    expect(await confirmWaiting(db, token, after(4))).toEqual({ ok: false, reason: "unknown" });
    expect((await run(after(5))).offered.map((o) => o.id)).toEqual([id]);
  });

  it("refuses a confirmation link after 48 hours", async () => {
    const { db, session } = await fullDate();
    const id = await joinWaitingList(
      db,
      session,
      { name: "Bo", email: "bo@example.com", organisation: "Bo Ltd", places: 2 },
      { now: t0, mail, keys },
    );
    const [message] = await outbox(db, id);
    expect(await confirmWaiting(db, secretOf(message!, waitingConfirmCredential), after(48 * 60))).toEqual({
      ok: false,
      reason: "lapsed",
    });
  });

  it("offers what is free to the first request that fits, in the list's order, holding the places", async () => {
    const { db, session, run } = await fullDate();
    const ann = await waiting(db, session, "Ann", 3, after(1));
    const bob = await waiting(db, session, "Bob", 1, after(2));
    const cat = await waiting(db, session, "Cat", 2, after(3));
    expect((await run(after(4))).offered).toEqual([]);

    // Capacity raised by 2: Ann's 3 do not fit, Bob's 1 does; the 1 left fits no one.
    await setCapacity(db, session.key, 6, after(5));
    const first = await run(after(6));
    expect(first.offered).toEqual([
      {
        id: bob,
        sessionKey: session.key,
        places: 1,
        until: new Date(after(6).getTime() + 48 * 3_600_000).toISOString(),
      },
    ]);
    expect(await left(db, session)).toBe(1);
    expect(await states(db, session)).toEqual(["Ann:waiting", "Bob:offered", "Cat:waiting"]);
    const [offer] = (await outbox(db, bob)).slice(1);
    expect(offer!.subject).toContain("Places held for you");
    // Not sent once the offer has lapsed: its link would be dead.
    expect(
      (
        await db
          .selectFrom("outbox")
          .select("not_after")
          .where("lead_id", "=", bob)
          .where("subject", "like", "Places held%")
          .executeTakeFirstOrThrow()
      ).not_after,
    ).toBe(first.offered[0]!.until);
    expect((await offerByToken(db, secretOf(offer!, waitingOfferCredential), after(7))).ok).toBe(true);

    // The team moves Cat above Ann; 3 more places: Cat's 2 fit first, then nothing fits the 2 left... Ann's 3 do not.
    expect(await moveWaiting(db, cat, "up")).toBe(true);
    await setCapacity(db, session.key, 9, after(8));
    expect((await run(after(9))).offered.map((o) => o.id)).toEqual([cat]);
    expect(await left(db, session)).toBe(2);
    expect((await run(after(10))).offered).toEqual([]);
    expect(ann).toBeTruthy();
  });

  it("lapses an offer not taken in time: its places go back and pass to the next request that fits", async () => {
    const { db, session, run } = await fullDate();
    const ann = await waiting(db, session, "Ann", 2, after(1));
    const bob = await waiting(db, session, "Bob", 2, after(2));
    await setCapacity(db, session.key, 6, after(3));
    expect((await run(after(4))).offered.map((o) => o.id)).toEqual([ann]);
    const token = secretOf((await outbox(db, ann))[1]!, waitingOfferCredential);

    // One minute before its end it still holds.
    const end = after(4 + 48 * 60);
    expect(await run(new Date(end.getTime() - 60_000))).toEqual({ lapsed: 0, offered: [] });
    const lapsed = await run(end);
    expect(lapsed.lapsed).toBe(1);
    expect(lapsed.offered.map((o) => o.id)).toEqual([bob]);
    expect(await states(db, session)).toEqual(["Ann:lapsed", "Bob:offered"]);
    expect(await left(db, session)).toBe(0);
    expect(await offerByToken(db, token, end)).toEqual({ ok: false, reason: "lapsed" });
    // Ann's link can no longer book.
    const refused = await placeCourseBooking(db, {
      session,
      places: [delegate(5), delegate(6)],
      now: end,
      offer: { id: ann },
    });
    expect(refused).toEqual({ ok: false, reason: "offer-gone" });
  });

  it("never offers one place to two requests, nor two places freed at once to one request twice, under concurrent runs", async () => {
    const { db, session, run } = await fullDate();
    const ids = [];
    for (const [i, name] of ["Ann", "Bob", "Cat", "Dan"].entries())
      ids.push(await waiting(db, session, name, 1, after(i + 1)));
    await setCapacity(db, session.key, 6, after(10));
    const handles = t!.handles.map((h) => h.db);
    const runs = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => run(after(11), handles[i % handles.length])));
    const offered = runs.flatMap((r) => r.offered.map((o) => o.id));
    expect(offered.sort()).toEqual([ids[0], ids[1]].sort());
    expect(await left(db, session)).toBe(0);
    expect(await states(db, session)).toEqual(["Ann:offered", "Bob:offered", "Cat:waiting", "Dan:waiting"]);
    for (const id of ids.slice(0, 2)) expect((await outbox(db, id)).length).toBe(2);
    expect(
      await db
        .selectFrom("course_session_places")
        .select(["capacity", "taken"])
        .where("session_key", "=", session.key)
        .executeTakeFirstOrThrow(),
    ).toEqual({ capacity: 6, taken: 6 });
  });

  it("books an offer with its held places: none taken again, the offer accepted, once", async () => {
    const { db, session, run } = await fullDate();
    const ann = await waiting(db, session, "Ann", 2, after(1));
    await waiting(db, session, "Bob", 1, after(2));
    await setCapacity(db, session.key, 6, after(3));
    await run(after(4));
    expect(await left(db, session)).toBe(0);

    // The wrong number of places is refused, and nothing is written.
    expect(await placeCourseBooking(db, { session, places: [delegate(5)], now: after(5), offer: { id: ann } })).toEqual(
      {
        ok: false,
        reason: "offer-gone",
      },
    );
    const placed = await placeCourseBooking(db, {
      session,
      places: [delegate(5), delegate(6)],
      now: after(5),
      offer: { id: ann },
    });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.booking.status).toBe("unconfirmed");
    expect(await left(db, session)).toBe(0);
    const row = await db.selectFrom("course_waiting").selectAll().where("id", "=", ann).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "accepted", booking_id: placed.booking.id });
    // No invoice number is taken until the booker confirms it, as for any invoice booking.
    expect(
      await db.selectFrom("course_invoices").select("id").where("booking_id", "=", placed.booking.id).execute(),
    ).toEqual([]);
    expect(
      await placeCourseBooking(db, { session, places: [delegate(5), delegate(6)], now: after(6), offer: { id: ann } }),
    ).toEqual({ ok: false, reason: "offer-gone" });
    expect(await left(db, session)).toBe(0);
    // Nothing more is free: Bob still waits.
    expect((await run(after(7))).offered).toEqual([]);
  });

  it("an offer booked by card whose payment cannot be set up is offered again, its places still held for it", async () => {
    const { db, session, run } = await fullDate();
    const ann = await waiting(db, session, "Ann", 2, after(1));
    await setCapacity(db, session.key, 6, after(2));
    await run(after(3));
    const [offer] = (await outbox(db, ann)).slice(1);
    const token = secretOf(offer!, waitingOfferCredential);
    const placed = await placeCourseBooking(db, {
      session,
      places: [delegate(5), delegate(6)],
      payment: byCard,
      now: after(4),
      offer: { id: ann },
    });
    if (!placed.ok) throw new Error(placed.reason);
    // Stripe could not be reached: the hold goes, and the offer is the booker's again.
    expect(await releaseHold(db, placed.booking, after(5))).toBe(true);
    expect(await left(db, session)).toBe(0);
    expect(await states(db, session)).toEqual(["Ann:offered"]);
    expect((await offerByToken(db, token, after(6))).ok).toBe(true);
    expect(
      (await placeCourseBooking(db, { session, places: [delegate(5), delegate(6)], now: after(7), offer: { id: ann } }))
        .ok,
    ).toBe(true);
    expect(await left(db, session)).toBe(0);
  });

  it("gives an offered request's places back when the team removes it", async () => {
    const { db, session, run } = await fullDate();
    const ann = await waiting(db, session, "Ann", 1, after(1));
    const bob = await waiting(db, session, "Bob", 1, after(2));
    await setCapacity(db, session.key, 5, after(3));
    await run(after(4));
    expect((await removeWaiting(db, ann, after(5)))?.name).toBe("Ann");
    expect(await left(db, session)).toBe(1);
    expect((await run(after(6))).offered.map((o) => o.id)).toEqual([bob]);
  });

  it("ends a date's list when the team cancels the date: no offer of its freed places, no booking, everyone told", async () => {
    t = await openConcurrentTestDatabase(dialect, "waiting", { businessSettings: true });
    const db = t.handle.db;
    // A published date (the service finds it in the site's content), full.
    const session = bookable(sessionByKey("financial-analysis-2027-03-london")!);
    await createCourseSession(db, { ...session, capacity: 4, at: t0 });
    await createConfirmedCourseBooking(db, { session, places: [1, 2].map(delegate), now: t0 });
    await createConfirmedCourseBooking(db, { session, places: [3, 4].map(delegate), now: t0 });
    const ann = await waiting(db, session, "Ann", 1, after(1));
    const bob = await waiting(db, session, "Bob", 1, after(2));
    const cat = await joinWaitingList(
      db,
      session,
      { name: "Cat", email: "cat@example.com", organisation: "Cat Ltd", places: 1 },
      { now: after(3), mail, keys },
    );
    // One more place: Ann is offered it, and holds it.
    await setCapacity(db, session.key, 5, after(4));
    const sessions = (key: string) => (key === session.key ? session : null);
    expect((await runWaitingLists(db, { now: after(5), mail, keys, sessions })).offered.map((o) => o.id)).toEqual([
      ann,
    ]);

    const service = testCourseBookingService(db, { clock: () => after(10), keys });
    expect(await service.cancelSession(session.key, "staff-1", "The trainer is ill")).toMatchObject({ cancelled: 2 });
    // Nothing is left to offer, and no one can book the freed places.
    expect(await waitingList(db, session.key)).toEqual([]);
    expect(await left(db, session)).toBe(0);
    expect((await runWaitingLists(db, { now: after(11), mail, keys, sessions })).offered).toEqual([]);
    const late = await placeCourseBooking(db, { session, places: [delegate(9)], now: after(12) });
    expect(late.ok).toBe(false);
    // Those who confirmed are told; the one who never confirmed is not written to again.
    for (const id of [ann, bob]) {
      expect((await outbox(db, id)).map((m) => m.subject)).toContainEqual(
        `Date cancelled: ${session.courseTitle} (Meridian Executive Training)`,
      );
    }
    expect((await outbox(db, cat)).map((m) => m.subject).filter((s) => s.startsWith("Date cancelled"))).toEqual([]);
  });

  it("deletes a date's list 30 days after the course ends, and a request never confirmed 7 days after it", async () => {
    const { db, session } = await fullDate();
    await waiting(db, session, "Ann", 1, after(1));
    await joinWaitingList(
      db,
      session,
      { name: "Bo", email: "bo@example.com", organisation: "Bo Ltd", places: 1 },
      { now: t0, mail, keys },
    );
    const names = async () =>
      (await db.selectFrom("course_waiting").select("name").orderBy("name").execute()).map((r) => r.name);
    // 7 days after Bo's request, to the millisecond: not yet; then gone.
    expect((await applyRetention({ db }, new Date(t0.getTime() + 7 * 86_400_000))).course_waiting_unconfirmed).toBe(0);
    expect((await applyRetention({ db }, new Date(t0.getTime() + 7 * 86_400_000 + 1))).course_waiting_unconfirmed).toBe(
      1,
    );
    expect(await names()).toEqual(["Ann"]);
    // The course ends 12 March 2027, 17:00: 30 days later Ann's request goes.
    expect((await applyRetention({ db }, new Date("2027-04-11T17:00:00.000Z"))).course_waiting_lists).toBe(0);
    expect((await applyRetention({ db }, new Date("2027-04-11T17:00:00.001Z"))).course_waiting_lists).toBe(1);
    expect(await names()).toEqual([]);
  });

  it("lists an address's requests in an access request, and erasure deletes them, giving an offer's places back", async () => {
    const { db, session, run } = await fullDate();
    await waiting(db, session, "Ann", 2, after(1));
    await waiting(db, session, "Bob", 1, after(2));
    await setCapacity(db, session.key, 6, after(3));
    await run(after(4));
    expect(await left(db, session)).toBe(0);
    const held = JSON.stringify(await findEverything(db, "ANN@example.com"));
    expect(held).toContain('"role":"waiting-list"');
    expect(held).toContain("Ann Ltd");
    expect(held).not.toContain("Bob Ltd");
    await erase(db, "ann@example.com", after(5));
    expect(JSON.stringify(await findEverything(db, "ann@example.com"))).not.toContain("Ann Ltd");
    expect(await states(db, session)).toEqual(["Bob:waiting"]);
    // Ann's held places went back: the next run offers one to Bob.
    expect(await left(db, session)).toBe(2);
    expect((await run(after(6))).offered.map((o) => o.places)).toEqual([1]);
  });
});
