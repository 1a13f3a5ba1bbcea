/**
 * The accessibility scan every test runs: axe-core's WCAG 2.0–2.2 A and AA
 * rules, asked for violations only (passes and incomplete results are not
 * gathered), run in the page itself with axe-core's own API (ADR 091).
 *
 * It does what @axe-core/playwright's legacy mode did (ADR 064), without its
 * cost: that wrapper evaluated axe's 550 KB script twice in the page on every
 * scan (once to check for `runPartial`, once more as it injected every
 * frame) and configured each frame in another round trip. Here axe goes into
 * a document once; a second scan of it (the phone's width, after a flow's
 * desktop one) only runs the rules. Same-origin frames take axe too and are
 * scanned with the page (`allowedOrigins: <same_origin>`, as before); a frame
 * that cannot take it within a second is left out, as before.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import { devices, type Frame, type Page } from "@playwright/test";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe-core's script, the version package.json pins, read once per process. */
const axeScript =
  readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8") +
  ';axe.configure({ allowedOrigins: ["<same_origin>"] });';

const runOptions: RunOptions = { resultTypes: ["violations"], runOnly: { type: "tag", values: wcagTags } };

/** Puts axe into the frame's document unless it is there already. */
async function injectInto(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => "axe" in window)) return;
  await frame.evaluate(axeScript);
}

/** Within `ms`, or not at all: a frame that is gone or never answers is not scanned. */
async function within(ms: number, work: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([work.catch(() => {}), timeout]).finally(() => clearTimeout(timer));
}

type AxeInPage = { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/** The page's WCAG scan (`analyze()` answers axe's results, violations only). */
export const wcagScan = (page: Page) => ({
  async analyze(): Promise<AxeResults> {
    await injectInto(page.mainFrame());
    for (const frame of page.frames()) if (frame !== page.mainFrame()) await within(1_000, injectInto(frame));
    const outcome = await page.evaluate(
      (options) =>
        (window as unknown as AxeInPage).axe.run(document, options).then(
          (results) => ({ results, error: null }),
          (error: Error) => ({ results: null, error: String(error?.message ?? error) }),
        ),
      runOptions,
    );
    if (!outcome.results) throw new Error(`axe could not scan the page: ${outcome.error}`);
    return outcome.results;
  },
});

/** The phone the "phone" project emulates (playwright.config.ts): its viewport. */
export const phoneViewport = devices["Pixel 7"].viewport;

export type Violation = {
  width: "desktop" | "phone";
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
};

/**
 * A long page's sections well below its first screen are rendered only as
 * they near the viewport (`data-lazy-render`, ADR 095), and axe's hit tests
 * cannot see a section the browser skips: it would judge, say, a link's
 * target size against nothing. The scan sees each of them as a visitor who
 * scrolls to it does, rendered; the page's own style comes back after.
 */
const renderLazySections = "[data-lazy-render] { content-visibility: visible !important; }";

async function violationsNow(page: Page): Promise<Violation[]> {
  const width = (page.viewportSize()?.width ?? 1280) > phoneViewport.width ? "desktop" : "phone";
  const shown = await page.addStyleTag({ content: renderLazySections });
  const results = await wcagScan(page)
    .analyze()
    .finally(() => shown.evaluate((style) => (style as Element).remove()));
  return results.violations.map((v) => ({
    width,
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")),
  }));
}

/**
 * The WCAG 2.2 AA violations of the page as it is now, at every width: a
 * flow runs at desktop width only (the phone project runs each page's scan
 * and the tests that differ on a phone), so a state that exists only
 * mid-flow (an error summary, a success screen, an open dialog) is scanned
 * at the phone's width too, then the page goes back to its own size.
 * `thisWidthOnly` scans the width the test runs at (every page's own scan in
 * accessibility.spec.ts, which the phone project runs on an emulated phone).
 */
export async function axeViolations(page: Page, { thisWidthOnly = false } = {}): Promise<Violation[]> {
  const found = await violationsNow(page);
  const own = page.viewportSize();
  if (thisWidthOnly || !own || own.width <= phoneViewport.width) return found;
  await page.setViewportSize(phoneViewport);
  try {
    found.push(...(await violationsNow(page)));
  } finally {
    await page.setViewportSize(own);
  }
  return found;
}
