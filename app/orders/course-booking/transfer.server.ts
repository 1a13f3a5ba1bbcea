/**
 * A booking moved to another date of the same course (issue 41, ADR 081),
 * by the booker from their page or by the team: one transaction, the
 * booking's order locked, the rules of ./transfer-rules.ts checked on the
 * booking as it is then. The booking keeps its reference and places; it
 * now names the new date. The places move (the new date's taken, all or
 * none; the old date's given back). A cheaper date's difference is
 * credited by a credit note against the invoice (never an edited invoice),
 * refunded by the caller when the booking was paid; a dearer date replaces
 * the invoice: a credit note for what it still charges and a new invoice at
 * the new date's price (ADR 084), what was paid carried to it and the
 * booking awaiting the rest (ADR 087). The
 * timeline, the booking.changed webhook and what the caller says (its
 * e-mails, composed before the places and the numbers are taken: ADR 072)
 * are written with it.
 */
import type { Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { formatPenceGbp } from "~/format/money.ts";
import { lockOrder, moveOrder, updateOrder } from "../store.server.ts";
import {
  addCreditNoteEvent,
  addEvent,
  readBooking,
  repriceBooking,
  type CourseBooking,
  type CourseInvoice,
  type InvoiceDraft,
} from "./booking-store.server.ts";
import { creditNote } from "./credit-note.ts";
import {
  creditSettlement,
  draftCreditNote,
  draftInvoice,
  invoiceWithCredits,
  type DocumentDraft,
} from "./documents.server.ts";
import { placesLeft, releasePlaces, takePlaces } from "./places.server.ts";
import { sessionLabel, type BookableSession } from "./session.ts";
import { sessionCopy } from "./session-copies.server.ts";
import { checkTransfer, transferOpen, transferRefusalText, type TransferRefusal } from "./transfer-rules.ts";
import { bookable, otherDates, sessionByKey } from "./bookable.server.ts";
import { bookingChangedEvent } from "./webhook-events.server.ts";
import { joiningDueAgain } from "./joining.server.ts";
import { rescheduledMoveEvent, transferredEvent } from "./timeline-kinds.ts";

export { transferredEvent };

export type Transferred = {
  ok: true;
  /** The booking as it was, on the date it left. */
  from: CourseBooking;
  /** The booking as it is now, on its new date. */
  booking: CourseBooking;
  creditNote?: CourseInvoice;
  /** A dearer date's invoice, replacing the booking's (the credit note credits that one in full). */
  invoice?: CourseInvoice;
  /** What the caller must pay back: the credit on a paid booking (0 otherwise). */
  refundPence: number;
  /** The card payment to refund `refundPence` from; null for a transfer (the team refunds it). */
  paymentIntentId: string | null;
};

export type TransferResult =
  | Transferred
  | { ok: false; reason: TransferRefusal; paidPence?: number }
  | { ok: false; reason: "not-found" | "full" | "amount-changed"; left?: number };

/** A move as it will be, before the documents' numbers are taken (each `number` a stand-in). */
export type TransferDraft = Omit<Transferred, "creditNote" | "invoice"> & {
  creditNote?: InvoiceDraft & { grossPence: number };
  /**
   * With what it costs more than the invoice it replaces charged (the move's `extraPence`), and what
   * was paid and is carried to it (`carryPence`: a paid booking's payment, ADR 087).
   */
  invoice?: InvoiceDraft & { grossPence: number; extraPence: number; carryPence: number };
};

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
 * or the booker (null). `expectDifferencePence`: what the booker was shown
 * the move costs more (above 0) or credits (below 0); any other amount now
 * refuses the move ("amount-changed").
 */
export async function transferBooking(
  db: Db,
  bookingId: string,
  {
    target,
    now,
    staffId,
    expectDifferencePence,
  }: { target: BookableSession; now: Date; staffId: string | null; expectDifferencePence?: number },
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
      if (expectDifferencePence !== undefined && check.extraPence - check.creditPence !== expectDifferencePence) {
        return { ok: false, reason: "amount-changed" };
      }
      const reinvoice = check.extraPence > 0;
      const at = now.toISOString();
      const copy = sessionCopy(target);
      const label = copy.session_label;
      await trx
        .updateTable("course_booking_facts")
        .set({
          session_key: target.key,
          ...copy,
          // A replaced invoice's credits are its own: the new one has none yet; what was paid is carried to it.
          credited_pence: reinvoice ? 0 : before.credited_pence + check.creditPence,
          ...(reinvoice ? { price_basis: check.newBasis, carried_pence: check.carryPence } : {}),
          // A new date taken: the choice a rescheduled booking was owed is made (./terms.ts).
          rescheduled_at: null,
        })
        .where("id", "=", bookingId)
        .execute();
      const paid = before.status === "paid";
      // A paid booking's new invoice is not paid yet: the booking awaits the difference (ADR 087).
      if (paid && reinvoice)
        await moveOrder(trx, bookingId, "paid", { status: "invoiced", paid_at: null, updated_at: at });
      else await updateOrder(trx, bookingId, { updated_at: at });
      await joiningDueAgain(trx, bookingId);

      const replaced = reinvoice
        ? await replaceInvoice(
            trx,
            { ...(await readBooking(trx, bookingId))!, ...newLineOf(check.newLine) },
            label,
            now,
            check.carryPence,
          )
        : undefined;
      const draft =
        replaced?.credit ??
        (check.creditPence > 0 ? await creditDraft(trx, before, check.creditPence, label, now) : undefined);
      const moved = (await readBooking(trx, bookingId))!;
      // A credit on a paid booking is paid back; a replaced invoice's is carried to the new one instead.
      const refundPence = paid && draft && !reinvoice ? draft.grossPence : 0;
      const paymentIntentId = paid && before.payment_method === "card" ? before.payment_intent_id : null;
      const write = await compose?.(trx, {
        ok: true,
        from: before,
        booking: moved,
        ...(draft ? { creditNote: { ...draft.note, grossPence: draft.grossPence } } : {}),
        ...(replaced
          ? {
              invoice: {
                ...replaced.invoice,
                grossPence: replaced.grossPence,
                extraPence: check.extraPence,
                carryPence: check.carryPence,
              },
            }
          : {}),
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
      // The numbers last, invoice then credit note (the order every act that takes both keeps).
      const invoice = replaced ? await replaced.invoice.issue(trx) : undefined;
      const note = draft ? await draft.note.issue(trx) : undefined;

      if (invoice) {
        await addEvent(
          trx,
          bookingId,
          now,
          "invoice-issued",
          { number: invoice.number, dueDate: invoice.due_date, replaces: replaced!.replaces },
          staffId,
        );
      }
      if (note) await addCreditNoteEvent(trx, bookingId, now, note, staffId);
      await addEvent(
        trx,
        bookingId,
        now,
        // The booker's new date after the team moved the course is theirs to take, not one of the terms' free transfers.
        before.rescheduled_at === null ? transferredEvent : rescheduledMoveEvent,
        {
          from: before.session_label,
          to: label,
          creditPence: check.creditPence,
          ...(reinvoice ? { extraPence: check.extraPence } : {}),
          ...(check.carryPence > 0 ? { carriedPence: check.carryPence } : {}),
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
          ...(invoice
            ? { newInvoice: { number: invoice.number, extraPence: check.extraPence, carriedPence: check.carryPence } }
            : {}),
        },
        now,
      );
      const done: Transferred = {
        ok: true,
        from: before,
        booking: moved,
        ...(note ? { creditNote: note } : {}),
        ...(invoice ? { invoice } : {}),
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
  const { invoice, already, invoiced, standingPence } = (await invoiceWithCredits(trx, booking.id))!;
  const amounts = creditNote(invoiced, { grossPence }, already);
  const settlement = creditSettlement(booking, invoice.number, standingPence - amounts.grossPence);
  const reason = `Moved to ${newLabel}: the difference in price`;
  return {
    note: await draftCreditNote(trx, booking, invoice, amounts, { now, reason, settlement }),
    grossPence: amounts.grossPence,
  };
}

/** The booking's facts as a move to a dearer date prices them: the new date's unit price and discount. */
const newLineOf = (line: { unitPricePence: number; discountPence: number }) => ({
  unit_price_pence: line.unitPricePence,
  discount_pence: line.discountPence,
});

/**
 * A dearer date's documents, ready to issue (ADR 084): the booking's line
 * and total repriced (`booking` as it now is, on its new date at its new
 * price), a new invoice for it, and a credit note crediting what the
 * invoice it replaces still charges, saying so. An invoice is never edited.
 */
async function replaceInvoice(
  trx: Transaction<Database>,
  booking: CourseBooking,
  newLabel: string,
  now: Date,
  carryPence: number,
) {
  const { invoice: old, already, invoiced, standingPence } = (await invoiceWithCredits(trx, booking.id))!;
  const quoted = await repriceBooking(trx, booking);
  const invoice = await draftInvoice(trx, booking, quoted, { now, paid: false });
  const amounts = creditNote(invoiced, { grossPence: standingPence }, already);
  const note = await draftCreditNote(trx, booking, old, amounts, {
    now,
    reason: `Moved to ${newLabel}: replaced by a new invoice at that date's price`,
    settlement: `Invoice ${old.number} is cancelled in full: nothing is due on it. ${
      carryPence > 0
        ? `The ${formatPenceGbp(carryPence)} paid towards this booking is carried to the new invoice, which replaces it.`
        : "The new invoice replaces it."
    }`,
  });
  return {
    invoice,
    grossPence: quoted.grossPence,
    replaces: old.number,
    credit: { note, grossPence: amounts.grossPence },
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
          ? {
              ok: true as const,
              creditPence: check.creditPence,
              extraPence: check.extraPence,
              carryPence: check.carryPence,
            }
          : { ok: false as const, why: transferRefusalText(check, booking) }),
      };
    }),
  };
}
