/**
 * Course bookings on both databases (issue 29, ADR 056): by invoice and by
 * card, the card payment's outcomes (replayed, late, failed), holds that
 * lapse, refusals (full, started, cancelled, names to follow), marking paid,
 * cancelling a booking (each tier, the override) or a session with credit
 * notes, invoices never changed, invoice numbers unbroken under concurrent
 * bookings, and 200 concurrent bookings for the last 3 places. On PostgreSQL
 * the concurrent attempts come through 4 handles, as separate instances of
 * the site would.
 */
import type { Transaction } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle, Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import {
  bookingDetail,
  listCourseBookings,
  roster,
  sessionPlaceCounts,
} from "~/orders/course-booking/booking-reads.server.ts";
import {
  type BookedPlace,
  type Booker,
  type BookingPayment,
  type CourseBooking,
} from "~/orders/course-booking/booking-store.server.ts";
import {
  attachPaymentIntent,
  cardPaymentFailed,
  confirmCardPayment,
  expireHolds,
} from "~/orders/course-booking/card-payments.server.ts";
import { confirmBooking, type PlaceBookingResult } from "~/orders/course-booking/placing.server.ts";
import { cancelBooking, cancelSession, markInvoicePaid, namePlace } from "~/orders/course-booking/team-acts.server.ts";
import { courseBookingHoldsJob } from "~/orders/course-booking/holds-job.server.ts";
import {
  invoicePdf,
  storedDocument,
  vatDocumentAttachments,
  vatDocumentRef,
} from "~/orders/course-booking/documents.server.ts";
import { placesLeft, setCapacity } from "~/orders/course-booking/places.server.ts";
import type { BookableSession } from "~/orders/course-booking/session.ts";
import { termsText } from "~/orders/course-booking/terms.ts";
import { courseBooking } from "~/orders/course-booking.server.ts";
import { erase, findEverything, holdingsAsRows } from "~/privacy/requests.server.ts";
import { applyRetention } from "~/retention/job.server.ts";
import { createEndpoint } from "~/webhooks/endpoints.server.ts";
import { dialects, openConcurrentTestDatabase, openTestDatabase, type ConcurrentTestDatabase } from "./databases.ts";
import {
  byCard,
  courseBookingIds,
  createConfirmedCourseBooking,
  createCourseSession,
  delegate,
  placeCourseBooking,
  testBooker,
  createCourseBooking,
} from "../support/factories.ts";
import { placesTaken, testCourseBookingService } from "./fixtures.ts";
import type { WebhookEventType } from "~/webhooks/event-types.ts";

/** 8 March 2027, 09:00 London (GMT): the session's first day. */
const startsAt = new Date("2027-03-08T09:00:00.000Z");
/** 57 days before: the full-credit tier, names may follow. */
const early = new Date("2027-01-10T10:00:00.000Z");
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

const booker = testBooker("ada@example.com", { addressLine2: "Floor 3" });
const byInvoice: BookingPayment = { method: "invoice", purchaseOrder: "PO-4471", vatNumber: "GB 980 7806 84" };
/** No limit on places held unconfirmed: the tests of other rules place many bookings as one booker. */
const noUnconfirmedLimit = { confirmHours: 2, sessionSharePercent: 100, perBookerPlaces: 1e6, perBookerBookings: 1e6 };

let sessions = 0;

describe.each(dialects)("course bookings on %s", (dialect) => {
  let t: ConcurrentTestDatabase;
  let handles: DatabaseHandle[];
  let db: Db;
  beforeAll(async () => {
    t = await openConcurrentTestDatabase(dialect, "cbook", { businessSettings: true });
    handles = t.handles;
    db = t.handle.db;
  });
  afterAll(async () => {
    await t.dispose();
  });

  /** A new session of `capacity` places (its own key, so no test sees another's). */
  const newSession = (capacity = 12, extra: Partial<BookableSession> = {}) =>
    createCourseSession(db, {
      key: `s-${dialect}-${++sessions}`,
      capacity,
      at: early,
      format: "in-person",
      venue: {
        name: "Meridian House",
        streetAddress: "10 Finsbury Square",
        locality: "London",
        postalCode: "EC2A 1AF",
      },
      ...extra,
    });

  const book = (
    session: BookableSession,
    places: BookedPlace[],
    payment: BookingPayment = byInvoice,
    now = early,
    on: Db = db,
  ): Promise<PlaceBookingResult> =>
    placeCourseBooking(on, { session, booker, places, payment, now, confirmation: noUnconfirmedLimit });

  /** Placed, and by invoice confirmed by its booker at once (the invoice issued). */
  const booked = (session: BookableSession, places: BookedPlace[], payment: BookingPayment = byInvoice, now = early) =>
    createConfirmedCourseBooking(db, { session, booker, places, payment, now, confirmation: noUnconfirmedLimit });

  const left = async (key: string) => (await placesLeft(db, [key])).get(key);
  const invoicesOf = (bookingId: string) =>
    db.selectFrom("course_invoices").selectAll().where("booking_id", "=", bookingId).orderBy("number").execute();

  /** A card booking with its payment attached. */
  async function cardBooking(session: BookableSession, places = [delegate(1)], now = early) {
    const { booking } = await booked(session, places, byCard, now);
    const paymentIntentId = `pi_${booking.id}`;
    expect(await attachPaymentIntent(db, booking.id, paymentIntentId)).toBe(true);
    return { booking, paymentIntentId };
  }

  describe("placing a booking", () => {
    it("by invoice: places taken, invoiced, the VAT invoice numbered with every field HMRC lists, due in 30 days", async () => {
      const session = await newSession(12);
      const { booking, invoice } = await booked(session, [delegate(1), delegate(2)]);
      expect(booking).toMatchObject({
        status: "invoiced",
        payment_method: "invoice",
        quantity: 2,
        unit_price_pence: 450_000,
        discount_pence: 0,
        net_pence: 900_000,
        vat_rate_bp: 2000,
        vat_pence: 180_000,
        total_pence: 1_080_000,
        price_basis: "list",
        purchase_order: "PO-4471",
        vat_number: "GB980780684",
        hold_expires_at: null,
        session_label: "8 March 2027 to 12 March 2027, Meridian House, London",
      });
      expect(booking.reference).toMatch(/^MB-[2-9A-HJKMNP-Z]{8}$/);
      expect(JSON.parse(booking.terms_text)).toEqual(termsText());
      expect(await left(session.key)).toBe(10);

      expect(invoice).toBeDefined();
      expect(invoice!.number).toMatch(/^INV-\d{6}$/);
      expect(invoice!.due_date).toBe("2027-02-09");
      const doc = storedDocument(invoice!);
      expect(doc).toMatchObject({
        kind: "invoice",
        number: invoice!.number,
        customer: {
          name: "Ada Booker",
          organisation: "Northwind Ltd",
          address: ["1 King Street", "Floor 3", "London", "EC2V 8AU", "United Kingdom"],
          vatNumber: "GB980780684",
        },
        purchaseOrder: "PO-4471",
        lines: [
          {
            description: "Strategic Leadership, 8 March 2027 to 12 March 2027, Meridian House, London",
            quantity: 2,
            unitPricePence: 450_000,
            discountPence: 0,
            netPence: 900_000,
            vatRateBasisPoints: 2000,
          },
        ],
        totals: { netPence: 900_000, vatPence: 180_000, grossPence: 1_080_000 },
      });
      expect(doc.issuedAt).toEqual(early);
      expect(doc.timeOfSupply).toEqual(early);
      expect(doc.paymentTerms).toContain("9 February 2027");

      const detail = await bookingDetail(db, booking.id);
      expect(detail!.delegates).toEqual([
        { position: 1, name: "Delegate 1", email: "d1@example.com", jobTitle: "Manager" },
        { position: 2, name: "Delegate 2", email: "d2@example.com", jobTitle: "Manager" },
      ]);
      expect(detail!.events.map((e) => e.kind)).toEqual([
        "created",
        "awaiting-confirmation",
        "confirmed",
        "invoice-issued",
      ]);
      expect(detail!.invoices.map((i) => i.number)).toEqual([invoice!.number]);

      const pdf = await invoicePdf(db, invoice!.id);
      expect(new TextDecoder().decode(pdf!.bytes.slice(0, 5))).toBe("%PDF-");
      expect((await invoicePdf(db, invoice!.id))!.bytes).toEqual(pdf!.bytes);
      expect(await invoicePdf(db, "no-such-invoice")).toBeNull();
      // What the outbox attaches as the e-mail goes out: the same PDF.
      const attach = vatDocumentAttachments(db);
      expect(Buffer.from((await attach(vatDocumentRef(invoice!.id)))!, "base64")).toEqual(Buffer.from(pdf!.bytes));
      expect(await attach(vatDocumentRef("no-such-invoice"))).toBeNull();
      expect(await attach("something-else:1")).toBeNull();
    });

    it("prices on the server: the group discount for 3 places or more, names to follow counted", async () => {
      const session = await newSession(12);
      const { booking, invoice } = await booked(session, [delegate(1), delegate(2), { namesToFollow: true }]);
      expect(booking).toMatchObject({
        quantity: 3,
        discount_pence: 135_000,
        net_pence: 1_215_000,
        vat_pence: 243_000,
        total_pence: 1_458_000,
        price_basis: "group",
      });
      expect(invoice!.total_pence).toBe(1_458_000);
      const detail = await bookingDetail(db, booking.id);
      expect(detail!.delegates[2]).toEqual({ position: 3, name: null, email: null, jobTitle: null });
    });

    it("refuses a full session with what is left, and takes nothing", async () => {
      const session = await newSession(2);
      expect(await book(session, [delegate(1), delegate(2), delegate(3)])).toEqual({
        ok: false,
        reason: "full",
        left: 2,
      });
      expect(await left(session.key)).toBe(2);
      expect(await courseBookingIds(db, { sessionKey: session.key })).toEqual([]);
    });

    it("refuses a session that has started (even by a millisecond) or is cancelled", async () => {
      const session = await newSession(5);
      expect(await book(session, [delegate(1)], byInvoice, startsAt)).toEqual({ ok: false, reason: "started" });
      expect(await book(session, [delegate(1)], byCard, minutes(startsAt, 60 * 24))).toEqual({
        ok: false,
        reason: "started",
      });
      expect((await book(session, [delegate(1)], byInvoice, new Date(startsAt.getTime() - 1))).ok).toBe(true);
      const cancelled = await newSession(5, { state: "cancelled" });
      expect(await book(cancelled, [delegate(1)])).toEqual({ ok: false, reason: "cancelled" });
      expect(await left(cancelled.key)).toBe(5);
    });

    it("refuses names to follow once names are due (14 days before the start), not named places", async () => {
      const session = await newSession(5);
      const fifteenBefore = new Date("2027-02-21T12:00:00.000Z");
      const fourteenBefore = new Date("2027-02-22T12:00:00.000Z");
      expect((await book(session, [{ namesToFollow: true }], byInvoice, fifteenBefore)).ok).toBe(true);
      expect(await book(session, [delegate(1), { namesToFollow: true }], byInvoice, fourteenBefore)).toEqual({
        ok: false,
        reason: "names-to-follow-closed",
      });
      expect((await book(session, [delegate(1)], byInvoice, fourteenBefore)).ok).toBe(true);
      expect(await left(session.key)).toBe(3);
    });

    it("refuses a VAT number that is not one", async () => {
      const session = await newSession(5);
      await expect(
        book(session, [delegate(1)], { method: "invoice", purchaseOrder: null, vatNumber: "GB123456789" }),
      ).rejects.toThrow(/VAT number/);
      expect(await left(session.key)).toBe(5);
    });
  });

  describe("by card", () => {
    it("is held 15 minutes without an invoice, then confirmed by the payment with its receipt; a replay changes nothing", async () => {
      const session = await newSession(4);
      const { booking, paymentIntentId } = await cardBooking(session, [delegate(1), delegate(2)]);
      expect(booking).toMatchObject({ status: "held", hold_expires_at: minutes(early, 15).toISOString() });
      expect(await invoicesOf(booking.id)).toEqual([]);
      expect(await left(session.key)).toBe(2);

      const paidAt = minutes(early, 3);
      const confirmed = await confirmCardPayment(db, { paymentIntentId, amountPence: 1_080_000, now: paidAt });
      expect(confirmed.outcome).toBe("confirmed");
      if (confirmed.outcome !== "confirmed") return;
      expect(confirmed.booking).toMatchObject({ status: "paid", paid_at: paidAt.toISOString(), hold_expires_at: null });
      expect(confirmed.invoice).toMatchObject({ kind: "invoice", due_date: null, total_pence: 1_080_000 });
      expect(storedDocument(confirmed.invoice).paymentTerms).toMatch(/^Paid by card on 10 January 2027/);

      const replay = await confirmCardPayment(db, { paymentIntentId, amountPence: 1_080_000, now: minutes(early, 4) });
      expect(replay).toEqual({ outcome: "unchanged", reason: "already-handled" });
      expect(await invoicesOf(booking.id)).toHaveLength(1);
      expect(await left(session.key)).toBe(2);
      // The hold's expiry, later, leaves a paid booking alone.
      expect(await expireHolds(db, minutes(early, 30))).toEqual({ expired: 0 });
      expect(await left(session.key)).toBe(2);
      expect(await confirmCardPayment(db, { paymentIntentId: "pi_unknown", amountPence: 1, now: paidAt })).toEqual({
        outcome: "unchanged",
        reason: "unknown-payment",
      });
      expect((await bookingDetail(db, booking.id))!.events.map((e) => e.kind)).toEqual([
        "created",
        "held",
        "paid",
        "invoice-issued",
      ]);
    });

    it("the scheduled job lets lapsed holds go, every minute", async () => {
      const session = await newSession(2);
      const { booking } = await cardBooking(session, [delegate(1), delegate(2)]);
      const job = courseBookingHoldsJob({ db });
      expect(job).toMatchObject({ name: "course-booking-holds", everyMs: 60_000 });
      const signal = new AbortController().signal;
      expect(await job.run({ now: minutes(early, 14), signal })).toEqual({ expired: 0 });
      expect(await job.run({ now: minutes(early, 15), signal })).toMatchObject({ expired: expect.any(Number) });
      expect((await bookingDetail(db, booking.id))!.booking.status).toBe("expired");
      expect(await left(session.key)).toBe(2);
    });

    it("a lapsed hold expires and gives its places back; not before", async () => {
      const session = await newSession(4);
      const { booking } = await cardBooking(session, [delegate(1), delegate(2), delegate(3)]);
      expect(await left(session.key)).toBe(1);
      await expireHolds(db, minutes(early, 14));
      expect((await bookingDetail(db, booking.id))!.booking.status).toBe("held");
      await expireHolds(db, minutes(early, 15));
      expect((await bookingDetail(db, booking.id))!.booking.status).toBe("expired");
      expect(await left(session.key)).toBe(4);
      await expireHolds(db, minutes(early, 16));
      expect(await left(session.key)).toBe(4);
    });

    it("a payment after the hold lapsed takes the places again if they are free, else is refunded in full", async () => {
      const session = await newSession(2);
      const first = await cardBooking(session, [delegate(1), delegate(2)]);
      await expireHolds(db, minutes(early, 20));
      const late = await confirmCardPayment(db, {
        paymentIntentId: first.paymentIntentId,
        amountPence: 1_080_000,
        now: minutes(early, 21),
      });
      expect(late.outcome).toBe("confirmed");
      expect(await left(session.key)).toBe(0);

      const other = await newSession(2);
      const second = await cardBooking(other, [delegate(1), delegate(2)]);
      await expireHolds(db, minutes(early, 20));
      await booked(other, [delegate(3)], byInvoice, minutes(early, 21));
      const refused = await confirmCardPayment(db, {
        paymentIntentId: second.paymentIntentId,
        amountPence: 1_080_000,
        now: minutes(early, 22),
      });
      expect(refused).toMatchObject({
        outcome: "refund",
        paymentIntentId: second.paymentIntentId,
        amountPence: 1_080_000,
        booking: { status: "cancelled" },
      });
      expect(await left(other.key)).toBe(1);
      expect(await invoicesOf(second.booking.id)).toEqual([]);
      expect(
        await confirmCardPayment(db, {
          paymentIntentId: second.paymentIntentId,
          amountPence: 1_080_000,
          now: minutes(early, 23),
        }),
      ).toEqual({ outcome: "unchanged", reason: "already-handled" });
    });

    it("a payment after the hold lapsed is refunded, its places not taken, once the date is cancelled or has started", async () => {
      // The team cancelled the date meanwhile: it is closed.
      const cancelledDate = await newSession(4);
      const onCancelled = await cardBooking(cancelledDate, [delegate(1)]);
      await expireHolds(db, minutes(early, 20));
      await cancelSession(db, cancelledDate.key, { now: minutes(early, 21), staffId: "s", reason: "trainer ill" });
      // The course has started (its first day, 8 March).
      const startedDate = await newSession(4);
      const onStarted = await cardBooking(startedDate, [delegate(1)]);
      await expireHolds(db, minutes(early, 20));
      for (const [{ paymentIntentId, booking }, session, at, why] of [
        [onCancelled, cancelledDate, minutes(early, 22), "places-gone"],
        [onStarted, startedDate, new Date("2027-03-08T10:00:00.000Z"), "started"],
      ] as const) {
        expect(
          await confirmCardPayment(db, { paymentIntentId, amountPence: booking.total_pence, now: at }),
        ).toMatchObject({ outcome: "refund", paymentIntentId, booking: { status: "cancelled" }, why });
        expect(await placesTaken(db, session.key)).toBe(0);
        expect(await invoicesOf(booking.id)).toEqual([]);
      }
    });

    it("a failed payment is noted once; the hold stays until it lapses", async () => {
      const session = await newSession(3);
      const { booking, paymentIntentId } = await cardBooking(session);
      expect(await cardPaymentFailed(db, { paymentIntentId, message: "Your card was declined.", now: early })).toBe(
        true,
      );
      expect(await cardPaymentFailed(db, { paymentIntentId, message: "Your card was declined.", now: early })).toBe(
        false,
      );
      const detail = await bookingDetail(db, booking.id);
      expect(detail!.booking).toMatchObject({ status: "held", payment_failure: "Your card was declined." });
      expect(await left(session.key)).toBe(2);
    });

    it("a payment and the hold's expiry racing: exactly one wins", async () => {
      const session = await newSession(1);
      const { booking, paymentIntentId } = await cardBooking(session);
      const at = minutes(early, 15);
      const [paid] = await Promise.all([
        confirmCardPayment(handles.at(-1)!.db, { paymentIntentId, amountPence: 540_000, now: at }),
        expireHolds(db, at),
      ]);
      const status = (await bookingDetail(db, booking.id))!.booking.status;
      // Either the payment came first (paid) or the expiry did and the late payment took the free place back.
      expect(paid.outcome).toBe("confirmed");
      expect(status).toBe("paid");
      expect(await left(session.key)).toBe(0);
      expect(await invoicesOf(booking.id)).toHaveLength(1);
    });
  });

  describe("the team's acts", () => {
    it("marks an invoice paid, once", async () => {
      const session = await newSession(3);
      const { booking } = await booked(session, [delegate(1)]);
      const at = new Date("2027-01-20T09:00:00.000Z");
      const marked = await markInvoicePaid(db, booking.id, { staffId: "staff-1", now: at, note: "BACS ref 123" });
      expect(marked).toMatchObject({ ok: true, booking: { status: "paid", paid_at: at.toISOString() } });
      expect(await markInvoicePaid(db, booking.id, { staffId: "staff-1", now: at })).toEqual({
        ok: false,
        reason: "not-invoiced",
      });
      expect(await markInvoicePaid(db, "nope", { staffId: "staff-1", now: at })).toEqual({
        ok: false,
        reason: "not-found",
      });
      const paidEvent = (await bookingDetail(db, booking.id))!.events.at(-1)!;
      expect(paidEvent).toMatchObject({ kind: "paid", actor: "staff-1", detail: { note: "BACS ref 123" } });
    });

    it("names a place whose name was to follow and passes a named one to a substitute, until the course starts", async () => {
      const session = await newSession(4);
      const { booking } = await booked(session, [delegate(1), { namesToFollow: true }]);
      const at = new Date("2027-02-20T09:00:00.000Z");
      const name = (position: number, delegate: { name: string; email: string; jobTitle: string | null }, now = at) =>
        namePlace(db, booking.id, { position, delegate, now, staffId: "staff-1" });

      const mary = { name: "Mary Somerville", email: "mary@example.com", jobTitle: "Analyst" };
      expect(await name(2, mary)).toMatchObject({ ok: true, position: 2, previous: null, delegate: mary });
      const sub = { name: "Caroline Herschel", email: "caroline@example.com", jobTitle: null };
      expect(await name(1, sub)).toMatchObject({
        ok: true,
        position: 1,
        previous: { name: "Delegate 1", email: "d1@example.com" },
      });
      const detail = (await bookingDetail(db, booking.id))!;
      expect(detail.delegates).toEqual([
        { position: 1, name: "Caroline Herschel", email: "caroline@example.com", jobTitle: null },
        { position: 2, name: "Mary Somerville", email: "mary@example.com", jobTitle: "Analyst" },
      ]);
      // The timeline says which place changed, never who (an erased name must not stay in it).
      expect(detail.events.slice(-2)).toMatchObject([
        { kind: "place-named", actor: "staff-1", detail: { position: 2 } },
        { kind: "delegate-substituted", actor: "staff-1", detail: { position: 1 } },
      ]);
      expect(JSON.stringify(detail.events)).not.toContain("Mary");

      // Each place is one person; the same again changes nothing; only the booking's places.
      expect(await name(1, { ...mary, email: "MARY@example.com" })).toEqual({ ok: false, reason: "taken" });
      expect(await name(2, mary)).toEqual({ ok: false, reason: "unchanged" });
      expect(await name(3, { ...mary, email: "x@example.com" })).toEqual({ ok: false, reason: "no-such-place" });
      // Not once the course has started, and not on a cancelled booking.
      expect(await name(2, { ...mary, email: "late@example.com" }, startsAt)).toEqual({ ok: false, reason: "started" });
      await cancelBooking(db, booking.id, { now: at, staffId: "staff-1" });
      expect(await name(2, { ...mary, email: "after@example.com" })).toEqual({ ok: false, reason: "not-live" });
      expect(await namePlace(db, "nope", { position: 1, delegate: mary, now: at, staffId: "s" })).toEqual({
        ok: false,
        reason: "not-found",
      });
      // Not on a card hold not yet paid, even by the team: its delegate would be written to, and the hold may lapse.
      const { booking: hold } = await cardBooking(session, [delegate(3)]);
      expect(
        await namePlace(db, hold.id, { position: 1, delegate: mary, now: minutes(early, 1), staffId: "staff-1" }),
      ).toEqual({ ok: false, reason: "not-live" });
    });

    it("cancels by the terms' tier: a credit note for the share, places back, a refund of what was paid", async () => {
      const session = await newSession(6);
      // 29 days or more before: all of it.
      const card = await cardBooking(session, [delegate(1)]);
      await confirmCardPayment(db, { paymentIntentId: card.paymentIntentId, amountPence: 540_000, now: early });
      const full = await cancelBooking(db, card.booking.id, {
        now: new Date("2027-02-07T12:00:00.000Z"),
        staffId: "s",
      });
      expect(full).toMatchObject({ ok: true, refundPence: 540_000, paymentIntentId: card.paymentIntentId });
      if (!full.ok) return;
      expect(full.creditNote).toMatchObject({
        kind: "credit-note",
        total_pence: 540_000,
        net_pence: 450_000,
        vat_pence: 90_000,
      });
      expect(full.creditNote!.number).toMatch(/^CN-\d{6}$/);
      const note = storedDocument(full.creditNote!);
      const invoice = (await invoicesOf(card.booking.id)).find((r) => r.kind === "invoice");
      expect(note.creditFor).toMatchObject({ invoiceNumber: invoice!.number });
      expect(full.creditNote!.related_invoice_id).toBe(invoice!.id);
      expect(full.booking).toMatchObject({ status: "cancelled", credited_pence: 540_000 });

      // 15 to 28 days before, paid by transfer: half, refunded by the team.
      const transfer = await booked(session, [delegate(2)]);
      await markInvoicePaid(db, transfer.booking.id, { staffId: "s", now: early });
      const half = await cancelBooking(db, transfer.booking.id, {
        now: new Date("2027-02-21T12:00:00.000Z"),
        staffId: "s",
      });
      expect(half).toMatchObject({
        ok: true,
        refundPence: 270_000,
        paymentIntentId: null,
        creditNote: { total_pence: 270_000 },
      });

      // 14 days or fewer, invoice unpaid: no credit, the whole invoice stays due.
      const late = await booked(session, [delegate(3)]);
      const none = await cancelBooking(db, late.booking.id, {
        now: new Date("2027-02-22T12:00:00.000Z"),
        staffId: "s",
      });
      expect(none).toMatchObject({ ok: true, refundPence: 0, paymentIntentId: null });
      expect(none.ok && none.creditNote).toBeFalsy();

      // 15 to 28 days before, invoice unpaid: the credit note takes half off; the other half is still owed.
      const owed = await booked(session, [delegate(4)]);
      const halfOwed = await cancelBooking(db, owed.booking.id, {
        now: new Date("2027-02-21T12:00:00.000Z"),
        staffId: "s",
      });
      expect(halfOwed).toMatchObject({ ok: true, refundPence: 0, creditNote: { total_pence: 270_000 } });
      if (halfOwed.ok)
        expect(storedDocument(halfOwed.creditNote!).paymentTerms).toContain("£2,700.00 of it remains due");

      // A held card booking: nothing to credit.
      const held = await cardBooking(session, [delegate(5)]);
      expect(await cancelBooking(db, held.booking.id, { now: early, staffId: "s" })).toMatchObject({
        ok: true,
        refundPence: 0,
        paymentIntentId: null,
      });

      expect(await left(session.key)).toBe(6);
      expect(await cancelBooking(db, held.booking.id, { now: early, staffId: "s" })).toMatchObject({
        ok: false,
        reason: "not-live",
      });
      expect(await cancelBooking(db, "nope", { now: early, staffId: "s" })).toMatchObject({
        ok: false,
        reason: "not-found",
      });
    });

    it("an override credits the amount the team gives, with a reason, never more than the invoice", async () => {
      const session = await newSession(3);
      const { booking } = await booked(session, [delegate(1)]);
      await markInvoicePaid(db, booking.id, { staffId: "s", now: early });
      const lateDay = new Date("2027-03-01T12:00:00.000Z");
      for (const [override, refused] of [
        [{ grossPence: 100_000, reason: " " }, "override-reason-missing"],
        [{ grossPence: 540_001, reason: "Illness" }, "override-too-large"],
      ] as const) {
        expect(await cancelBooking(db, booking.id, { now: lateDay, staffId: "s", override })).toMatchObject({
          ok: false,
          reason: refused,
        });
      }
      expect((await bookingDetail(db, booking.id))!.booking.status).toBe("paid");
      expect(await left(session.key)).toBe(2);
      expect(await invoicesOf(booking.id)).toHaveLength(1);

      const given = await cancelBooking(db, booking.id, {
        now: lateDay,
        staffId: "s",
        override: { grossPence: 120_000, reason: "Illness, with a doctor's note" },
      });
      expect(given).toMatchObject({
        ok: true,
        refundPence: 120_000,
        creditNote: { total_pence: 120_000, net_pence: 100_000, vat_pence: 20_000 },
        booking: { cancel_reason: "Illness, with a doctor's note" },
      });
    });

    it("cancels a session: every live booking cancelled with a full credit, the rest left alone", async () => {
      const session = await newSession(10);
      const held = await cardBooking(session, [delegate(1)]);
      const invoiced = await booked(session, [delegate(2), delegate(3)], byInvoice, minutes(early, 1));
      const card = await cardBooking(session, [delegate(4)], minutes(early, 2));
      await confirmCardPayment(db, { paymentIntentId: card.paymentIntentId, amountPence: 540_000, now: early });
      const gone = await cardBooking(session, [delegate(5)]);
      await cancelBooking(db, gone.booking.id, { now: early, staffId: "s" });
      const lateDay = new Date("2027-03-05T12:00:00.000Z");
      const results = await cancelSession(db, session.key, { now: lateDay, staffId: "s", reason: "trainer ill" });
      expect(results.map((r) => r.bookingId)).toEqual([held.booking.id, invoiced.booking.id, card.booking.id]);
      const [a, b, c] = results.map((r) => ("result" in r ? r.result : r.error));
      expect(a).toMatchObject({ ok: true, refundPence: 0 });
      expect(b).toMatchObject({ ok: true, refundPence: 0, creditNote: { total_pence: 1_080_000 } });
      expect(c).toMatchObject({ ok: true, refundPence: 540_000, paymentIntentId: card.paymentIntentId });
      // Every place is given back, and the date is closed: none left to book (migration 042).
      expect(await placesTaken(db, session.key)).toBe(0);
      expect(await left(session.key)).toBe(0);
      expect(await roster(db, session.key)).toEqual([]);
    });

    it("cancels a session's bookings each apart: one that fails is left live, the others cancelled, and again finishes it", async () => {
      const session = await newSession(10);
      const first = await booked(session, [delegate(1)], byInvoice, minutes(early, 1));
      const failing = await booked(session, [delegate(2)], byInvoice, minutes(early, 2));
      const last = await booked(session, [delegate(3)], byInvoice, minutes(early, 3));
      const lateDay = new Date("2027-03-05T12:00:00.000Z");
      const results = await cancelSession(
        db,
        session.key,
        { now: lateDay, staffId: "s", reason: "trainer ill" },
        async (_trx, about) => {
          if (about.booking.id === failing.booking.id) throw new Error("the mail composer failed");
          return async () => {};
        },
      );
      expect(results.map((r) => ("error" in r ? "failed" : r.result.ok))).toEqual([true, "failed", true]);
      const status = async (id: string) => (await bookingDetail(db, id))!.booking.status;
      expect([await status(first.booking.id), await status(failing.booking.id), await status(last.booking.id)]).toEqual(
        ["cancelled", "invoiced", "cancelled"],
      );
      // Its places are still its own; cancelling the session again finishes it.
      expect(await placesTaken(db, session.key)).toBe(1);
      const again = await cancelSession(db, session.key, { now: lateDay, staffId: "s", reason: "trainer ill" });
      expect(again.map((r) => r.bookingId)).toEqual([failing.booking.id]);
      expect(await status(failing.booking.id)).toBe("cancelled");
      expect(await placesTaken(db, session.key)).toBe(0);
    });

    it("never changes an invoice: a cancellation adds a credit note and leaves the invoice's row as it was", async () => {
      const session = await newSession(3);
      const { booking, invoice } = await booked(session, [delegate(1)]);
      await cancelBooking(db, booking.id, { now: early, staffId: "s" });
      const rows = await invoicesOf(booking.id);
      expect(rows.find((r) => r.id === invoice!.id)).toEqual(invoice);
      expect(rows.map((r) => r.kind).sort()).toEqual(["credit-note", "invoice"]);
      // The database refuses to change one, whatever writes it.
      await expect(
        db.updateTable("course_invoices").set({ total_pence: 1 }).where("id", "=", invoice!.id).execute(),
      ).rejects.toThrow(/never changed/);
      expect((await invoicesOf(booking.id)).find((r) => r.id === invoice!.id)).toEqual(invoice);
    });

    it("composes what a cancellation says before its places go back and its credit note's number is taken, and says the number taken (ADR 072)", async () => {
      const session = await newSession(3);
      const lastCreditNote = async (on: Db | Transaction<Database>) =>
        (await on.selectFrom("invoice_sequences").select("last_number").where("series", "=", "CN").executeTakeFirst())
          ?.last_number ?? 0;
      const cnNumber = (n: number) => `CN-${String(n).padStart(6, "0")}`;

      // The act itself: its composer runs while the CN series' row and the places are untouched.
      const card = await cardBooking(session, [delegate(1)]);
      await confirmCardPayment(db, { paymentIntentId: card.paymentIntentId, amountPence: 540_000, now: early });
      const before = await lastCreditNote(db);
      const seen: {
        standIn?: string;
        numberWhileComposing?: number;
        leftWhileComposing?: number;
        written?: string;
        numberWhileWriting?: number;
      } = {};
      const cancelled = await cancelBooking(db, card.booking.id, { now: early, staffId: "s" }, async (trx, about) => {
        seen.standIn = about.creditNote?.number;
        seen.numberWhileComposing = await lastCreditNote(trx);
        seen.leftWhileComposing = (await placesLeft(trx, [session.key])).get(session.key);
        return async (trx, done) => {
          seen.written = done.creditNote?.number;
          seen.numberWhileWriting = await lastCreditNote(trx);
        };
      });
      expect(seen.standIn).toMatch(/^number-to-come-[0-9a-f]{18}$/);
      expect(seen.numberWhileComposing).toBe(before);
      expect(seen.leftWhileComposing).toBe(2);
      expect(seen.written).toBe(cnNumber(before + 1));
      expect(seen.numberWhileWriting).toBe(before + 1);
      expect(cancelled).toMatchObject({
        ok: true,
        refundPence: 540_000,
        creditNote: { number: cnNumber(before + 1), total_pence: 540_000 },
      });
      expect(await left(session.key)).toBe(3);
      const events = (await bookingDetail(db, card.booking.id))!.events.map((e) => e.kind);
      expect(events.slice(-2)).toEqual(["credit-note-issued", "cancelled"]);

      // Through the service: the e-mails queued say the number taken, never the stand-in.
      const transfer = await booked(session, [delegate(2)]);
      await markInvoicePaid(db, transfer.booking.id, { staffId: "s", now: early });
      const service = testCourseBookingService(db, { clock: () => early });
      const byService = await service.cancel(transfer.booking.id, "s");
      expect(byService).toMatchObject({ ok: true, creditNote: { number: cnNumber(before + 2) } });
      const outbox = await db
        .selectFrom("outbox")
        .select(["to_address", "subject", "text_body", "html_body", "attachments_json"])
        .where("lead_id", "=", transfer.booking.id)
        .execute();
      const notice = outbox.find((m) => m.to_address === "ada@example.com")!;
      expect(notice.text_body).toContain(cnNumber(before + 2));
      expect(notice.html_body).toContain(cnNumber(before + 2));
      expect(notice.attachments_json).toContain(`credit-note-${cnNumber(before + 2)}.pdf`);
      expect(JSON.stringify(outbox)).not.toContain("number-to-come");
      expect(
        storedDocument((await invoicesOf(transfer.booking.id)).find((r) => r.kind === "credit-note")!).number,
      ).toBe(cnNumber(before + 2));
    });
  });

  describe("the team's reads", () => {
    it("counts each session's places, lists its roster and every booking newest first", async () => {
      const session = await newSession(8);
      const invoiced = await booked(session, [delegate(1), { namesToFollow: true }]);
      const card = await cardBooking(session, [delegate(3)], minutes(early, 1));
      const paid = await cardBooking(session, [delegate(4)], minutes(early, 2));
      await confirmCardPayment(db, {
        paymentIntentId: paid.paymentIntentId,
        amountPence: 540_000,
        now: minutes(early, 3),
      });
      expect(await sessionPlaceCounts(db, [session.key, "none"])).toEqual(
        new Map([[session.key, { capacity: 8, sold: 3, held: 1, free: 4 }]]),
      );
      const rows = await roster(db, session.key);
      expect(rows.map((r) => [r.reference, r.position, r.name, r.status])).toEqual([
        [invoiced.booking.reference, 1, "Delegate 1", "invoiced"],
        [invoiced.booking.reference, 2, null, "invoiced"],
        [card.booking.reference, 1, "Delegate 3", "held"],
        [paid.booking.reference, 1, "Delegate 4", "paid"],
      ]);
      const first = await listCourseBookings(db, null, 2);
      expect(first.rows).toHaveLength(2);
      const second = await listCourseBookings(db, first.next, 1000);
      const all = [...first.rows, ...second.rows];
      const times = all.map((r) => r.created_at);
      expect(times).toEqual([...times].sort().reverse());
      expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    });
  });

  describe("access, erasure and retention (the order kind)", () => {
    const bookerOf = (email: string): Booker => ({ ...booker, email });
    const placeAs = (
      email: string,
      session: BookableSession,
      places: BookedPlace[],
      payment: BookingPayment = byInvoice,
    ) =>
      createConfirmedCourseBooking(db, {
        session,
        booker: bookerOf(email),
        places,
        payment,
        now: early,
        confirmation: noUnconfirmedLimit,
      });
    const rowsOf = (table: "course_booking_delegates" | "course_invoices" | "course_booking_events", id: string) =>
      db.selectFrom(table).selectAll().where("booking_id", "=", id).execute();

    it("an access request finds the booker's bookings and a delegate's own place, without secrets or the booker's details", async () => {
      const session = await newSession(6);
      const mine = await placeAs(`booker-${dialect}@access.example`, session, [delegate(1)]);
      await placeAs(`other-${dialect}@access.example`, session, [
        { name: "Dana Delegate", email: `Dana-${dialect}@access.example`, jobTitle: "Analyst" },
      ]);
      const asBooker = (await findEverything(db, `booker-${dialect}@access.example`)).bookings;
      expect(asBooker.map((r) => r.id)).toEqual([mine.booking.id]);
      expect(asBooker[0]).not.toHaveProperty("client_secret");
      expect(asBooker[0]!.delegates).toEqual([
        { position: 1, name: "Delegate 1", email: "d1@example.com", job_title: "Manager" },
      ]);
      // Its timeline and its VAT invoice, as the privacy notice lists them.
      expect((asBooker[0]!.timeline as { kind: string }[]).map((e) => e.kind)).toEqual(
        expect.arrayContaining(["created", "confirmed", "invoice-issued"]),
      );
      expect(asBooker[0]!.documents).toEqual([
        expect.objectContaining({
          kind: "invoice",
          number: expect.stringMatching(/^INV-/),
          total_pence: mine.booking.total_pence,
        }),
      ]);
      const rows = holdingsAsRows(await findEverything(db, `booker-${dialect}@access.example`));
      expect(rows).toContainEqual([
        "Bookings",
        mine.booking.id,
        "delegates",
        JSON.stringify([{ position: 1, name: "Delegate 1", email: "d1@example.com", job_title: "Manager" }]),
      ]);
      const asDelegate = (await findEverything(db, `dana-${dialect}@access.example`)).bookings;
      expect(asDelegate).toHaveLength(1);
      expect(asDelegate[0]).toMatchObject({
        role: "delegate",
        name: "Dana Delegate",
        course_title: "Strategic Leadership",
      });
      expect(asDelegate[0]).not.toHaveProperty("booker_email");
      expect(asDelegate[0]).not.toHaveProperty("booker_phone");
    });

    it("erasure keeps an invoiced booking's invoice and billing name, and removes the rest; an unpaid hold goes entirely, its places back on sale", async () => {
      const session = await newSession(8);
      const email = `erase-${dialect}@erase.example`;
      const invoiced = await placeAs(email, session, [delegate(1), delegate(2)]);
      const held = await placeAs(email, session, [delegate(3)], byCard);
      await attachPaymentIntent(db, held.booking.id, `pi_e_${dialect}`);
      // Not yet confirmed from the booker's inbox: its places are held too.
      const unconfirmed = await placeCourseBooking(db, {
        session,
        booker: bookerOf(email),
        places: [delegate(5), delegate(6)],
        now: early,
        confirmation: noUnconfirmedLimit,
      });
      expect(unconfirmed).toMatchObject({ ok: true, booking: { status: "unconfirmed" } });
      const someoneElses = await placeAs(`boss-${dialect}@erase.example`, session, [
        { name: "Eve Erase", email: email.toUpperCase(), jobTitle: "Lead" },
        delegate(4),
      ]);
      const invoiceBefore = await rowsOf("course_invoices", invoiced.booking.id);
      const taken = async () =>
        (
          await db
            .selectFrom("course_session_places")
            .select("taken")
            .where("session_key", "=", session.key)
            .executeTakeFirstOrThrow()
        ).taken;
      expect(await taken()).toBe(7);

      const counts = await erase(db, email, minutes(early, 60));
      expect([counts.bookingsDeleted, counts.bookingsKept]).toEqual([2, 1]);
      // The hold's place and the unconfirmed booking's two go back on sale; the invoiced booking and someone else's stay.
      expect(await taken()).toBe(4);

      const kept = (await bookingDetail(db, invoiced.booking.id))!;
      expect(kept.booking).toMatchObject({
        booker_email: "erased",
        booker_phone: "",
        job_title: "",
        booker_name: "Ada Booker",
        organisation: "Northwind Ltd",
        address_line1: "1 King Street",
        status: "invoiced",
        erased_at: minutes(early, 60).toISOString(),
        updated_at: invoiced.booking.updated_at,
      });
      expect(kept.delegates.every((d) => d.name === null && d.email === null && d.jobTitle === null)).toBe(true);
      expect(await rowsOf("course_invoices", invoiced.booking.id)).toEqual(invoiceBefore);
      expect(JSON.stringify(kept)).not.toContain(email);

      expect(await bookingDetail(db, held.booking.id)).toBeNull();
      expect(await rowsOf("course_booking_delegates", held.booking.id)).toEqual([]);
      expect(await rowsOf("course_booking_events", held.booking.id)).toEqual([]);

      const other = (await bookingDetail(db, someoneElses.booking.id))!;
      expect(other.delegates).toEqual([
        { position: 1, name: null, email: null, jobTitle: null },
        { position: 2, name: "Delegate 4", email: "d4@example.com", jobTitle: "Manager" },
      ]);
      expect((await findEverything(db, email)).bookings).toEqual([]);
    });

    it("erasure keeps a paid and cancelled booking's facts, not the words the team wrote about it", async () => {
      const session = await newSession(4);
      const email = `words-${dialect}@erase.example`;
      const { booking } = await placeAs(email, session, [delegate(1)]);
      await markInvoicePaid(db, booking.id, {
        staffId: "s",
        now: minutes(early, 1),
        note: "BACS from Ada Booker's own account",
      });
      const cancelled = await cancelBooking(db, booking.id, {
        now: minutes(early, 2),
        staffId: "s",
        override: { grossPence: 0, reason: "Ada is unwell and cannot travel" },
      });
      expect(cancelled).toMatchObject({ ok: true });
      const words = async () => {
        const events = await db
          .selectFrom("course_booking_events")
          .select(["kind", "detail"])
          .where("booking_id", "=", booking.id)
          .where("kind", "in", ["paid", "cancelled"])
          .orderBy("at")
          .execute();
        const facts = await db
          .selectFrom("course_booking_facts")
          .select("cancel_reason")
          .where("id", "=", booking.id)
          .executeTakeFirstOrThrow();
        return {
          reason: facts.cancel_reason,
          events: events.map((e) => {
            const d = JSON.parse(e.detail) as Record<string, unknown>;
            return [e.kind, d.note ?? d.reason, d.amountPence ?? null];
          }),
        };
      };
      expect(await words()).toEqual({
        reason: "Ada is unwell and cannot travel",
        events: [
          ["paid", "BACS from Ada Booker's own account", booking.total_pence],
          ["cancelled", "Ada is unwell and cannot travel", null],
        ],
      });

      expect(await erase(db, email, minutes(early, 60))).toMatchObject({ bookingsKept: 1 });
      expect(await words()).toEqual({
        reason: "(erased on request)",
        events: [
          ["paid", "(erased on request)", booking.total_pence],
          ["cancelled", "(erased on request)", null],
        ],
      });
    });

    it("the retention job deletes a booking with its delegates, invoices and timeline after its period, not before", async () => {
      // Its own database: the job deletes every booking past its period, whichever test made it.
      const own = await openTestDatabase(dialect, "cbret", { businessSettings: true });
      const odb = own.handle.db;
      try {
        const session = await newSession(6);
        await setCapacity(odb, session.key, 6, early);
        const place = (places: BookedPlace[], payment: BookingPayment) =>
          placeCourseBooking(odb, { session, booker, places, payment, now: early });
        const old = await place([delegate(1)], byInvoice);
        const expiredHold = await place([delegate(2)], byCard);
        const cancelled = await place([delegate(3)], byInvoice);
        if (!old.ok || !expiredHold.ok || !cancelled.ok) throw new Error("refused");
        await confirmBooking(odb, old.booking.id, early);
        await confirmBooking(odb, cancelled.booking.id, early);
        // Never confirmed by its booker: lapsed, no invoice, deleted with the unpaid holds.
        const lapsed = await place([delegate(4)], byInvoice);
        if (!lapsed.ok) throw new Error("refused");
        await expireHolds(odb, minutes(early, 120));
        // Cancelled, with its invoice and credit note: an accounting record all the same.
        await cancelBooking(odb, cancelled.booking.id, { now: minutes(early, 30), staffId: "s" });
        const parts = (id: string) =>
          Promise.all(
            (["course_booking_delegates", "course_invoices", "course_booking_events"] as const).map((table) =>
              odb.selectFrom(table).select("booking_id").where("booking_id", "=", id).execute(),
            ),
          );
        // 10 January 2027 is in the financial year to 31 March 2027: kept to 31 March 2033.
        const before = await applyRetention({ db: odb }, new Date("2033-03-31T12:00:00.000Z"));
        expect(before).toMatchObject({ course_bookings_accounting: 0, course_bookings_unpaid: 2 });
        expect(await bookingDetail(odb, lapsed.booking.id)).toBeNull();
        expect(await bookingDetail(odb, old.booking.id)).not.toBeNull();
        expect((await parts(old.booking.id)).map((rows) => rows.length)).toEqual([1, 1, 4]);
        expect((await parts(cancelled.booking.id)).map((rows) => rows.length)).toEqual([1, 2, 6]);
        expect(await bookingDetail(odb, expiredHold.booking.id)).toBeNull();
        expect(await parts(expiredHold.booking.id)).toEqual([[], [], []]);
        const after = await applyRetention({ db: odb }, new Date("2033-04-01T12:00:00.000Z"));
        expect(after).toMatchObject({ course_bookings_accounting: 2, course_bookings_unpaid: 0 });
        expect(await bookingDetail(odb, old.booking.id)).toBeNull();
        expect(await parts(old.booking.id)).toEqual([[], [], []]);
        expect(await parts(cancelled.booking.id)).toEqual([[], [], []]);
        // No secret is kept with a booking (ADR 075; its column went with migration 034).
        expect(courseBooking.secretColumns).toEqual([]);
      } finally {
        await own.dispose();
      }
    });
  });

  describe("webhook events", () => {
    /**
     * On a database of its own (an endpoint receives every booking made while it exists), with a CRM
     * endpoint for `events`: a booking of a named place and one whose name is to follow, paid by
     * `payment`, on a new session of 6 places; the database disposed of after `test`.
     */
    async function withHookedBooking(
      name: string,
      events: WebhookEventType[],
      payment: BookingPayment,
      test: (odb: Db, booking: CourseBooking, session: BookableSession) => Promise<void>,
    ) {
      const own = await openTestDatabase(dialect, name, { businessSettings: true });
      const odb = own.handle.db;
      try {
        await createEndpoint(odb, { url: "https://crm.example.com/in", description: "CRM", events }, early);
        const session = await newSession(6);
        await setCapacity(odb, session.key, 6, early);
        const booking = await createCourseBooking(odb, {
          session,
          booker,
          places: [delegate(1), { namesToFollow: true }],
          payment,
          now: early,
        });
        await test(odb, booking, session);
      } finally {
        await own.dispose();
      }
    }

    it("booking.created, booking.paid and booking.cancelled are written with the change, without secrets or delegates", async () => {
      const hooked: WebhookEventType[] = ["booking.created", "booking.paid", "booking.cancelled"];
      await withHookedBooking("cbhook", hooked, byCard, async (odb, booking, session) => {
        await attachPaymentIntent(odb, booking.id, "pi_hook");
        // Held, not yet paid: no one's booking yet, so nothing is announced.
        expect(await odb.selectFrom("webhook_events").select("type").execute()).toEqual([]);
        await confirmCardPayment(odb, { paymentIntentId: "pi_hook", amountPence: 1_080_000, now: minutes(early, 2) });
        await confirmCardPayment(odb, { paymentIntentId: "pi_hook", amountPence: 1_080_000, now: minutes(early, 3) });
        await cancelBooking(odb, booking.id, { now: minutes(early, 4), staffId: "s" });
        // A card hold cancelled before it is paid was never announced: nor is its end.
        const hold = await createCourseBooking(odb, {
          session,
          booker,
          places: [delegate(3)],
          payment: byCard,
          now: minutes(early, 5),
        });
        expect(await cancelBooking(odb, hold.id, { now: minutes(early, 6), staffId: "s" })).toMatchObject({ ok: true });
        // A refused booking writes nothing.
        await setCapacity(odb, "hook-full", 0, early);
        await placeCourseBooking(odb, {
          session: { ...session, key: "hook-full" },
          booker,
          places: [delegate(2)],
          payment: byInvoice,
          now: early,
        });

        const events = await odb.selectFrom("webhook_events").selectAll().orderBy("created_at").execute();
        expect(events.map((e) => [e.type, e.email])).toEqual([
          ["booking.created", "ada@example.com"],
          ["booking.paid", "ada@example.com"],
          ["booking.cancelled", "ada@example.com"],
        ]);
        const [created, paid, cancelled] = events.map((e) => JSON.parse(e.payload).data);
        expect(created).toMatchObject({
          id: booking.id,
          kind: "course-booking",
          reference: booking.reference,
          status: "paid",
          invoiceNumber: expect.stringMatching(/^INV-/),
          places: 2,
          namedDelegates: 1,
          totalPence: 1_080_000,
          booker: { email: "ada@example.com", organisation: "Northwind Ltd" },
        });
        expect(paid).toMatchObject({ status: "paid", invoiceNumber: expect.stringMatching(/^INV-/) });
        expect(cancelled).toMatchObject({
          status: "cancelled",
          refundPence: 1_080_000,
          creditNoteNumber: expect.stringMatching(/^CN-/),
        });
        const payloads = events.map((e) => e.payload).join("\n");
        expect(payloads).not.toContain("secret");
        expect(payloads).not.toContain("pi_hook");
        expect(payloads).not.toContain("d1@example.com");
        expect(payloads).not.toContain("Delegate 1");
        expect(await odb.selectFrom("webhook_deliveries").select("id").execute()).toHaveLength(3);
      });
    });

    it("booking.changed is written when a place is named or passed on, by the team or the booker, saying which place and never who", async () => {
      await withHookedBooking("cbhookchange", ["booking.changed"], byInvoice, async (odb, booking) => {
        await confirmBooking(odb, booking.id, early);
        const mary = { name: "Mary Major", email: "mary@example.com", jobTitle: "Analyst" };
        const ann = { name: "Ann Other", email: "ann@example.com", jobTitle: "Analyst" };
        expect(
          await namePlace(odb, booking.id, { position: 2, delegate: mary, now: minutes(early, 1), staffId: null }),
        ).toMatchObject({ ok: true });
        expect(
          await namePlace(odb, booking.id, { position: 1, delegate: ann, now: minutes(early, 2), staffId: "staff-1" }),
        ).toMatchObject({ ok: true });
        // Refused (the same person again): nothing written.
        await namePlace(odb, booking.id, { position: 1, delegate: ann, now: minutes(early, 3), staffId: "staff-1" });

        const events = await odb.selectFrom("webhook_events").selectAll().orderBy("created_at").execute();
        expect(events.map((e) => [e.type, e.email])).toEqual([
          ["booking.changed", "ada@example.com"],
          ["booking.changed", "ada@example.com"],
        ]);
        expect(events.map((e) => JSON.parse(e.payload).data)).toEqual([
          expect.objectContaining({
            id: booking.id,
            change: "place-named",
            position: 2,
            by: "booker",
            namedDelegates: 2,
          }),
          expect.objectContaining({ change: "delegate-substituted", position: 1, by: "team", namedDelegates: 2 }),
        ]);
        const payloads = events.map((e) => e.payload).join("\n");
        for (const who of [
          "mary@example.com",
          "Mary Major",
          "ann@example.com",
          "Ann Other",
          "d1@example.com",
          "Delegate 1",
        ]) {
          expect(payloads).not.toContain(who);
        }
      });
    });
  });

  describe("concurrent bookings", () => {
    it("200 concurrent bookings for the last 3 places: exactly 3 sell, each invoiced with the next number, the rest are told it is full", async () => {
      const session = await newSession(10);
      await booked(session, [
        delegate(1),
        delegate(2),
        delegate(3),
        delegate(4),
        delegate(5),
        delegate(6),
        delegate(7),
      ]);
      const before = await db
        .selectFrom("invoice_sequences")
        .select("last_number")
        .where("series", "=", "INV")
        .executeTakeFirstOrThrow();
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          book(session, [delegate(100 + i)], i % 2 === 0 ? byInvoice : byCard, early, handles[i % handles.length]!.db),
        ),
      );
      const ms = Math.round(performance.now() - started);
      const sold = results.filter((r) => r.ok);
      const refused = results.filter((r) => !r.ok);
      console.log(
        `${dialect}: 200 concurrent bookings for the last 3 places: ${sold.length} sold, ${refused.length} full, ${ms} ms`,
      );
      expect(sold).toHaveLength(3);
      expect(refused).toHaveLength(197);
      expect(refused.every((r) => r.reason === "full" && r.left === 0)).toBe(true);
      expect(await left(session.key)).toBe(0);
      expect(await courseBookingIds(db, { sessionKey: session.key })).toHaveLength(4);
      const confirmed = await Promise.all(
        sold.flatMap((r, i) =>
          r.ok && r.booking.status === "unconfirmed"
            ? [confirmBooking(handles[i % handles.length]!.db, r.booking.id, early)]
            : [],
        ),
      );
      const numbers = confirmed.flatMap((r) => (r.ok ? [Number(r.invoice.number.slice(4))] : [])).sort((a, b) => a - b);
      expect(numbers).toHaveLength(confirmed.length);
      expect(numbers).toEqual(numbers.map((_, i) => before.last_number + 1 + i));
    });

    it("invoice numbers run without a gap or a repeat under 60 concurrent confirmations", async () => {
      const session = await newSession(100);
      const before = await db
        .selectFrom("invoice_sequences")
        .select("last_number")
        .where("series", "=", "INV")
        .executeTakeFirstOrThrow();
      const placed = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          book(session, [delegate(i)], byInvoice, early, handles[i % handles.length]!.db),
        ),
      );
      const after = await db
        .selectFrom("invoice_sequences")
        .select("last_number")
        .where("series", "=", "INV")
        .executeTakeFirstOrThrow();
      expect(after.last_number).toBe(before.last_number);
      const results = await Promise.all(
        placed.map((r, i) =>
          confirmBooking(handles[i % handles.length]!.db, r.ok ? r.booking.id : "?", minutes(early, 1)),
        ),
      );
      const numbers = results.map((r) => (r.ok ? Number(r.invoice.number.slice(4)) : -1)).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 60 }, (_, i) => before.last_number + 1 + i));
    });
  });
});
