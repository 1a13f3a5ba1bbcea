/**
 * The published sessions as the booking code needs them (issue 29): a
 * session's content item (app/content/sessions-schema.ts) and its course
 * turned into a `BookableSession` (what a booking copies and keeps), the
 * same session as its e-mails say it, and a course's other upcoming dates
 * (offered when a date is full, has started or was cancelled).
 */
import { catalogue, getCourse } from "~/content/index.server.ts";
import type { Course } from "~/content/schema.ts";
import type { CourseSession } from "~/content/sessions-schema.ts";
import {
  isUpcoming,
  sessionDateLabel,
  sessionDayTimes,
  sessionDays,
  sessionEndsAt,
  sessionStartsAt,
} from "~/calendar/session-dates.ts";
import type { SessionForEmail } from "./booking-emails.server.ts";
import type { BookableSession } from "./session.ts";

export type PublishedSession = { session: CourseSession; course: Course };

/** The published session `sessionId` of course `courseId` (null: no such session of that course). */
export function findSession(courseId: string, sessionId: string): PublishedSession | null {
  const session = catalogue.sessions.find((s) => s.id === sessionId);
  const course = session && session.courseId === courseId ? getCourse(courseId) : undefined;
  return session && course ? { session, course } : null;
}

/** The published session `key`, whatever its course (the back office's and the webhook's view). */
export function sessionByKey(key: string): PublishedSession | null {
  const session = catalogue.sessions.find((s) => s.id === key);
  const course = session ? getCourse(session.courseId) : undefined;
  return session && course ? { session, course } : null;
}

export function bookable({ session, course }: PublishedSession): BookableSession {
  const days = sessionDays(session);
  return {
    key: session.id,
    courseId: course.id,
    courseTitle: course.title,
    ...(course.pillars[0] ? { pillar: course.pillars[0] } : {}),
    startsAt: sessionStartsAt(session),
    endsAt: sessionEndsAt(session),
    firstDay: days[0]!,
    lastDay: days.at(-1)!,
    format: session.format,
    ...(session.venue ? { venue: session.venue } : {}),
    price: {
      ...(session.pricePence === undefined ? {} : { pricePence: session.pricePence }),
      ...(session.earlyBird ? { earlyBird: session.earlyBird } : {}),
    },
    state: session.state,
  };
}

export function sessionForEmail({ session }: PublishedSession): SessionForEmail {
  return {
    key: session.id,
    label: sessionDateLabel(session),
    format: session.format,
    ...(session.venue ? { venue: session.venue } : {}),
    days: sessionDayTimes(session).map((d) => ({ startsAt: d.starts, endsAt: d.ends })),
  };
}

/** The course's other dates still to come, soonest first. */
export function otherDates(courseId: string, exceptId: string, now: Date): CourseSession[] {
  return catalogue.sessions
    .filter((s) => s.courseId === courseId && s.id !== exceptId && isUpcoming(s, now))
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}
