/**
 * The command lines the kinds of benchmark share (load, page, database,
 * profiling): each kind's options with a benchmark's defaults, plus its own.
 */
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import type { DbKind } from "./databases.ts";
import { positiveOption, ROOT } from "./runner.ts";

/** --out: the results file's name (bench/results/<out>.{md,json}), a plain one. */
export function resultsName(out: string): string {
  if (!/^[\w-]+$/.test(out)) throw new Error(`--out must be a plain file name, got "${out}"`);
  return out;
}

/** parseArgs' values for the options `O`, typed by their declarations. */
type OptionValues<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O }>
>["values"];

/**
 * A kind of benchmark's command-line parser maker: the options its
 * benchmarks share (`shared`, given each one's defaults, read by
 * `readShared`). Each benchmark adds its own (`own`, read by `readOwn`);
 * both are parsed together, so that an option neither declares is an error.
 */
function commandLineKind<D, S extends ParseArgsOptionsConfig, SR>(
  shared: (defaults: D) => S,
  readShared: (values: OptionValues<S>) => SR,
) {
  return <O extends ParseArgsOptionsConfig, OR>(
      defaults: D,
      own: O,
      readOwn: (values: OptionValues<O>) => OR,
    ): ((argv: string[]) => SR & OR) =>
    (argv) => {
      const { values } = parseArgs({ args: argv, options: { ...shared(defaults), ...own } });
      // The values of both sets of options: each reader takes its own.
      return { ...readShared(values as OptionValues<S>), ...readOwn(values as OptionValues<O>) };
    };
}

/**
 * The options the load benchmarks (api.ts, scale.ts, static.ts) share, with
 * each one's defaults: autocannon's --duration (seconds) and --connections,
 * --runs N, --build, --out NAME.
 */
const loadBenchOptions = (defaults: { duration: string; connections: string; runs: string; out: string }) =>
  ({
    duration: { type: "string", default: defaults.duration },
    connections: { type: "string", default: defaults.connections },
    runs: { type: "string", default: defaults.runs },
    build: { type: "boolean", default: false },
    out: { type: "string", default: defaults.out },
  }) as const;

export type LoadBenchOptions = { duration: number; connections: number; runs: number; build: boolean; out: string };

function readLoadBenchOptions(values: OptionValues<ReturnType<typeof loadBenchOptions>>): LoadBenchOptions {
  return {
    duration: positiveOption("duration", values.duration),
    connections: positiveOption("connections", values.connections, true),
    runs: positiveOption("runs", values.runs, true),
    build: values.build,
    out: resultsName(values.out),
  };
}

/** A load benchmark's command-line parser: the shared options with its defaults, and its own. */
export const loadBenchCommandLine = commandLineKind(loadBenchOptions, readLoadBenchOptions);

/** The options the page benchmarks share: --runs N, --only a,b, --no-build, --out NAME (default: `out`). */
const pageBenchOptions = (out: string) =>
  ({
    runs: { type: "string", default: "3" },
    only: { type: "string" },
    "no-build": { type: "boolean", default: false },
    out: { type: "string", default: out },
  }) as const;

export type PageBenchOptions = { runs: number; only: string[] | null; build: boolean; out: string };

/** --only a,b: the pages named (comma-separated), or null for every page. */
export function onlyPages(only: string | undefined): string[] | null {
  return only
    ? only
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)
    : null;
}

function readPageBenchOptions(values: OptionValues<ReturnType<typeof pageBenchOptions>>): PageBenchOptions {
  const runs = positiveOption("runs", values.runs, true);
  return { runs, only: onlyPages(values.only), build: !values["no-build"], out: resultsName(values.out) };
}

/** A page benchmark's command-line parser: the shared options, --out defaulting to the name given, and its own. */
export const pageBenchCommandLine = commandLineKind(pageBenchOptions, readPageBenchOptions);

/**
 * The options the database benchmarks (inbox.ts, outbox.ts) share: --only
 * sqlite|postgres (both by default) and --out NAME (default: `out`).
 */
const databaseBenchOptions = (out: string) =>
  ({
    only: { type: "string" },
    out: { type: "string", default: out },
  }) as const;

export type DatabaseBenchOptions = { databases: DbKind[]; out: string };

/** --only sqlite|postgres: the database named, or both when none is. */
export function onlyDatabases(only: string | undefined): DbKind[] {
  if (only === undefined) return ["sqlite", "postgres"];
  if (only !== "sqlite" && only !== "postgres") throw new Error(`--only must be sqlite or postgres, got "${only}"`);
  return [only];
}

function readDatabaseBenchOptions(values: OptionValues<ReturnType<typeof databaseBenchOptions>>): DatabaseBenchOptions {
  return { databases: onlyDatabases(values.only), out: resultsName(values.out) };
}

/** A database benchmark's command-line parser: the shared options, --out defaulting to the name given, and its own. */
export const databaseBenchCommandLine = commandLineKind(databaseBenchOptions, readDatabaseBenchOptions);

/** A build to profile: --variant NAME=DIR[,KEY=VALUE...] (the settings are environment variables for its server). */
export type Variant = { name: string; root: string; env: Record<string, string> };

function parseVariant(spec: string): Variant {
  const [head, ...settings] = spec.split(",");
  const eq = head!.indexOf("=");
  if (eq < 1) throw new Error(`--variant must be NAME=DIR[,KEY=VALUE...], got "${spec}"`);
  const env: Record<string, string> = {};
  for (const s of settings) {
    const i = s.indexOf("=");
    if (i < 1) throw new Error(`bad setting "${s}" in --variant ${spec}`);
    env[s.slice(0, i)] = s.slice(i + 1);
  }
  return { name: head!.slice(0, eq), root: path.resolve(head!.slice(eq + 1)), env };
}

/**
 * The options the profiling scripts (profile-lead-path.ts, profile-service.ts) share:
 * --variant (repeatable; this checkout by default), --rounds N, --db sqlite|postgres,
 * --tmp DIR.
 */
const profileOptions = (rounds: string) =>
  ({
    variant: { type: "string", multiple: true },
    rounds: { type: "string", default: rounds },
    db: { type: "string", default: "sqlite" },
    tmp: { type: "string", default: tmpdir() },
  }) as const;

export type ProfileOptions = { variants: Variant[]; rounds: number; db: DbKind; tmp: string };

function readProfileOptions(values: OptionValues<ReturnType<typeof profileOptions>>): ProfileOptions {
  const variants = (values.variant?.length ? values.variant : [`current=${ROOT}`]).map(parseVariant);
  if (new Set(variants.map((v) => v.name)).size !== variants.length) throw new Error("variant names must differ");
  if (values.db !== "sqlite" && values.db !== "postgres") throw new Error("--db must be sqlite or postgres");
  return { variants, rounds: positiveOption("rounds", values.rounds, true), db: values.db, tmp: values.tmp };
}

/** A profiling script's command-line parser: the shared options, --rounds defaulting to the number given, and its own. */
export const profileCommandLine = commandLineKind(profileOptions, readProfileOptions);
