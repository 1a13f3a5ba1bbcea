/**
 * The "Join the waiting list" form of a full date's booking page (ADR 083):
 * name, e-mail, organisation and places wanted (1 to the booking maximum),
 * read from the posted fields with a message per field. Client-safe, pure.
 */
import * as v from "valibot";
import { limits } from "~/forms/fields.ts";
import { email, line } from "~/forms/schemas.ts";
import { MAX_PLACES } from "./booking-request.ts";

/** Tells the booking page's action that the post is the waiting list's form. */
export const waitingIntent = "waiting-list";

export const waitingFields = {
  name: "waitingName",
  email: "waitingEmail",
  organisation: "waitingOrganisation",
  places: "waitingPlaces",
} as const;

export const waitingMessages = {
  name: "Please enter your full name (at least 2 characters).",
  email: "Please enter a valid email address.",
  organisation: "Please enter your organisation's name (at least 2 characters).",
  places: `Please choose from 1 to ${MAX_PLACES} places.`,
} as const;

const schemas = {
  name: line(2, limits.name, waitingMessages.name),
  email: email(waitingMessages.email),
  organisation: line(2, limits.company, waitingMessages.organisation),
};

export type WaitingRequest = { name: string; email: string; organisation: string; places: number };

export type WaitingFormResult =
  { ok: true; request: WaitingRequest } | { ok: false; fieldErrors: Record<string, string> };

export function parseWaitingForm(form: Record<string, string | undefined>): WaitingFormResult {
  const errors: Record<string, string> = {};
  const read = (key: keyof typeof schemas) => {
    const field = waitingFields[key];
    const parsed = v.safeParse(schemas[key], form[field] ?? "");
    if (parsed.success) return parsed.output;
    errors[field] = waitingMessages[key];
    return "";
  };
  const name = read("name");
  const address = read("email");
  const organisation = read("organisation");
  const places = Number(form[waitingFields.places]);
  if (!/^\d+$/.test(form[waitingFields.places] ?? "") || places < 1 || places > MAX_PLACES) {
    errors[waitingFields.places] = waitingMessages.places;
  }
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, request: { name, email: address, organisation, places } };
}
