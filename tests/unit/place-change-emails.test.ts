/** What the booker and the team are told when the booker changes a place (app/orders/course-booking/place-change-emails.server.ts). */
import { describe, expect, it } from "vitest";
import type { BookingForEmail } from "~/orders/course-booking/booking-emails.server.ts";
import { placeChangeText, placeChangedByBookerEmails } from "~/orders/course-booking/place-change-emails.server.ts";
import { testMail } from "../support/factories.ts";

const booking: BookingForEmail = {
  id: "b-1",
  reference: "MB-ABCDEFGH",
  isTest: false,
  courseId: "strategy",
  courseTitle: "Strategy Execution",
  session: {
    key: "s",
    label: "14–18 June 2027",
    format: "online",
    days: [{ startsAt: new Date("2027-06-14T08:00:00Z"), endsAt: new Date("2027-06-14T16:00:00Z") }],
  },
  booker: { name: "Emmy Noether", email: "emmy@example.com", organisation: "Noether Algebra Ltd" },
  delegates: [],
  paymentMethod: "invoice",
  quantity: 2,
  unitPricePence: 450_000,
  discountPence: 0,
  netPence: 900_000,
  vatPence: 180_000,
  totalPence: 1_080_000,
  termsText: [],
};
const olga = { name: "Olga Taussky", email: "olga@example.com" };

describe("a place changed by the booker", () => {
  it("says the change in a sentence: named, or in someone's place", () => {
    expect(placeChangeText({ position: 2, delegate: olga, previous: null })).toBe(
      "Place 2 is now named: Olga Taussky <olga@example.com>.",
    );
    expect(
      placeChangeText({ position: 2, delegate: olga, previous: { name: "Ann Lee", email: "ann@example.com" } }),
    ).toBe("Place 2 is now Olga Taussky <olga@example.com>'s, in place of Ann Lee.");
  });

  it("tells the booker (no charge, not you?) and the team (with the booking's back-office address)", () => {
    const [toBooker, toTeam] = placeChangedByBookerEmails(
      booking,
      { position: 2, delegate: olga, previous: null },
      testMail,
    );
    expect(toBooker).toMatchObject({
      to: "emmy@example.com",
      subject: "A place is named: Strategy Execution, 14–18 June 2027",
    });
    expect(toBooker!.text).toContain("There is no charge.");
    expect(toBooker!.text).toContain("Not you?");
    expect(toTeam).toMatchObject({ to: "team@example.test", replyTo: "emmy@example.com" });
    expect(toTeam!.subject).toBe("A place is named by the booker: Noether Algebra Ltd, Strategy Execution");
    expect(toTeam!.text).toContain("https://site.example/admin/course-bookings/b-1");
  });
});
