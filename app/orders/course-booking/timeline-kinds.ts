/**
 * The kinds of a booking's timeline events that one module writes and
 * others read: the terms count moves, the reminders count their steps, the
 * timeline words them (./timeline-text.ts). Pure, so the words can import
 * them without server code.
 */

/** A move to another date (./transfer.server.ts): the terms' free transfers are counted from these. */
export const transferredEvent = "transferred";
/** A move to another date of a booking whose course the team had moved to other days: the booker's new date, not counted (./transfer.server.ts). */
export const rescheduledMoveEvent = "moved-after-rescheduling";
/** A reminder to pay an invoice (./payment-reminders.server.ts). */
export const paymentReminderEvent = "payment-reminder";
/** A delegate's joining instructions sent (./joining.server.ts). */
export const joiningSentEvent = "joining-instructions";
/** A delegate's reminder of the first day sent (./joining.server.ts). */
export const joiningReminderEvent = "joining-reminder";
/** The session's days, hours or place changed in Site content, and the booking's copy followed (./session-copies.server.ts). */
export const sessionChangedEvent = "session-changed";
/** Money moved in Stripe rather than by the site: a dashboard refund, a failed refund, a dispute (../stripe/changes.ts). */
export const stripeChangeEvent = "stripe-change";
