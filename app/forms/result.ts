/**
 * What every form endpoint answers, as JSON from /api/* and as action data
 * to the page forms: the spec's { success, message }, plus the message for
 * each field that failed validation, and what the visitor typed (so a form
 * re-rendered by the server without JavaScript keeps it).
 */
import type { FieldErrors } from "./schemas.ts";

export type FormResult =
  | { success: true; message: string }
  | { success: false; message: string; errors?: FieldErrors; values?: Record<string, string> };

/** Messages the endpoints answer with, besides the per-field ones and each kind's success (app/leads/kinds/). */
export const resultMessages = {
  invalid: "Please correct the highlighted fields and try again.",
  tooFast: "That was quicker than we expected. Please check your details and send the form again.",
  rejected: "Your submission could not be accepted. Please contact us by e-mail or phone instead.",
  rateLimited: "Too many submissions from your network. Please wait a few minutes and try again.",
  unavailable:
    "Sorry, we could not save your details just now. Nothing was sent. Please try again in a few minutes or e-mail us.",
} as const;

/** A page action's answer when one page has several forms of the same kind
 * (one per card): tagged with the card it came from, so the page re-rendered
 * without JavaScript shows it on that card only. */
export type TaggedResult = FormResult & { formId?: string };

/** A card form's props from the page's answer: the answer only if it is that card's. */
export function cardAnswer(answer: TaggedResult | undefined, cardId: string): { pageResult?: FormResult } {
  return answer?.formId === cardId ? { pageResult: answer } : {};
}
