/**
 * The pure rules of "Add the next date" and "Duplicate" (issue 39,
 * docs/decisions/067-duplicate-and-next-date.md): the next start date a
 * course date suggests, the checks on the one the person chooses, the
 * early-bird offer moved with it, and the new key, address and title of a
 * copy. Dates are London calendar dates written YYYY-MM-DD (the sessions'
 * own notation, sessions-schema.ts); the pages show them in words.
 */
import { addDays as addCalendarDays, calendarDate, dateInWords as londonDateInWords, weekdays } from "~/time/london.ts";

/** A new course date is suggested this many weeks after the one it is made from (a quarter). */
export const nextDateWeeks = 13;

/** The date `days` calendar days after `date` (before, when negative); throws when `date` is not a real date. */
export function addDays(date: string, days: number): string {
  if (!calendarDate(date)) throw new RangeError(`"${date}" is not a date`);
  return addCalendarDays(date, days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = calendarDate(from);
  const b = calendarDate(to);
  if (!a || !b) throw new RangeError(`"${from}" or "${to}" is not a date`);
  return Math.round((b.getTime() - a.getTime()) / 86_400_000);
}

/** "Monday 14 June 2027" (what was given, when it is not a date). */
export const dateInWords = (date: string): string => londonDateInWords(date) ?? date;

/**
 * The start date to suggest for the next run of a course date starting on
 * `startDate`: the same weekday 13 weeks later, stepped on by 13 weeks until
 * it is after `today` and not a date the course already starts on (`taken`).
 */
export function suggestNextStart(startDate: string, today: string, taken: ReadonlySet<string> = new Set()): string {
  let next = addDays(startDate, nextDateWeeks * 7);
  while (next <= today || taken.has(next)) next = addDays(next, nextDateWeeks * 7);
  return next;
}

/** The start date the person chose, checked: a real date, a Monday, after `today` (London); else why not. */
export function checkNewStart(
  value: string,
  today: string,
): { ok: true; date: string } | { ok: false; message: string } {
  const date = value.trim();
  if (!date) return { ok: false, message: "Choose the start date of the new date." };
  const d = calendarDate(date);
  if (!d) return { ok: false, message: "Give the start date as a day, a month and a year." };
  if (d.getUTCDay() !== 1) {
    return {
      ok: false,
      message: `${dateInWords(date)} is a ${weekdays[(d.getUTCDay() + 6) % 7]}: a course date starts on a Monday (it runs Monday to Friday). Choose a Monday.`,
    };
  }
  if (date <= today) return { ok: false, message: `${dateInWords(date)} is not after today: choose a later Monday.` };
  return { ok: true, date };
}

/**
 * An early-bird offer moved with its course date: its last day shifted by
 * the days the start moved; dropped when that day is already past (`today`).
 */
export function shiftEarlyBird<T extends { until: string }>(
  earlyBird: T | undefined,
  days: number,
  today: string,
): T | undefined {
  if (!earlyBird) return undefined;
  const until = addDays(earlyBird.until, days);
  return until < today ? undefined : { ...earlyBird, until };
}

/** A new course date's key and id: `<course>-<start date>`, then "-2", "-3"… while `taken`. */
export function sessionKeyFor(courseId: string, startDate: string, taken: (name: string) => boolean): string {
  return firstFree(`${courseId}-${startDate}`, taken);
}

/** A copy's address (id or slug): `<address>-copy`, then "-copy-2", "-copy-3"… while `taken`. */
export function copyAddress(address: string, taken: (name: string) => boolean): string {
  return firstFree(`${address}-copy`, taken);
}

/** A copy's title: "… (copy)", the original shortened (with "…") if the field holds at most `max` characters. */
export function copyTitle(title: string, max?: number): string {
  const suffix = " (copy)";
  if (max === undefined || title.length + suffix.length <= max) return `${title}${suffix}`;
  return `${title.slice(0, Math.max(1, max - suffix.length - 1)).trimEnd()}…${suffix}`;
}

function firstFree(wanted: string, taken: (name: string) => boolean): string {
  let name = wanted;
  for (let n = 2; taken(name); n++) name = `${wanted}-${n}`;
  return name;
}
