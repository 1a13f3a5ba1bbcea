/**
 * What the payment form and the payment API say when a request cannot go
 * ahead (spec section 7): one text for both, so the page's toast and the
 * API's answer agree. Kept apart from ./request.ts so that the browser's
 * payment form can use them without the request schema.
 */
import { consultation } from "~/content/business.ts";

export const paymentMessages = {
  missing: "Please provide your name and email address",
  quantity: `Participants must be a whole number from ${consultation.minParticipants} to ${consultation.maxParticipants}.`,
  amountMismatch:
    "The amount does not match the number of participants. Please reload the page and try again; you have not been charged.",
  testUnavailable: "Test payments are not available on this site.",
} as const;
