/**
 * Booking links expire (issue 37, docs/decisions/063-booking-links-expire.md):
 * a link opens its booking until a set number of days after the session
 * ends (BOOKING_LINK_DAYS_AFTER_COURSE), or after the link was made if that
 * is later (a new link asked for after the course works that long too);
 * after that the booker may have a new one sent to the booking's own
 * address, which revokes the old ones,
 * at most once per 15 minutes and three times a day per booking. These are
 * the pure rules.
 */

export const defaultLinkDaysAfterCourse = 30;

/** The resends allowed per booking: at most one per `minGapMinutes`, `perDay` in any 24 hours. */
export const resendLimits = { minGapMinutes: 15, perDay: 3 } as const;

/** When a link made at `createdAt` to a booking whose session ends at `sessionEndsAt` stops opening it. */
export function linkExpiresAt(sessionEndsAt: Date, createdAt: Date, daysAfterCourse: number): Date {
  if (!(daysAfterCourse >= 0))
    throw new RangeError(`The days after the course must be 0 or more (got ${daysAfterCourse})`);
  const from = Math.max(sessionEndsAt.getTime(), createdAt.getTime());
  return new Date(from + Math.round(daysAfterCourse * 86_400_000));
}

export function linkExpired(sessionEndsAt: Date, createdAt: Date, daysAfterCourse: number, now: Date): boolean {
  return now.getTime() >= linkExpiresAt(sessionEndsAt, createdAt, daysAfterCourse).getTime();
}

export type ResendVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Whether a new link may be sent now, given when the earlier ones were (any order). */
export function resendAllowed(earlier: readonly Date[], now: Date): ResendVerdict {
  const dayAgo = now.getTime() - 86_400_000;
  const recent = earlier.map((d) => d.getTime()).filter((t) => t > dayAgo && t <= now.getTime());
  const waits: number[] = [];
  const last = Math.max(...recent, -Infinity);
  const gap = resendLimits.minGapMinutes * 60_000;
  if (last + gap > now.getTime()) waits.push(last + gap - now.getTime());
  if (recent.length >= resendLimits.perDay) {
    const oldest = [...recent].sort((a, b) => a - b)[recent.length - resendLimits.perDay]!;
    waits.push(oldest + 86_400_000 - now.getTime());
  }
  if (waits.length === 0) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.ceil(Math.max(...waits) / 1000) };
}

export const resendMessages = {
  limited:
    "A new link was sent to the booking's e-mail address a short while ago. Please check that inbox (and its spam folder), or try again later.",
  sent: "If the booking still has an e-mail address, a new link is on its way to it. Please check that inbox.",
} as const;
