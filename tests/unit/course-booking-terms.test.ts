/**
 * A course booking's terms (issue 29, ADR 052): the cancellation tiers, the
 * credit they give, substitution, transfer and names to follow, counted in
 * London calendar days across the clocks' changes; and the sentences built
 * from the same numbers as the rules.
 */
import { describe, expect, it } from "vitest";
import { bookingTerms } from "~/content/business.ts";
import { daysBefore } from "~/orders/course-booking/days.ts";
import {
  type BookingTerms,
  bookingCancellationCredit,
  cancellationRefund,
  cancellationTexts,
  checkTerms,
  courseBookingTerms,
  namesToFollowAllowed,
  substitutionAllowed,
  termsText,
  tierFor,
  transferAllowed,
} from "~/orders/course-booking/terms.ts";

const at = (iso: string) => new Date(iso);
/** Monday 16 November 2026, 09:00 GMT: after the clocks go back on 25 October. */
const novemberStart = at("2026-11-16T09:00:00Z");
/** Monday 12 April 2027, 09:00 BST: after the clocks go forward on 28 March. */
const aprilStart = at("2027-04-12T09:00:00+01:00");
/** One place: £4,500 + £900 VAT. */
const onePlace = { paidOrInvoicedGrossPence: 540_000, netPence: 450_000, vatPence: 90_000 };
const refund = (sessionStart: Date, cancelledAt: string, amounts = onePlace) =>
  cancellationRefund({ ...amounts, sessionStart, cancelledAt: at(cancelledAt) });

describe("the terms are the business's numbers", () => {
  it("29+ days: full credit; 15-28: 50%; 14 or fewer: none; transfer once up to 15 days; names due 14 days before", () => {
    expect(courseBookingTerms).toBe(bookingTerms);
    expect(bookingTerms.cancellation).toEqual([
      { fromDaysBefore: 29, creditBasisPoints: 10_000 },
      { fromDaysBefore: 15, creditBasisPoints: 5_000 },
      { fromDaysBefore: null, creditBasisPoints: 0 },
    ]);
    expect(bookingTerms.transfer).toEqual({ freeTransfers: 1, latestDaysBefore: 15 });
    expect(bookingTerms.namesToFollow).toEqual({ namesDueDaysBefore: 14 });
  });

  it("read as the booker reads and accepts them", () => {
    expect(termsText()).toEqual([
      "Cancelled 29 days or more before the start: the full fee is credited.",
      "Cancelled 15 to 28 days before the start: 50% of the fee is credited.",
      "Cancelled 14 days or fewer before the start: no credit (a substitute may still take the place, free).",
      "Days are counted in calendar days (London time) to the course's first day.",
      "Substitution: another person may take a place free of charge at any time before the start.",
      "Transfer to another date: free once, up to 15 days before the start.",
      "Names to follow: places may be booked without delegates' names until their names are due, 14 days before the start.",
      "Booking by invoice: nothing is booked until you confirm the booking from the e-mail we send to your address. The places are held for you until the time that e-mail gives; not confirmed by then, they are released and nothing is owed. The invoice is issued, and each named delegate told, when you confirm.",
    ]);
  });
});

describe("days before the start", () => {
  it("are London calendar days to the first day, whatever the hour", () => {
    expect(daysBefore(novemberStart, at("2026-11-15T23:59:00Z"))).toBe(1);
    expect(daysBefore(novemberStart, at("2026-11-16T00:00:00Z"))).toBe(0);
    expect(daysBefore(novemberStart, at("2026-11-16T17:00:00Z"))).toBe(0);
    expect(daysBefore(novemberStart, at("2026-11-17T08:00:00Z"))).toBe(-1);
  });

  it("across the end of British Summer Time (25 October 2026)", () => {
    // 23:59 BST on Sunday 18 October is 22:59 UTC: 28 days 10 hours before the start, yet 29 calendar days.
    expect(daysBefore(novemberStart, at("2026-10-18T22:59:00Z"))).toBe(29);
    // 00:30 BST on Monday 19 October is 23:30 UTC on the 18th: London's date is the 19th.
    expect(daysBefore(novemberStart, at("2026-10-18T23:30:00Z"))).toBe(28);
  });

  it("across the start of British Summer Time (28 March 2027)", () => {
    // 00:30 GMT on Sunday 28 March, before the clocks go forward at 01:00.
    expect(daysBefore(aprilStart, at("2027-03-28T00:30:00Z"))).toBe(15);
    // 00:30 BST on Monday 29 March is 23:30 UTC on the 28th.
    expect(daysBefore(aprilStart, at("2027-03-28T23:30:00Z"))).toBe(14);
  });
});

describe("cancellation", () => {
  it.each([
    [60, 10_000],
    [29, 10_000],
    [28, 5_000],
    [15, 5_000],
    [14, 0],
    [1, 0],
    [0, 0],
    [-3, 0],
  ])("%i days before the start falls in the tier crediting %i bp", (days, credit) => {
    expect(tierFor(days).creditBasisPoints).toBe(credit);
  });

  it("29 days before (23:59 BST, before the clocks go back): the full £5,400, as £4,500 net and £900 VAT", () => {
    expect(refund(novemberStart, "2026-10-18T22:59:00Z")).toEqual({
      netPence: 450_000,
      vatPence: 90_000,
      grossPence: 540_000,
      tier: bookingTerms.cancellation[0],
      daysBefore: 29,
    });
  });

  it("28 days before (00:30 BST the next day): half, £2,250 net and £450 VAT", () => {
    expect(refund(novemberStart, "2026-10-18T23:30:00Z")).toMatchObject({
      netPence: 225_000,
      vatPence: 45_000,
      grossPence: 270_000,
      daysBefore: 28,
      tier: { creditBasisPoints: 5_000 },
    });
  });

  it("15 days before (the morning the clocks go forward): half; 14 days (00:30 BST the next day): nothing", () => {
    expect(refund(aprilStart, "2027-03-28T00:30:00Z")).toMatchObject({ grossPence: 270_000, daysBefore: 15 });
    expect(refund(aprilStart, "2027-03-28T23:30:00Z")).toMatchObject({
      netPence: 0,
      vatPence: 0,
      grossPence: 0,
      daysBefore: 14,
      tier: { creditBasisPoints: 0, fromDaysBefore: null },
    });
  });

  it("after the start: nothing", () => {
    expect(refund(novemberStart, "2026-11-18T10:00:00Z")).toMatchObject({ grossPence: 0, daysBefore: -2 });
  });

  it("half of an odd amount: the gross rounded half up, split in the invoice's proportion so net + VAT = gross", () => {
    // 3 places at £4,499.95 less 10%: £12,149.86 + £2,429.97 VAT = £14,579.83; half = 728,991.5 p -> 728,992.
    const amounts = { paidOrInvoicedGrossPence: 1_457_983, netPence: 1_214_986, vatPence: 242_997 };
    expect(refund(novemberStart, "2026-10-25T12:00:00Z", amounts)).toMatchObject({
      grossPence: 728_992,
      vatPence: 121_499,
      netPence: 607_493,
    });
  });

  it("refuses amounts whose gross is not net + VAT", () => {
    expect(() =>
      cancellationRefund({
        paidOrInvoicedGrossPence: 540_001,
        netPence: 450_000,
        vatPence: 90_000,
        sessionStart: novemberStart,
        cancelledAt: at("2026-10-01T00:00:00Z"),
      }),
    ).toThrow(RangeError);
  });

  it("credits a rescheduled booking's full fee until the course starts, then the terms' tiers again (ADR 100)", () => {
    const booking = {
      total_pence: 540_000,
      net_pence: 450_000,
      vat_pence: 90_000,
      credited_pence: 0,
      session_starts_at: novemberStart.toISOString(),
      terms_rules: null,
      rescheduled_at: "2026-10-20T10:00:00.000Z",
    };
    // The day before: the terms give nothing; rescheduled, all of it, net and VAT in the invoice's proportion.
    expect(bookingCancellationCredit(booking, at("2026-11-15T12:00:00Z"))).toMatchObject({
      grossPence: 540_000,
      netPence: 450_000,
      vatPence: 90_000,
      rescheduled: true,
    });
    expect(bookingCancellationCredit({ ...booking, rescheduled_at: null }, at("2026-11-15T12:00:00Z"))).toMatchObject({
      grossPence: 0,
      rescheduled: false,
    });
    // Once it has started (the team cancelling, say), the terms' tier: nothing.
    expect(bookingCancellationCredit(booking, novemberStart)).toMatchObject({ grossPence: 0, rescheduled: false });
    expect(bookingCancellationCredit(booking, at("2026-11-20T18:00:00Z"))).toMatchObject({ grossPence: 0 });
  });
});

describe("substitution, transfer and names to follow", () => {
  it("a substitute may take the place any time before the start, not from it", () => {
    expect(substitutionAllowed(novemberStart, at("2026-11-16T08:59:59Z"))).toBe(true);
    expect(substitutionAllowed(novemberStart, novemberStart)).toBe(false);
  });

  it("one free transfer, up to 15 days before the start (London days, across the clocks going forward)", () => {
    expect(transferAllowed({ sessionStart: aprilStart, now: at("2027-03-28T00:30:00Z"), transfersMade: 0 })).toBe(true);
    expect(transferAllowed({ sessionStart: aprilStart, now: at("2027-03-28T23:30:00Z"), transfersMade: 0 })).toBe(
      false,
    );
    expect(transferAllowed({ sessionStart: aprilStart, now: at("2027-01-01T12:00:00Z"), transfersMade: 1 })).toBe(
      false,
    );
  });

  it("names may follow while 15 or more days are left; 14 days before, names are due", () => {
    expect(namesToFollowAllowed(novemberStart, at("2026-11-01T23:59:00Z"))).toBe(true); // 15 days
    expect(namesToFollowAllowed(novemberStart, at("2026-11-02T00:00:00Z"))).toBe(false); // 14 days
    // The April session, the day the clocks go forward: 23:59 BST on 28 March is 15 days before; 00:30 BST on the 29th, 14.
    expect(namesToFollowAllowed(aprilStart, at("2027-03-28T22:59:00Z"))).toBe(true);
    expect(namesToFollowAllowed(aprilStart, at("2027-03-28T23:30:00Z"))).toBe(false);
  });
});

describe("the sentences and the rules never disagree", () => {
  /** The range of days a tier's sentence states. */
  function statedRange(text: string): [number, number] {
    let m = /^Cancelled (\d+) days? or more before/.exec(text);
    if (m) return [Number(m[1]), Infinity];
    m = /^Cancelled (\d+) to (\d+) days? before/.exec(text);
    if (m) return [Number(m[1]), Number(m[2])];
    m = /^Cancelled (\d+) days? or fewer before/.exec(text);
    if (m) return [-Infinity, Number(m[1])];
    throw new Error(`Unexpected sentence: ${text}`);
  }
  /** The share a tier's sentence states, in basis points. */
  function statedCredit(text: string): number {
    if (text.includes("the full fee is credited")) return 10_000;
    if (text.includes(": no credit")) return 0;
    const m = /: ([\d.]+)% of the fee is credited/.exec(text);
    if (!m) throw new Error(`Unexpected sentence: ${text}`);
    return Number(m[1]) * 100;
  }

  const otherTerms: BookingTerms = {
    cancellation: [
      { fromDaysBefore: 42, creditBasisPoints: 10_000 },
      { fromDaysBefore: 30, creditBasisPoints: 7_500 },
      { fromDaysBefore: 8, creditBasisPoints: 2_500 },
      { fromDaysBefore: null, creditBasisPoints: 0 },
    ],
    substitution: { free: true },
    transfer: { freeTransfers: 2, latestDaysBefore: 21 },
    namesToFollow: { namesDueDaysBefore: 7 },
  };

  it.each([
    ["the site's terms", courseBookingTerms],
    ["other terms", otherTerms],
  ])(
    "for %s, each day from 3 after to 60 before falls in exactly one sentence's range, whose share is the rule's",
    (_, terms) => {
      const texts = cancellationTexts(terms);
      expect(texts).toHaveLength(terms.cancellation.length);
      for (let days = -3; days <= 60; days++) {
        const matching = texts.filter((text) => {
          const [from, to] = statedRange(text);
          return days >= from && days <= to;
        });
        expect(matching, `day ${days}`).toHaveLength(1);
        expect(statedCredit(matching[0]!), `day ${days}`).toBe(tierFor(days, terms).creditBasisPoints);
      }
    },
  );

  it("other numbers change the sentences and the rules together", () => {
    expect(termsText(otherTerms)).toContain("Transfer to another date: free 2 times, up to 21 days before the start.");
    expect(cancellationTexts(otherTerms)[1]).toBe(
      "Cancelled 30 to 41 days before the start: 75% of the fee is credited.",
    );
    const start = at("2027-06-07T09:00:00+01:00");
    expect(
      transferAllowed({ sessionStart: start, now: at("2027-05-17T12:00:00+01:00"), transfersMade: 1 }, otherTerms),
    ).toBe(true);
    expect(
      transferAllowed({ sessionStart: start, now: at("2027-05-18T12:00:00+01:00"), transfersMade: 1 }, otherTerms),
    ).toBe(false);
    expect(namesToFollowAllowed(start, at("2027-05-31T12:00:00+01:00"), otherTerms)).toBe(false);
    expect(namesToFollowAllowed(start, at("2027-05-30T12:00:00+01:00"), otherTerms)).toBe(true);
  });

  it.each([
    ["no open-ended last tier", [{ fromDaysBefore: 29, creditBasisPoints: 10_000 }]],
    [
      "tiers out of order",
      [
        { fromDaysBefore: 15, creditBasisPoints: 10_000 },
        { fromDaysBefore: 29, creditBasisPoints: 5_000 },
        { fromDaysBefore: null, creditBasisPoints: 0 },
      ],
    ],
    [
      "a later tier crediting more",
      [
        { fromDaysBefore: 29, creditBasisPoints: 5_000 },
        { fromDaysBefore: null, creditBasisPoints: 10_000 },
      ],
    ],
    ["a credit over 100%", [{ fromDaysBefore: null, creditBasisPoints: 10_001 }]],
    [
      "a tier starting on a fraction of a day",
      [
        { fromDaysBefore: 14.5, creditBasisPoints: 5_000 },
        { fromDaysBefore: null, creditBasisPoints: 0 },
      ],
    ],
  ])("refuses terms with %s", (_, cancellation) => {
    expect(() => checkTerms({ ...courseBookingTerms, cancellation })).toThrow(RangeError);
  });
});
