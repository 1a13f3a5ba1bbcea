/**
 * An invoice booking is real before it costs anything (issue 37, ADR 060),
 * on both databases: placed, it holds its places unconfirmed for the hours
 * set, with no invoice number and no webhook; confirmed, the invoice is
 * issued once however many confirmations race; lapsed, the places go back
 * and no invoice number is ever taken; the limits on places held
 * unconfirmed, per session and per booker address, hold under concurrent
 * bookings (on PostgreSQL through 4 handles, as separate instances would).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle, Db } from "~/data/db.server.ts";
import type { BookedPlace } from "~/orders/course-booking/booking-store.server.ts";
import { expireHolds } from "~/orders/course-booking/card-payments.server.ts";
import { confirmBooking } from "~/orders/course-booking/placing.server.ts";
import { cancelBooking, namePlace } from "~/orders/course-booking/team-acts.server.ts";
import { bookingDetail } from "~/orders/course-booking/booking-reads.server.ts";
import { placesLeft } from "~/orders/course-booking/places.server.ts";
import type { BookableSession } from "~/orders/course-booking/session.ts";
import { createEndpoint } from "~/webhooks/endpoints.server.ts";
import { dialects, openConcurrentTestDatabase, type ConcurrentTestDatabase } from "./databases.ts";
import { createCourseSession, delegate, placeCourseBooking, testMail } from "../support/factories.ts";
import { placesTaken, testCourseBookingService } from "./fixtures.ts";

const early = new Date("2027-01-10T10:00:00.000Z");
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);
let sessions = 0;

describe.each(dialects)("invoice bookings confirmed by their booker on %s", (dialect) => {
  let t: ConcurrentTestDatabase;
  let db: Db;
  let handles: DatabaseHandle[];
  beforeAll(async () => {
    t = await openConcurrentTestDatabase(dialect, "cconf", { businessSettings: true });
    db = t.handle.db;
    handles = t.handles;
    // An outgoing webhook that would hear of every booking: none is written before the booker confirms.
    await createEndpoint(
      db,
      { url: "https://crm.example.com/in", description: "CRM", events: ["booking.created", "booking.cancelled"] },
      early,
    );
  });
  afterAll(async () => {
    await t.dispose();
  });

  const newSession = (capacity: number) =>
    createCourseSession(db, { key: `c-${dialect}-${++sessions}`, capacity, at: early });
  const book = (session: BookableSession, email: string, places: BookedPlace[], on: Db = db, now = early) =>
    placeCourseBooking(on, { session, booker: email, places, now });
  const left = async (key: string) => (await placesLeft(db, [key])).get(key);
  const lastInvoiceNumber = async () =>
    (await db.selectFrom("invoice_sequences").select("last_number").where("series", "=", "INV").executeTakeFirst())
      ?.last_number ?? 0;
  const webhooksOf = async (id: string) =>
    (await db.selectFrom("webhook_events").select("payload").execute()).filter((e) => e.payload.includes(id));
  const address = (n: number) => `booker-${dialect}-${sessions}-${n}@example.com`;

  it("holds the places 2 hours without an invoice number or a webhook; confirmed, the invoice is issued", async () => {
    const session = await newSession(12);
    const before = await lastInvoiceNumber();
    const placed = await book(session, address(1), [delegate(1), delegate(2)]);
    if (!placed.ok) throw new Error(placed.reason);
    expect(placed.booking).toMatchObject({ status: "unconfirmed", hold_expires_at: "2027-01-10T12:00:00.000Z" });
    expect(await left(session.key)).toBe(10);
    expect(await lastInvoiceNumber()).toBe(before);
    expect(await webhooksOf(placed.booking.id)).toEqual([]);
    // No delegate is written to while it is unconfirmed: the team cannot name a place either.
    const naming = await namePlace(db, placed.booking.id, {
      position: 1,
      delegate: { name: "Eve", email: "eve@example.com", jobTitle: "x" },
      now: early,
      staffId: "s",
    });
    expect(naming).toEqual({ ok: false, reason: "not-live" });

    const confirmed = await confirmBooking(db, placed.booking.id, minutes(early, 119));
    if (!confirmed.ok) throw new Error(confirmed.reason);
    expect(confirmed.booking).toMatchObject({ status: "invoiced", hold_expires_at: null });
    expect(Number(confirmed.invoice.number.slice(4))).toBe(before + 1);
    expect(await lastInvoiceNumber()).toBe(before + 1);
    expect((await webhooksOf(placed.booking.id)).map((e) => JSON.parse(e.payload).type)).toEqual(["booking.created"]);
    expect(await confirmBooking(db, placed.booking.id, minutes(early, 120))).toEqual({
      ok: false,
      reason: "already-confirmed",
    });
    expect(await lastInvoiceNumber()).toBe(before + 1);
    expect(await left(session.key)).toBe(10);
  });

  it("lapses when not confirmed in time: the places go back, listed as lapsed, and it can never be confirmed", async () => {
    const session = await newSession(6);
    const before = await lastInvoiceNumber();
    const placed = await book(session, address(1), [delegate(1), delegate(2), delegate(3)]);
    if (!placed.ok) throw new Error(placed.reason);
    // At the deadline, before the job has run: the conditional update refuses it.
    expect(await confirmBooking(db, placed.booking.id, minutes(early, 120))).toEqual({ ok: false, reason: "lapsed" });
    expect(await expireHolds(db, minutes(early, 119))).toEqual({ expired: 0 });
    expect(await left(session.key)).toBe(3);
    expect((await expireHolds(db, minutes(early, 120))).expired).toBeGreaterThanOrEqual(1);
    expect(await left(session.key)).toBe(6);
    const detail = await bookingDetail(db, placed.booking.id);
    expect(detail!.booking.status).toBe("lapsed");
    expect(detail!.events.map((e) => e.kind)).toEqual(["created", "awaiting-confirmation", "not-confirmed"]);
    expect(await confirmBooking(db, placed.booking.id, minutes(early, 121))).toEqual({ ok: false, reason: "lapsed" });
    expect(await lastInvoiceNumber()).toBe(before);
    expect(await webhooksOf(placed.booking.id)).toEqual([]);
    expect(detail!.invoices).toEqual([]);
  });

  it("the team can cancel an unconfirmed booking: its places go back, no credit note", async () => {
    const session = await newSession(4);
    const placed = await book(session, address(1), [delegate(1)]);
    if (!placed.ok) throw new Error(placed.reason);
    const cancelled = await cancelBooking(db, placed.booking.id, { now: early, staffId: "s" });
    expect(cancelled).toMatchObject({ ok: true, refundPence: 0 });
    expect(cancelled.ok && cancelled.creditNote).toBeFalsy();
    expect(await left(session.key)).toBe(4);
  });

  it("a session cancelled with an unconfirmed booking tells the team alone: no booker, delegate or webhook hears of it", async () => {
    const session = await newSession(4);
    const placed = await book(session, address(1), [delegate(1), delegate(2)]);
    if (!placed.ok) throw new Error(placed.reason);
    const service = testCourseBookingService(db, { clock: () => early });
    await service.cancelSession(session.key, "s", "The trainer is unwell");
    expect((await bookingDetail(db, placed.booking.id))!.booking.status).toBe("cancelled");
    const outbox = await db
      .selectFrom("outbox")
      .select("to_address")
      .where("lead_id", "=", placed.booking.id)
      .execute();
    expect(outbox.map((m) => m.to_address)).toEqual([testMail.teamEmail]);
    expect(await webhooksOf(placed.booking.id)).toEqual([]);
    // Its places are given back, and the date is closed: none left to book.
    expect(await placesTaken(db, session.key)).toBe(0);
    expect(await left(session.key)).toBe(0);
  });

  it("refuses places held unconfirmed beyond half a session; confirmed places do not count", async () => {
    const session = await newSession(12);
    const first = await book(session, address(1), [delegate(1), delegate(2), delegate(3), delegate(4)]);
    expect((await book(session, address(2), [delegate(5), delegate(6)])).ok).toBe(true);
    expect(await book(session, address(3), [delegate(7)])).toEqual({ ok: false, reason: "unconfirmed-session" });
    expect(await left(session.key)).toBe(6);
    if (!first.ok) throw new Error(first.reason);
    expect((await confirmBooking(db, first.booking.id, early)).ok).toBe(true);
    expect((await book(session, address(3), [delegate(7), delegate(8), delegate(9), delegate(10)])).ok).toBe(true);
    expect(await book(session, address(4), [delegate(11)])).toEqual({ ok: false, reason: "unconfirmed-session" });
  });

  it("refuses a booker address a 4th unconfirmed booking or a 13th place, whatever its case", async () => {
    const mine = address(1);
    for (let i = 0; i < 3; i++) expect((await book(await newSession(12), mine, [delegate(1)])).ok).toBe(true);
    expect(await book(await newSession(12), mine.toUpperCase(), [delegate(1)])).toEqual({
      ok: false,
      reason: "unconfirmed-booker",
    });
    const other = address(2);
    const big = async () => newSession(40);
    expect(
      (
        await book(
          await big(),
          other,
          Array.from({ length: 10 }, (_, i) => delegate(i)),
        )
      ).ok,
    ).toBe(true);
    expect(await book(await big(), other, [delegate(1), delegate(2), delegate(3)])).toEqual({
      ok: false,
      reason: "unconfirmed-booker",
    });
    expect((await book(await big(), other, [delegate(1), delegate(2)])).ok).toBe(true);
  });

  it("counts a booker's tagged addresses as one mailbox: a 4th unconfirmed booking by ann+4@ is refused after ann+1@…+3@", async () => {
    const local = `ann_${dialect}_${sessions}`;
    for (let i = 1; i <= 3; i++) {
      expect((await book(await newSession(12), `${local}+${i}@example.com`, [delegate(1)])).ok).toBe(true);
    }
    expect(await book(await newSession(12), `${local.toUpperCase()}+4@example.com`, [delegate(1)])).toEqual({
      ok: false,
      reason: "unconfirmed-booker",
    });
    // Another mailbox (one the query's LIKE would fetch if "_" were a wildcard there) is counted apart.
    expect((await book(await newSession(12), `${local.replaceAll("_", "x")}+1@example.com`, [delegate(1)])).ok).toBe(
      true,
    );
  });

  it("concurrent bookings never pass the limits: 24 one-place bookings for a 12-place session hold 6", async () => {
    const session = await newSession(12);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        book(session, address(100 + i), [delegate(i)], handles[i % handles.length]!.db),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(6);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "unconfirmed-session")).toBe(true);
    expect(await left(session.key)).toBe(6);
  });

  it("concurrent bookings by one address on 12 sessions: 3 are held", async () => {
    const mine = address(7);
    const each = await Promise.all(Array.from({ length: 12 }, () => newSession(12)));
    const results = await Promise.all(
      each.map((s, i) => book(s, mine, [delegate(1)], handles[i % handles.length]!.db)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
  });

  it("concurrent confirmations of one booking issue one invoice", async () => {
    const session = await newSession(12);
    const before = await lastInvoiceNumber();
    const placed = await book(session, address(1), [delegate(1)]);
    if (!placed.ok) throw new Error(placed.reason);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => confirmBooking(handles[i % handles.length]!.db, placed.booking.id, early)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "already-confirmed")).toHaveLength(7);
    expect(await lastInvoiceNumber()).toBe(before + 1);
    expect(
      await db.selectFrom("course_invoices").select("id").where("booking_id", "=", placed.booking.id).execute(),
    ).toHaveLength(1);
  });
});
