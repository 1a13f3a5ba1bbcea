/**
 * Who may publish a course session's price (issue 37, ADR 062): an editor
 * of the site may publish the prices of a session without bookings at or
 * above the floor (`priceFloorShare` of the course's list price); a price
 * below the floor, or any change of price of a session with places sold or
 * held, needs an administrator (the editor's draft is kept for them to
 * publish). Pure: the editor (app/publishing/editor.server.ts) applies it
 * and audits an administrator's publish.
 */
import { listPricePence } from "./session-formats.ts";

/** The lowest price an editor may publish: half the course's list price. */
export const priceFloorShare = 0.5;

export function priceFloorPence(list: number = listPricePence): number {
  return Math.ceil(list * priceFloorShare);
}

/** A session's prices as its content has them (pence, before VAT; no `pricePence` means the list price). */
export type SessionPrices = { pricePence?: number; earlyBird?: { pricePence: number } };

const pounds = (pence: number) => `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: 0 })}`;

/** The prices a session sells at: its regular price and its early-bird price, if any. */
function pricesOf(s: SessionPrices, list: number): { regular: number; earlyBird: number | null } {
  return { regular: s.pricePence ?? list, earlyBird: s.earlyBird?.pricePence ?? null };
}

/**
 * Why publishing `after` over `live` (null: never published) needs an
 * administrator, in the team's words; null when it does not. `placesTaken`:
 * the session's places sold or held now.
 */
export function priceChangeNeedsAdministrator(
  live: SessionPrices | null,
  after: SessionPrices,
  placesTaken: number,
  list: number = listPricePence,
): string | null {
  const now = pricesOf(after, list);
  const before = live ? pricesOf(live, list) : null;
  const floor = priceFloorPence(list);
  const changed = before !== null && (before.regular !== now.regular || before.earlyBird !== now.earlyBird);
  if (changed && placesTaken > 0) {
    return `This session has ${placesTaken === 1 ? "1 place" : `${placesTaken} places`} sold or held: only an administrator can change its prices.`;
  }
  const newlyLow = [now.regular, now.earlyBird].some(
    (price) => price !== null && price < floor && price !== before?.regular && price !== before?.earlyBird,
  );
  if (newlyLow) {
    return `A price below ${pounds(floor)} (half the course's list price of ${pounds(list)}) needs an administrator.`;
  }
  return null;
}
