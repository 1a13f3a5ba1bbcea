/**
 * The team's acts on a course booking (issue 29, ADR 056): an invoice
 * marked paid, a place named or given to a substitute, and cancelling a
 * booking or a whole session, with a credit note for what the terms (or
 * the team's override) credit. What the caller tells of each (its e-mails)
 * is queued in the act's transaction; a cancellation's is composed before
 * its places go back and its credit note's number is taken
 * (docs/decisions/072-compose-before-taking.md).
 */
import type { Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { lockOrder, recordTransfer } from "../store.server.ts";
import {
  addCreditNoteEvent,
  addEvent,
  claim,
  isLive,
  liveStatuses,
  readBooking,
  type AlsoInTransaction,
  type CourseBooking,
  type CourseInvoice,
  type InvoiceDraft,
} from "./booking-store.server.ts";
import type { PlaceNaming } from "./booking-request.ts";
import { creditNote, CreditExceedsInvoice, type CreditRequest } from "./credit-note.ts";
import { creditSettlement, draftCreditNote, invoiceWithCredits, type DocumentDraft } from "./documents.server.ts";
import { bookingCurrency } from "./card-payments.server.ts";
import { closeSession, releasePlaces } from "./places.server.ts";
import { placesChangeableStatuses } from "./booker-rules.ts";
import { bookingCancellationCredit } from "./terms.ts";
import { bookingCancelledEvent, bookingChangedEvent, bookingPaidEvent } from "./webhook-events.server.ts";
import { invoiceNumberOf } from "./booking-reads.server.ts";
import { carriedBeyondPence, owedPence } from "./payment-reminders.ts";

export type MarkPaidResult = { ok: true; booking: CourseBooking } | { ok: false; reason: "not-found" | "not-invoiced" };

/** The transfer for an invoiced booking arrived: `paid`, with who said so. */
export async function markInvoicePaid(
  db: Db,
  bookingId: string,
  { staffId, now, note }: { staffId: string; now: Date; note?: string },
  also?: AlsoInTransaction<Extract<MarkPaidResult, { ok: true }>>,
): Promise<MarkPaidResult> {
  return db.transaction().execute(async (trx): Promise<MarkPaidResult> => {
    const at = now.toISOString();
    if (!(await claim(trx, bookingId, "invoiced", { status: "paid", paid_at: at, updated_at: at }))) {
      return { ok: false, reason: (await readBooking(trx, bookingId)) ? "not-invoiced" : "not-found" };
    }
    const booking = (await readBooking(trx, bookingId))!;
    const amountPence = owedPence(booking);
    await recordTransfer(trx, { id: bookingId, total_pence: amountPence, currency: bookingCurrency }, at);
    await addEvent(trx, bookingId, now, "paid", { amountPence, method: "invoice", note: note ?? null }, staffId);
    await bookingPaidEvent(trx, booking, { invoiceNumber: await invoiceNumberOf(trx, bookingId) }, now);
    const done = { ok: true as const, booking };
    await also?.(trx, done);
    return done;
  });
}

export type NamePlaceRefusal = "not-found" | "not-live" | "started" | "no-such-place" | "taken" | "unchanged";

export type NamePlaceResult =
  | {
      ok: true;
      booking: CourseBooking;
      position: number;
      delegate: PlaceNaming["delegate"];
      /** Who held the place before (a substitution), or null when its name was to follow. */
      previous: { name: string; email: string } | null;
    }
  | { ok: false; reason: NamePlaceRefusal };

/**
 * Names a place whose name was to follow, or gives a named place to a
 * substitute (the terms allow both, free, until the course starts), by the
 * team (`staffId`) or by the booker from their booking page (null): while
 * the booking is live and the session has not started, never to someone
 * already on the booking. The timeline records which place changed, not
 * who (an erased delegate's name must not stay in it).
 */
export async function namePlace(
  db: Db,
  bookingId: string,
  { position, delegate, now, staffId }: PlaceNaming & { now: Date; staffId: string | null },
  also?: AlsoInTransaction<Extract<NamePlaceResult, { ok: true }>>,
): Promise<NamePlaceResult> {
  return db.transaction().execute(async (trx): Promise<NamePlaceResult> => {
    // One change to a booking's places at a time (SQLite's transactions begin with the lock).
    await lockOrder(trx, bookingId);
    const booking = await trx.selectFrom("course_bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
    if (!booking) return { ok: false, reason: "not-found" };
    // Only on a confirmed booking (not one unconfirmed, nor a card hold not yet paid): the place's
    // delegate is written to.
    if (!placesChangeableStatuses.includes(booking.status) || booking.erased_at !== null) {
      return { ok: false, reason: "not-live" };
    }
    if (now.getTime() >= Date.parse(booking.session_starts_at)) return { ok: false, reason: "started" };
    const places = await trx
      .selectFrom("course_booking_delegates")
      .select(["id", "position", "name", "email"])
      .where("booking_id", "=", bookingId)
      .execute();
    const place = places.find((p) => p.position === position);
    if (!place) return { ok: false, reason: "no-such-place" };
    const address = delegate.email.toLowerCase();
    if (places.some((p) => p.position !== position && p.email?.toLowerCase() === address)) {
      return { ok: false, reason: "taken" };
    }
    if (place.email?.toLowerCase() === address && place.name === delegate.name)
      return { ok: false, reason: "unchanged" };
    const previous = place.name !== null && place.email !== null ? { name: place.name, email: place.email } : null;
    const at = now.toISOString();
    await trx
      .updateTable("course_booking_delegates")
      .set({ name: delegate.name, email: delegate.email, job_title: delegate.jobTitle, updated_at: at })
      .where("id", "=", place.id)
      .execute();
    // The team's act names its member; the booker's, from their booking page, says so.
    const detail = staffId === null ? { position, by: "booker" } : { position };
    const change = previous ? "delegate-substituted" : "place-named";
    await addEvent(trx, bookingId, now, change, detail, staffId);
    await bookingChangedEvent(
      trx,
      booking,
      {
        change,
        position,
        by: staffId === null ? "booker" : "team",
        namedDelegates: places.filter((p) => (p.position === position ? true : p.name !== null)).length,
      },
      now,
    );
    const done = { ok: true as const, booking, position, delegate, previous };
    await also?.(trx, done);
    return done;
  });
}

export type CancelOptions = {
  now: Date;
  /** Who cancels: a member of the team, or null for the booker, from their booking page. */
  staffId: string | null;
  /** Why (kept with the booking; the credit note's reason). */
  reason?: string;
  /** Credit this gross amount instead of what the terms give (a reason required; never above what is left to credit). */
  override?: { grossPence: number; reason: string };
  /**
   * The credit the canceller was shown (the booker, on their page): checked
   * inside the transaction, after the booking is claimed; any other amount
   * (the booking paid meanwhile, a tier ended) rolls back ("amount-changed").
   */
  expectGrossPence?: number;
};

export type CancelResult =
  | {
      ok: true;
      /** What the booking was before it was cancelled. */
      from: (typeof liveStatuses)[number];
      booking: CourseBooking;
      creditNote?: CourseInvoice;
      /** What the caller must pay back: the credit on a paid booking (0 when nothing was paid). */
      refundPence: number;
      /** The card payment to refund `refundPence` from through Stripe; null for a transfer (the team refunds it). */
      paymentIntentId: string | null;
    }
  | {
      ok: false;
      reason: "not-found" | "not-live" | "override-reason-missing" | "override-too-large" | "amount-changed";
      message: string;
    };

const cancelMessages = {
  "not-found": "There is no such booking.",
  "not-live": "This booking is already cancelled or expired.",
  "override-reason-missing": "Say why the credit differs from what the terms give.",
  "amount-changed": "What the terms credit has changed since it was shown: nothing was cancelled.",
} as const;

/**
 * Cancels a live booking: its places go back, and when it has an invoice a
 * credit note credits what the terms give for the day (./terms.ts's tiers:
 * the share of the fee, days before the first day in London), or the team's
 * override. An unpaid invoice still owes the tier's fee: the note credits
 * the rest (ADR 056). A paid booking is refunded what is credited.
 */
export async function cancelBooking(
  db: Db,
  bookingId: string,
  options: CancelOptions,
  compose?: ComposeCancellation,
): Promise<CancelResult> {
  const { override } = options;
  if (override && override.reason.trim() === "") {
    return { ok: false, reason: "override-reason-missing", message: cancelMessages["override-reason-missing"] };
  }
  return cancelWith(
    db,
    bookingId,
    options,
    (booking) =>
      override
        ? { grossPence: override.grossPence }
        : // The tier's share of what is still charged (a move to a cheaper date credited the difference).
          { grossPence: bookingCancellationCredit(booking, options.now).grossPence },
    compose,
  );
}

/** A cancellation done, as its caller hears of it. */
export type Cancelled = Extract<CancelResult, { ok: true }>;

/**
 * A cancellation as it will be, before its credit note's number is taken:
 * the note (when there is one) drafted, its `number` a stand-in
 * (./documents.server.ts), with the gross amount it credits.
 */
export type CancellationDraft = Omit<Cancelled, "creditNote"> & {
  creditNote?: InvoiceDraft & { grossPence: number };
};

/**
 * What a caller writes with a cancellation (its e-mails), in two steps as
 * confirming's ComposeBeforeNumber (./booking-store.server.ts): called in
 * the cancellation's transaction before the session's places are given back
 * and the credit note's number is taken, it composes; what it returns is
 * written once they are, with the cancellation as done. The places row and
 * the CN series' row are then held for the writes alone (ADR 053, 072).
 */
export type ComposeCancellation = (
  trx: Transaction<Database>,
  about: CancellationDraft,
) => Promise<(trx: Transaction<Database>, done: Cancelled) => Promise<void>>;

/**
 * Runs the cancellation in one transaction; `credit` says what to credit
 * given the booking. What it says (`compose`) is composed before what
 * others wait on is taken (ADR 072): the session's places row, then the CN
 * number, last; only writes of what was made before follow.
 */
function cancelWith(
  db: Db,
  bookingId: string,
  { now, staffId, reason, override, expectGrossPence }: CancelOptions,
  credit: (booking: CourseBooking) => CreditRequest,
  compose?: ComposeCancellation,
): Promise<CancelResult> {
  return db
    .transaction()
    .execute(async (trx): Promise<CancelResult> => {
      // The order first, as a move or a change of place takes it: what is read below (its date, its
      // places, what was invoiced and credited) is what the cancellation then gives back and credits,
      // not what a move committing meanwhile has left behind.
      await lockOrder(trx, bookingId);
      const booking = await readBooking(trx, bookingId);
      if (!booking) return { ok: false, reason: "not-found", message: cancelMessages["not-found"] };
      const status = booking.status;
      if (!isLive(status)) return { ok: false, reason: "not-live", message: cancelMessages["not-live"] };
      const from = status;
      const at = now.toISOString();
      const why = override?.reason ?? reason ?? "Cancelled at the customer's request";
      if (
        !(await claim(trx, bookingId, from, {
          status: "cancelled",
          cancelled_at: at,
          cancel_reason: why,
          updated_at: at,
        }))
      ) {
        return { ok: false, reason: "not-live", message: cancelMessages["not-live"] };
      }

      const credits = await invoiceWithCredits(trx, bookingId);
      const paid = from === "paid";
      let draft: { note: DocumentDraft; grossPence: number } | undefined;
      // What the booker gets back: a paid booking what is credited; one awaiting the rest of a dearer
      // date's price, what was paid and carried beyond what is still charged (ADR 087).
      let refundPence = 0;
      if (credits) {
        const { invoice, already, invoiced, standingPence } = credits;
        let amounts;
        try {
          amounts = creditNote(invoiced, credit(booking), already);
        } catch (error) {
          if (!(error instanceof CreditExceedsInvoice)) throw error;
          throw new OverrideTooLarge(error.message);
        }
        if (amounts.grossPence > 0) {
          const settlement = creditSettlement(booking, invoice.number, standingPence - amounts.grossPence);
          refundPence = paid ? amounts.grossPence : carriedBeyondPence(booking, amounts.grossPence);
          draft = {
            note: await draftCreditNote(trx, booking, invoice, amounts, { now, reason: why, settlement }),
            grossPence: amounts.grossPence,
          };
          await trx
            .updateTable("course_booking_facts")
            .set((eb) => ({ credited_pence: eb("credited_pence", "+", amounts.grossPence) }))
            .where("id", "=", bookingId)
            .execute();
        }
      }
      if (expectGrossPence !== undefined && (draft?.grossPence ?? 0) !== expectGrossPence) throw new AmountChanged();
      const cancelled = (await readBooking(trx, bookingId))!;
      const paymentIntentId = refundPence > 0 && booking.payment_method === "card" ? booking.payment_intent_id : null;
      const write = await compose?.(trx, {
        ok: true as const,
        from,
        booking: cancelled,
        ...(draft ? { creditNote: { ...draft.note, grossPence: draft.grossPence } } : {}),
        refundPence,
        paymentIntentId,
      });

      // What others wait on last: the session's places row, then the credit note's number.
      await releasePlaces(trx, booking.session_key, booking.quantity, now);
      const note = draft ? await draft.note.issue(trx) : undefined;
      // What follows writes what was made before them.
      if (note) await addCreditNoteEvent(trx, bookingId, now, note, staffId);
      await addEvent(
        trx,
        bookingId,
        now,
        "cancelled",
        { from, reason: why, override: override ? override.grossPence : null, refundPence },
        staffId,
      );
      // An unconfirmed booking or a card hold was never announced (booking.created
      // waits for the booker's confirmation or the payment), so its end is not either.
      if (from !== "unconfirmed" && from !== "held") {
        await bookingCancelledEvent(
          trx,
          cancelled,
          { creditNoteNumber: note?.number ?? null, creditedPence: note?.total_pence ?? 0, refundPence },
          now,
        );
      }
      const done = {
        ok: true as const,
        from,
        booking: cancelled,
        ...(note ? { creditNote: note } : {}),
        refundPence,
        paymentIntentId,
      };
      await write?.(trx, done);
      return done;
    })
    .catch((error: unknown) => {
      if (error instanceof OverrideTooLarge) {
        return { ok: false as const, reason: "override-too-large" as const, message: error.message };
      }
      if (error instanceof AmountChanged) {
        return { ok: false as const, reason: "amount-changed" as const, message: cancelMessages["amount-changed"] };
      }
      throw error;
    });
}

/** An override above what is left to credit: the transaction rolls back and the caller gets the message. */
class OverrideTooLarge extends Error {}

/** Not the credit the canceller was shown: the transaction rolls back. */
class AmountChanged extends Error {}

/**
 * The session is cancelled: every live booking on it is cancelled with a
 * full credit of what is left on its invoice. The results, one per booking.
 */
export async function cancelSession(
  db: Db,
  sessionKey: string,
  { now, staffId, reason }: { now: Date; staffId: string; reason: string },
  compose?: ComposeCancellation,
): Promise<SessionCancellation[]> {
  // Closed first: no booking takes its places while its bookings are cancelled, nor after.
  await closeSession(db, sessionKey, now);
  const live = await db
    .selectFrom("course_bookings")
    .select("id")
    .where("session_key", "=", sessionKey)
    .where("status", "in", liveStatuses)
    .orderBy("created_at")
    .execute();
  const results: SessionCancellation[] = [];
  for (const { id } of live) {
    // Each booking in its own transaction, apart: one that fails (rolled back, still live) stops
    // none of the others, whose refunds are owed; cancelling the session again finishes it.
    try {
      results.push({
        bookingId: id,
        result: await cancelWith(
          db,
          id,
          { now, staffId, reason: `Session cancelled: ${reason}` },
          () => ({ basisPoints: 10_000 }),
          compose,
        ),
      });
    } catch (error) {
      results.push({ bookingId: id, error });
    }
  }
  return results;
}

/** What cancelling a session did to one of its bookings: its cancellation, or the error that left it as it was. */
export type SessionCancellation = { bookingId: string; result: CancelResult } | { bookingId: string; error: unknown };
