/** Who may publish a session's price (issue 37, ADR 062). */
import { describe, expect, it } from "vitest";
import { priceChangeNeedsAdministrator, priceFloorPence } from "~/content/session-price-rules.ts";

const list = 450_000;

describe("a session's price", () => {
  it("has a floor of half the course's list price", () => {
    expect(priceFloorPence(list)).toBe(225_000);
    expect(priceFloorPence(450_001)).toBe(225_001);
  });

  it("an editor may publish a price at or above the floor on a session without bookings", () => {
    expect(priceChangeNeedsAdministrator(null, {}, 0, list)).toBeNull();
    expect(priceChangeNeedsAdministrator({}, { pricePence: 225_000 }, 0, list)).toBeNull();
    expect(
      priceChangeNeedsAdministrator({}, { pricePence: 500_000, earlyBird: { pricePence: 300_000 } }, 0, list),
    ).toBeNull();
  });

  it("a price below the floor, regular or early-bird, new or changed, needs an administrator", () => {
    expect(priceChangeNeedsAdministrator({}, { pricePence: 224_999 }, 0, list)).toMatch(
      /below £2,250 .*needs an administrator/,
    );
    expect(priceChangeNeedsAdministrator(null, { pricePence: 0 }, 0, list)).toMatch(/needs an administrator/);
    expect(priceChangeNeedsAdministrator({}, { earlyBird: { pricePence: 100_000 } }, 0, list)).toMatch(
      /needs an administrator/,
    );
    // One an administrator published already is not asked again when something else changes.
    expect(priceChangeNeedsAdministrator({ pricePence: 100_000 }, { pricePence: 100_000 }, 0, list)).toBeNull();
  });

  it("any change of price of a session with places sold or held needs an administrator; none is fine", () => {
    expect(priceChangeNeedsAdministrator({}, { pricePence: 460_000 }, 1, list)).toBe(
      "This session has 1 place sold or held: only an administrator can change its prices.",
    );
    expect(priceChangeNeedsAdministrator({ pricePence: 460_000 }, {}, 3, list)).toMatch(/3 places sold or held/);
    expect(priceChangeNeedsAdministrator({}, { earlyBird: { pricePence: 400_000 } }, 2, list)).toMatch(
      /only an administrator/,
    );
    expect(priceChangeNeedsAdministrator({ pricePence: 460_000 }, { pricePence: 460_000 }, 5, list)).toBeNull();
    // The list price written out is the same price.
    expect(priceChangeNeedsAdministrator({}, { pricePence: list }, 5, list)).toBeNull();
  });
});
