/**
 * Waiting lists for full dates (issue 41, docs/decisions/083-waiting-lists.md):
 * the pure rules. The store and the job are ./waiting.server.ts.
 *
 * - A request waits once its address is confirmed (double opt-in), in the
 *   order of its confirmation (the team may move it up or down: its
 *   `position`).
 * - When places are free on the date, the first waiting request whose
 *   places fit what is free is offered them: they are held for it for 48
 *   hours, or 24 when the date starts within 14 London calendar days, and
 *   never beyond the session's start. The hours are elapsed hours, so a
 *   clock change moves nothing; the days are London calendar days.
 *   These are constants here, not business settings (ADR 083).
 * - An offer not taken by then lapses: its places go back, and pass to the
 *   next request that fits.
 */
import { daysBefore } from "./days.ts";

/** Hours an offer holds its places. */
export const offerHours = 48;
/** Hours an offer holds its places when the date starts within `shortOfferDays` London days. */
export const shortOfferHours = 24;
export const shortOfferDays = 14;
/** An unconfirmed request's confirmation link opens for this many hours. */
export const confirmLinkHours = 48;

export type WaitingState = "unconfirmed" | "waiting" | "offered" | "accepted" | "lapsed";

export const waitingStates: readonly WaitingState[] = ["unconfirmed", "waiting", "offered", "accepted", "lapsed"];

const HOUR_MS = 3_600_000;

/** Until when an offer made at `now` holds its places on a session starting at `startsAt`. */
export function offerExpiresAt(startsAt: Date, now: Date): Date {
  const hours = daysBefore(startsAt, now) <= shortOfferDays ? shortOfferHours : offerHours;
  return new Date(Math.min(now.getTime() + hours * HOUR_MS, startsAt.getTime()));
}

/** Whether an offer until `expiresAt` has lapsed at `now`. */
export const offerLapsed = (expiresAt: Date, now: Date) => now.getTime() >= expiresAt.getTime();

/** Whether a confirmation link made at `createdAt` has lapsed at `now`. */
export const confirmLinkLapsed = (createdAt: Date, now: Date) =>
  now.getTime() >= createdAt.getTime() + confirmLinkHours * HOUR_MS;

export type Waiting = { id: string; places: number };

/**
 * The request offered next with `free` places free: the first (in the list's
 * order) whose places fit; null if none fits.
 */
export function firstThatFits<T extends Waiting>(ordered: readonly T[], free: number): T | null {
  return ordered.find((w) => w.places >= 1 && w.places <= free) ?? null;
}

/** The list's order: position, then confirmation time, then id (a total order). */
export function listOrder<T extends { position: number; confirmed_at: string | null; id: string }>(a: T, b: T): number {
  return (
    a.position - b.position || (a.confirmed_at ?? "").localeCompare(b.confirmed_at ?? "") || a.id.localeCompare(b.id)
  );
}

/** What the team reads for an entry's state, times in London as `time` writes them. */
export function stateText(state: WaitingState, offerExpires: string | null, time: (iso: string) => string): string {
  switch (state) {
    case "unconfirmed":
      return "Not yet confirmed";
    case "waiting":
      return "Waiting";
    case "offered":
      return offerExpires ? `Offered until ${time(offerExpires)}` : "Offered";
    case "accepted":
      return "Accepted";
    case "lapsed":
      return "Lapsed";
  }
}
