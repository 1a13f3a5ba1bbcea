/**
 * The page benchmarks' browser: Debian's Chromium through Playwright
 * (harness/chromium.ts), on the production site.
 */
import { chromium, type Browser } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../../harness/chromium.ts";
import { baseLabel, checkOutAndBuild, thisTreeLabel } from "./base-build.ts";
import { startSite, type ServerOptions, type Site } from "./runner.ts";

/** How one site starts: its checkout (`root`; default this one), another server command. */
export type SiteStart = Omit<ServerOptions, "port" | "dataDir" | "databaseUrl">;

/**
 * Runs `bench` with the production site started on SQLite on a free port
 * (`schema` names its data) and Chromium launched: both are stopped after
 * it, and on SIGINT or SIGTERM (exit code 130).
 */
export function withSiteAndBrowser<T>(schema: string, bench: (site: Site, browser: Browser) => Promise<T>): Promise<T> {
  return withSitesAndBrowser(schema, [{}], ([site], browser) => bench(site!, browser));
}

/**
 * The same with one site per entry of `starts` (each in a checkout of the
 * project with its build: `root`, by default this one), each on its own port
 * and data, to measure builds side by side.
 */
export async function withSitesAndBrowser<T>(
  schema: string,
  starts: SiteStart[],
  bench: (sites: Site[], browser: Browser) => Promise<T>,
): Promise<T> {
  const sites: Site[] = [];
  let browser: Browser | undefined;
  const cleanup = async (): Promise<void> => {
    await browser?.close().catch(() => undefined);
    for (const site of sites) await site.stop();
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const)
    process.once(sig, () => void cleanup().finally(() => process.exit(130)));
  try {
    for (const start of starts) sites.push(await startSite("sqlite", schema, start));
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    return await bench(sites, browser);
  } finally {
    await cleanup();
  }
}

/** The builds a bench measures: this tree, and with --base REF the other. */
export type BuildName = "this" | "base";
export type BuildInfo = { name: BuildName; label: string };
export type Build = BuildInfo & { site: Site };

/**
 * Runs `bench` on this tree's build (started as `start` says) and, with
 * `baseRef`, on REF's beside it: REF checked out and built in a temporary
 * worktree (base-build.ts), removed afterwards; each build's site on its own
 * port and data, and Chromium launched (withSitesAndBrowser).
 */
export async function withBuildsAndBrowser<T>(
  schema: string,
  baseRef: string | null,
  log: (msg: string) => void,
  bench: (builds: Build[], browser: Browser) => Promise<T>,
  start: SiteStart = {},
): Promise<T> {
  const base = baseRef ? checkOutAndBuild(baseRef, log) : null;
  try {
    const infos: BuildInfo[] = [
      { name: "this", label: thisTreeLabel() },
      ...(base ? [{ name: "base" as const, label: baseLabel(base) }] : []),
    ];
    return await withSitesAndBrowser(schema, [start, ...(base ? [{ root: base.root }] : [])], (sites, browser) =>
      bench(
        infos.map((info, i) => ({ ...info, site: sites[i]! })),
        browser,
      ),
    );
  } finally {
    base?.remove();
  }
}

/**
 * The builds in the order of turn `turn` (0, 1, …): as given, then reversed,
 * so that the first of each pair changes (A B, B A, …) and other work on the
 * machine weighs on both alike.
 */
export const inTurn = <T>(builds: T[], turn: number): T[] => (turn % 2 === 0 ? builds : [...builds].reverse());
