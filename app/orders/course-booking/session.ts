/**
 * A course session as the booking services need it (issue 29). Callers fill
 * it from the site's content (the session's content item); the services copy
 * what the booking must remember into it, so a later edit of the session
 * never changes a booking. Client-safe.
 */
import type { PillarId } from "~/content/ids.ts";
import { formatDate } from "~/format/dates.ts";
import type { SessionPrice } from "./price.ts";

export type SessionVenue = { name: string; streetAddress: string; locality: string; postalCode: string };

export type BookableSession = {
  /** The session's content id = course_session_places.session_key. */
  key: string;
  courseId: string;
  courseTitle: string;
  /** The course's (first) pillar, which the inbox files the booking under; none if the caller does not know it. */
  pillar?: PillarId;
  /** The first day's start (London wall-clock resolved to an instant). */
  startsAt: Date;
  /** The last day's end. */
  endsAt: Date;
  /** "YYYY-MM-DD" */
  firstDay: string;
  /** "YYYY-MM-DD" */
  lastDay: string;
  format: "in-person" | "online";
  venue?: SessionVenue;
  price: SessionPrice;
  state: "open" | "confirmed" | "cancelled";
};

/** "8 March 2027 to 12 March 2027, The Meridian Centre, London" or "…, live online": the booking's and the invoice's words for the session. */
export function sessionLabel(session: Pick<BookableSession, "firstDay" | "lastDay" | "format" | "venue">): string {
  const dates = `${formatDate(`${session.firstDay}T12:00:00Z`)} to ${formatDate(`${session.lastDay}T12:00:00Z`)}`;
  const where =
    session.format === "online" || !session.venue ? "live online" : `${session.venue.name}, ${session.venue.locality}`;
  return `${dates}, ${where}`;
}
