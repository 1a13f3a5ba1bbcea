/**
 * An invoice booking is real before it costs anything (issue 37,
 * docs/decisions/060-invoice-bookings-confirmed-from-the-inbox.md): until
 * the booker confirms it from their own inbox its places are only held, for
 * a set time, and no invoice number is taken nor anyone else written to.
 * These are the pure rules: when the hold lapses, and how many places
 * unconfirmed bookings may hold at once, per session and per booker address.
 */

/** The settings of the rule (BOOKING_CONFIRM_HOURS, BOOKING_UNCONFIRMED_*). */
export type ConfirmationRules = {
  /** How long an invoice booking's places are held for the booker to confirm it. */
  confirmHours: number;
  /** The share of a session's capacity unconfirmed bookings may hold at once, in percent (1–100). */
  sessionSharePercent: number;
  /** The places one booker address may hold unconfirmed at once, over all sessions. */
  perBookerPlaces: number;
  /** The unconfirmed bookings one booker address may have at once. */
  perBookerBookings: number;
};

export const defaultConfirmationRules: ConfirmationRules = {
  confirmHours: 2,
  sessionSharePercent: 50,
  perBookerPlaces: 12,
  perBookerBookings: 3,
};

/** When an unconfirmed booking made at `now` lapses; never after the session starts. */
export function confirmDeadline(now: Date, confirmHours: number, sessionStartsAt: Date): Date {
  if (!(confirmHours > 0)) throw new RangeError(`The hours to confirm must be more than 0 (got ${confirmHours})`);
  const deadline = new Date(now.getTime() + Math.round(confirmHours * 3_600_000));
  return deadline.getTime() < sessionStartsAt.getTime() ? deadline : sessionStartsAt;
}

/** The places unconfirmed bookings may hold on a session of `capacity` places (at least 1 on any session with places). */
export function unconfirmedSessionLimit(capacity: number, sharePercent: number): number {
  if (capacity <= 0) return 0;
  return Math.max(1, Math.floor((capacity * sharePercent) / 100));
}

/**
 * The mailbox a booker address delivers to, as the per-booker limits count
 * it: lower case, and without a "+tag" after the local part, which most
 * providers deliver to the same inbox ("ann+1@example.com" is
 * "ann@example.com"), so tagged addresses share one count.
 */
export function bookerMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  return plus > 0 ? `${local.slice(0, plus)}${address.slice(at)}` : address;
}

/** What is held unconfirmed already when a new invoice booking asks for `asked` places. */
export type UnconfirmedNow = {
  asked: number;
  sessionCapacity: number;
  /** Places held by unconfirmed bookings on the session. */
  sessionHeld: number;
  /** Places held by the booker address's unconfirmed bookings, on every session. */
  bookerPlaces: number;
  /** The booker address's unconfirmed bookings. */
  bookerBookings: number;
};

export type UnconfirmedVerdict = { ok: true } | { ok: false; reason: "session" | "booker"; message: string };

export const unconfirmedMessages = {
  session:
    "Sorry, too many places on this date are waiting for their bookers to confirm them. Please try again in a couple of hours, or call us to book.",
  booker:
    "You already have bookings waiting for you to confirm them from your inbox. Please confirm or let them lapse before booking more, or call us to book.",
} as const;

/** Whether a new unconfirmed booking fits the limits (the booker's first: it names what they can do). */
export function unconfirmedAllowed(now: UnconfirmedNow, rules: ConfirmationRules): UnconfirmedVerdict {
  if (now.bookerBookings + 1 > rules.perBookerBookings || now.bookerPlaces + now.asked > rules.perBookerPlaces) {
    return { ok: false, reason: "booker", message: unconfirmedMessages.booker };
  }
  if (now.sessionHeld + now.asked > unconfirmedSessionLimit(now.sessionCapacity, rules.sessionSharePercent)) {
    return { ok: false, reason: "session", message: unconfirmedMessages.session };
  }
  return { ok: true };
}
