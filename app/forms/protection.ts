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
