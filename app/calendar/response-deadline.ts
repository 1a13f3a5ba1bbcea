/**
 * The site's promise to every enquirer: an answer within so many business
 * hours (the number: businessPromises.responseTime in content/business.ts),
 * counted in the site's business hours (business-hours.ts). This module turns
 * the promise into instants: when an enquiry's answer is due, and whether it
 * is on track, due soon or overdue (issue 13's inbox).
 *
 * Pure: no clock, no settings of its own (the calendar is passed in).
 */
import { addBusinessHours, businessMsBetween, type BusinessCalendar } from "./business-hours.ts";

export type DeadlineState = "on-track" | "due-soon" | "overdue";

const HOUR_MS = 3_600_000;

/** When the answer to an enquiry received at `receivedAt` is due. */
export function responseDeadline(receivedAt: Date, promiseHours: number, calendar: BusinessCalendar): Date {
  return addBusinessHours(receivedAt, promiseHours, calendar);
}

/**
 * Where an unanswered enquiry stands at `now`: overdue from its deadline on,
 * due soon when at most `soonHours` of business time are left.
 */
export function deadlineState(
  deadline: Date,
  now: Date,
  soonHours: number,
  calendar: BusinessCalendar,
): { state: DeadlineState; businessMsLeft: number } {
  if (now.getTime() >= deadline.getTime()) {
    const over = businessMsBetween(deadline, now, calendar);
    return { state: "overdue", businessMsLeft: over === 0 ? 0 : -over };
  }
  const businessMsLeft = businessMsBetween(now, deadline, calendar);
  return { state: businessMsLeft <= soonHours * HOUR_MS ? "due-soon" : "on-track", businessMsLeft };
}
