/**
 * London time: dates and times as a person in London reads and types them,
 * and the instants they name. The one place the site converts between a
 * wall-clock date and time and an instant (every function takes the time
 * zone, "Europe/London" everywhere today: content/business.ts
 * businessCalendar.timeZone). Through the platform's Intl, so the change to
 * and from British Summer Time is the time zone database's, not ours.
 *
 * - the content editor's fields: dates and times as typed or posted, shown
 *   back in words ("Wednesday 12 May 2027, 12:30 London time"), read as an
 *   ISO instant with that day's offset, or why not (skipped, repeated);
 * - datetime-local fields and local days: the instant a local date and time
 *   names, the instant a local day begins (the inbox's and reports' days,
 *   course sessions' days);
 * - the arithmetic beneath the business hours (calendar/business-hours.ts).
 *
 * Pure and browser-safe (no zod, no clock, no settings); imports nothing of app/.
 */
export const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** A date as typed or posted: "2027-05-12" (a date input), or "12/05/2027" (typed by hand) → "2027-05-12". */
export function dateText(text: string): string {
  const trimmed = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  return dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, "0")}-${dmy[1]!.padStart(2, "0")}` : trimmed;
}

/** A time as typed or posted: "09:00", "9:00", "9.00" or "09:00:00" (a time input with seconds) → "09:00". */
export function timeText(text: string): string {
  const trimmed = text.trim();
  const hm = /^(\d{1,2})[:.](\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(trimmed);
  return hm ? `${hm[1]!.padStart(2, "0")}:${hm[2]}` : trimmed;
}

export const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A "YYYY-MM-DD" date `days` calendar days later (earlier when negative), whatever the clocks do. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD, as the UTC midnight it names (null otherwise). */
export function calendarDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? d : null;
}

/** "2027-05-12" → "Wednesday 12 May 2027" (null when it is not a real date). */
export function dateInWords(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${weekdays[(d.getUTCDay() + 6) % 7]} ${day} ${monthNames[month - 1]} ${year}`;
}

/** A London date and time in words: "Wednesday 12 May 2027, 12:30 London time" (null: not both given). */
export function wallClockInWords(date: string, time: string): string | null {
  const day = dateInWords(dateText(date));
  const at = timeText(time);
  return day && /^([01]\d|2[0-3]):[0-5]\d$/.test(at) ? `${day}, ${at} London time` : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock date and time at `instant` in `timeZone`. */
export function localParts(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const { type, value } of formatter(timeZone).formatToParts(instant)) {
    if (type !== "literal") parts[type] = Number(value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/**
 * Offsets already worked out, by zone and whole second: a page or a booking
 * asks for the same few instants (a session's days) again and again, and
 * formatToParts is the slowest step here. Bounded: emptied when full.
 */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 4096;

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in ms. */
export function offsetAt(instant: number, timeZone: string): number {
  const wholeSecond = instant - (((instant % 1000) + 1000) % 1000);
  const key = `${timeZone} ${wholeSecond}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const p = localParts(instant, timeZone);
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecond;
  if (offsets.size >= OFFSETS_KEPT) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/**
 * A London (or any `timeZone`) wall-clock date and time, as a person types
 * them ("2027-05-12", "12:30"), as the ISO instant with that day's UTC offset
 * ("2027-05-12T12:30:00+01:00"), or why not: the time does not exist (the
 * hour skipped when the clocks go forward) or happens twice (the hour
 * repeated when they go back), or it is not a date and time at all.
 */
export type WallClockReading =
  { ok: true; iso: string } | { ok: false; problem: "not-a-date" | "not-a-time" | "skipped" | "repeated" };

export function wallClockIso(date: string, time: string, timeZone: string): WallClockReading {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!d) return { ok: false, problem: "not-a-date" };
  const [year, month, day] = d.slice(1).map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return { ok: false, problem: "not-a-date" };
  }
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  if (!t) return { ok: false, problem: "not-a-time" };
  const [hour, minute] = [Number(t[1]), Number(t[2])];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets either side of the day: a wall time maps to 0, 1 or 2 instants.
  const offsets = new Set([offsetAt(asUtc - 12 * 3_600_000, timeZone), offsetAt(asUtc + 12 * 3_600_000, timeZone)]);
  const instants = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => {
      const p = localParts(instant, timeZone);
      return p.year === year && p.month === month && p.day === day && p.hour === hour && p.minute === minute;
    });
  if (instants.length === 0) return { ok: false, problem: "skipped" };
  if (instants.length > 1) return { ok: false, problem: "repeated" };
  const offset = Math.round(offsetAt(instants[0]!, timeZone) / 60_000);
  const two = (n: number) => String(n).padStart(2, "0");
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return {
    ok: true,
    iso: `${date.trim()}T${two(hour)}:${two(minute)}:00${sign}${two(Math.trunc(abs / 60))}:${two(abs % 60)}`,
  };
}

/** An ISO instant's wall-clock date and time in `timeZone` ({ date: "2027-05-12", time: "12:30" }), or null. */
export function wallClockOf(iso: string, timeZone: string): { date: string; time: string } | null {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return null;
  const p = localParts(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` };
}

/** A wall-clock time of day: 9:00 is { hour: 9, minute: 0 }. */
export type WallTime = { hour: number; minute: number };

/** A local calendar date. */
export type LocalDate = { year: number; month: number; day: number };

/**
 * The instant a wall-clock time names in `timeZone`, for times that name
 * exactly one (not in the hour the clocks change, 01:00-02:00 in London).
 */
export function instantOf(date: LocalDate, time: WallTime, timeZone: string): number {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  const first = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(first, timeZone);
}

/** A local date as "YYYY-MM-DD". */
export const dateKey = ({ year, month, day }: LocalDate) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/**
 * The instant a local date and time names in `timeZone`, as a
 * datetime-local field gives it ("YYYY-MM-DDTHH:MM"); null if it is not one.
 */
export function localDateTimeInstant(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return new Date(instantOf({ year, month, day }, { hour, minute }, timeZone));
}

/** `instant` as a datetime-local field in `timeZone` shows it ("YYYY-MM-DDTHH:MM"): the inverse of the above. */
export function localDateTimeValue(instant: Date, timeZone: string): string {
  const p = localParts(instant.getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${dateKey(p)}T${two(p.hour)}:${two(p.minute)}`;
}

/** The instant a local date ("YYYY-MM-DD") begins in `timeZone`. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(instantOf({ year, month, day }, { hour: 0, minute: 0 }, timeZone));
}
