/**
 * London days and weeks for the page-view counts and the conversion view
 * (docs/decisions/031-attribution-and-page-views.md). Pure; days are
 * "YYYY-MM-DD" strings, weeks start on Monday.
 */
import { addDays, startOfLocalDay } from "~/time/london.ts";

const timeZone = "Europe/London";
const londonDate = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });

/** The London date of an instant. */
export const londonDay = (at: Date): string => londonDate.format(at);

/** The Monday of the week `day` is in. */
export function weekOf(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** The `count` weeks up to and including the one `day` is in, oldest first (their Mondays). */
export function weeksUpTo(day: string, count: number): string[] {
  const last = weekOf(day);
  return Array.from({ length: count }, (_, i) => addDays(last, -7 * (count - 1 - i)));
}

/** The instants a London week runs between: [Monday 00:00, next Monday 00:00). */
export function weekBounds(monday: string): { from: Date; to: Date } {
  return { from: startOfLocalDay(monday, timeZone), to: startOfLocalDay(addDays(monday, 7), timeZone) };
}

/** Views to leads, as a percentage with one decimal; null without views. */
export function conversionRate(leads: number, views: number): number | null {
  return views > 0 ? Math.round((leads / views) * 1000) / 10 : null;
}
