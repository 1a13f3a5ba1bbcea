/**
 * A booking's timeline in the team's words (the back office's booking page):
 * each event the bookings module writes, as a sentence, with what its
 * detail says that the team needs (a document's number, an amount, a place,
 * a date), never an id. An event of a kind not listed here (a newer
 * release's, during a rolling restart) reads as its kind in words. Pure.
 */
import { formatPenceGbp } from "~/format/money.ts";
import { reminderTiming } from "./payment-reminders.ts";
import {
  joiningReminderEvent,
  joiningSentEvent,
  paymentReminderEvent,
  sessionChangedEvent,
  rescheduledMoveEvent,
  stripeChangeEvent,
  transferredEvent,
} from "./timeline-kinds.ts";
import { changeText } from "../stripe/changes.ts";
import type { StripeChange } from "../stripe/handler.ts";

type Detail = Record<string, unknown>;

const str = (value: unknown) => (typeof value === "string" ? value : "");
const pounds = (value: unknown) => (typeof value === "number" ? formatPenceGbp(value) : "");
const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;
const places = (n: number) => `${n} place${n === 1 ? "" : "s"}`;

/** A move to another date: from, to, and what it credited or added (a new invoice, with what was paid carried to it). */
function movedText(d: Detail): string {
  const credited = typeof d.creditPence === "number" && d.creditPence > 0 ? ` (${pounds(d.creditPence)} credited)` : "";
  const carried =
    typeof d.carriedPence === "number" && d.carriedPence > 0
      ? `, with the ${pounds(d.carriedPence)} paid carried to it`
      : "";
  const extra =
    typeof d.extraPence === "number" && d.extraPence > 0
      ? ` (${pounds(d.extraPence)} more, on a new invoice${carried})`
      : "";
  return `Moved from ${str(d.from)} to ${str(d.to)}${credited}${extra}`;
}

function reminderText(detail: Detail): string {
  const offset = Number(detail.offset);
  const timing = reminderTiming(offset);
  const when =
    timing === "before"
      ? `${days(-offset)} before it is due`
      : timing === "due-today"
        ? "on the day it is due"
        : `${days(offset)} overdue`;
  return `Payment reminder for invoice ${str(detail.number)} sent, ${when} (${pounds(detail.stillDuePence)} still due)`;
}

/** Why a card payment was refunded, as the timeline says it after the amount. */
const refundReasons: Record<string, string> = {
  "late-payment-no-places": " (paid after its places had gone)",
  "invoice-no-longer-due": " (the invoice was no longer owed)",
  "cancelled-before-payment": " (paid after the booking was cancelled)",
};

const sentences: Record<string, (detail: Detail) => string> = {
  created: () => "Booked",
  held: () => "Places held for the card payment",
  "awaiting-confirmation": () => "Places held until the booker confirms from their inbox",
  confirmed: () => "Confirmed by the booker",
  "invoice-issued": (d) =>
    `Invoice ${str(d.number)} issued${d.paid ? " (paid by card)" : ""}${str(d.replaces) ? `, replacing invoice ${str(d.replaces)}` : ""}`,
  paid: (d) =>
    `Paid: ${pounds(d.amountPence)} ${d.method === "card" ? "by card" : "by bank transfer"}${str(d.note) ? ` (${str(d.note)})` : ""}`,
  "card-payment-started": (d) => `The booker started paying invoice ${str(d.number)} by card`,
  "payment-failed": (d) => `A card payment failed: ${str(d.message)}`,
  "payment-mismatch": () => "A card payment did not match the booking: not applied",
  refund: (d) =>
    `Refund of ${pounds(d.amountPence)} to the card${Object.hasOwn(refundReasons, str(d.reason)) ? refundReasons[str(d.reason)] : ""}`,
  "refund-failed": (d) => `The card refund of ${pounds(d.amountPence)} failed: make it in Stripe's dashboard`,
  "places-retaken": (d) => `Paid late: ${places(Number(d.places))} taken again`,
  expired: () => "Not paid in time: the places were released",
  "payment-unavailable": (d) =>
    typeof d.placesBackToOffer === "number"
      ? "Card payment was unavailable: the places are held for the waiting list's offer again"
      : "Card payment was unavailable: the places were released",
  "not-confirmed": () => "Not confirmed in time: the places were released",
  "link-resent": () => "A new booking link was e-mailed to the booker",
  "place-named": (d) => `Place ${String(d.position)} named`,
  "delegate-substituted": (d) => `Place ${String(d.position)} passed to a substitute`,
  "credit-note-issued": (d) => `Credit note ${str(d.number)} issued for ${pounds(d.grossPence)}`,
  cancelled: (d) =>
    `Cancelled: ${str(d.reason)}${typeof d.refundPence === "number" && d.refundPence > 0 ? ` (${pounds(d.refundPence)} to refund)` : ""}`,
  [transferredEvent]: movedText,
  [rescheduledMoveEvent]: (d) =>
    `${movedText(d)}: the new date taken after we moved the course, not counted against the free transfers`,
  [sessionChangedEvent]: (d) =>
    str(d.from) === str(d.to)
      ? `The session's hours or address changed in Site content (${str(d.to)})`
      : `The session changed in Site content: ${str(d.from)} is now ${str(d.to)}`,
  [stripeChangeEvent]: (d) =>
    typeof d.amountPence === "number" && typeof d.what === "string"
      ? changeText(d as StripeChange)
      : "Money moved in Stripe's dashboard",
  [paymentReminderEvent]: reminderText,
  [joiningSentEvent]: (d) =>
    `Joining instructions and the questionnaire's link sent to the delegate of place ${String(d.place)}`,
  [joiningReminderEvent]: (d) => `Reminder of the first day sent to the delegate of place ${String(d.place)}`,
};

/** The event as the team reads it: "Credit note CN-000012 issued for £540.00". */
export function timelineText(kind: string, detail: Detail): string {
  const sentence = sentences[kind];
  if (sentence) return sentence(detail);
  const words = kind.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
