/**
 * What a benchmark writes (ADR 071): the machine it ran on, "median
 * (min–max)" cells, Markdown tables, and its results as
 * bench/results/<out>.json and bench/results/<out>.md (one file per bench,
 * the latest run; earlier runs are in git's history).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import type { DbKind } from "./databases.ts";
import { gitCommit, ROOT, runPerDatabase, type Spread } from "./runner.ts";

export const RESULTS_DIR = path.join(ROOT, "bench", "results");

/**
 * Node, the CPUs, the 1-minute load average before and after (other work on
 * the machine skews the figures) and the commit measured.
 */
export function machine(loadBefore: number, loadAfter: number): Record<string, string> {
  const cpuList = cpus();
  const env: Record<string, string> = {
    node: process.version,
    cpus: `${cpuList.length} × ${cpuList[0]?.model.trim() ?? "CPU"}`,
    load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
  };
  const commit = gitCommit();
  if (commit) env.commit = commit;
  return env;
}

/**
 * Runs `measure`, then says when it ended and on what machine (machine(),
 * with the load average before and after it): its results, the date and
 * the environment for the report.
 */
export async function measureOnMachine<R>(
  measure: () => Promise<R>,
): Promise<{ results: R; date: string; env: Record<string, string> }> {
  const loadBefore = loadavg()[0]!;
  const results = await measure();
  const loadAfter = loadavg()[0]!;
  return { results, date: new Date().toISOString(), env: machine(loadBefore, loadAfter) };
}

/**
 * measureOnMachine over runPerDatabase: `runs` runs on each database of
 * `only` (a fresh site each run), with the date and the machine.
 */
export function measurePerDatabase<R>(
  { only, runs }: { only: readonly DbKind[]; runs: number },
  fn: (kind: DbKind, run: number) => Promise<{ description: string; result: R }>,
) {
  return measureOnMachine(() => runPerDatabase(only, runs, fn));
}

/** How a report's intro ends: Node, the CPUs, the load average and the commit measured (machine()'s fields). */
export const machineNote = (env: Record<string, string>): string =>
  `Node ${env.node} · ${env.cpus} · load average ${env.load}${env.commit ? ` · commit ${env.commit}` : ""}`;

/** How many runs each database had, each on a fresh server and database, and what the figures of several are. */
export const runsPerDatabaseNote = (runs: number): string =>
  `${runs} run${runs === 1 ? "" : "s"} per database, each on a fresh server and database${runs > 1 ? "; figures are the median (min–max) of the runs" : ""}`;

/** A database's name as a report heads its section. */
export const databaseName = (kind: DbKind | string): string => (kind === "sqlite" ? "SQLite" : "PostgreSQL");

/** A database's section of a report: its name as the heading, what it ran on (`description`), then `parts`. */
export const databaseSection = (db: { database: DbKind | string; description: string }, parts: string[]): string =>
  [`## ${databaseName(db.database)}`, `${db.description}.`, ...parts].join("\n\n");

/** A number with `digits` decimals. */
export const fmt = (n: number, digits = 0): string => n.toFixed(digits);

/**
 * "median (min–max)"; just the median when min and max read the same at
 * `digits` (one run, or runs that agree), unless `always`; `none` for no spread.
 */
export function fmtSpread(
  s: Spread | null,
  digits = 0,
  { always = false, none = "–", unit = "" }: { always?: boolean; none?: string; unit?: string } = {},
): string {
  if (s === null) return none;
  const u = unit ? ` ${unit}` : "";
  if (!always && fmt(s.min, digits) === fmt(s.max, digits)) return `${fmt(s.median, digits)}${u}`;
  return `${fmt(s.median, digits)}${u} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
}

/**
 * this ÷ base of two figures, when both are known and at least `floor` (a
 * figure under a measure's threshold is not one) and the base is not 0.
 */
export function ratioOf(a: number | null | undefined, b: number | null | undefined, floor = 0): number | null {
  if (a === null || a === undefined || b === null || b === undefined || a < floor || b < floor || b === 0) return null;
  return a / b;
}

/** ratioOf for a table: "0.75×", or "—". */
export function ratio(a: number | null | undefined, b: number | null | undefined, floor = 0): string {
  const r = ratioOf(a, b, floor);
  return r === null ? "—" : `${r.toFixed(2)}×`;
}

/** A Markdown table: a header row, its alignment (`l` or `r` per column) and the rows' cells. */
export function markdownTable(header: string[], align: string, rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  const rule = `|${[...align].map((a) => (a === "r" ? "---:" : "---")).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

/** A part of a Markdown report folded away (an HTML <details>), such as the table of every visit. */
export const folded = (summary: string, body: string): string =>
  [`<details><summary>${summary}</summary>`, "", body, "", "</details>"].join("\n");

/**
 * Writes bench/results/<out>.json (`json`, two-space indented; `replacer` as
 * JSON.stringify's) and bench/results/<out>.md (`markdown`, ending in one newline).
 */
export function writeResults(
  out: string,
  json: unknown,
  markdown: string,
  log?: (msg: string) => void,
  replacer?: (key: string, value: unknown) => unknown,
): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${out}.json`), `${JSON.stringify(json, replacer, 2)}\n`);
  writeFileSync(path.join(RESULTS_DIR, `${out}.md`), markdown.endsWith("\n") ? markdown : `${markdown}\n`);
  log?.(`wrote ${path.relative(ROOT, RESULTS_DIR)}/${out}.{json,md}`);
}
