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
export async function withSiteAndBrowser<T>(
  schema: string,
  bench: (site: Site, browser: Browser) => Promise<T>,
): Promise<T> {
  const site = await startSite("sqlite", schema);
  let browser: Browser | undefined;
  const cleanup = async (): Promise<void> => {
    await browser?.close().catch(() => undefined);
    await site.stop();
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const)
    process.once(sig, () => void cleanup().finally(() => process.exit(130)));
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    return await bench(site, browser);
  } finally {
    await cleanup();
  }
}
