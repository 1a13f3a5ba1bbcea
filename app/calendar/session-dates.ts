/**
 * A course session's dates and times (issue 29, docs/decisions/055-course-sessions-as-content.md):
 * its five days, each day's start and end as instants from the London
 * wall-clock hours the team enters (GMT or BST as each day has it, through
 * the platform's time zone database), whether it is still upcoming
 * (bookable until it starts), its price per person now, and the label pages
 * show ("8–12 March 2027"). Pure and browser-safe.
 */
import { businessCalendar } from "~/content/business.ts";
import { listPricePence } from "~/content/session-formats.ts";
import type { CourseSession } from "~/content/sessions-schema.ts";
import { addDays, localDateTimeInstant, localDateTimeValue, monthNames, startOfLocalDay } from "~/time/london.ts";

const { timeZone } = businessCalendar;

type Dated = Pick<CourseSession, "startDate" | "hours">;

/** The session's five dates ("YYYY-MM-DD"), Monday to Friday. */
export function sessionDays(session: Pick<CourseSession, "startDate">): string[] {
  return Array.from({ length: 5 }, (_, i) => addDays(session.startDate, i));
}

function instant(date: string, time: string): Date {
  const at = localDateTimeInstant(`${date}T${time}`, timeZone);
  if (!at) throw new RangeError(`"${date} ${time}" is not a London date and time`);
  return at;
}

/** Each day: its date, and when it starts and ends (instants, from the London hours). */
export function sessionDayTimes(session: Dated): { date: string; starts: Date; ends: Date }[] {
  return sessionDays(session).map((date, i) => {
    const hours = session.hours[i]!;
    return { date, starts: instant(date, hours.starts), ends: instant(date, hours.ends) };
  });
}

/** When the first day starts. */
export function sessionStartsAt(session: Dated): Date {
  return instant(session.startDate, session.hours[0]!.starts);
}

/** When the last day ends. */
export function sessionEndsAt(session: Dated): Date {
  return sessionDayTimes(session).at(-1)!.ends;
}

/** Whether the session is still to come at `now`: bookable until its first day starts (and not cancelled). */
export function isUpcoming(session: Dated & Pick<CourseSession, "state">, now: Date): boolean {
  return session.state !== "cancelled" && now.getTime() < sessionStartsAt(session).getTime();
}

/** The session's regular price per person in pence (the course's list price unless it sets one). */
export function regularPricePence(session: Pick<CourseSession, "pricePence">): number {
  return session.pricePence ?? listPricePence;
}

/** When the early-bird price stops: the start of the London day after its last day (null: none). */
export function earlyBirdEndsAt(session: Pick<CourseSession, "earlyBird">): Date | null {
  return session.earlyBird ? startOfLocalDay(addDays(session.earlyBird.until, 1), timeZone) : null;
}

/** The price per person at `now` in pence, before VAT and any group discount, and whether it is the early bird's. */
export function sessionPriceAt(
  session: Pick<CourseSession, "pricePence" | "earlyBird">,
  now: Date,
): { pricePence: number; earlyBird: boolean } {
  const regular = regularPricePence(session);
  const ends = earlyBirdEndsAt(session);
  if (session.earlyBird && ends && now.getTime() < ends.getTime() && session.earlyBird.pricePence < regular) {
    return { pricePence: session.earlyBird.pricePence, earlyBird: true };
  }
  return { pricePence: regular, earlyBird: false };
}

/**
 * The instants at which what a page shows of these sessions changes without
 * a publish: each first day's start (it drops off the site) and each early
 * bird's end (its price goes up). Sorted.
 */
export function sessionChanges(sessions: readonly (Dated & Pick<CourseSession, "earlyBird">)[]): number[] {
  return sessions
    .flatMap((s) => [sessionStartsAt(s).getTime(), earlyBirdEndsAt(s)?.getTime() ?? []].flat())
    .sort((a, b) => a - b);
}

function parts(date: string) {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return { year, month: monthNames[month - 1]!, day };
}

/** "8–12 March 2027"; "29 March – 2 April 2027"; "27 December 2027 – 1 January 2028". */
export function sessionDateLabel(session: Pick<CourseSession, "startDate">): string {
  const days = sessionDays(session);
  const a = parts(days[0]!);
  const b = parts(days[4]!);
  if (a.year !== b.year) return `${a.day} ${a.month} ${a.year} – ${b.day} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `${a.day} ${a.month} – ${b.day} ${b.month} ${b.year}`;
  return `${a.day}–${b.day} ${b.month} ${b.year}`;
}

/** A date as pages write it: "29 January 2027". */
export function longDate(date: string): string {
  const p = parts(date);
  return `${p.day} ${p.month} ${p.year}`;
}

/** The month a session starts in, as the /training filter names it ("2027-03"). */
export function sessionMonth(session: Pick<CourseSession, "startDate">): string {
  return session.startDate.slice(0, 7);
}

/** "March 2027" for "2027-03". */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return `${monthNames[m - 1]} ${year}`;
}

/** An instant as ISO 8601 with London's offset that day: "2027-03-08T09:00:00+00:00", "2027-05-10T09:30:00+01:00". */
export function londonIso(at: Date): string {
  const local = localDateTimeValue(at, timeZone);
  const offsetMinutes = Math.round((Date.parse(`${local}:00Z`) - at.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${local}:00${sign}${hh}:${mm}`;
}
