/**
 * Moving a booking to another date of the same course (issue 41, ADR 081):
 * whether the terms accepted with the booking allow it today, and what it
 * costs or credits. Pure; the move itself is ./transfer.server.ts.
 *
 * - Only a confirmed booking (invoiced or paid), not erased, before its
 *   course starts, to another date of the same course that is neither
 *   cancelled nor started (whether it has the places is settled when the
 *   places are taken, in the move's transaction).
 * - The terms (./terms.ts): free `freeTransfers` times, up to
 *   `latestDaysBefore` London days before the start of the date booked.
 *   They give no paid transfer, so outside them the booker asks the team,
 *   who may move a booking outside that window (`withinTerms: false`).
 *   Once the team moved the course to other days (`rescheduled_at`), the
 *   booker may move it until it starts, at no more than it still charges (a
 *   cheaper date credits the difference): their choice of a new date
 *   (/terms), not counted against the free transfers (ADR 100).
 * - The other date is priced as a booking made today would be (its own
 *   price, early-bird while it lasts, the group discount), at the VAT rate
 *   the booking was invoiced at. Cheaper than what is still charged: the
 *   difference is credited (a credit note; refunded if paid). Dearer: the
 *   invoice is replaced (a credit note for what it still charges, and a new
 *   invoice for the new date: ADR 084); once paid, what was paid is carried
 *   to the new invoice and the difference is left to pay (ADR 087).
 * - While a card payment of the invoice, started from the booker's page, is
 *   open, the amount cannot change (the payment is for the old amount): only
 *   a move at the same price.
 * - What was paid and carried is never more than the new date charges: a
 *   date cheaper than that would need a refund of part of a payment made on
 *   an invoice since cancelled; the team arranges it.
 * - Places whose names are still to follow cannot move to a date whose
 *   names are already due.
 */
import type { CourseBookingStatus } from "~/data/schema.ts";
import { formatPenceGbp } from "~/format/money.ts";
import { priceBooking, type Place, type PriceBasis, type SessionPrice } from "./price.ts";
import { namesToFollowAllowed, termsOfBooking, transferAllowed } from "./terms.ts";
import { vatOn } from "./vat.ts";

export type TransferableBooking = {
  status: CourseBookingStatus;
  erased_at: string | null;
  course_id: string;
  session_key: string;
  session_starts_at: string;
  quantity: number;
  vat_rate_bp: number;
  total_pence: number;
  credited_pence: number;
  terms_rules: string | null;
  /** When the team moved the course to other days, until the booker takes a new date: a move is free then (./terms.ts). */
  rescheduled_at: string | null;
  /** What was paid on invoices a dearer date replaced, carried to this one (ADR 087). */
  carried_pence: number;
  /** The booking's card payment (./card-payments.server.ts), or null; with its status. */
  payment_intent_id: string | null;
  payment_status: "pending" | "succeeded" | "failed" | null;
};

export type TransferTarget = {
  key: string;
  courseId: string;
  startsAt: Date;
  state: "open" | "confirmed" | "cancelled";
  price: SessionPrice;
};

export type TransferRefusal =
  | "not-live"
  | "started"
  | "same-date"
  | "other-course"
  | "date-unavailable"
  | "outside-terms"
  | "names-due"
  | "paid-more"
  | "payment-started";

export type TransferQuote = {
  ok: true;
  /** The other date's price for the booking's places, with VAT, as a booking made now would pay. */
  newGrossPence: number;
  newBasis: PriceBasis;
  /** The other date's line for the booking's places: its unit price and discount (what a new invoice is for). */
  newLine: { unitPricePence: number; discountPence: number };
  /** What the move credits (the difference in price), in pence with VAT; 0: same price or dearer. */
  creditPence: number;
  /**
   * What the new date costs more, in pence with VAT; 0: same price or
   * cheaper. Above 0, the invoice is replaced: a credit note for what it
   * still charges and a new invoice for `newGrossPence`, what was paid
   * carried to it (`carryPence`).
   */
  extraPence: number;
  /** What the new invoice starts with as paid: what was paid on the one it replaces and before (ADR 087); 0 unless dearer. */
  carryPence: number;
};

export type TransferCheck = TransferQuote | { ok: false; reason: TransferRefusal; paidPence?: number };

/** What the booking still charges: its invoice's total less what credit notes took off. */
export const chargedPence = (booking: Pick<TransferableBooking, "total_pence" | "credited_pence">) =>
  booking.total_pence - booking.credited_pence;

/** What has been paid of it: all of it once paid, else what earlier invoices carried (ADR 087). */
export const paidPence = (
  booking: Pick<TransferableBooking, "status" | "total_pence" | "credited_pence" | "carried_pence">,
) => (booking.status === "paid" ? chargedPence(booking) : booking.carried_pence);

/** Whether a card payment of the invoice is open (started, not settled): its amount is fixed. */
export const cardPaymentOpen = (booking: Pick<TransferableBooking, "payment_intent_id" | "payment_status">) =>
  booking.payment_intent_id !== null && booking.payment_status !== "succeeded";

/** How many times the terms let the booking move free, and until how many days before its start. */
export function transferWindow(booking: Pick<TransferableBooking, "terms_rules">) {
  return termsOfBooking(booking).transfer;
}

/**
 * Whether the booking may be moved at all now (the page offers it): the terms' window, whatever the date
 * chosen; or, while the booking is rescheduled (the team moved its course to other days), any time before
 * the start, whatever moves were made.
 */
export function transferOpen(
  booking: Pick<TransferableBooking, "status" | "erased_at" | "session_starts_at" | "terms_rules" | "rescheduled_at">,
  now: Date,
  transfersMade: number,
): boolean {
  const sessionStart = new Date(booking.session_starts_at);
  return (
    (booking.status === "invoiced" || booking.status === "paid") &&
    booking.erased_at === null &&
    now.getTime() < sessionStart.getTime() &&
    (booking.rescheduled_at !== null || transferAllowed({ sessionStart, now, transfersMade }, termsOfBooking(booking)))
  );
}

/** Whether `booking` may move to `target` now, and what it credits. */
export function checkTransfer({
  booking,
  target,
  now,
  transfersMade,
  unnamedPlaces,
  withinTerms = true,
}: {
  booking: TransferableBooking;
  target: TransferTarget;
  now: Date;
  transfersMade: number;
  unnamedPlaces: number;
  /** False for the team, who may move a booking outside the terms' window. */
  withinTerms?: boolean;
}): TransferCheck {
  if ((booking.status !== "invoiced" && booking.status !== "paid") || booking.erased_at !== null) {
    return { ok: false, reason: "not-live" };
  }
  const start = new Date(booking.session_starts_at);
  if (now.getTime() >= start.getTime()) return { ok: false, reason: "started" };
  if (target.key === booking.session_key) return { ok: false, reason: "same-date" };
  if (target.courseId !== booking.course_id) return { ok: false, reason: "other-course" };
  if (target.state === "cancelled" || now.getTime() >= target.startsAt.getTime()) {
    return { ok: false, reason: "date-unavailable" };
  }
  if (withinTerms && !transferOpen(booking, now, transfersMade)) return { ok: false, reason: "outside-terms" };
  const terms = termsOfBooking(booking);
  if (unnamedPlaces > 0 && !namesToFollowAllowed(target.startsAt, now, terms))
    return { ok: false, reason: "names-due" };
  const places: Place[] = Array.from({ length: booking.quantity }, () => ({ namesToFollow: true }));
  const line = priceBooking({ session: target.price, places, bookedAt: now });
  const charged = chargedPence(booking);
  const priced = line.netPence + vatOn(line.netPence, booking.vat_rate_bp);
  // Rescheduled, the new date is the booker's at no more than they were charged (/terms: "a new date or a full refund").
  const newGrossPence = booking.rescheduled_at !== null ? Math.min(priced, charged) : priced;
  if (newGrossPence !== charged && booking.status === "invoiced" && cardPaymentOpen(booking)) {
    return { ok: false, reason: "payment-started" };
  }
  const paid = paidPence(booking);
  if (booking.status === "invoiced" && newGrossPence < paid) return { ok: false, reason: "paid-more", paidPence: paid };
  const extraPence = Math.max(0, newGrossPence - charged);
  return {
    ok: true,
    newGrossPence,
    newBasis: line.basis,
    newLine: { unitPricePence: line.unitPricePence, discountPence: line.discountPence },
    creditPence: Math.max(0, charged - newGrossPence),
    extraPence,
    carryPence: extraPence > 0 ? paid : 0,
  };
}

/** Why a move is refused, in the booker's words, with what is still possible. */
export function transferRefusalText(
  check: Extract<TransferCheck, { ok: false }>,
  booking: Pick<TransferableBooking, "terms_rules">,
): string {
  const { freeTransfers, latestDaysBefore } = transferWindow(booking);
  const times = freeTransfers === 1 ? "once" : `${freeTransfers} times`;
  switch (check.reason) {
    case "not-live":
      return "This booking is not confirmed or no longer live, so it cannot be moved.";
    case "started":
      return "The course has started: the booking can no longer be moved.";
    case "same-date":
      return "The booking is already on that date.";
    case "other-course":
    case "date-unavailable":
      return "That date cannot be booked: choose another date of this course.";
    case "outside-terms": {
      const allowed =
        freeTransfers === 0
          ? "The terms you accepted include no move to another date"
          : `The terms you accepted allow a move to another date ${times}, free, up to ${latestDaysBefore} days before the start`;
      return `${allowed}: this booking can no longer be moved from this page. Please reply to your confirmation e-mail and we will see what we can do. You may still send someone else in a delegate's place, free.`;
    }
    case "names-due":
      return "Names are already due for that date: please name every delegate first, then move the booking.";
    case "paid-more":
      return `You have paid ${formatPenceGbp(check.paidPence ?? 0)} towards this booking, more than that date costs: we cannot move it from this page. Please reply to your confirmation e-mail and we will arrange it, with a refund of the difference.`;
    case "payment-started":
      return "A card payment of your invoice was started from this page, for its present amount, so the price cannot change now: you may move to a date at the same price. If the payment was not finished, please reply to your confirmation e-mail and we will arrange the move.";
  }
}
