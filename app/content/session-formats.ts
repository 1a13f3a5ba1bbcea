/**
 * The fixed choices of a course session (sessions-schema.ts checks them):
 * browser-safe, without zod, for the pages and their filters.
 */
import { pricing } from "./business.ts";

/** In person at a venue, or live online (at a client's site is sold by enquiry, never booked). */
export const sessionFormats = ["in-person", "online"] as const;
export type SessionFormat = (typeof sessionFormats)[number];

export const sessionStates = ["open", "confirmed", "cancelled"] as const;

/** The most places a session may have (a room's size; the course's groups are smaller). */
export const maxSessionCapacity = 40;

/** A course's list price per person, in pence (business.ts): a session's price when it sets none. */
export const listPricePence = pricing.coursePriceGbp * 100;

/** A day's hours, London wall-clock time ("09:00" to "17:00"). */
export type DayHours = { starts: string; ends: string };

/**
 * Each format's standard hours, Monday to Friday (London time): in person
 * 09:00–17:00, the Friday ending at 15:30; live online 09:30–16:30, with the
 * breaks a screen needs. The release's sessions (sessions.ts) run these; a new
 * course date in the editor starts with them.
 */
export const standardSessionHours: Readonly<Record<SessionFormat, readonly DayHours[]>> = {
  "in-person": [
    { starts: "09:00", ends: "17:00" },
    { starts: "09:00", ends: "17:00" },
    { starts: "09:00", ends: "17:00" },
    { starts: "09:00", ends: "17:00" },
    { starts: "09:00", ends: "15:30" },
  ],
  online: Array.from({ length: 5 }, () => ({ starts: "09:30", ends: "16:30" })),
};
