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
};
const june: TransferTarget = {
  key: "june",
  courseId: "risk-course",
  startsAt: new Date("2027-06-14T08:00:00.000Z"),
  state: "open",
  price: {},
};
const early = new Date("2027-01-10T12:00:00.000Z");
const check = (overrides: Partial<Parameters<typeof checkTransfer>[0]> = {}) =>
  checkTransfer({ booking, target: june, now: early, transfersMade: 0, unnamedPlaces: 0, ...overrides });

describe("checkTransfer: the date and the price", () => {
  it("moves free to a date at the same price: nothing credited", () => {
    expect(check()).toEqual({ ok: true, newGrossPence: 1_080_000, newBasis: "list", creditPence: 0 });
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

  it("refuses a dearer date from the page, saying how much more it costs", () => {
    const dearer = { ...june, price: { pricePence: 500_000 } };
    const refused = check({ target: dearer });
    expect(refused).toEqual({ ok: false, reason: "costs-more", extraPence: 120_000 });
    expect(transferRefusalText(refused as Extract<typeof refused, { ok: false }>, booking)).toContain(
      "That date costs £1,200.00 more than your booking",
    );
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

  it("lets the team move a booking outside the terms' window, never to a dearer date", () => {
    const late = new Date("2027-04-01T12:00:00.000Z");
    expect(check({ now: late, transfersMade: 1 })).toEqual({ ok: false, reason: "outside-terms" });
    expect(check({ now: late, transfersMade: 1, withinTerms: false })).toMatchObject({ ok: true, creditPence: 0 });
    const dearer = { ...june, price: { pricePence: 500_000 } };
    expect(check({ target: dearer, withinTerms: false })).toMatchObject({ ok: false, reason: "costs-more" });
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
