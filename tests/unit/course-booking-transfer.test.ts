/** Moving a booking to another date (app/orders/course-booking/transfer-rules.ts): the terms' window, the date, the price. */
import { describe, expect, it } from "vitest";
import {
  checkTransfer,
  transferOpen,
  transferRefusalText,
  type TransferTarget,
} from "~/orders/course-booking/transfer-rules.ts";
import { stricterTermsRules } from "../support/factories.ts";

// Two places at the list price (£4,500 + VAT); the course starts Monday 12 April 2027, 09:00 London (BST).
const booking = {
  status: "invoiced" as const,
  erased_at: null as string | null,
  course_id: "risk-course",
  session_key: "april",
  session_starts_at: "2027-04-12T08:00:00.000Z",
  quantity: 2,
  vat_rate_bp: 2000,
  total_pence: 1_080_000,
  credited_pence: 0,
  terms_rules: null as string | null,
  rescheduled_at: null as string | null,
  carried_pence: 0,
  payment_intent_id: null as string | null,
  payment_status: null as "pending" | "succeeded" | "failed" | null,
};
const june: TransferTarget = {
  key: "june",
  courseId: "risk-course",
  startsAt: new Date("2027-06-14T08:00:00.000Z"),
  state: "open",
  price: {},
};
const early = new Date("2027-01-10T12:00:00.000Z");
/** June at £5,000 a place: 2 × £5,000 = £10,000 + £2,000 VAT = £12,000, £1,200 more than the £10,800 invoiced. */
const dearerQuote = {
  ok: true,
  newGrossPence: 1_200_000,
  newBasis: "session",
  newLine: { unitPricePence: 500_000, discountPence: 0 },
  creditPence: 0,
  extraPence: 120_000,
};
const check = (overrides: Partial<Parameters<typeof checkTransfer>[0]> = {}) =>
  checkTransfer({ booking, target: june, now: early, transfersMade: 0, unnamedPlaces: 0, ...overrides });

describe("checkTransfer: the date and the price", () => {
  it("moves free to a date at the same price: nothing credited", () => {
    expect(check()).toEqual({
      ok: true,
      newGrossPence: 1_080_000,
      newBasis: "list",
      newLine: { unitPricePence: 450_000, discountPence: 0 },
      creditPence: 0,
      extraPence: 0,
      carryPence: 0,
    });
  });

  it("credits a cheaper date's difference with VAT, at the rate the booking was invoiced at", () => {
    const cheaper = { ...june, price: { pricePence: 400_000 } };
    // 2 × £4,000 = £8,000 + £1,600 VAT = £9,600: £1,200 less than the £10,800 invoiced.
    expect(check({ target: cheaper })).toMatchObject({ ok: true, newGrossPence: 960_000, creditPence: 120_000 });
    // Invoiced without VAT (a rate of 0): the difference has none either.
    const noVat = { ...booking, vat_rate_bp: 0, total_pence: 900_000 };
    expect(check({ booking: noVat, target: cheaper })).toMatchObject({ ok: true, creditPence: 100_000 });
  });

  it("prices the date as a booking made now: its early-bird price while it lasts", () => {
    const withEarlyBird = { ...june, price: { earlyBird: { until: "2027-01-31", pricePence: 405_000 } } };
    expect(check({ target: withEarlyBird })).toMatchObject({ ok: true, newBasis: "early-bird", creditPence: 108_000 });
    expect(check({ target: withEarlyBird, now: new Date("2027-02-01T12:00:00.000Z") })).toMatchObject({
      ok: true,
      creditPence: 0,
    });
  });

  it("counts what is still charged: a credit already given is not given twice", () => {
    const credited = { ...booking, credited_pence: 120_000 };
    const cheaper = { ...june, price: { pricePence: 400_000 } };
    expect(check({ booking: credited, target: cheaper })).toMatchObject({ ok: true, creditPence: 0 });
  });

  it("moves an invoice awaiting payment to a dearer date: the difference with VAT, for a new invoice", () => {
    const dearer = { ...june, price: { pricePence: 500_000 } };
    // 2 × £5,000 = £10,000 + £2,000 VAT = £12,000: £1,200 more than the £10,800 invoiced.
    expect(check({ target: dearer })).toEqual({ ...dearerQuote, carryPence: 0 });
    // What an earlier credit took off counts: £10,800 − £1,200 credited = £9,600 still charged.
    const credited = { ...booking, credited_pence: 120_000 };
    expect(check({ booking: credited, target: dearer })).toMatchObject({ ok: true, extraPence: 240_000 });
  });

  it("moves a paid booking to a dearer date: what was paid is carried to the new invoice, the difference left to pay", () => {
    const dearer = { ...june, price: { pricePence: 500_000 } };
    const paid = {
      ...booking,
      status: "paid" as const,
      payment_intent_id: "pi_paid",
      payment_status: "succeeded" as const,
    };
    expect(check({ booking: paid, target: dearer })).toEqual({ ...dearerQuote, carryPence: 1_080_000 });
    // Paid after a cheaper move credited (and refunded) £1,200: £9,600 was paid, and is carried.
    const credited = { ...paid, credited_pence: 120_000 };
    expect(check({ booking: credited, target: dearer })).toMatchObject({ extraPence: 240_000, carryPence: 960_000 });
    // Moved again before the difference is paid: still invoiced, the same payment carried on.
    const awaiting = { ...paid, status: "invoiced" as const, total_pence: 1_200_000, carried_pence: 1_080_000 };
    const dearerStill = { ...june, key: "sept", price: { pricePence: 550_000 } };
    expect(check({ booking: awaiting, target: dearerStill })).toMatchObject({
      extraPence: 120_000,
      carryPence: 1_080_000,
    });
    // Its settled card payment is no open one: a date at any price above what was paid can be chosen.
    expect(check({ booking: awaiting, target: june })).toMatchObject({ ok: true, creditPence: 120_000, carryPence: 0 });
  });

  it("refuses a date cheaper than what was paid and carried: that refund is the team's to arrange", () => {
    const awaiting = { ...booking, total_pence: 1_200_000, carried_pence: 1_080_000 };
    const refused = check({ booking: awaiting, target: { ...june, price: { pricePence: 400_000 } } });
    expect(refused).toEqual({ ok: false, reason: "paid-more", paidPence: 1_080_000 });
    expect(transferRefusalText(refused as Extract<typeof refused, { ok: false }>, booking)).toContain(
      "You have paid £10,800.00 towards this booking, more than that date costs",
    );
    expect(check({ booking: awaiting, target: { ...june, price: { pricePence: 500_000 } } })).toMatchObject({
      ok: true,
      creditPence: 0,
      extraPence: 0,
    });
  });

  it("keeps the price while a card payment of the invoice is open: only a move at the same price", () => {
    const paying = { ...booking, payment_intent_id: "pi_started", payment_status: "pending" as const };
    expect(check({ booking: paying })).toMatchObject({ ok: true, creditPence: 0, extraPence: 0 });
    for (const pricePence of [400_000, 500_000]) {
      const refused = check({ booking: paying, target: { ...june, price: { pricePence } } });
      expect(refused).toEqual({ ok: false, reason: "payment-started" });
      expect(transferRefusalText(refused as Extract<typeof refused, { ok: false }>, booking)).toContain(
        "A card payment of your invoice was started",
      );
    }
    // A paid card booking's payment is not an open one: a cheaper date is credited and refunded.
    const paidByCard = { ...paying, status: "paid" as const };
    expect(check({ booking: paidByCard, target: { ...june, price: { pricePence: 400_000 } } })).toMatchObject({
      ok: true,
      creditPence: 120_000,
    });
  });

  it("refuses the same date, another course's date, and a date cancelled or started", () => {
    expect(check({ target: { ...june, key: "april" } })).toMatchObject({ reason: "same-date" });
    expect(check({ target: { ...june, courseId: "esg-course" } })).toMatchObject({ reason: "other-course" });
    expect(check({ target: { ...june, state: "cancelled" } })).toMatchObject({ reason: "date-unavailable" });
    const started = { ...june, startsAt: new Date("2027-01-04T09:00:00.000Z") };
    expect(check({ target: started })).toMatchObject({ reason: "date-unavailable" });
  });

  it("moves places whose names are to follow only to a date whose names are not yet due", () => {
    // 14 days before 1 February is 18 January: names are due from then.
    const soon = { ...june, startsAt: new Date("2027-02-01T09:00:00.000Z") };
    const now = new Date("2027-01-20T12:00:00.000Z");
    expect(check({ target: soon, now, unnamedPlaces: 1 })).toMatchObject({ ok: false, reason: "names-due" });
    expect(check({ target: soon, now, unnamedPlaces: 0 })).toMatchObject({ ok: true });
  });
});

describe("checkTransfer: the terms", () => {
  it("allows the free move up to 15 London days before the start, across the clocks going forward", () => {
    // The clocks go forward at 01:00 GMT on Sunday 28 March 2027. 00:30 GMT is still 28 March in London
    // (15 days before 12 April); 23:30 GMT is 00:30 BST on the 29th (14 days).
    expect(check({ now: new Date("2027-03-28T00:30:00.000Z") })).toMatchObject({ ok: true });
    expect(check({ now: new Date("2027-03-28T23:30:00.000Z") })).toEqual({ ok: false, reason: "outside-terms" });
  });

  it("allows it once: a booking moved before is refused", () => {
    expect(check({ transfersMade: 1 })).toEqual({ ok: false, reason: "outside-terms" });
    expect(transferOpen(booking, early, 1)).toBe(false);
    expect(transferOpen(booking, early, 0)).toBe(true);
    expect(transferRefusalText({ ok: false, reason: "outside-terms" }, booking)).toContain(
      "allow a move to another date once, free, up to 15 days before the start",
    );
  });

  it("lets the booker move a rescheduled booking (the team moved its course's days) free until it starts, however often moved", () => {
    const rescheduled = { ...booking, rescheduled_at: "2027-03-01T10:00:00.000Z" };
    const late = new Date("2027-04-11T12:00:00.000Z");
    expect(check({ booking: rescheduled, now: late, transfersMade: 1 })).toMatchObject({ ok: true, creditPence: 0 });
    expect(transferOpen(rescheduled, late, 1)).toBe(true);
    // Not once it has started, nor for a booking not confirmed.
    expect(transferOpen(rescheduled, new Date("2027-04-12T08:00:00.000Z"), 0)).toBe(false);
    expect(transferOpen({ ...rescheduled, status: "held" }, late, 0)).toBe(false);
    // At no more than it still charges: a dearer date costs nothing more; a cheaper one credits the difference.
    expect(check({ booking: rescheduled, target: { ...june, price: { pricePence: 500_000 } } })).toMatchObject({
      ok: true,
      newGrossPence: 1_080_000,
      extraPence: 0,
      creditPence: 0,
    });
    expect(check({ booking: rescheduled, target: { ...june, price: { pricePence: 400_000 } } })).toMatchObject({
      ok: true,
      extraPence: 0,
      creditPence: 120_000,
    });
  });

  it("lets the team move a booking outside the terms' window, to a dearer date whether paid or not", () => {
    const late = new Date("2027-04-01T12:00:00.000Z");
    expect(check({ now: late, transfersMade: 1 })).toEqual({ ok: false, reason: "outside-terms" });
    expect(check({ now: late, transfersMade: 1, withinTerms: false })).toMatchObject({ ok: true, creditPence: 0 });
    const dearer = { ...june, price: { pricePence: 500_000 } };
    expect(check({ target: dearer, withinTerms: false })).toMatchObject({ ok: true, extraPence: 120_000 });
    expect(check({ booking: { ...booking, status: "paid" }, target: dearer, withinTerms: false })).toMatchObject({
      ok: true,
      extraPence: 120_000,
      carryPence: 1_080_000,
    });
    expect(check({ now: new Date("2027-04-12T08:00:00.000Z"), withinTerms: false })).toMatchObject({
      reason: "started",
    });
  });

  it("works from the terms accepted with the booking: stricter ones allow no move", () => {
    const accepted = { ...booking, terms_rules: stricterTermsRules };
    expect(check({ booking: accepted })).toEqual({ ok: false, reason: "outside-terms" });
    expect(transferRefusalText({ ok: false, reason: "outside-terms" }, accepted)).toContain(
      "The terms you accepted include no move to another date",
    );
  });

  it("moves only a confirmed booking, not erased, before its course starts", () => {
    for (const status of ["unconfirmed", "held", "cancelled", "expired", "lapsed"] as const) {
      expect(check({ booking: { ...booking, status } })).toEqual({ ok: false, reason: "not-live" });
    }
    expect(check({ booking: { ...booking, status: "paid" } })).toMatchObject({ ok: true });
    expect(check({ booking: { ...booking, erased_at: "2027-01-01T00:00:00Z" } })).toMatchObject({ reason: "not-live" });
    expect(check({ now: new Date("2027-04-12T08:00:00.000Z") })).toEqual({ ok: false, reason: "started" });
  });
});
