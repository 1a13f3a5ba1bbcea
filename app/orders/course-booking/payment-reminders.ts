/**
 * When an unpaid invoice's booker is reminded to pay it (issue 41): on London
 * calendar days counted from the invoice's due date, by a schedule the
 * team sets with the business settings (by default 7 days before, on the
 * day, and 7, 14 and 30 days after). Pure; the job that sends them is
 * ./payment-reminders.server.ts.
 *
 * - A step counts only after the day the invoice was issued (short payment
 *   terms never remind on the day the invoice arrives).
 * - Each step is sent once. When several have come since the last one was
 *   sent (the site was down, or the schedule changed), only the latest is
 *   sent and the earlier ones are passed over, never a burst of reminders.
 * - Reminders stop when nothing is still due: the invoice paid or credited.
 * - From 30 days after the due date, the reminder names statutory interest.
 */
import { addDays } from "~/time/london.ts";

/** Days before the due date, and days after it (0: the due date itself). */
export type ReminderSchedule = { beforeDays: readonly number[]; afterDays: readonly number[] };

export const defaultReminderSchedule: ReminderSchedule = { beforeDays: [7], afterDays: [0, 7, 14, 30] };

/** The most days either side of the due date a step may be. */
export const maxReminderDays = 180;

/** From this many days after the due date, a reminder names statutory late-payment interest. */
export const lateInterestFromDays = 30;

/** The schedule's steps as days from the due date (negative: before it), soonest first. */
export function reminderOffsets(schedule: ReminderSchedule): number[] {
  return [...new Set([...schedule.beforeDays.map((d) => -d), ...schedule.afterDays])].sort((a, b) => a - b);
}

export type ReminderState = {
  /** The invoice's due date and the London day it was issued ("YYYY-MM-DD"). */
  dueDate: string;
  issuedOn: string;
  /** Today in London. */
  today: string;
  /** The steps already sent, as days from the due date. */
  sent: readonly number[];
  /** What is still owed on the invoice, in pence. */
  stillDuePence: number;
};

/** The step to send today (days from the due date), or null: none has come that was not sent, or nothing is owed. */
export function reminderDue(state: ReminderState, schedule: ReminderSchedule): number | null {
  if (state.stillDuePence <= 0) return null;
  const lastSent = state.sent.length ? Math.max(...state.sent) : -Infinity;
  const come = reminderOffsets(schedule).filter((offset) => {
    const day = addDays(state.dueDate, offset);
    return day > state.issuedOn && day <= state.today && offset > lastSent;
  });
  return come.length ? come.at(-1)! : null;
}

/**
 * What an invoiced booking still owes: its invoice's total less what credit
 * notes took off it and what was paid on the invoices it replaced, carried
 * to it (never below nothing). All three are the invoice's that stands (a
 * move to a dearer date replaces the invoice: ADR 084, 087). What marking
 * it paid records, paying it by card takes and reminders ask for.
 */
export function owedPence(booking: { total_pence: number; credited_pence: number; carried_pence: number }): number {
  return Math.max(0, booking.total_pence - booking.credited_pence - booking.carried_pence);
}

/**
 * What was paid and carried to the invoice (ADR 087) beyond what it still
 * charges once `creditPence` more is credited: what a cancellation pays back.
 */
export function carriedBeyondPence(
  booking: { total_pence: number; credited_pence: number; carried_pence: number },
  creditPence: number,
): number {
  return Math.max(0, booking.carried_pence - (booking.total_pence - booking.credited_pence - creditPence));
}

/** How a reminder speaks of the due date: before, on or after it. */
export function reminderTiming(offset: number): "before" | "due-today" | "overdue" {
  return offset < 0 ? "before" : offset === 0 ? "due-today" : "overdue";
}
