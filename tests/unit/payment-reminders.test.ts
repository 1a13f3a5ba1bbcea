/** When an unpaid invoice's booker is reminded (app/orders/course-booking/payment-reminders.ts). */
import { describe, expect, it } from "vitest";
import {
  defaultReminderSchedule,
  reminderDue,
  reminderOffsets,
  reminderTiming,
  carriedBeyondPence,
  owedPence,
  type ReminderState,
} from "~/orders/course-booking/payment-reminders.ts";

// Issued 1 March 2027, due in 30 days: 31 March 2027 (the clocks go forward on 28 March).
const invoice: Omit<ReminderState, "today" | "sent"> = {
  dueDate: "2027-03-31",
  issuedOn: "2027-03-01",
  stillDuePence: 540_000,
};
const due = (today: string, sent: number[] = [], over: Partial<ReminderState> = {}) =>
  reminderDue({ ...invoice, today, sent, ...over }, defaultReminderSchedule);

describe("reminderOffsets", () => {
  it("puts the steps in order as days from the due date, once each", () => {
    expect(reminderOffsets(defaultReminderSchedule)).toEqual([-7, 0, 7, 14, 30]);
    expect(reminderOffsets({ beforeDays: [3, 10, 3], afterDays: [0, 0, 60] })).toEqual([-10, -3, 0, 60]);
    expect(reminderOffsets({ beforeDays: [], afterDays: [] })).toEqual([]);
  });
});

describe("reminderDue", () => {
  it("sends each step on its London day: 7 days before, on the day, then 7, 14 and 30 days after", () => {
    expect(due("2027-03-23")).toBeNull();
    expect(due("2027-03-24")).toBe(-7);
    expect(due("2027-03-24", [-7])).toBeNull();
    expect(due("2027-03-31", [-7])).toBe(0);
    expect(due("2027-04-07", [-7, 0])).toBe(7);
    expect(due("2027-04-14", [-7, 0, 7])).toBe(14);
    expect(due("2027-04-29", [-7, 0, 7, 14])).toBeNull();
    expect(due("2027-04-30", [-7, 0, 7, 14])).toBe(30);
    expect(due("2027-12-31", [-7, 0, 7, 14, 30])).toBeNull();
  });

  it("sends only the latest step when several have come since the last one sent (never a burst)", () => {
    expect(due("2027-04-20", [-7])).toBe(14);
    // And the steps passed over are not sent later.
    expect(due("2027-04-21", [-7, 14])).toBeNull();
  });

  it("never reminds on or before the day the invoice was issued (short payment terms)", () => {
    // Due in 5 days: the step 7 days before the due date falls before the invoice existed.
    const short = { dueDate: "2027-03-06", issuedOn: "2027-03-01" };
    expect(due("2027-03-01", [], short)).toBeNull();
    expect(due("2027-03-05", [], short)).toBeNull();
    expect(due("2027-03-06", [], short)).toBe(0);
  });

  it("stops when nothing is still owed (paid or credited)", () => {
    expect(due("2027-03-31", [-7], { stillDuePence: 0 })).toBeNull();
  });

  it("follows the schedule the team set", () => {
    expect(reminderDue({ ...invoice, today: "2027-04-30", sent: [] }, { beforeDays: [], afterDays: [] })).toBeNull();
    expect(reminderDue({ ...invoice, today: "2027-03-28", sent: [] }, { beforeDays: [3], afterDays: [] })).toBe(-3);
  });
});

describe("the days and the amounts", () => {
  it("owes the invoice's total less what credit notes took off and what was paid and carried, never less than nothing", () => {
    expect(owedPence({ total_pence: 540_000, credited_pence: 0, carried_pence: 0 })).toBe(540_000);
    expect(owedPence({ total_pence: 540_000, credited_pence: 270_000, carried_pence: 0 })).toBe(270_000);
    expect(owedPence({ total_pence: 540_000, credited_pence: 600_000, carried_pence: 0 })).toBe(0);
    // A paid £4,500 booking moved to a £5,400 date: £900 left to pay (ADR 087).
    expect(owedPence({ total_pence: 540_000, credited_pence: 0, carried_pence: 450_000 })).toBe(90_000);
    expect(owedPence({ total_pence: 540_000, credited_pence: 60_000, carried_pence: 450_000 })).toBe(30_000);
  });

  it("pays back what was paid and carried beyond what the invoice still charges after a credit, never less than nothing", () => {
    const carried = { total_pence: 540_000, credited_pence: 0, carried_pence: 450_000 };
    // Half credited: £2,700 still charged, £4,500 paid: £1,800 back.
    expect(carriedBeyondPence(carried, 270_000)).toBe(180_000);
    expect(carriedBeyondPence(carried, 0)).toBe(0);
    expect(carriedBeyondPence({ ...carried, carried_pence: 0 }, 540_000)).toBe(0);
  });

  it("speaks of the due date before, on or after it", () => {
    expect([-7, 0, 7].map(reminderTiming)).toEqual(["before", "due-today", "overdue"]);
  });
});
