/**
 * Retention periods' date arithmetic (pure): a period (`Keep`, whose values
 * live in content/retention-periods.ts, ADR 040), a rule's shape, and the cutoff a period gives at "now". The rule
 * table is ./rules.ts; each lead kind declares its own rules with these types
 * (app/leads/kinds/texts.ts).
 */

import type { NoticeRow } from "../content/notice-row.ts";
import { financialYearEnd, type Keep } from "../content/retention-periods.ts";

export { financialYearEnd, type Keep };

/**
 * One retention rule. `R` is its name: also the `rule` label of the
 * retention_records_total metric and the key in the run's log line.
 */
export type RetentionRule<R extends string = string> = {
  rule: R;
  /** What the rule covers (table and rows, or files). */
  records: string;
  /** The date the period is counted from. */
  from: string;
  keep: Keep;
  action: "delete" | "anonymise";
};

/**
 * What a kind of record the site keeps (a lead kind, an order kind) declares
 * about it: its name, what the team calls one (the back office, access
 * requests), its row in the privacy notice (kinds that share a row declare
 * the same object: the notice shows it once) and its retention rules, whose
 * periods that row states (the retention job applies them).
 */
export type KeptKind<K extends string = string, R extends string = string> = {
  kind: K;
  label: string;
  notice: NoticeRow;
  retention: readonly RetentionRule<R>[];
};

const dayMs = 86_400_000;

/** `date` moved by `months` calendar months (UTC), the day clamped to the target month's length. */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const target = new Date(Date.UTC(y, m, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target;
}

/** The first moment (UTC) of the financial year that `date` falls in. */
export function financialYearStart(date: Date, yearEnd: { month: number; day: number } = financialYearEnd): Date {
  const startIn = (year: number) => new Date(Date.UTC(year, yearEnd.month - 1, yearEnd.day + 1));
  const thisYear = startIn(date.getUTCFullYear());
  return date.getTime() >= thisYear.getTime() ? thisYear : startIn(date.getUTCFullYear() - 1);
}

/**
 * The cutoff of a period at `now`: a record whose age date is before it is
 * past its period.
 * - days: now minus whole days;
 * - months: now minus calendar months;
 * - financialYears: kept for n years after the end of the financial year
 *   the date falls in, so past it exactly when the date falls before the
 *   start of the financial year n years before the current one (a payment on
 *   31 March 2027, with the year ending 31 March, is kept until the end of
 *   31 March 2033 and past it from 1 April 2033).
 */
export function cutoff(keep: Keep, now: Date, yearEnd = financialYearEnd): Date {
  if ("days" in keep) return new Date(now.getTime() - keep.days * dayMs);
  if ("months" in keep) return addMonths(now, -keep.months);
  const start = financialYearStart(now, yearEnd);
  return new Date(Date.UTC(start.getUTCFullYear() - keep.financialYears, start.getUTCMonth(), start.getUTCDate()));
}
