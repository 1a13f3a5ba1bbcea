/**
 * The upcoming course dates as a calendar a buyer subscribes to
 * (/training/dates.ics; issue 41): iCalendar (RFC 5545) with METHOD:PUBLISH,
 * made by ical-generator (as the delegates' invitations are), of the
 * sessions /training lists, with the same filter.
 *
 * One event a day of each session, at that day's own hours, written in UTC
 * so every calendar shows them in its own zone (British Summer Time or
 * not). Each event's UID is the session's id and the day's number at the
 * site's canonical host, never the host a request came to, so a calendar
 * refreshing the feed updates the same events when a date's hours, venue or
 * state change, and drops them when it is cancelled or has started. Its URL
 * is the course's page; its description says how to book.
 */
import {
  ICalCalendar,
  ICalCalendarMethod,
  ICalEventBusyStatus,
  ICalEventStatus,
  ICalEventTransparency,
} from "ical-generator";
import { sessionDateLabel, sessionDayTimes } from "~/calendar/session-dates.ts";
import { coursePath, getCourse } from "~/content/index.server.ts";
import { organisation } from "~/content/organisation.ts";
import type { CourseSession } from "~/content/sessions-schema.ts";
import { absoluteUrl } from "~/seo/meta.ts";

/** The feed's name in a calendar's list. */
export const datesFeedName = `${organisation.name}: course dates`;

/** A session day's event UID: stable while the session is. */
export function sessionDayUid(sessionId: string, day: number): string {
  return `course-session-${sessionId}-day-${day}@${new URL(organisation.siteUrl).hostname}`;
}

/** Where a session happens, as a calendar's location field says it. */
function locationOf(session: CourseSession): string {
  if (session.format === "online" || !session.venue) return "Live online";
  const { name, streetAddress, locality, postalCode } = session.venue;
  return [name, streetAddress, `${locality} ${postalCode}`].join(", ");
}

/** The feed of `sessions` (already the upcoming ones the filter chose, soonest first), stamped `now`. */
export function datesFeed(sessions: readonly CourseSession[], now = new Date()): string {
  const calendar = new ICalCalendar({
    prodId: { company: organisation.name, product: "Course dates", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    name: datesFeedName,
  });
  for (const session of sessions) {
    const title = getCourse(session.courseId)?.title ?? session.courseId;
    const where = locationOf(session);
    const confirmed = session.state === "confirmed";
    const book = absoluteUrl(`${coursePath(session.courseId)}/book/${session.id}`);
    const days = sessionDayTimes(session);
    days.forEach((day, i) => {
      // No zone: the times are written in UTC ("…Z"), each calendar showing them in its own.
      calendar.createEvent({
        id: sessionDayUid(session.id, i + 1),
        stamp: now,
        summary: `${title} (day ${i + 1} of ${days.length})`,
        start: day.starts,
        end: day.ends,
        location: where,
        url: absoluteUrl(coursePath(session.courseId)),
        description: [
          `${title}: ${sessionDateLabel(session)}, ${where}.`,
          confirmed ? "This date is confirmed to run." : "",
          `Book a place: ${book}`,
        ]
          .filter(Boolean)
          .join("\n\n"),
        status: confirmed ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
        busystatus: ICalEventBusyStatus.BUSY,
        transparency: ICalEventTransparency.OPAQUE,
        categories: [{ name: session.format === "online" ? "Live online" : "In person" }],
      });
    });
  }
  return calendar.toString();
}
