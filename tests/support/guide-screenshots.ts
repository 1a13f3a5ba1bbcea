/**
 * Pictures for docs/editing-the-site.md, taken by the tests that walk
 * through each task: every run writes them beside the test's output
 * (test-results/…/guide-<name>.png), and `npm run docs:screenshots`
 * (scripts/docs-screenshots.ts) runs those tests and copies the pictures
 * into docs/images/editing-the-site/, so the guide shows the editor as it is.
 */
import type { Locator, Page, TestInfo } from "@playwright/test";

export const guideScreenshotPrefix = "guide-";

/** A picture of `target` (a page, or a part of one) named `name` for the guide. */
export async function guideScreenshot(target: Page | Locator, name: string, testInfo: TestInfo): Promise<void> {
  await target.screenshot({ path: testInfo.outputPath(`${guideScreenshotPrefix}${name}.png`), animations: "disabled" });
}
