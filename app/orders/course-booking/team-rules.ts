/**
 * What the team's page for one course booking may show and do (pure,
 * client-safe): the booking without its payment secret, whether the terms'
 * credit is shown and its places can be named, and a credit the team writes
 * in place of the terms' one.
 */
import { parsePoundsToPence } from "~/format/money.ts";
import type { CourseBookingStatus } from "~/data/schema.ts";
import { bookerMayChangePlaces } from "./booker-rules.ts";

/**
 * A booking held for its card payment, or confirmed (invoiced or paid): the
 * ones whose cancellation the page prices under the terms. (An unconfirmed
 * booking holds places too, `liveStatuses`, but its booker has not yet said
 * it is theirs.)
 */
export const heldOrConfirmedStatuses = ["held", "invoiced", "paid"] as const satisfies readonly CourseBookingStatus[];

export function isHeldOrConfirmed(status: CourseBookingStatus): boolean {
  return (heldOrConfirmedStatuses as readonly string[]).includes(status);
}

/**
 * Its places can be named or passed on, by the team as by the booker:
 * confirmed (invoiced or paid: a card hold is no one's booking until it is
 * paid, and naming a place sends the delegate their joining details and a
 * calendar invitation), not erased, and the course has not started (the
 * terms).
 */
export function canNamePlaces(
  booking: { status: CourseBookingStatus; erased_at: string | null; session_starts_at: string },
  now: Date,
): boolean {
  return bookerMayChangePlaces(booking, now);
}

export type CreditOverride = { grossPence: number; reason: string };

export const creditOverrideMessages = {
  amount: "Write the amount to credit in pounds, such as 2700 or 2,700.00.",
  reason: "Say why the credit differs from what the terms give (at least 5 characters).",
} as const;

/**
 * The credit the team writes when cancelling, in place of the terms' one:
 * none when the amount is left empty; else the amount in pounds (as pence)
 * with the reason (at least 5 characters, kept to 500), or what is wrong.
 */
export function readCreditOverride(
  amount: string,
  reason: string,
): { ok: true; override?: CreditOverride } | { ok: false; error: string } {
  const typedAmount = amount.trim();
  if (typedAmount === "") return { ok: true };
  const grossPence = parsePoundsToPence(typedAmount);
  if (grossPence === null) return { ok: false, error: creditOverrideMessages.amount };
  const why = reason.trim();
  if (why.length < 5) return { ok: false, error: creditOverrideMessages.reason };
  return { ok: true, override: { grossPence, reason: why.slice(0, 500) } };
}
