/**
 * The course sessions the public pages show (docs/decisions/055-course-sessions-as-content.md):
 * the upcoming ones (not cancelled, not yet started), soonest first, as
 * plain data for a loader (dates, hours, place, price per person before VAT,
 * places left), and the schedule's step, which moves when a session starts
 * or an early bird ends, so a page showing sessions changes without a publish.
 */
import {
  isUpcoming,
  longDate,
  londonIso,
  regularPricePence,
  sessionChanges,
  sessionDateLabel,
  sessionDayTimes,
  sessionEndsAt,
  sessionMonth,
  sessionPriceAt,
  sessionStartsAt,
} from "~/calendar/session-dates.ts";
import { catalogue, coursePath, getCourse, servedContentVersion } from "~/content/index.server.ts";
import type { PillarId } from "~/content/ids.ts";
import type { CourseSession, Venue } from "~/content/sessions-schema.ts";
import type { SiteContent } from "./site-content.server.ts";

/** "N places left" is shown at this many or fewer. */
export const fewPlacesLeft = 4;

/** One upcoming session as a page shows it. */
export type SessionView = {
  id: string;
  courseId: string;
  courseTitle: string;
  courseHref: string;
  /** "8–12 March 2027". */
  dateLabel: string;
  /** "2027-03" (the /training filter's month). */
  month: string;
  format: CourseSession["format"];
  /** The venue in person; absent online. */
  venue?: Venue;
  /** "London" or "Live online": the short place, for cards. */
  place: string;
  /** The days' hours, London time, identical days together: "Monday to Thursday 09:00–17:00". */
  hours: string[];
  /** The hours when every day has the same (for the JSON-LD's schedule). */
  dailyHours?: { starts: string; ends: string };
  /** The price per person now, in pounds (may have pence), before VAT. */
  priceGbp: number;
  /** The regular price, when an early-bird price applies now; and that price's last day. */
  earlyBird?: { regularGbp: number; until: string };
  /** Places left (null: not known yet, shown as none said). */
  placesLeft: number | null;
  confirmed: boolean;
  bookHref: string;
  /** ISO 8601 with London's offset. */
  startsAt: string;
  endsAt: string;
};

const dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

/** The days' hours, runs of identical days together. */
function hoursText(session: CourseSession): string[] {
  const runs: { from: number; to: number; text: string }[] = [];
  session.hours.forEach((h, i) => {
    const text = `${h.starts}–${h.ends}`;
    const last = runs.at(-1);
    if (last && last.text === text) last.to = i;
    else runs.push({ from: i, to: i, text });
  });
  return runs.map(({ from, to, text }) => {
    const days =
      from === to
        ? dayNames[from]
        : from === 0 && to === 4
          ? "Monday to Friday"
          : `${dayNames[from]} to ${dayNames[to]}`;
    return `${days} ${text}`;
  });
}

/** The upcoming sessions at `now`, soonest first (of one course, in one month, of one format, of a pillar's courses, when asked). */
export function upcomingSessions(
  now: Date,
  filter: {
    courseId?: string;
    month?: string;
    format?: CourseSession["format"];
    pillarId?: PillarId;
    sessionId?: string;
  } = {},
): CourseSession[] {
  return catalogue.sessions
    .filter((s) => isUpcoming(s, now))
    .filter((s) => !filter.sessionId || s.id === filter.sessionId)
    .filter((s) => !filter.courseId || s.courseId === filter.courseId)
    .filter((s) => !filter.pillarId || (getCourse(s.courseId)?.pillars.includes(filter.pillarId) ?? false))
    .filter((s) => !filter.month || sessionMonth(s) === filter.month)
    .filter((s) => !filter.format || s.format === filter.format)
    .sort((a, b) => sessionStartsAt(a).getTime() - sessionStartsAt(b).getTime());
}

/** A course's next upcoming session, as a card names it ("8–12 March 2027", "London"); undefined: none. */
export function nextSessionOf(courseId: string, now: Date): { dateLabel: string; place: string } | undefined {
  const next = upcomingSessions(now, { courseId })[0];
  if (!next) return undefined;
  return { dateLabel: sessionDateLabel(next), place: placeOf(next) };
}

/** "London" (the venue's town) or "Live online". */
function placeOf(session: CourseSession): string {
  return session.format === "online" ? "Live online" : (session.venue?.locality ?? "London");
}

/** The months (YYYY-MM) with an upcoming session, in order: the filter's choices. */
export function upcomingMonths(now: Date): string[] {
  return [...new Set(upcomingSessions(now).map(sessionMonth))].sort();
}

/** What pages show of `sessions`, with their places left read now. */
export async function sessionViews(
  content: Pick<SiteContent, "placesLeft">,
  sessions: readonly CourseSession[],
  now: Date,
): Promise<SessionView[]> {
  const left = await content.placesLeft(sessions.map((s) => s.id));
  return sessions.map((session) => {
    const course = getCourse(session.courseId);
    const price = sessionPriceAt(session, now);
    return {
      id: session.id,
      courseId: session.courseId,
      courseTitle: course?.title ?? session.courseId,
      courseHref: coursePath(session.courseId),
      dateLabel: sessionDateLabel(session),
      month: sessionMonth(session),
      format: session.format,
      ...(session.venue ? { venue: session.venue } : {}),
      place: placeOf(session),
      hours: hoursText(session),
      ...(session.hours.every((h) => h.starts === session.hours[0]!.starts && h.ends === session.hours[0]!.ends)
        ? { dailyHours: { ...session.hours[0]! } }
        : {}),
      priceGbp: price.pricePence / 100,
      ...(price.earlyBird && session.earlyBird
        ? { earlyBird: { regularGbp: regularPricePence(session) / 100, until: longDate(session.earlyBird.until) } }
        : {}),
      placesLeft: left.get(session.id) ?? null,
      confirmed: session.state === "confirmed",
      bookHref: `${coursePath(session.courseId)}/book/${session.id}`,
      startsAt: londonIso(sessionStartsAt(session)),
      endsAt: londonIso(sessionEndsAt(session)),
    };
  });
}

/** Each day of a session (for its JSON-LD schedule), ISO with London's offset. */
export function sessionDayInstants(session: CourseSession) {
  return sessionDayTimes(session).map((d) => ({ starts: londonIso(d.starts), ends: londonIso(d.ends) }));
}

let changes = { version: Number.NaN, at: [] as number[] };

/**
 * How many of the published sessions' changes without a publish (a first day
 * started, an early bird ended) have come by `now`: part of the version of a
 * page that shows sessions (server/page-cache.ts), so such a page is rendered
 * again at those instants. Worked out once per content version.
 */
export function sessionScheduleStep(now: number): number {
  const version = servedContentVersion();
  if (changes.version !== version) changes = { version, at: sessionChanges(catalogue.sessions) };
  let step = 0;
  while (step < changes.at.length && changes.at[step]! <= now) step++;
  return step;
}
