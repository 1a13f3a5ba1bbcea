/**
 * The page benchmarks' browser: Debian's Chromium through Playwright
 * (harness/chromium.ts), on the production site.
 */
import { chromium, type Browser } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../../harness/chromium.ts";
import { startSite, type Site } from "./runner.ts";

/**
 * Runs `bench` with the production site started on SQLite on a free port
 * (`schema` names its data) and Chromium launched: both are stopped after
 * it, and on SIGINT or SIGTERM (exit code 130).
 */
export function withSiteAndBrowser<T>(schema: string, bench: (site: Site, browser: Browser) => Promise<T>): Promise<T> {
  return withSitesAndBrowser(schema, [undefined], ([site], browser) => bench(site!, browser));
}

/**
 * The same with one site per folder of `roots` (each a checkout of the
 * project with its build; undefined: this one), each on its own port and
 * data, to measure builds side by side.
 */
export async function withSitesAndBrowser<T>(
  schema: string,
  roots: (string | undefined)[],
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
    for (const root of roots) sites.push(await startSite("sqlite", schema, root ? { root } : {}));
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    return await bench(sites, browser);
  } finally {
    await cleanup();
  }
}
