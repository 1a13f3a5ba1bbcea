/**
 * A card booking's payment (issue 29, ADR 056): the Stripe payment it is
 * paid with, what Stripe says of it (paid: the receipt issued, its e-mails
 * composed before its number is taken; failed: noted), and holds that lapse
 * (a card's unpaid, an invoice booking's unconfirmed), giving their places
 * back. A late payment takes its places again if they are still free.
 */
import type { Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import {
  addEvent,
  claim,
  inTransaction,
  quoteOf,
  readBooking,
  updateFacts,
  type ComposeBeforeNumber,
  type CourseBooking,
  type CourseInvoice,
} from "./booking-store.server.ts";
import { invoiceNumberOf } from "./booking-reads.server.ts";
import { draftInvoice } from "./documents.server.ts";
import { lockOrder, moveOrder, recordPayment, updateOrder } from "../store.server.ts";
import { releasePlaces, takePlaces } from "./places.server.ts";
import { reopenOffer } from "./waiting.server.ts";
import { bookingCreatedEvent, bookingPaidEvent } from "./webhook-events.server.ts";

/**
 * Records the Stripe payment a held card booking is paid with (its id: the
 * payment's client secret is never stored, ADR 075). False if the booking
 * is not held (or unknown).
 */
export async function attachPaymentIntent(db: Db, bookingId: string, paymentIntentId: string): Promise<boolean> {
  const result = await db
    .updateTable("payments")
    .set({ provider_reference: paymentIntentId, updated_at: new Date().toISOString() })
    .where("order_id", "=", bookingId)
    .where("provider", "=", "stripe")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("orders as o")
          .select("o.id")
          .whereRef("o.id", "=", "payments.order_id")
          .where("o.status", "=", "held"),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type CardPaymentOutcome =
  /** Paid: the booking is `paid` and its receipt (a VAT invoice marked paid) issued. */
  | { outcome: "confirmed"; booking: CourseBooking; invoice: CourseInvoice }
  /** Paid when it was no longer owed (`why`): the caller refunds `amountPence` through Stripe, and tells the booker. */
  | { outcome: "refund"; booking: CourseBooking; paymentIntentId: string; amountPence: number; why: LateRefundReason }
  /**
   * Nothing changed: an unknown payment, or one already handled (a replay,
   * an event out of order). Its amount and currency were checked before, by
   * the Stripe module (../stripe/settle.server.ts).
   */
  | { outcome: "unchanged"; reason: "unknown-payment" | "already-handled" }
  /** An invoice paid by card from the booker's page (issue 41): the booking is `paid`; the invoice stands as issued. */
  | { outcome: "invoice-paid"; booking: CourseBooking; invoiceNumber: string };

/**
 * Why a card payment is refunded as it arrives: the booking was cancelled
 * before it; its hold lapsed and the places went, or the course started;
 * the invoice it paid was paid otherwise or cancelled meanwhile.
 */
export type LateRefundReason = "cancelled" | "places-gone" | "started" | "invoice-not-owed";

/** Every course booking is priced and charged in pounds sterling (Stripe's lower-case code). */
export const bookingCurrency = "gbp";

/**
 * Stripe says the payment `paymentIntentId` (its amount and currency already
 * checked against the booking's) succeeded. Idempotent: only a
 * booking still `held` (or `expired`, a late payment) changes. A late
 * payment takes its places again if they are still free; else the booking is
 * cancelled and the caller must refund it. A booking cancelled before it was
 * ever paid (its booker, or the team, while the payment was on its way) is
 * not paid for: the caller refunds it, once. Settled under the order's lock:
 * Stripe's webhook and the booker's return page may settle one payment at
 * the same moment, and the second sees what the first did.
 */
export async function confirmCardPayment(
  db: Db | Transaction<Database>,
  { paymentIntentId, amountPence, now }: { paymentIntentId: string; amountPence: number; now: Date },
  compose?: ComposeBeforeNumber,
): Promise<CardPaymentOutcome> {
  return inTransaction(db, async (trx): Promise<CardPaymentOutcome> => {
    // Which booking the payment is for; what it is now is read under its order's lock.
    const found = await trx
      .selectFrom("course_bookings")
      .select("id")
      .where("payment_intent_id", "=", paymentIntentId)
      .executeTakeFirst();
    if (!found) return { outcome: "unchanged", reason: "unknown-payment" };
    await lockOrder(trx, found.id);
    let booking = (await readBooking(trx, found.id))!;
    const at = now.toISOString();
    const paid = { status: "paid" as const, paid_at: at, hold_expires_at: null, updated_at: at };

    if (booking.payment_method === "invoice") {
      return invoicePaidByCard(trx, booking, { paymentIntentId, amountPence, now });
    }
    if (booking.status === "cancelled" && booking.paid_at === null) {
      if (await paymentHandled(trx, booking.id, paymentIntentId))
        return { outcome: "unchanged", reason: "already-handled" };
      await addEvent(trx, booking.id, now, "refund", {
        amountPence,
        reason: "cancelled-before-payment",
        paymentIntentId,
      });
      return { outcome: "refund", booking, paymentIntentId, amountPence, why: "cancelled" };
    }
    if (booking.status === "held") {
      if (await claim(trx, booking.id, "held", paid)) return receipt(trx, booking.id, now, compose);
      // The hold's expiry won the race: read what it left.
      booking = (await readBooking(trx, booking.id))!;
    }
    if (!(await claim(trx, booking.id, "expired", paid))) return { outcome: "unchanged", reason: "already-handled" };
    // Places are taken again only on a date still to come (a closed one, cancelled by the team, has none).
    const started = now.getTime() >= Date.parse(booking.session_starts_at);
    const taken = started ? { ok: false } : await takePlaces(trx, booking.session_key, booking.quantity, now);
    if (taken.ok) {
      await addEvent(trx, booking.id, now, "places-retaken", { places: booking.quantity });
      return receipt(trx, booking.id, now, compose);
    }
    await moveOrder(trx, booking.id, "paid", { status: "cancelled", updated_at: at });
    await updateFacts(trx, booking.id, {
      cancelled_at: at,
      cancel_reason: started
        ? "Paid after its hold had lapsed, when the course had started: refunded in full"
        : "Paid after its hold had lapsed, when the places had gone: refunded in full",
    });
    await addEvent(trx, booking.id, now, "refund", { amountPence, reason: "late-payment-no-places", paymentIntentId });
    // Never paid in time, it was never announced (booking.created waits for the payment): nor is its end.
    const refunded = (await readBooking(trx, booking.id))!;
    return {
      outcome: "refund",
      booking: refunded,
      paymentIntentId,
      amountPence,
      why: started ? "started" : "places-gone",
    };
  });
}

/**
 * An invoice paid by card (its booker started the payment from their page):
 * an `invoiced` booking becomes `paid`, once. Paid by card already (a
 * replayed event): nothing. No longer owed (marked paid by transfer, or
 * cancelled, meanwhile): the caller refunds the payment in full.
 */
async function invoicePaidByCard(
  trx: Transaction<Database>,
  booking: CourseBooking,
  { paymentIntentId, amountPence, now }: { paymentIntentId: string; amountPence: number; now: Date },
): Promise<CardPaymentOutcome> {
  if (await paymentHandled(trx, booking.id, paymentIntentId))
    return { outcome: "unchanged", reason: "already-handled" };
  const number = await invoiceNumberOf(trx, booking.id);
  const at = now.toISOString();
  if (number && (await claim(trx, booking.id, "invoiced", { status: "paid", paid_at: at, updated_at: at }))) {
    const paid = (await readBooking(trx, booking.id))!;
    await addEvent(trx, booking.id, now, "paid", {
      amountPence,
      method: "card",
      number,
      paymentIntentId,
    });
    await bookingPaidEvent(trx, paid, { invoiceNumber: number }, now);
    return { outcome: "invoice-paid", booking: paid, invoiceNumber: number };
  }
  await addEvent(trx, booking.id, now, "refund", { amountPence, reason: "invoice-no-longer-due", paymentIntentId });
  return { outcome: "refund", booking, paymentIntentId, amountPence, why: "invoice-not-owed" };
}

/** Whether the booking's timeline has payment `paymentIntentId` settled already: paid with it, or refunded. */
async function paymentHandled(
  trx: Transaction<Database>,
  bookingId: string,
  paymentIntentId: string,
): Promise<boolean> {
  const events = await trx
    .selectFrom("course_booking_events")
    .select("detail")
    .where("booking_id", "=", bookingId)
    .where("kind", "in", ["paid", "refund"])
    .execute();
  return events.some((e) => (JSON.parse(e.detail) as { paymentIntentId?: string }).paymentIntentId === paymentIntentId);
}

/** Issues a card booking's receipt (its VAT invoice, paid) once it is `paid`: what `compose` makes is composed before its number is taken. */
async function receipt(
  trx: Transaction<Database>,
  bookingId: string,
  now: Date,
  compose?: ComposeBeforeNumber,
): Promise<CardPaymentOutcome> {
  const booking = (await readBooking(trx, bookingId))!;
  await addEvent(trx, bookingId, now, "paid", { amountPence: booking.total_pence, method: "card" });
  const draft = await draftInvoice(trx, booking, quoteOf(booking), { now, paid: true });
  const write = await compose?.(trx, { booking, invoice: draft });
  // The number last: what follows writes what was made before it.
  const invoice = await draft.issue(trx);
  await addEvent(trx, bookingId, now, "invoice-issued", { number: invoice.number, paid: true });
  // Paid, the booking is real: the team's tools hear of it now, and that it is paid.
  await bookingCreatedEvent(trx, booking, { invoiceNumber: invoice.number }, now);
  await bookingPaidEvent(trx, booking, { invoiceNumber: invoice.number }, now);
  await write?.(trx, invoice);
  return { outcome: "confirmed", booking, invoice };
}

/**
 * Stripe says a payment attempt failed: noted on a held booking (the booker
 * may try again while the hold lasts; the places go back when it lapses).
 * False if nothing changed (unknown, no longer held, or the same message again).
 */
export async function cardPaymentFailed(
  db: Db | Transaction<Database>,
  { paymentIntentId, message, now }: { paymentIntentId: string; message: string; now: Date },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const booking = await trx
      .selectFrom("course_bookings")
      .select(["id", "status", "payment_failure"])
      .where("payment_intent_id", "=", paymentIntentId)
      .executeTakeFirst();
    if (!booking || booking.status !== "held" || booking.payment_failure === message) return false;
    await recordPayment(trx, booking.id, { status: "failed", failure_message: message, updated_at: now.toISOString() });
    await updateOrder(trx, booking.id, { updated_at: now.toISOString() });
    await addEvent(trx, booking.id, now, "payment-failed", { message });
    return true;
  });
}

/**
 * Held card bookings whose hold lapsed by `now` become `expired`, and
 * invoice bookings their bookers did not confirm in time become `lapsed`;
 * both give their places back (no invoice number was taken): one
 * transaction and one conditional update per booking, so a payment or a
 * confirmation made meanwhile keeps its places. How many lapsed.
 */
export async function expireHolds(db: Db, now: Date, batch = 200): Promise<{ expired: number }> {
  const at = now.toISOString();
  let expired = 0;
  for (;;) {
    const due = await db
      .selectFrom("course_bookings")
      .select(["id", "session_key", "quantity", "status"])
      .where("status", "in", ["held", "unconfirmed"])
      .where("hold_expires_at", "<=", at)
      .orderBy("hold_expires_at")
      .limit(batch)
      .execute();
    for (const booking of due) {
      const why = booking.status === "unconfirmed" ? "not-confirmed" : "expired";
      if (await letHoldGo(db, booking, now, why)) expired++;
    }
    if (due.length < batch) return { expired };
  }
}

/** A held (or unconfirmed) booking lapses and gives its places back (one conditional update): false if it was no longer so. */
function letHoldGo(
  db: Db,
  booking: Pick<CourseBooking, "id" | "session_key" | "quantity">,
  now: Date,
  why: "expired" | "payment-unavailable" | "not-confirmed",
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const [from, to] = why === "not-confirmed" ? (["unconfirmed", "lapsed"] as const) : (["held", "expired"] as const);
    if (!(await claim(trx, booking.id, from, { status: to, updated_at: now.toISOString() }))) return false;
    // Made from a waiting list's offer, a payment that could not be set up leaves the places the offer's.
    if (why === "payment-unavailable" && (await reopenOffer(trx, booking.id, now))) {
      await addEvent(trx, booking.id, now, why, { placesBackToOffer: booking.quantity });
      return true;
    }
    await releasePlaces(trx, booking.session_key, booking.quantity, now);
    await addEvent(trx, booking.id, now, why, { placesReleased: booking.quantity });
    return true;
  });
}

/**
 * The card payment could not be set up (Stripe unreachable): the hold goes
 * at once, so no places stay held for a payment that cannot be made.
 */
export function releaseHold(db: Db, booking: Pick<CourseBooking, "id" | "session_key" | "quantity">, now: Date) {
  return letHoldGo(db, booking, now, "payment-unavailable");
}
