/**
 * Names of the fields that protect the forms from bots (never shown to
 * people): plain names, without the schema library.
 */
export const protectionFields = {
  /** Honeypot: hidden from people and screen readers; bots fill it in. */
  honeypot: "website",
  /** When the visitor started on the form (ms since epoch, set by the browser). */
  startedAt: "formStartedAt",
} as const;

/**
 * The families of public forms, each limited in its own scope (its own
 * count per client address; ADR 059): the lead forms and their JSON API
 * (enquiries), the course booking form, and the consultation's card payment.
 * One visitor's enquiries never use up their booking, and the other way round.
 */
export const formFamilies = ["enquiry", "booking", "payment"] as const;
export type FormFamily = (typeof formFamilies)[number];
