/**
 * London calendar days for the booking rules (issue 29): the early-bird's
 * last day and the terms' "days before the start" are dates on a London
 * calendar, not multiples of 24 hours, so the change to and from British
 * Summer Time moves nothing. Pure; the time zone database is the platform's
 * (Intl, through calendar/response-deadline.ts).
 */
import { businessCalendar } from "~/content/business.ts";
import { addDays, localDateTimeValue, startOfLocalDay } from "~/time/london.ts";

const { timeZone } = businessCalendar;
const DAY_MS = 86_400_000;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written "YYYY-MM-DD". */
export function isLocalDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** The London date ("YYYY-MM-DD") of an instant. */
export function londonDate(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Not a valid instant");
  return localDateTimeValue(instant, timeZone).slice(0, 10);
}

/** The instant a London date begins (00:00 London time, GMT or BST as that day has it). */
export function startOfLondonDay(date: string): Date {
  if (!isLocalDate(date)) throw new RangeError(`"${date}" is not a date written YYYY-MM-DD`);
  return startOfLocalDay(date, timeZone);
}

/** The date after a "YYYY-MM-DD" date. */
export function nextDate(date: string): string {
  return addDays(date, 1);
}

const utcDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * How many London calendar days `at` falls before the London date of
 * `sessionStart` (the session's first day): 1 on the day before, 0 on the
 * day itself, negative after it. The times of day do not matter.
 */
export function daysBefore(sessionStart: Date, at: Date): number {
  return utcDay(londonDate(sessionStart)) - utcDay(londonDate(at));
}
