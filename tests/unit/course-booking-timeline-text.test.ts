/** A booking's timeline in the team's words (app/orders/course-booking/timeline-text.ts): numbers, amounts and dates, never a kind's code. */
import { describe, expect, it } from "vitest";
import { timelineText } from "~/orders/course-booking/timeline-text.ts";

describe("timelineText", () => {
  it("says what each event did, with its document's number and amounts in pounds", () => {
    expect(timelineText("invoice-issued", { number: "INV-000012", dueDate: "2027-02-09" })).toBe(
      "Invoice INV-000012 issued",
    );
    expect(timelineText("invoice-issued", { number: "INV-000013", paid: true })).toBe(
      "Invoice INV-000013 issued (paid by card)",
    );
    expect(timelineText("credit-note-issued", { number: "CN-000004", grossPence: 54_000 })).toBe(
      "Credit note CN-000004 issued for £540.00",
    );
    expect(timelineText("paid", { amountPence: 960_000, method: "invoice", note: "BACS 123" })).toBe(
      "Paid: £9,600.00 by bank transfer (BACS 123)",
    );
    expect(timelineText("paid", { amountPence: 540_000, method: "card" })).toBe("Paid: £5,400.00 by card");
    expect(timelineText("cancelled", { reason: "Cancelled by the booker", refundPence: 540_000 })).toBe(
      "Cancelled: Cancelled by the booker (£5,400.00 to refund)",
    );
    expect(timelineText("place-named", { position: 2, by: "booker" })).toBe("Place 2 named");
    expect(timelineText("places-retaken", { places: 1 })).toBe("Paid late: 1 place taken again");
  });

  it("says how the session changed in Site content, in the booking's words", () => {
    expect(
      timelineText("session-changed", {
        from: "8 March 2027 to 12 March 2027, The Meridian Centre, London",
        to: "15 March 2027 to 19 March 2027, The Meridian Centre, London",
      }),
    ).toBe(
      "The session changed in Site content: 8 March 2027 to 12 March 2027, The Meridian Centre, London is now 15 March 2027 to 19 March 2027, The Meridian Centre, London",
    );
    expect(
      timelineText("session-changed", {
        from: "8 March 2027 to 12 March 2027, live online",
        to: "8 March 2027 to 12 March 2027, live online",
      }),
    ).toBe("The session's hours or address changed in Site content (8 March 2027 to 12 March 2027, live online)");
  });

  it("says why a card payment was refunded", () => {
    const refund = (reason: string) =>
      timelineText("refund", { amountPence: 450_000, reason, paymentIntentId: "pi_1" });
    expect(refund("late-payment-no-places")).toBe("Refund of £4,500.00 to the card (paid after its places had gone)");
    expect(refund("invoice-no-longer-due")).toBe("Refund of £4,500.00 to the card (the invoice was no longer owed)");
    expect(refund("cancelled-before-payment")).toBe(
      "Refund of £4,500.00 to the card (paid after the booking was cancelled)",
    );
    expect(refund("constructor")).toBe("Refund of £4,500.00 to the card");
  });

  it("says which place's delegate was sent the joining instructions, and the reminder", () => {
    expect(timelineText("joining-instructions", { place: 2 })).toBe(
      "Joining instructions and the questionnaire's link sent to the delegate of place 2",
    );
    expect(timelineText("joining-reminder", { place: 1 })).toBe(
      "Reminder of the first day sent to the delegate of place 1",
    );
  });

  it("says a move's dates and credit", () => {
    const moved = {
      from: "15 March 2027 to 19 March 2027, live online",
      to: "7 June 2027 to 11 June 2027, live online",
    };
    expect(timelineText("transferred", { ...moved, creditPence: 0 })).toBe(
      "Moved from 15 March 2027 to 19 March 2027, live online to 7 June 2027 to 11 June 2027, live online",
    );
    expect(timelineText("transferred", { ...moved, creditPence: 120_000 })).toMatch(/ \(£1,200\.00 credited\)$/);
    expect(timelineText("transferred", { ...moved, creditPence: 0, extraPence: 120_000 })).toMatch(
      /live online \(£1,200\.00 more, on a new invoice\)$/,
    );
    expect(
      timelineText("transferred", { ...moved, creditPence: 0, extraPence: 120_000, carriedPence: 540_000 }),
    ).toMatch(/live online \(£1,200\.00 more, on a new invoice, with the £5,400\.00 paid carried to it\)$/);
    // The booker's new date after the team moved the course (ADR 100): not one of the terms' free transfers.
    expect(timelineText("moved-after-rescheduling", { ...moved, creditPence: 120_000 })).toBe(
      "Moved from 15 March 2027 to 19 March 2027, live online to 7 June 2027 to 11 June 2027, live online (£1,200.00 credited): the new date taken after we moved the course, not counted against the free transfers",
    );
    expect(timelineText("invoice-issued", { number: "INV-000014", replaces: "INV-000012" })).toBe(
      "Invoice INV-000014 issued, replacing invoice INV-000012",
    );
  });

  it("says when a payment reminder went, from the due date", () => {
    const reminder = (offset: number) =>
      timelineText("payment-reminder", { number: "INV-000012", offset, stillDuePence: 540_000 });
    expect(reminder(-7)).toBe(
      "Payment reminder for invoice INV-000012 sent, 7 days before it is due (£5,400.00 still due)",
    );
    expect(reminder(0)).toBe(
      "Payment reminder for invoice INV-000012 sent, on the day it is due (£5,400.00 still due)",
    );
    expect(reminder(1)).toBe("Payment reminder for invoice INV-000012 sent, 1 day overdue (£5,400.00 still due)");
  });

  it("reads a kind it does not know as words, never as its code", () => {
    expect(timelineText("questionnaire-nudged", {})).toBe("Questionnaire nudged");
  });
});
