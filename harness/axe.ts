/**
 * The accessibility scan every test runs: axe-core's WCAG 2.0–2.2 A and AA
 * rules, asked for violations only (passes and incomplete results are not
 * gathered), in axe's legacy mode: one run in the page itself, where the
 * default mode opens a second page to merge the frames' partial results,
 * which took most of each scan's time on these two-core machines; the
 * site's pages have no frames of their own to merge.
 */
import AxeBuilder from "@axe-core/playwright";
import { devices, type Page } from "@playwright/test";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export const wcagScan = (page: Page) =>
  new AxeBuilder({ page })
    // Options before the tags: options() replaces every option, the tags included.
    .options({ resultTypes: ["violations"] })
    .withTags(wcagTags)
    .setLegacyMode(true);

/** The phone the "phone" project emulates (playwright.config.ts): its viewport. */
export const phoneViewport = devices["Pixel 7"].viewport;

export type Violation = {
  width: "desktop" | "phone";
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
};

async function violationsNow(page: Page): Promise<Violation[]> {
  const width = (page.viewportSize()?.width ?? 1280) > phoneViewport.width ? "desktop" : "phone";
  const results = await wcagScan(page).analyze();
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
