/**
 * A course booking's terms (issue 29): cancellation, substitution, transfer
 * and names to follow. The numbers are the business's (bookingTerms in
 * content/business.ts); the rules and the sentences the booker reads and
 * accepts are both built from them here, so the page and the rule cannot
 * disagree. Pure.
 *
 * Days are London calendar days between the day of the act and the session's
 * first day (./days.ts): cancelling on 1 March for a course starting on
 * 30 March is 29 days before, whatever the hour or the clocks.
 */
import { bookingTerms } from "~/content/business.ts";
import { creditAmounts, type CreditAmounts } from "./credit-note.ts";
import { daysBefore } from "./days.ts";
import { basisPoints, mulDivHalfUp, pence, WHOLE_BP } from "./pence.ts";

export type CancellationTier = {
  /** The tier applies from this many days before the start; null: to any later cancellation. */
  fromDaysBefore: number | null;
  /** The share of the fee credited, in basis points. */
  creditBasisPoints: number;
};

export type BookingTerms = {
  /** From the earliest tier to the latest; the last has `fromDaysBefore: null`. */
  cancellation: readonly CancellationTier[];
  substitution: { free: boolean };
  transfer: { freeTransfers: number; latestDaysBefore: number };
  namesToFollow: { namesDueDaysBefore: number };
};

/**
 * The terms if they make sense, else a RangeError saying what is wrong:
 * tiers from the earliest, each starting later than the one before, the last
 * open-ended, and no later tier crediting more than an earlier one.
 */
export function checkTerms<T extends BookingTerms>(terms: T): T {
  const tiers = terms.cancellation;
  if (tiers.length === 0 || tiers.at(-1)!.fromDaysBefore !== null) {
    throw new RangeError("The last cancellation tier applies to any later cancellation (fromDaysBefore: null)");
  }
  tiers.forEach((tier, i) => {
    basisPoints(tier.creditBasisPoints, "A tier's credit");
    const before = tiers[i - 1];
    if (i < tiers.length - 1 && (!Number.isSafeInteger(tier.fromDaysBefore) || tier.fromDaysBefore! < 1)) {
      throw new RangeError("A cancellation tier starts a whole number of days (1 or more) before the start");
    }
    if (before && tier.fromDaysBefore !== null && tier.fromDaysBefore >= before.fromDaysBefore!) {
      throw new RangeError("Cancellation tiers run from the earliest to the latest");
    }
    if (before && tier.creditBasisPoints > before.creditBasisPoints) {
      throw new RangeError("A later cancellation never gets more credit than an earlier one");
    }
  });
  return terms;
}

/** The site's terms (content/business.ts), checked. */
export const courseBookingTerms: BookingTerms = checkTerms(bookingTerms);

/**
 * The terms a booking was accepted with: the rules stored with it (migration
 * 035), or these terms for one written without them (by the release before,
 * during a rolling restart). A booking's later changes are worked out from
 * them, never from terms changed since.
 */
export function termsOfBooking(booking: { terms_rules: string | null }): BookingTerms {
  return booking.terms_rules ? checkTerms(JSON.parse(booking.terms_rules) as BookingTerms) : courseBookingTerms;
}

/** The tier a cancellation `days` days before the start falls in. */
export function tierFor(days: number, terms: BookingTerms = courseBookingTerms): CancellationTier {
  return terms.cancellation.find((tier) => tier.fromDaysBefore === null || days >= tier.fromDaysBefore)!;
}

export type CancellationCredit = CreditAmounts & {
  tier: CancellationTier;
  /** London calendar days from the cancellation to the session's first day. */
  daysBefore: number;
};

/**
 * What the terms credit when a booking is cancelled at `cancelledAt`: the
 * tier's share of what was paid or invoiced, split into net and VAT in the
 * invoice's proportion (./credit-note.ts). `paidOrInvoicedGrossPence` must
 * equal `netPence + vatPence`.
 */
export function cancellationRefund(
  input: {
    paidOrInvoicedGrossPence: number;
    netPence: number;
    vatPence: number;
    /** What earlier credit notes took off the invoice (a move to a cheaper date): the tier's share is of what is left. */
    creditedGrossPence?: number;
    sessionStart: Date;
    cancelledAt: Date;
  },
  terms: BookingTerms = courseBookingTerms,
): CancellationCredit {
  const { paidOrInvoicedGrossPence, netPence, vatPence, creditedGrossPence = 0, sessionStart, cancelledAt } = input;
  if (pence(paidOrInvoicedGrossPence, "The amount paid or invoiced") !== netPence + vatPence) {
    throw new RangeError("The amount paid or invoiced must equal its net plus its VAT");
  }
  const charged = paidOrInvoicedGrossPence - pence(creditedGrossPence, "The amount already credited");
  if (charged < 0) throw new RangeError("More was credited than was paid or invoiced");
  const days = daysBefore(sessionStart, cancelledAt);
  const tier = tierFor(days, terms);
  const share = mulDivHalfUp(charged, tier.creditBasisPoints, WHOLE_BP);
  const credit = creditAmounts({ netPence, vatPence }, { grossPence: share });
  return { ...credit, tier, daysBefore: days };
}

/**
 * The tier of a booking whose course the team moved to other days (Site
 * content) since it was made: /terms promises "If we have to cancel or
 * postpone a course … you can choose a new date or a full refund", so until
 * the booker takes a new date a cancellation credits the full fee, whenever
 * it is made before the start (docs/decisions/100-rescheduled-bookings.md).
 */
export const rescheduledTier: CancellationTier = { fromDaysBefore: null, creditBasisPoints: WHOLE_BP };

/** The booking's columns its cancellation's credit is worked out from. */
export type CreditedBooking = {
  total_pence: number;
  net_pence: number;
  vat_pence: number;
  /** What earlier credit notes took off the invoice. */
  credited_pence: number;
  session_starts_at: string;
  terms_rules: string | null;
  /** When the team moved the booking's course to other days; null: never, or the booker has since taken a new date. */
  rescheduled_at: string | null;
};

/**
 * What cancelling `booking` at `cancelledAt` credits, whoever cancels it
 * (its booker from their page, the team by the terms): the tier of the terms
 * accepted with it, or the full fee while it is rescheduled and the course
 * has not started.
 */
export function bookingCancellationCredit(
  booking: CreditedBooking,
  cancelledAt: Date,
): CancellationCredit & { rescheduled: boolean } {
  const accepted = termsOfBooking(booking);
  const sessionStart = new Date(booking.session_starts_at);
  // The choice is the booker's until the course starts: afterwards (the team cancelling, say) the terms' tiers.
  const rescheduled = booking.rescheduled_at !== null && cancelledAt.getTime() < sessionStart.getTime();
  const credit = cancellationRefund(
    {
      paidOrInvoicedGrossPence: booking.total_pence,
      netPence: booking.net_pence,
      vatPence: booking.vat_pence,
      creditedGrossPence: booking.credited_pence,
      sessionStart,
      cancelledAt,
    },
    rescheduled ? { ...accepted, cancellation: [rescheduledTier] } : accepted,
  );
  return { ...credit, rescheduled };
}

/** A substitute delegate may take the place, free, until the session starts. */
export function substitutionAllowed(sessionStart: Date, now: Date, terms: BookingTerms = courseBookingTerms): boolean {
  return terms.substitution.free && now.getTime() < sessionStart.getTime();
}

/** A transfer to another date is free while fewer than the free transfers were made, up to `latestDaysBefore` days before the start. */
export function transferAllowed(
  { sessionStart, now, transfersMade }: { sessionStart: Date; now: Date; transfersMade: number },
  terms: BookingTerms = courseBookingTerms,
): boolean {
  return (
    transfersMade < terms.transfer.freeTransfers && daysBefore(sessionStart, now) >= terms.transfer.latestDaysBefore
  );
}

/** Places may be booked with "names to follow" while more days are left than `namesDueDaysBefore`: from that day on, names only. */
export function namesToFollowAllowed(sessionStart: Date, now: Date, terms: BookingTerms = courseBookingTerms): boolean {
  return daysBefore(sessionStart, now) > terms.namesToFollow.namesDueDaysBefore;
}

// ---------------------------------------------------------------------------
// The sentences (built from the same numbers)
// ---------------------------------------------------------------------------

const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

/** 10,000 bp: "a full credit of the fee"; 5,000: "50% of the fee credited"; 0: "no credit". */
function creditText(bp: number): string {
  if (bp === WHOLE_BP) return "the full fee is credited";
  if (bp === 0) return "no credit";
  return `${bp / 100}% of the fee is credited`;
}

/** One sentence per cancellation tier, in the tiers' order. */
export function cancellationTexts(terms: BookingTerms = courseBookingTerms): string[] {
  return terms.cancellation.map((tier, i) => {
    const earlier = terms.cancellation[i - 1];
    const upTo = earlier ? earlier.fromDaysBefore! - 1 : null;
    const when =
      tier.fromDaysBefore === null
        ? `${days(upTo!)} or fewer before the start`
        : upTo === null
          ? `${days(tier.fromDaysBefore)} or more before the start`
          : `${tier.fromDaysBefore} to ${days(upTo)} before the start`;
    const free =
      tier.creditBasisPoints === 0 && terms.substitution.free ? " (a substitute may still take the place, free)" : "";
    return `Cancelled ${when}: ${creditText(tier.creditBasisPoints)}${free}.`;
  });
}

/** The terms as the booking page shows them and the booking keeps them. */
export function termsText(terms: BookingTerms = courseBookingTerms): string[] {
  const { freeTransfers, latestDaysBefore } = terms.transfer;
  const times = freeTransfers === 1 ? "once" : `${freeTransfers} times`;
  return [
    ...cancellationTexts(terms),
    "Days are counted in calendar days (London time) to the course's first day.",
    ...(terms.substitution.free
      ? ["Substitution: another person may take a place free of charge at any time before the start."]
      : []),
    `Transfer to another date: free ${times}, up to ${days(latestDaysBefore)} before the start.`,
    `Names to follow: places may be booked without delegates' names until their names are due, ${days(terms.namesToFollow.namesDueDaysBefore)} before the start.`,
    "Booking by invoice: nothing is booked until you confirm the booking from the e-mail we send to your address. The places are held for you until the time that e-mail gives; not confirmed by then, they are released and nothing is owed. The invoice is issued, and each named delegate told, when you confirm.",
  ];
}
