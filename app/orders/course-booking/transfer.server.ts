/**
 * A booking moved to another date of the same course (issue 41, ADR 081),
 * by the booker from their page or by the team: one transaction, the
 * booking's order locked, the rules of ./transfer-rules.ts checked on the
 * booking as it is then. The booking keeps its reference, places and
 * invoice; it now names the new date. The places move (the new date's
 * taken, all or none; the old date's given back), and a cheaper date's
 * difference is credited by a credit note against the invoice (never an
 * edited invoice), refunded by the caller when the booking was paid. The
 * timeline, the booking.changed webhook and what the caller says (its
 * e-mails, composed before the places and the number are taken: ADR 072)
 * are written with it.
 */
import type { Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { formatPenceGbp } from "~/format/money.ts";
import { lockOrder, updateOrder } from "../store.server.ts";
import {
  addCreditNoteEvent,
  addEvent,
  readBooking,
  type CourseBooking,
  type CourseInvoice,
  type InvoiceDraft,
} from "./booking-store.server.ts";
import { creditNote } from "./credit-note.ts";
import { draftCreditNote, invoiceWithCredits, type DocumentDraft } from "./documents.server.ts";
import { placesLeft, releasePlaces, takePlaces } from "./places.server.ts";
import { sessionLabel, type BookableSession } from "./session.ts";
import { checkTransfer, transferOpen, transferRefusalText, type TransferRefusal } from "./transfer-rules.ts";
import { bookable, otherDates, sessionByKey } from "./bookable.server.ts";
import { bookingChangedEvent } from "./webhook-events.server.ts";

/** The timeline's kind of a move; how many a booking has had is what the terms count. */
export const transferredEvent = "transferred";

export type Transferred = {
  ok: true;
  /** The booking as it was, on the date it left. */
  from: CourseBooking;
  /** The booking as it is now, on its new date. */
  booking: CourseBooking;
  creditNote?: CourseInvoice;
  /** What the caller must pay back: the credit on a paid booking (0 otherwise). */
  refundPence: number;
  /** The card payment to refund `refundPence` from; null for a transfer (the team refunds it). */
  paymentIntentId: string | null;
};

export type TransferResult =
  | Transferred
  | { ok: false; reason: TransferRefusal; extraPence?: number }
  | { ok: false; reason: "not-found" | "full" | "amount-changed"; left?: number };

/** A move as it will be, before the credit note's number is taken (its `number` a stand-in). */
export type TransferDraft = Omit<Transferred, "creditNote"> & { creditNote?: InvoiceDraft & { grossPence: number } };

/** What the caller writes with a move, in two steps as a cancellation's (./team-acts.server.ts's ComposeCancellation). */
export type ComposeTransfer = (
  trx: Transaction<Database>,
  about: TransferDraft,
) => Promise<(trx: Transaction<Database>, done: Transferred) => Promise<void>>;

/** How many times the booking has moved (the terms' free transfers are counted from this). */
export async function transfersMade(db: Db | Transaction<Database>, bookingId: string): Promise<number> {
  const row = await db
    .selectFrom("course_booking_events")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("booking_id", "=", bookingId)
    .where("kind", "=", transferredEvent)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of the booking's places have no name yet. */
export async function unnamedPlaces(db: Db | Transaction<Database>, bookingId: string): Promise<number> {
  const row = await db
    .selectFrom("course_booking_delegates")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("booking_id", "=", bookingId)
    .where("name", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Taking the new date's places failed: the transaction rolls back and the caller hears how many are left. */
class Full extends Error {
  readonly left: number;
  constructor(left: number) {
    super("full");
    this.left = left;
  }
}

/**
 * Moves booking `bookingId` to `target` at `now`, by the team (`staffId`)
 * or the booker (null). `expectCreditPence`: the credit the booker was
 * shown; any other amount now refuses the move ("amount-changed").
 */
export async function transferBooking(
  db: Db,
  bookingId: string,
  {
    target,
    now,
    staffId,
    expectCreditPence,
  }: { target: BookableSession; now: Date; staffId: string | null; expectCreditPence?: number },
  compose?: ComposeTransfer,
): Promise<TransferResult> {
  return db
    .transaction()
    .execute(async (trx): Promise<TransferResult> => {
      await lockOrder(trx, bookingId);
      const before = await readBooking(trx, bookingId);
      if (!before) return { ok: false, reason: "not-found" };
      const check = checkTransfer({
        booking: before,
        target,
        now,
        transfersMade: await transfersMade(trx, bookingId),
        unnamedPlaces: await unnamedPlaces(trx, bookingId),
        // The booker is held to the terms' window; the team may move a booking outside it.
        withinTerms: staffId === null,
      });
      if (!check.ok) return check;
      if (expectCreditPence !== undefined && check.creditPence !== expectCreditPence) {
        return { ok: false, reason: "amount-changed" };
      }
      const at = now.toISOString();
      const label = sessionLabel(target);
      await trx
        .updateTable("course_booking_facts")
        .set({
          session_key: target.key,
          session_label: label,
          session_starts_at: target.startsAt.toISOString(),
          session_ends_at: target.endsAt.toISOString(),
          session_first_day: target.firstDay,
          session_last_day: target.lastDay,
          session_format: target.format,
          session_venue: target.venue ? JSON.stringify(target.venue) : null,
          credited_pence: before.credited_pence + check.creditPence,
        })
        .where("id", "=", bookingId)
        .execute();
      await updateOrder(trx, bookingId, { updated_at: at });
      // The joining instructions sent for the old date are due again for the new one (a new link; the answers stay).
      await trx
        .updateTable("course_joining")
        .set({ instructions_sent_at: null, reminder_sent_at: null })
        .where("booking_id", "=", bookingId)
        .execute();

      const paid = before.status === "paid";
      const draft = check.creditPence > 0 ? await creditDraft(trx, before, check.creditPence, label, now) : undefined;
      const moved = (await readBooking(trx, bookingId))!;
      const refundPence = paid && draft ? draft.grossPence : 0;
      const paymentIntentId = paid && before.payment_method === "card" ? before.payment_intent_id : null;
      const write = await compose?.(trx, {
        ok: true,
        from: before,
        booking: moved,
        ...(draft ? { creditNote: { ...draft.note, grossPence: draft.grossPence } } : {}),
        refundPence,
        paymentIntentId,
      });

      // What others wait on last: the two dates' places rows (in the order of their keys, so two
      // moves the other way round never wait on each other), then the credit note's number.
      const places = [
        { key: before.session_key, act: () => releasePlaces(trx, before.session_key, before.quantity, now) },
        {
          key: target.key,
          act: async () => {
            const taken = await takePlaces(trx, target.key, before.quantity, now);
            if (!taken.ok) throw new Full(taken.left);
          },
        },
      ].sort((a, b) => a.key.localeCompare(b.key));
      for (const step of places) await step.act();
      const note = draft ? await draft.note.issue(trx) : undefined;

      if (note) await addCreditNoteEvent(trx, bookingId, now, note, staffId);
      await addEvent(
        trx,
        bookingId,
        now,
        transferredEvent,
        {
          from: before.session_label,
          to: label,
          creditPence: check.creditPence,
          ...(staffId === null ? { by: "booker" } : {}),
        },
        staffId,
      );
      await bookingChangedEvent(
        trx,
        moved,
        {
          change: "transferred",
          by: staffId === null ? "booker" : "team",
          fromSession: { key: before.session_key, label: before.session_label },
          creditedPence: check.creditPence,
        },
        now,
      );
      const done: Transferred = {
        ok: true,
        from: before,
        booking: moved,
        ...(note ? { creditNote: note } : {}),
        refundPence,
        paymentIntentId,
      };
      await write?.(trx, done);
      return done;
    })
    .catch((error: unknown) => {
      if (error instanceof Full) return { ok: false as const, reason: "full" as const, left: error.left };
      throw error;
    });
}

/** The credit note for a cheaper date's difference, against the booking's invoice, ready to issue. */
async function creditDraft(
  trx: Transaction<Database>,
  booking: CourseBooking,
  grossPence: number,
  newLabel: string,
  now: Date,
): Promise<{ note: DocumentDraft; grossPence: number }> {
  const { invoice, already, invoiced } = (await invoiceWithCredits(trx, booking.id))!;
  const amounts = creditNote(invoiced, { grossPence }, already);
  const leftDue = invoice.total_pence - already.netPence - already.vatPence - amounts.grossPence;
  const settlement =
    booking.status === "paid"
      ? booking.payment_method === "card"
        ? "Refunded to the card the booking was paid with."
        : "Refunded by bank transfer."
      : `Deducted from invoice ${invoice.number}: ${formatPenceGbp(leftDue)} of it remains due.`;
  const reason = `Moved to ${newLabel}: the difference in price`;
  return {
    note: await draftCreditNote(trx, booking, invoice, amounts, { now, reason, settlement }),
    grossPence: amounts.grossPence,
  };
}

/**
 * The other dates of the booking's course a move may go to now, for the
 * booker's page (`withinTerms`) or the team's: each with what moving there
 * credits, or why it cannot, and whether it has the places. Null when the
 * booking cannot move at all (not confirmed, started); for the booker, a
 * sentence instead when the terms no longer allow a move.
 */
export async function transferChoices(
  db: Db,
  booking: CourseBooking,
  now: Date,
  { withinTerms }: { withinTerms: boolean },
) {
  const confirmed = booking.status === "invoiced" || booking.status === "paid";
  if (!confirmed || booking.erased_at !== null || now.getTime() >= Date.parse(booking.session_starts_at)) return null;
  const made = await transfersMade(db, booking.id);
  if (withinTerms && !transferOpen(booking, now, made)) {
    return { open: false as const, closed: transferRefusalText({ ok: false, reason: "outside-terms" }, booking) };
  }
  const unnamed = await unnamedPlaces(db, booking.id);
  const dates = otherDates(booking.course_id, booking.session_key, now).map((s) => bookable(sessionByKey(s.id)!));
  const left = await placesLeft(
    db,
    dates.map((d) => d.key),
  );
  return {
    open: true as const,
    dates: dates.map((target) => {
      const check = checkTransfer({ booking, target, now, transfersMade: made, unnamedPlaces: unnamed, withinTerms });
      return {
        id: target.key,
        label: sessionLabel(target),
        full: (left.get(target.key) ?? 0) < booking.quantity,
        ...(check.ok
          ? { ok: true as const, creditPence: check.creditPence }
          : { ok: false as const, why: transferRefusalText(check, booking) }),
      };
    }),
  };
}
