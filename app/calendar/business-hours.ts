/**
 * The site's business hours (content/business.ts businessCalendar: Monday to
 * Friday 9:00-17:30, London time, bank holidays excepted) and the arithmetic
 * on them: the instant so many business hours after another, the business
 * time between two instants, the latest working day's set time (the team's
 * daily digest), and a warning when the bank holidays known run out. The
 * answer deadline (response-deadline.ts) and the digest count on it.
 *
 * Pure: no clock, no settings of its own (the calendar is passed in); London
 * time through time/london.ts. Opening and closing times never fall in the
 * hour the clocks change (01:00-02:00), so every wall-clock time used here
 * names exactly one instant.
 */
import { businessCalendar } from "../content/business.ts";
import { dateKey, instantOf, localParts, type LocalDate, type WallTime } from "../time/london.ts";

export type BusinessCalendar = {
  /** An IANA time zone: "Europe/London". */
  timeZone: string;
  opens: WallTime;
  closes: WallTime;
  /** Working weekdays, 1 = Monday ... 7 = Sunday. */
  weekdays: readonly number[];
  /** Days off besides weekends, as local dates "YYYY-MM-DD". */
  holidays: ReadonlySet<string>;
};

/**
 * The site's calendar (content/business.ts) with these bank holidays (the
 * BANK_HOLIDAYS setting; the content's list when not given). Throws on a
 * date that is not a real "YYYY-MM-DD".
 */
export function siteCalendar(bankHolidays: readonly string[] = businessCalendar.bankHolidays): BusinessCalendar {
  const { timeZone, opens, closes, weekdays } = businessCalendar;
  return { timeZone, opens, closes, weekdays, holidays: holidaySet(bankHolidays) };
}

const HOUR_MS = 3_600_000;
/** Far more days than any deadline needs; a guard against a calendar with no working day. */
const MAX_DAYS = 366 * 2;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Checks a list of local dates ("YYYY-MM-DD", real calendar dates); throws naming the first bad one. */
export function holidaySet(dates: readonly string[]): ReadonlySet<string> {
  for (const date of dates) {
    const match = datePattern.exec(date);
    const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
    const real = new Date(Date.UTC(year, month - 1, day));
    if (!match || real.getUTCFullYear() !== year || real.getUTCMonth() !== month - 1 || real.getUTCDate() !== day) {
      throw new Error(`"${date}" is not a date written YYYY-MM-DD`);
    }
  }
  return new Set(dates);
}

/** The local date `days` calendar days after (whole days, not 24-hour steps: the clocks change). */
function addDays({ year, month, day }: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 1 = Monday ... 7 = Sunday. */
function isoWeekday({ year, month, day }: LocalDate): number {
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
}

/**
 * The working periods [open, close) as instants, day by day from the local
 * date of `from` on (the first one clipped to start at `from`).
 */
function* workingPeriods(from: number, calendar: BusinessCalendar): Generator<[number, number]> {
  const start = localParts(from, calendar.timeZone);
  let date: LocalDate = { year: start.year, month: start.month, day: start.day };
  for (let i = 0; i < MAX_DAYS; i++, date = addDays(date, 1)) {
    if (!calendar.weekdays.includes(isoWeekday(date)) || calendar.holidays.has(dateKey(date))) continue;
    const open = Math.max(from, instantOf(date, calendar.opens, calendar.timeZone));
    const close = instantOf(date, calendar.closes, calendar.timeZone);
    if (open < close) yield [open, close];
  }
  throw new Error("The business calendar has no working time in two years");
}

/** The instant at which `hours` of business time have passed since `start`. */
export function addBusinessHours(start: Date, hours: number, calendar: BusinessCalendar): Date {
  let remaining = hours * HOUR_MS;
  for (const [open, close] of workingPeriods(start.getTime(), calendar)) {
    if (remaining <= close - open) return new Date(open + remaining);
    remaining -= close - open;
  }
  throw new Error("unreachable");
}

/** Business time from `from` to `to` in ms; negative when `to` is earlier. */
export function businessMsBetween(from: Date, to: Date, calendar: BusinessCalendar): number {
  const [a, b] = [from.getTime(), to.getTime()];
  if (b < a) return -businessMsBetween(to, from, calendar);
  let total = 0;
  for (const [open, close] of workingPeriods(a, calendar)) {
    if (open >= b) break;
    total += Math.min(close, b) - open;
  }
  return total;
}

/**
 * A warning for operators when the calendar's bank holidays end within
 * `aheadDays` of `now` (deadlines after the last one would count the next
 * year's holidays as working days), or null while the list reaches far enough.
 */
export function holidaysRunningOut(calendar: BusinessCalendar, now: Date, aheadDays = 60): string | null {
  const horizon = dateKey(addDays(localParts(now.getTime(), calendar.timeZone), aheadDays));
  const last = [...calendar.holidays].sort().at(-1);
  if (last !== undefined && last >= horizon) return null;
  return (
    `BANK_HOLIDAYS: the bank holidays known end ${last ? `on ${last}` : "before today"}, within ${aheadDays} days: ` +
    "set BANK_HOLIDAYS with the coming year's dates, or answer deadlines will count them as working days"
  );
}

/**
 * The latest instant at or before `at` (or strictly before, with
 * `before: true`) that is `time` on a working day of the calendar: the
 * set times of a job run on working days (the team's daily digest).
 */
export function latestWorkingDayTime(
  at: Date,
  time: WallTime,
  calendar: BusinessCalendar,
  { before = false }: { before?: boolean } = {},
): Date {
  const limit = at.getTime();
  const today = localParts(limit, calendar.timeZone);
  let date: LocalDate = { year: today.year, month: today.month, day: today.day };
  for (let i = 0; i < MAX_DAYS; i++, date = addDays(date, -1)) {
    if (!calendar.weekdays.includes(isoWeekday(date)) || calendar.holidays.has(dateKey(date))) continue;
    const instant = instantOf(date, time, calendar.timeZone);
    if (before ? instant < limit : instant <= limit) return new Date(instant);
  }
  throw new Error("The business calendar has no working day in two years");
}
