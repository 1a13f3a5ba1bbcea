/**
 * What a course booking costs before VAT (issue 29): the price per place and
 * the group discount, in whole pence. Pure; the server computes every price
 * with it (never the browser), and the quote (./vat.ts) adds VAT.
 *
 * The rules (ADR 052):
 * - A place costs the session's price, or the course's list price when the
 *   session sets none.
 * - Early bird: the session's early-bird price applies while the booking is
 *   made on or before its `until`. A bare date ("2027-03-31") means the end
 *   of that day in London (to 23:59:59.999 GMT or BST as the day has it); a
 *   date-time must carry its offset ("2027-03-31T17:00:00Z",
 *   "…T17:00:00+01:00") and is inclusive. An early-bird price never raises
 *   the price: the lower of the two is charged.
 * - Group discount: a booking of `groupDiscountMinParticipants` places or
 *   more (one booking is one booker's organisation; places with "names to
 *   follow" count) takes `groupDiscountBasisPoints` off the line: the
 *   discount is the line's price (quantity × unit price) × rate, rounded to
 *   the nearest penny, a half penny up, once per line (not per place).
 * - They do not stack: the booking gets whichever of the early-bird price and
 *   the group discount on the regular price leaves the lower net; on a tie
 *   the early-bird price (a line with no discount).
 */
import { pricing } from "~/content/business.ts";
import { londonDate, isLocalDate } from "./days.ts";
import { basisPoints, mulDivHalfUp, pence, WHOLE_BP } from "./pence.ts";

export type EarlyBird = {
  pricePence: number;
  /** "YYYY-MM-DD" (to the end of that London day) or an ISO date-time with its offset (inclusive). */
  until: string;
};

/** What a session says about its price (the course's list price when it says nothing). */
export type SessionPrice = { pricePence?: number; earlyBird?: EarlyBird };

export type PriceSettings = {
  /** The course's list price per place, in pence. */
  listPricePence: number;
  groupDiscountMinParticipants: number;
  groupDiscountBasisPoints: number;
};

/** The business's settings (content/business.ts). */
export const coursePriceSettings: PriceSettings = {
  listPricePence: pricing.coursePriceGbp * 100,
  groupDiscountMinParticipants: pricing.groupDiscountMinParticipants,
  groupDiscountBasisPoints: pricing.groupDiscountBasisPoints,
};

/** A place booked: a named delegate, or one whose name is to follow (a place all the same). */
export type Place = { name: string } | { namesToFollow: true };

/** How a line's price was reached. */
export type PriceBasis = "list" | "session" | "early-bird" | "group";

/** One line of a booking before VAT (the quote adds the description and VAT). */
export type PricedLine = {
  basis: PriceBasis;
  quantity: number;
  unitPricePence: number;
  discountPence: number;
  /** quantity × unitPricePence − discountPence. */
  netPence: number;
  /** The group discount's rate when `basis` is "group", else 0. */
  discountBasisPoints: number;
};

const offsetDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Whether the early-bird price applies to a booking made at `at`. Throws a
 * RangeError for an `until` that is neither a real date nor a date-time with
 * an offset (a date-time without one would name no single instant).
 */
export function earlyBirdApplies(until: string, at: Date): boolean {
  if (isLocalDate(until)) return londonDate(at) <= until;
  const end = offsetDateTime.test(until) && isLocalDate(until.slice(0, 10)) ? Date.parse(until) : Number.NaN;
  if (Number.isNaN(end)) {
    throw new RangeError(
      `An early-bird "until" is a date (YYYY-MM-DD) or a date-time with its offset (got "${until}")`,
    );
  }
  return at.getTime() <= end;
}

/**
 * The price of one place at `at`, before any group discount: the early-bird
 * price while it applies (and is lower), else the session's or the list price.
 */
export function unitPrice(
  session: SessionPrice,
  at: Date,
  listPricePence: number = coursePriceSettings.listPricePence,
): { unitPricePence: number; basis: Exclude<PriceBasis, "group"> } {
  const regular = regularPrice(session, listPricePence);
  const { earlyBird } = session;
  if (earlyBird && earlyBirdApplies(earlyBird.until, at)) {
    const early = pence(earlyBird.pricePence, "The early-bird price");
    if (early < regular.unitPricePence) return { unitPricePence: early, basis: "early-bird" };
  }
  return regular;
}

function regularPrice(session: SessionPrice, listPricePence: number) {
  return session.pricePence === undefined
    ? { unitPricePence: pence(listPricePence, "The list price"), basis: "list" as const }
    : { unitPricePence: pence(session.pricePence, "The session's price"), basis: "session" as const };
}

/** The group discount on a line of `quantity` places at `unitPricePence`: rounded half up, per line. */
export function groupDiscountPence(quantity: number, unitPricePence: number, rateBasisPoints: number): number {
  return mulDivHalfUp(quantity * unitPricePence, basisPoints(rateBasisPoints, "The group discount"), WHOLE_BP);
}

/** The line for a booking of `places` on a session, booked at `bookedAt`. */
export function priceBooking(
  { session, places, bookedAt }: { session: SessionPrice; places: readonly Place[]; bookedAt: Date },
  settings: PriceSettings = coursePriceSettings,
): PricedLine {
  const quantity = places.length;
  if (quantity < 1) throw new RangeError("A booking has at least one place");
  const best = unitPrice(session, bookedAt, settings.listPricePence);
  const line = (unit: number, basis: PriceBasis, rate: number): PricedLine => {
    const gross = pence(quantity * unit, "A line's price");
    const discountPence = rate === 0 ? 0 : groupDiscountPence(quantity, unit, rate);
    return {
      basis,
      quantity,
      unitPricePence: unit,
      discountPence,
      netPence: gross - discountPence,
      discountBasisPoints: rate,
    };
  };
  const withoutGroup = line(best.unitPricePence, best.basis, 0);
  if (quantity < settings.groupDiscountMinParticipants || settings.groupDiscountBasisPoints === 0) return withoutGroup;
  const regular = regularPrice(session, settings.listPricePence);
  const group = line(regular.unitPricePence, "group", settings.groupDiscountBasisPoints);
  return group.netPence < withoutGroup.netPence ? group : withoutGroup;
}
