/**
 * Where an open enquiry stands against the site's response-time promise,
 * as the inbox and a lead's page show it (the rule itself is
 * app/calendar/response-deadline.ts).
 */
import type { BusinessCalendar } from "~/calendar/business-hours.ts";
import { deadlineState, type DeadlineState } from "~/calendar/response-deadline.ts";

/** An open enquiry with at most this much business time left is due soon. */
export const dueSoonHours = 4;

export type Due = { state: DeadlineState; hours: number | null };

/**
 * Where an enquiry with this deadline stands at `now`, with the business
 * hours left (or over). Business time is counted day by day, so an enquiry
 * overdue by more than a week is just "overdue" (no count of hours).
 */
export function due(deadline: Date, now: Date, calendar: BusinessCalendar): Due {
  if (now.getTime() - deadline.getTime() > 7 * 86_400_000) return { state: "overdue", hours: null };
  const { state, businessMsLeft } = deadlineState(deadline, now, dueSoonHours, calendar);
  return { state, hours: Math.round(Math.abs(businessMsLeft) / 3_600_000) };
}

/** An open ("new") lead's standing, or null for a lead without a deadline or already worked. */
export function openLeadDue(
  lead: { deadlineAt: string | null; status: string },
  now: Date,
  calendar: BusinessCalendar,
): Due | null {
  return lead.deadlineAt && lead.status === "new" ? due(new Date(lead.deadlineAt), now, calendar) : null;
}
