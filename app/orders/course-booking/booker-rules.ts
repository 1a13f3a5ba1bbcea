/**
 * What the booker may do from their booking page (issue 41). Pure.
 * - Name a place, or send someone else in a delegate's place: while the
 *   booking is invoiced or paid and the course has not started.
 * - Cancel: what it gives, said in pounds before they confirm: the terms'
 *   credit today (the terms accepted with the booking: ./terms.ts, London
 *   days before the start; the full fee once the team moved the course to
 *   other days), and where it goes. Only a live booking (held for
 *   payment, invoiced or paid) and only before the course starts; afterwards
 *   the booker asks the team.
 */
import type { CourseBookingStatus } from "~/data/schema.ts";
import { bookingCancellationCredit, type CreditedBooking } from "./terms.ts";
import { carriedBeyondPence } from "./payment-reminders.ts";

/**
 * The statuses in which the booker may change a booking's places: not a card
 * booking still unpaid, whose link came with the form, not from the booker's
 * inbox (nobody has shown they are the booker, and naming a place writes to
 * the people named).
 */
export const placesChangeableStatuses: readonly CourseBookingStatus[] = ["invoiced", "paid"];

/** Whether the booker may name a place or send someone else now (the page offers it; the team's own rules still apply). */
export function bookerMayChangePlaces(
  booking: Pick<Cancellable, "status" | "erased_at" | "session_starts_at">,
  now: Date,
): boolean {
  return (
    placesChangeableStatuses.includes(booking.status) &&
    booking.erased_at === null &&
    now.getTime() < Date.parse(booking.session_starts_at)
  );
}

type Cancellable = CreditedBooking & {
  status: CourseBookingStatus;
  payment_method: "card" | "invoice";
  erased_at: string | null;
  /** What was paid on invoices a dearer date replaced (ADR 087). */
  carried_pence: number;
};

export type CancellationOffer = {
  /** The credit, in pence with VAT: the credit note's total. */
  creditPence: number;
  /** London calendar days to the first day. */
  daysBefore: number;
  /** The share the terms credit, in basis points (10000: all of it). */
  basisPoints: number;
  /** Whether the team moved the course to other days since the booking was made: the full fee is credited (./terms.ts). */
  rescheduled: boolean;
  /** What becomes of the credit. */
  settlement: "nothing-charged" | "refund-to-card" | "refund-by-transfer" | "off-the-invoice";
  /**
   * Taken off an invoice that what was paid and carried to it (ADR 087) now more than covers: what of
   * that payment is paid back, and how; else absent.
   */
  paidBack?: { pence: number; to: "card" | "transfer" };
};

export function bookerCancellationOffer(booking: Cancellable, now: Date): CancellationOffer | null {
  const live = booking.status === "held" || booking.status === "invoiced" || booking.status === "paid";
  const start = new Date(booking.session_starts_at);
  if (!live || booking.erased_at !== null || now.getTime() >= start.getTime()) return null;
  const credit = bookingCancellationCredit(booking, now);
  const terms = {
    daysBefore: credit.daysBefore,
    basisPoints: credit.tier.creditBasisPoints,
    rescheduled: credit.rescheduled,
  };
  // A card booking not yet paid has no invoice: nothing to credit.
  if (booking.status === "held") return { creditPence: 0, ...terms, settlement: "nothing-charged" };
  const paidBack = booking.status === "invoiced" ? carriedBeyondPence(booking, credit.grossPence) : 0;
  return {
    creditPence: credit.grossPence,
    ...terms,
    settlement:
      booking.status === "invoiced"
        ? "off-the-invoice"
        : booking.payment_method === "card"
          ? "refund-to-card"
          : "refund-by-transfer",
    ...(paidBack > 0
      ? {
          paidBack: {
            pence: paidBack,
            to: booking.payment_method === "card" ? ("card" as const) : ("transfer" as const),
          },
        }
      : {}),
  };
}
