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
