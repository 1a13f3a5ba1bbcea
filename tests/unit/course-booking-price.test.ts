/** The price of a course booking before VAT (issue 29, ADR 052): list, session and early-bird prices, the group discount, and that the two never stack. */
import { describe, expect, it } from "vitest";
import { pricing } from "~/content/business.ts";
import {
  coursePriceSettings,
  earlyBirdApplies,
  groupDiscountPence,
  type Place,
  priceBooking,
  type PriceSettings,
  unitPrice,
} from "~/orders/course-booking/price.ts";
import { groupOfThree } from "../support/unit-fixtures.ts";

const named = (n: number): Place[] => Array.from({ length: n }, (_, i) => ({ name: `Delegate ${i + 1}` }));
const toFollow: Place = { namesToFollow: true };
const at = (iso: string) => new Date(iso);
const winter = at("2026-12-01T10:00:00Z");

describe("the settings", () => {
  it("are the business's: £4,500 a place, 10% off from 3 places", () => {
    expect(coursePriceSettings).toEqual({
      listPricePence: 450_000,
      groupDiscountMinParticipants: pricing.groupDiscountMinParticipants,
      groupDiscountBasisPoints: 1000,
    });
    expect(pricing.groupDiscountMinParticipants).toBe(3);
  });
});

describe("the price of a place", () => {
  it("is the course's list price when the session sets none, else the session's", () => {
    expect(unitPrice({}, winter)).toEqual({ unitPricePence: 450_000, basis: "list" });
    expect(unitPrice({ pricePence: 395_000 }, winter)).toEqual({ unitPricePence: 395_000, basis: "session" });
    expect(unitPrice({}, winter, 123_456)).toEqual({ unitPricePence: 123_456, basis: "list" });
  });

  it("refuses a price that is not whole pence", () => {
    expect(() => unitPrice({ pricePence: 4500.5 }, winter)).toThrow(RangeError);
    expect(() => unitPrice({ pricePence: -1 }, winter)).toThrow(RangeError);
    expect(() => unitPrice({}, winter, 0.1 + 0.2)).toThrow(RangeError);
    expect(() => unitPrice({ earlyBird: { pricePence: 1e300, until: "2027-01-01" } }, winter)).toThrow(RangeError);
  });
});

describe("the early bird", () => {
  const earlyBird = { pricePence: 400_000, until: "2027-03-31" };

  it("applies to the end of its last day in London (BST on 31 March 2027), not a moment after", () => {
    // 23:59:59.999 BST on 31 March is 22:59:59.999 UTC; midnight BST is 23:00 UTC.
    expect(earlyBirdApplies("2027-03-31", at("2027-03-31T22:59:00.000Z"))).toBe(true);
    expect(earlyBirdApplies("2027-03-31", at("2027-03-31T22:59:59.999Z"))).toBe(true);
    expect(earlyBirdApplies("2027-03-31", at("2027-03-31T23:00:00.000Z"))).toBe(false);
    expect(unitPrice({ earlyBird }, at("2027-03-31T22:59:00+00:00"))).toEqual({
      unitPricePence: 400_000,
      basis: "early-bird",
    });
    expect(unitPrice({ earlyBird }, at("2027-04-01T00:00:00+01:00"))).toEqual({
      unitPricePence: 450_000,
      basis: "list",
    });
  });

  it("applies to the end of its last day in GMT, London's winter time", () => {
    expect(earlyBirdApplies("2026-12-15", at("2026-12-15T23:59:00Z"))).toBe(true);
    expect(earlyBirdApplies("2026-12-15", at("2026-12-16T00:00:00Z"))).toBe(false);
  });

  it("counts London's date, not UTC's: 00:30 BST on the next day is past it", () => {
    expect(earlyBirdApplies("2026-10-10", at("2026-10-10T23:30:00Z"))).toBe(false);
    expect(earlyBirdApplies("2026-10-10", at("2026-10-09T23:30:00Z"))).toBe(true);
  });

  it("with a date-time, applies up to and including that instant", () => {
    const until = "2027-03-31T17:00:00+01:00";
    expect(earlyBirdApplies(until, at("2027-03-31T16:00:00.000Z"))).toBe(true);
    expect(earlyBirdApplies(until, at("2027-03-31T16:00:00.001Z"))).toBe(false);
    expect(earlyBirdApplies("2026-12-15T12:00:00Z", at("2026-12-15T12:00:00Z"))).toBe(true);
  });

  it.each([
    "2027-02-30",
    "2027-3-31",
    "31/03/2027",
    "2027-03-31T17:00:00",
    "2027-03-31T25:00:00Z",
    "2027-02-30T10:00:00Z",
    "",
  ])("refuses %j as its end (not a date, or a date-time without its offset)", (until) => {
    expect(() => earlyBirdApplies(until, winter)).toThrow(RangeError);
  });

  it("never raises the price: an early-bird price above the regular one is ignored", () => {
    const session = { pricePence: 380_000, earlyBird: { pricePence: 400_000, until: "2027-12-31" } };
    expect(unitPrice(session, winter)).toEqual({ unitPricePence: 380_000, basis: "session" });
  });
});

describe("the group discount", () => {
  it.each([
    [
      "does not apply to 2 places",
      2,
      {
        basis: "list",
        quantity: 2,
        unitPricePence: 450_000,
        discountPence: 0,
        netPence: 900_000,
        discountBasisPoints: 0,
      },
    ],
    [
      "applies to exactly 3 places: 10% off the line",
      3,
      { basis: "group", ...groupOfThree.line, discountBasisPoints: 1000 },
    ],
  ])("%s", (_, places, line) => {
    expect(priceBooking({ session: {}, places: named(places), bookedAt: winter })).toEqual(line);
  });

  it("counts places with names to follow as places", () => {
    const line = priceBooking({ session: {}, places: [...named(1), toFollow, toFollow], bookedAt: winter });
    expect(line).toMatchObject({ basis: "group", quantity: 3, discountPence: 135_000 });
    expect(priceBooking({ session: {}, places: [toFollow, toFollow], bookedAt: winter }).discountPence).toBe(0);
  });

  it("takes its threshold and rate from the settings", () => {
    const settings: PriceSettings = {
      listPricePence: 100_000,
      groupDiscountMinParticipants: 5,
      groupDiscountBasisPoints: 1500,
    };
    expect(priceBooking({ session: {}, places: named(4), bookedAt: winter }, settings).discountPence).toBe(0);
    expect(priceBooking({ session: {}, places: named(5), bookedAt: winter }, settings).discountPence).toBe(75_000);
  });

  it("rounds once per line, to the nearest penny, a half penny up", () => {
    // 3 × £4,499.95 = 1,349,985 p; 10% = 134,998.5 p -> 134,999 (per place: 44,999.5 -> 45,000, × 3 = 135,000).
    expect(priceBooking({ session: { pricePence: 449_995 }, places: named(3), bookedAt: winter })).toMatchObject({
      discountPence: 134_999,
      netPence: 1_214_986,
    });
    // 1,349,982 p; 10% = 134,998.2 -> 134,998.
    expect(groupDiscountPence(3, 449_994, 1000)).toBe(134_998);
    // 3 × 15 p = 45 p; 10% = 4.5 -> 5 (half up; banker's rounding would give 4).
    expect(groupDiscountPence(3, 15, 1000)).toBe(5);
    expect(groupDiscountPence(3, 14, 1000)).toBe(4); // 4.2
    expect(groupDiscountPence(3, 0, 1000)).toBe(0);
  });

  it("refuses a booking with no place", () => {
    expect(() => priceBooking({ session: {}, places: [], bookedAt: winter })).toThrow(RangeError);
  });
});

describe("early bird and group discount do not stack: the better for the customer applies", () => {
  const session = (earlyBirdPence: number) => ({ earlyBird: { pricePence: earlyBirdPence, until: "2027-01-31" } });

  // 3 places booked in winter, with the early-bird price as given: the whole line, or what decides it.
  it.each([
    [
      "an early-bird price lower than 90% of the list price beats the group discount",
      400_000,
      {
        basis: "early-bird",
        quantity: 3,
        unitPricePence: 400_000,
        discountPence: 0,
        netPence: 1_200_000,
        discountBasisPoints: 0,
      },
    ],
    [
      "the group discount on the regular price beats a smaller early-bird saving",
      420_000,
      expect.objectContaining({ basis: "group", unitPricePence: 450_000, discountPence: 135_000, netPence: 1_215_000 }),
    ],
    [
      "on a tie, the early-bird price (a line without a discount)",
      405_000,
      expect.objectContaining({ basis: "early-bird", discountPence: 0, netPence: 1_215_000 }),
    ],
  ])("%s", (_, earlyBirdPence, line) => {
    expect(priceBooking({ session: session(earlyBirdPence), places: named(3), bookedAt: winter })).toEqual(line);
  });

  it("once the early bird is over, 3 places get the group discount and 2 the regular price", () => {
    const after = at("2027-02-01T00:00:00Z");
    expect(priceBooking({ session: session(400_000), places: named(3), bookedAt: after }).basis).toBe("group");
    expect(priceBooking({ session: session(400_000), places: named(2), bookedAt: after }).basis).toBe("list");
    expect(priceBooking({ session: session(400_000), places: named(2), bookedAt: winter }).basis).toBe("early-bird");
  });
});

describe("over many quantities and prices", () => {
  const prices = [0, 1, 15, 99, 100_001, 399_999, 449_995, 450_000, 1_000_000];
  const earlyBirds = [undefined, 1, 300_000, 404_999, 405_000, 500_000];

  it("every line is whole pence, net = quantity × unit − discount, and a discount is the rate on the line within half a penny", () => {
    let lines = 0;
    for (let quantity = 1; quantity <= 40; quantity++) {
      for (const pricePence of prices) {
        for (const early of earlyBirds) {
          const session =
            early === undefined
              ? { pricePence }
              : { pricePence, earlyBird: { pricePence: early, until: "2027-01-31" } };
          const line = priceBooking({ session, places: named(quantity), bookedAt: winter });
          lines++;
          for (const value of [line.unitPricePence, line.discountPence, line.netPence]) {
            expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
          }
          expect(line.quantity).toBe(quantity);
          expect(line.netPence).toBe(quantity * line.unitPricePence - line.discountPence);
          // Never more than the regular price, never more than the early-bird price while it runs.
          expect(line.netPence).toBeLessThanOrEqual(quantity * pricePence);
          if (early !== undefined) expect(line.netPence).toBeLessThanOrEqual(quantity * early);
          if (quantity < 3) expect(line.discountPence).toBe(0);
          if (line.discountPence > 0) {
            const error = line.discountPence * 10_000 - quantity * line.unitPricePence * 1000;
            expect(error).toBeGreaterThan(-5000);
            expect(error).toBeLessThanOrEqual(5000);
          }
        }
      }
    }
    expect(lines).toBe(40 * prices.length * earlyBirds.length);
  });
});
