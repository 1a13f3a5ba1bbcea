/**
 * A booking moved to another date of its course (issue 41, ADR 081:
 * app/orders/course-booking/transfer.server.ts), on both databases: the
 * places move with it, all or none; a cheaper date's difference is
 * credited with a credit note against the invoice, never an edited
 * invoice, and what is still owed is what the team then marks paid; a
 * dearer date replaces the invoice (ADR 084), a paid booking's payment
 * carried to the new one and the rest paid later (ADR 087); the
 * terms' one free move is counted from the timeline; two moves the
 * other way round at once both go through; the booking.changed webhook.
 */
import { describe, expect, it } from "vitest";
import { bookable, sessionByKey } from "~/orders/course-booking/bookable.server.ts";
import { createEndpoint } from "~/webhooks/endpoints.server.ts";
import { confirmBooking } from "~/orders/course-booking/placing.server.ts";
import { readBooking } from "~/orders/course-booking/booking-store.server.ts";
import { cancelBooking, markInvoicePaid } from "~/orders/course-booking/team-acts.server.ts";
import { transferBooking } from "~/orders/course-booking/transfer.server.ts";
import type { BookableSession } from "~/orders/course-booking/session.ts";
import { dialects, openTestDatabase } from "./databases.ts";
import {
  createCourseSession,
  delegate,
  placeCourseBooking,
  testBooker,
  createCourseBookingWithLink,
} from "../support/factories.ts";
import { courseBookingEvents, testCourseBookingService, useTestDatabase } from "./fixtures.ts";

const booked = new Date("2027-01-10T10:00:00.000Z");
const later = (minutes: number) => new Date(booked.getTime() + minutes * 60_000);
const march = { startsAt: new Date("2027-03-08T09:00:00.000Z"), endsAt: new Date("2027-03-12T17:00:00.000Z") };
const june = {
  startsAt: new Date("2027-06-14T08:00:00.000Z"),
  endsAt: new Date("2027-06-18T16:00:00.000Z"),
  firstDay: "2027-06-14",
  lastDay: "2027-06-18",
};

describe.each(dialects)("moving a booking to another date on %s", (dialect) => {
  const t = useTestDatabase(dialect, "cbmove", { businessSettings: true });
  let n = 0;

  const session = (over: Partial<BookableSession> & { capacity?: number }) =>
    createCourseSession(t.handle.db, { key: `move-${dialect}-${++n}`, at: booked, ...march, ...over });

  /**
   * A confirmed booking of 2 places on a March date of 4 places, and the June
   * date of 4 places to move it to, at `pricePence` a place (else the course's price).
   */
  async function bookingAndJune(pricePence?: number) {
    const from = await session({ capacity: 4 });
    const to = await session({ capacity: 4, ...june, ...(pricePence === undefined ? {} : { price: { pricePence } }) });
    return { from, to, b: await booking(from) };
  }

  /** Booking `id` moved to `target` by the team, five minutes after booking: the test stops if it is refused. */
  async function movedByTeam(id: string, target: BookableSession) {
    const moved = await transferBooking(t.handle.db, id, { target, now: later(5), staffId: "staff-1" });
    if (!moved.ok) throw new Error(moved.reason);
    return moved;
  }

  /** Booking `id` cancelled by the team on 17 May 2027: 28 days before the June date, when the terms charge half. */
  const cancelledFourWeeksBeforeJune = (id: string) =>
    cancelBooking(t.handle.db, id, { now: new Date("2027-05-17T12:00:00.000Z"), staffId: "staff-1" });

  /** A confirmed invoice booking of `places` named places on `on`. */
  async function booking(on: BookableSession, places = 2) {
    const placed = await placeCourseBooking(t.handle.db, {
      session: on,
      booker: testBooker(`booker-${n}@example.com`),
      places: Array.from({ length: places }, (_, i) => delegate(i + 1)),
      now: booked,
    });
    if (!placed.ok) throw new Error(placed.reason);
    const confirmed = await confirmBooking(t.handle.db, placed.booking.id, booked);
    if (!confirmed.ok) throw new Error(confirmed.reason);
    return confirmed.booking;
  }

  const taken = async (key: string) =>
    (
      await t.handle.db
        .selectFrom("course_session_places")
        .select("taken")
        .where("session_key", "=", key)
        .executeTakeFirstOrThrow()
    ).taken;
  const documents = (bookingId: string) =>
    t.handle.db
      .selectFrom("course_invoices")
      .select(["kind", "number", "total_pence", "net_pence", "vat_pence", "related_invoice_id", "document"])
      .where("booking_id", "=", bookingId)
      .orderBy("issued_at")
      .orderBy("kind", "desc")
      .execute();
  const events = (bookingId: string, kinds: string[]) => courseBookingEvents(t.handle.db, bookingId, kinds);

  it("moves free to a date at the same price: the places go with it, the invoice stands, the timeline says so", async () => {
    const { from, to, b } = await bookingAndJune();
    const moved = await transferBooking(t.handle.db, b.id, { target: to, now: later(5), staffId: null });
    expect(moved).toMatchObject({ ok: true, refundPence: 0, paymentIntentId: null });
    expect(await taken(from.key)).toBe(0);
    expect(await taken(to.key)).toBe(2);
    expect(await readBooking(t.handle.db, b.id)).toMatchObject({
      status: "invoiced",
      session_key: to.key,
      session_starts_at: june.startsAt.toISOString(),
      session_first_day: "2027-06-14",
      session_label: "14 June 2027 to 18 June 2027, live online",
      total_pence: 1_080_000,
      credited_pence: 0,
    });
    expect((await documents(b.id)).map((d) => d.kind)).toEqual(["invoice"]);
    expect(await events(b.id, ["transferred"])).toEqual([
      {
        kind: "transferred",
        actor: null,
        detail: JSON.stringify({
          from: "8 March 2027 to 12 March 2027, live online",
          to: "14 June 2027 to 18 June 2027, live online",
          creditPence: 0,
          by: "booker",
        }),
      },
    ]);
    // The terms' one free move is used: the booker's second is refused, and changes nothing.
    const back = await transferBooking(t.handle.db, b.id, { target: from, now: later(6), staffId: null });
    expect(back).toEqual({ ok: false, reason: "outside-terms" });
    expect(await taken(to.key)).toBe(2);
    // The team may move it outside the terms.
    const byTeam = await transferBooking(t.handle.db, b.id, { target: from, now: later(7), staffId: "staff-1" });
    expect(byTeam).toMatchObject({ ok: true });
    expect([await taken(from.key), await taken(to.key)]).toEqual([2, 0]);
    expect((await events(b.id, ["transferred"])).map((e) => e.actor)).toEqual([null, "staff-1"]);
  });

  it("credits a cheaper date's difference with a credit note; the team then marks paid what is still owed", async () => {
    const { to, b } = await bookingAndJune(400_000);
    const moved = await movedByTeam(b.id, to);
    expect(moved.creditNote).toMatchObject({ kind: "credit-note", total_pence: 120_000 });
    const [invoice, note] = await documents(b.id);
    expect(note).toMatchObject({ kind: "credit-note", net_pence: 100_000, vat_pence: 20_000, total_pence: 120_000 });
    expect(note!.related_invoice_id).not.toBeNull();
    expect(JSON.parse(note!.document)).toMatchObject({
      creditFor: {
        invoiceNumber: invoice!.number,
        reason: "Moved to 14 June 2027 to 18 June 2027, live online: the difference in price",
      },
      paymentTerms: `Deducted from invoice ${invoice!.number}: £9,600.00 of it remains due.`,
    });
    // The invoice is as issued.
    expect(invoice).toMatchObject({ kind: "invoice", total_pence: 1_080_000 });
    expect(await readBooking(t.handle.db, b.id)).toMatchObject({ credited_pence: 120_000, total_pence: 1_080_000 });

    expect(await markInvoicePaid(t.handle.db, b.id, { staffId: "staff-1", now: later(10) })).toMatchObject({
      ok: true,
    });
    const payment = await t.handle.db
      .selectFrom("payments")
      .select(["provider", "amount_pence"])
      .where("order_id", "=", b.id)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ provider: "transfer", amount_pence: 960_000 });
    expect((await events(b.id, ["paid"])).map((e) => JSON.parse(e.detail).amountPence)).toEqual([960_000]);
  });

  it("cancelled after a move to a cheaper date, the terms' share is of what is still charged", async () => {
    const { to, b } = await bookingAndJune(400_000);
    expect(await transferBooking(t.handle.db, b.id, { target: to, now: later(5), staffId: null })).toMatchObject({
      ok: true,
    });
    // 28 days before 14 June: half of the £9,600 still charged.
    const cancelled = await cancelledFourWeeksBeforeJune(b.id);
    expect(cancelled).toMatchObject({ ok: true, creditNote: { total_pence: 480_000 } });
    expect(await readBooking(t.handle.db, b.id)).toMatchObject({ status: "cancelled", credited_pence: 600_000 });
  });

  it("a paid booking's credit is for the caller to refund, by transfer when it was paid that way", async () => {
    const { to, b } = await bookingAndJune(400_000);
    await markInvoicePaid(t.handle.db, b.id, { staffId: "staff-1", now: later(1) });
    const moved = await transferBooking(t.handle.db, b.id, { target: to, now: later(5), staffId: null });
    expect(moved).toMatchObject({ ok: true, refundPence: 120_000, paymentIntentId: null });
    const note = (await documents(b.id)).find((d) => d.kind === "credit-note")!;
    expect(JSON.parse(note.document).paymentTerms).toBe("Refunded by bank transfer.");
    expect(await readBooking(t.handle.db, b.id)).toMatchObject({ status: "paid", credited_pence: 120_000 });
  });

  it("a dearer date replaces the invoice awaiting payment: a credit note cancels it, a new invoice at the new price", async () => {
    const { to, b } = await bookingAndJune(500_000);
    const moved = await transferBooking(t.handle.db, b.id, { target: to, now: later(5), staffId: null });
    if (!moved.ok) throw new Error(moved.reason);
    expect(moved).toMatchObject({
      refundPence: 0,
      invoice: { kind: "invoice", total_pence: 1_200_000 },
      creditNote: { kind: "credit-note", total_pence: 1_080_000 },
    });
    const docs = await documents(b.id);
    const [old, fresh] = docs.filter((d) => d.kind === "invoice").sort((x, y) => x.number.localeCompare(y.number));
    const note = docs.find((d) => d.kind === "credit-note")!;
    // The old invoice is as issued, credited in full; the new one is for the new date at its price.
    expect(old).toMatchObject({ total_pence: 1_080_000, related_invoice_id: null });
    expect(note).toMatchObject({ net_pence: 900_000, vat_pence: 180_000, total_pence: 1_080_000 });
    expect(JSON.parse(note.document)).toMatchObject({
      creditFor: {
        invoiceNumber: old!.number,
        reason: "Moved to 14 June 2027 to 18 June 2027, live online: replaced by a new invoice at that date's price",
      },
      paymentTerms: `Invoice ${old!.number} is cancelled in full: nothing is due on it. The new invoice replaces it.`,
    });
    expect(fresh).toMatchObject({ net_pence: 1_000_000, vat_pence: 200_000, total_pence: 1_200_000 });
    const printed = JSON.parse(fresh!.document);
    expect(printed.lines).toEqual([
      expect.objectContaining({
        description: expect.stringContaining("14 June 2027 to 18 June 2027"),
        quantity: 2,
        unitPricePence: 500_000,
        discountPence: 0,
      }),
    ]);
    expect(printed.paymentTerms).toContain(`quoting ${fresh!.number}`);
    // The booking is priced as the new invoice: nothing credited against it yet, all of it owed.
    expect(await readBooking(t.handle.db, b.id)).toMatchObject({
      status: "invoiced",
      session_key: to.key,
      unit_price_pence: 500_000,
      price_basis: "session",
      net_pence: 1_000_000,
      total_pence: 1_200_000,
      credited_pence: 0,
    });
    expect((await events(b.id, ["invoice-issued", "credit-note-issued", "transferred"])).slice(1)).toEqual([
      expect.objectContaining({
        kind: "invoice-issued",
        detail: JSON.stringify({ number: fresh!.number, dueDate: "2027-02-09", replaces: old!.number }),
      }),
      expect.objectContaining({ kind: "credit-note-issued" }),
      expect.objectContaining({
        kind: "transferred",
        detail: JSON.stringify({
          from: "8 March 2027 to 12 March 2027, live online",
          to: "14 June 2027 to 18 June 2027, live online",
          creditPence: 0,
          extraPence: 120_000,
          by: "booker",
        }),
      }),
    ]);
    expect(await markInvoicePaid(t.handle.db, b.id, { staffId: "staff-1", now: later(10) })).toMatchObject({
      ok: true,
    });
    expect((await events(b.id, ["paid"])).map((e) => JSON.parse(e.detail).amountPence)).toEqual([1_200_000]);
  });

  it("cancelled after a move to a dearer date, the terms' share is of the new invoice, credited against it", async () => {
    const { to, b } = await bookingAndJune(500_000);
    const moved = await movedByTeam(b.id, to);
    // 28 days before 14 June: half of the £12,000 of the new invoice.
    const cancelled = await cancelledFourWeeksBeforeJune(b.id);
    expect(cancelled).toMatchObject({
      ok: true,
      creditNote: { total_pence: 600_000, related_invoice_id: moved.invoice!.id },
    });
    expect(await readBooking(t.handle.db, b.id)).toMatchObject({ status: "cancelled", credited_pence: 600_000 });
  });

  it("a paid booking moved to a dearer date: what was paid is carried to the new invoice, the rest marked paid later (ADR 087)", async () => {
    const { from, to: dear, b } = await bookingAndJune(500_000);
    await markInvoicePaid(t.handle.db, b.id, { staffId: "staff-1", now: later(1) });
    const moved = await transferBooking(t.handle.db, b.id, {
      target: dear,
      now: later(5),
      staffId: null,
      expectDifferencePence: 120_000,
    });
    if (!moved.ok) throw new Error(moved.reason);
    // Nothing is paid back: the old invoice's payment is carried to the new one.
    expect(moved).toMatchObject({
      refundPence: 0,
      paymentIntentId: null,
      invoice: { total_pence: 1_200_000 },
      creditNote: { total_pence: 1_080_000 },
    });
    expect([await taken(from.key), await taken(dear.key)]).toEqual([0, 2]);
    const docs = await documents(b.id);
    const [old, fresh] = docs.filter((d) => d.kind === "invoice").sort((x, y) => x.number.localeCompare(y.number));
    expect(JSON.parse(docs.find((d) => d.kind === "credit-note")!.document).paymentTerms).toBe(
      `Invoice ${old!.number} is cancelled in full: nothing is due on it. The £10,800.00 paid towards this booking is carried to the new invoice, which replaces it.`,
    );
    // The booking awaits the difference: invoiced again, the payment carried, £1,200 owed.
    expect(await readBooking(t.handle.db, b.id)).toMatchObject({
      status: "invoiced",
      paid_at: null,
      total_pence: 1_200_000,
      credited_pence: 0,
      carried_pence: 1_080_000,
    });
    expect(JSON.parse((await events(b.id, ["transferred"]))[0]!.detail)).toMatchObject({
      extraPence: 120_000,
      carriedPence: 1_080_000,
    });
    // The team marks the difference paid: a second transfer, of £1,200, and the booking is paid again.
    expect(await markInvoicePaid(t.handle.db, b.id, { staffId: "staff-1", now: later(10) })).toMatchObject({
      ok: true,
    });
    expect((await events(b.id, ["paid"])).map((e) => JSON.parse(e.detail).amountPence)).toEqual([1_080_000, 120_000]);
    const payments = await t.handle.db
      .selectFrom("payments")
      .select(["provider", "amount_pence", "status"])
      .where("order_id", "=", b.id)
      .orderBy("created_at")
      .execute();
    expect(payments).toEqual([
      { provider: "transfer", amount_pence: 1_080_000, status: "succeeded" },
      { provider: "transfer", amount_pence: 120_000, status: "succeeded" },
    ]);
    expect(await readBooking(t.handle.db, b.id)).toMatchObject({ status: "paid", total_pence: 1_200_000 });
    expect(fresh).toMatchObject({ total_pence: 1_200_000 });
  });

  it("cancelled while the difference is unpaid, what was paid beyond what the terms still charge is refunded", async () => {
    const { from, to: dear, b } = await bookingAndJune(500_000);
    await markInvoicePaid(t.handle.db, b.id, { staffId: "staff-1", now: later(1) });
    const moved = await movedByTeam(b.id, dear);
    // 28 days before 14 June: half of the new invoice's £12,000 credited; £6,000 still charged, £10,800 paid.
    const cancelled = await cancelledFourWeeksBeforeJune(b.id);
    expect(cancelled).toMatchObject({
      ok: true,
      refundPence: 480_000,
      paymentIntentId: null,
      creditNote: { total_pence: 600_000, related_invoice_id: moved.invoice!.id },
    });
    if (!cancelled.ok) throw new Error(cancelled.reason);
    expect(JSON.parse(cancelled.creditNote!.document).paymentTerms).toBe(
      `Deducted from invoice ${moved.invoice!.number}: what was paid towards it covers the £6,000.00 that remains. £4,800.00 of the £10,800.00 paid is refunded by bank transfer.`,
    );
    // Within 14 days nothing is credited: the £10,800 paid stays against the £12,000, nothing refunded.
    const other = await booking(from);
    await markInvoicePaid(t.handle.db, other.id, { staffId: "staff-1", now: later(1) });
    expect((await transferBooking(t.handle.db, other.id, { target: dear, now: later(5), staffId: "staff-1" })).ok).toBe(
      true,
    );
    expect(
      await cancelBooking(t.handle.db, other.id, { now: new Date("2027-06-07T12:00:00.000Z"), staffId: "staff-1" }),
    ).toMatchObject({ ok: true, refundPence: 0 });
  });

  it("refuses a date without the places, and an amount other than the one shown: nothing changes", async () => {
    const from = await session({ capacity: 4 });
    const small = await session({ capacity: 1, ...june });
    const dear = await session({ capacity: 4, ...june, price: { pricePence: 500_000 } });
    const cheap = await session({ capacity: 4, ...june, price: { pricePence: 400_000 } });
    const b = await booking(from);
    expect(await transferBooking(t.handle.db, b.id, { target: small, now: later(5), staffId: null })).toEqual({
      ok: false,
      reason: "full",
      left: 1,
    });
    expect(
      await transferBooking(t.handle.db, b.id, {
        target: cheap,
        now: later(5),
        staffId: null,
        expectDifferencePence: 0,
      }),
    ).toEqual({ ok: false, reason: "amount-changed" });
    // Shown the credit, the booker is not moved to a date that now costs more (or the other way round).
    expect(
      await transferBooking(t.handle.db, b.id, {
        target: dear,
        now: later(5),
        staffId: null,
        expectDifferencePence: -120_000,
      }),
    ).toEqual({ ok: false, reason: "amount-changed" });
    expect([await taken(from.key), await taken(small.key), await taken(cheap.key), await taken(dear.key)]).toEqual([
      2, 0, 0, 0,
    ]);
    expect(await readBooking(t.handle.db, b.id)).toMatchObject({ session_key: from.key, credited_pence: 0 });
    expect(await events(b.id, ["transferred", "credit-note-issued"])).toEqual([]);
    expect((await documents(b.id)).map((d) => d.kind)).toEqual(["invoice"]);
  });

  it("two moves at once for the last places of a date: one goes, the other is told it is full", async () => {
    const to = await session({ capacity: 2, ...june });
    const first = await booking(await session({ capacity: 4 }));
    const second = await booking(await session({ capacity: 4 }));
    const results = await Promise.all(
      [first, second].map((b) => transferBooking(t.handle.db, b.id, { target: to, now: later(5), staffId: null })),
    );
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "full", left: 0 });
    expect(await taken(to.key)).toBe(2);
  });

  it("two bookings swapping dates at once both move: neither waits on the other for ever", async () => {
    const a = await session({ capacity: 2 });
    const z = await session({ capacity: 2, ...june });
    const onA = await booking(a, 1);
    const onZ = await booking(z, 1);
    // On PostgreSQL both wait, before touching any places, until the other is there too (SQLite runs
    // one transaction at a time: there, one simply waits for the other).
    let arrived = 0;
    let bothThere = () => {};
    const there = new Promise<void>((resolve) => (bothThere = resolve));
    const meet = async () => {
      if (dialect !== "postgres") return async () => {};
      if (++arrived === 2) bothThere();
      await there;
      return async () => {};
    };
    const results = await Promise.all([
      transferBooking(t.handle.db, onA.id, { target: z, now: later(5), staffId: null }, meet),
      transferBooking(t.handle.db, onZ.id, { target: a, now: later(5), staffId: null }, meet),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect([await taken(a.key), await taken(z.key)]).toEqual([1, 1]);
  });

  it("booking.changed says the booking moved, from which date and what was credited, never who the delegates are", async () => {
    const own = await openTestDatabase(dialect, "cbmovehook", { businessSettings: true });
    try {
      const db = own.handle.db;
      await createEndpoint(
        db,
        { url: "https://crm.example.com/in", description: "CRM", events: ["booking.changed"] },
        booked,
      );
      const from = await createCourseSession(db, { key: "hook-from", capacity: 4, at: booked, ...march });
      const to = await createCourseSession(db, { key: "hook-to", capacity: 4, at: booked, ...june });
      const placed = await placeCourseBooking(db, {
        session: from,
        booker: testBooker("ada@example.com"),
        places: [delegate(1)],
        now: booked,
      });
      if (!placed.ok) throw new Error(placed.reason);
      await confirmBooking(db, placed.booking.id, booked);
      expect(
        await transferBooking(db, placed.booking.id, { target: to, now: later(5), staffId: "staff-1" }),
      ).toMatchObject({
        ok: true,
      });
      const [event, ...more] = await db.selectFrom("webhook_events").selectAll().execute();
      expect(more).toEqual([]);
      expect([event!.type, event!.email]).toEqual(["booking.changed", "ada@example.com"]);
      expect(JSON.parse(event!.payload).data).toMatchObject({
        change: "transferred",
        by: "team",
        session: { key: "hook-to", firstDay: "2027-06-14" },
        fromSession: { key: "hook-from", label: "8 March 2027 to 12 March 2027, live online" },
        creditedPence: 0,
      });
      expect(event!.payload).not.toContain("d1@example.com");
    } finally {
      await own.dispose();
    }
  });

  it("the booker's move through the service: each delegate's calendar cancelled and invited anew, everyone told", async () => {
    const own = await openTestDatabase(dialect, "cbmovesvc", { businessSettings: true });
    try {
      const db = own.handle.db;
      // Two published dates of one course (the service finds the new date in the site's content).
      const march = bookable(sessionByKey("financial-analysis-2027-03-london")!);
      const june = bookable(sessionByKey("financial-analysis-2027-06-online")!);
      await createCourseSession(db, { ...march, capacity: 4, at: booked });
      await createCourseSession(db, { ...june, capacity: 4, at: booked });
      let clock = later(20);
      const service = testCourseBookingService(db, { clock: () => clock });
      const { id, token } = await createCourseBookingWithLink(db, {
        session: march,
        booker: testBooker("ada@example.com"),
        places: [delegate(1), delegate(2)],
        now: booked,
      });
      // Confirmed by its booker from their inbox: the invoice, and each delegate's invitation.
      expect(await service.confirmByLink(token)).toMatchObject({ ok: true });
      const uids = async () =>
        db
          .selectFrom("course_invitations")
          .select(["email", "uid", "sequence", "state"])
          .where("booking_id", "=", id)
          .orderBy("email")
          .execute();
      const invited = await uids();
      expect(invited.map((r) => [r.email, r.sequence, r.state])).toEqual([
        ["d1@example.com", 0, "sent"],
        ["d2@example.com", 0, "sent"],
      ]);

      // The booker was shown a credit of nothing: the same price.
      clock = later(30);
      expect(await service.transferByLink(token, june.key, 0)).toMatchObject({ ok: true, refundError: null });
      const now = await uids();
      expect(now.map((r) => [r.email, r.sequence, r.state])).toEqual([
        ["d1@example.com", 0, "sent"],
        ["d2@example.com", 0, "sent"],
      ]);
      expect(now.map((r) => r.uid)).not.toContain(invited[0]!.uid);
      expect(now.map((r) => r.uid)).not.toContain(invited[1]!.uid);
      const sent = await db
        .selectFrom("outbox")
        .select(["to_address", "subject"])
        .where("lead_id", "=", id)
        .where("created_at", ">=", later(30).toISOString())
        .orderBy("to_address")
        .orderBy("subject")
        .execute();
      expect(sent.map((m) => [m.to_address, m.subject.replace(/:.*/, "")])).toEqual([
        ["ada@example.com", "Booking moved"],
        ["d1@example.com", "Dates changed"],
        ["d1@example.com", "Joining details"],
        ["d2@example.com", "Dates changed"],
        ["d2@example.com", "Joining details"],
        ["team@example.test", "Course booking moved"],
      ]);
    } finally {
      await own.dispose();
    }
  });
});
