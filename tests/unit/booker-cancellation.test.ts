/** What cancelling from the booking page gives (app/orders/course-booking/booker-rules.ts), said before the booker confirms. */
import { describe, expect, it } from "vitest";
import { bookerCancellationOffer, bookerMayChangePlaces } from "~/orders/course-booking/booker-rules.ts";
import { stricterTermsRules } from "../support/factories.ts";

// Two places at £4,500 + VAT; the course starts Monday 8 March 2027, 09:00 London.
const booking = {
  status: "invoiced" as const,
  payment_method: "invoice" as const,
  erased_at: null,
  session_starts_at: "2027-03-08T09:00:00.000Z",
  total_pence: 1_080_000,
  credited_pence: 0,
  carried_pence: 0,
  net_pence: 900_000,
  vat_pence: 180_000,
  // Written without its rules (a release before 035): the terms of today.
  terms_rules: null as string | null,
  rescheduled_at: null as string | null,
};
const on = (date: string) => new Date(`${date}T12:00:00.000Z`);

describe("bookerCancellationOffer", () => {
  it("gives the terms' tier in pounds by London days before the start: all from 29, half from 15, none after", () => {
    expect(bookerCancellationOffer(booking, on("2027-02-07"))).toEqual({
      creditPence: 1_080_000,
      daysBefore: 29,
      basisPoints: 10_000,
      rescheduled: false,
      settlement: "off-the-invoice",
    });
    expect(bookerCancellationOffer(booking, on("2027-02-08"))).toMatchObject({ creditPence: 540_000, daysBefore: 28 });
    expect(bookerCancellationOffer(booking, on("2027-02-21"))).toMatchObject({ creditPence: 540_000, daysBefore: 15 });
    expect(bookerCancellationOffer(booking, on("2027-02-22"))).toMatchObject({ creditPence: 0, daysBefore: 14 });
  });

  it("says where the credit goes: off the invoice, back to the card, by transfer; nothing for an unpaid card booking", () => {
    const when = on("2027-01-10");
    expect(bookerCancellationOffer({ ...booking, status: "paid", payment_method: "card" }, when)?.settlement).toBe(
      "refund-to-card",
    );
    expect(bookerCancellationOffer({ ...booking, status: "paid" }, when)?.settlement).toBe("refund-by-transfer");
    expect(bookerCancellationOffer({ ...booking, status: "held", payment_method: "card" }, when)).toMatchObject({
      creditPence: 0,
      settlement: "nothing-charged",
    });
  });

  it("offers nothing once the course has started, for a booking not live, or erased", () => {
    expect(bookerCancellationOffer(booking, new Date("2027-03-08T09:00:00.000Z"))).toBeNull();
    for (const status of ["unconfirmed", "cancelled", "expired", "lapsed"] as const) {
      expect(bookerCancellationOffer({ ...booking, status }, on("2027-01-10"))).toBeNull();
    }
    expect(bookerCancellationOffer({ ...booking, erased_at: "2027-01-01T00:00:00Z" }, on("2027-01-10"))).toBeNull();
  });

  it("says what of a payment carried to the invoice is paid back, when the credit leaves it more than covered (ADR 087)", () => {
    // Paid £9,600 for a cheaper date, moved to this £10,800 one: the £9,600 carried, £1,200 left to pay.
    const carried = { ...booking, carried_pence: 960_000 };
    // Half credited (£5,400): £5,400 still charged, £9,600 paid: £4,200 paid back, to the card it was paid with.
    expect(bookerCancellationOffer({ ...carried, payment_method: "card" }, on("2027-02-08"))).toMatchObject({
      creditPence: 540_000,
      settlement: "off-the-invoice",
      paidBack: { pence: 420_000, to: "card" },
    });
    expect(bookerCancellationOffer(carried, on("2027-01-10"))).toMatchObject({
      creditPence: 1_080_000,
      paidBack: { pence: 960_000, to: "transfer" },
    });
    // Nothing credited within 14 days: what was paid stays against the £10,800, nothing paid back.
    expect(bookerCancellationOffer(carried, on("2027-02-22"))).not.toHaveProperty("paidBack");
  });

  it("credits the full fee, whenever before the start, once the team moved the course to other days (/terms: a new date or a full refund)", () => {
    const rescheduled = { ...booking, rescheduled_at: "2027-01-20T10:00:00.000Z" };
    // 14 days before: the terms give nothing; 1 day before, nothing either; rescheduled, all of it.
    expect(bookerCancellationOffer(rescheduled, on("2027-02-22"))).toEqual({
      creditPence: 1_080_000,
      daysBefore: 14,
      basisPoints: 10_000,
      rescheduled: true,
      settlement: "off-the-invoice",
    });
    expect(bookerCancellationOffer(rescheduled, on("2027-03-07"))).toMatchObject({ creditPence: 1_080_000 });
    // Of what is still charged, after a move to a cheaper date credited the difference.
    expect(bookerCancellationOffer({ ...rescheduled, credited_pence: 120_000 }, on("2027-02-22"))).toMatchObject({
      creditPence: 960_000,
    });
    // Whatever stricter terms it was accepted under; still nothing once the course has started.
    expect(
      bookerCancellationOffer({ ...rescheduled, terms_rules: stricterTermsRules }, on("2027-02-22")),
    ).toMatchObject({ creditPence: 1_080_000, rescheduled: true });
    expect(bookerCancellationOffer(rescheduled, new Date("2027-03-08T09:00:00.000Z"))).toBeNull();
  });

  it("gives the tier's share of what is still charged after a move to a cheaper date credited the difference", () => {
    // Moved to a date £1,200 cheaper with VAT: £9,600 still charged; half of it from 15 days before.
    const moved = { ...booking, credited_pence: 120_000 };
    expect(bookerCancellationOffer(moved, on("2027-02-08"))).toMatchObject({ creditPence: 480_000 });
    expect(bookerCancellationOffer(moved, on("2027-01-10"))).toMatchObject({ creditPence: 960_000 });
  });

  it("works from the terms accepted with the booking, not today's", () => {
    // Accepted under stricter terms: all of it from 60 days before, nothing after.
    const accepted = { ...booking, terms_rules: stricterTermsRules };
    expect(bookerCancellationOffer(accepted, on("2027-01-06"))).toMatchObject({
      creditPence: 1_080_000,
      daysBefore: 61,
    });
    // 44 days before: today's terms give all of it, the accepted ones nothing.
    expect(bookerCancellationOffer(booking, on("2027-01-23"))).toMatchObject({ creditPence: 1_080_000 });
    expect(bookerCancellationOffer(accepted, on("2027-01-23"))).toMatchObject({ creditPence: 0, basisPoints: 0 });
  });
});

describe("bookerMayChangePlaces", () => {
  it("while invoiced or paid and before the start; never an unpaid card booking, one not live, or erased", () => {
    const when = on("2027-01-10");
    expect(bookerMayChangePlaces(booking, when)).toBe(true);
    expect(bookerMayChangePlaces({ ...booking, status: "paid" }, when)).toBe(true);
    for (const status of ["held", "unconfirmed", "cancelled", "expired", "lapsed"] as const) {
      expect(bookerMayChangePlaces({ ...booking, status }, when)).toBe(false);
    }
    expect(bookerMayChangePlaces({ ...booking, erased_at: "2027-01-01T00:00:00Z" }, when)).toBe(false);
    expect(bookerMayChangePlaces(booking, new Date("2027-03-08T09:00:00.000Z"))).toBe(false);
  });
});
