/**
 * The accessibility scan every test runs: axe-core's WCAG 2.0–2.2 A and AA
 * rules, asked for violations only (passes and incomplete results are not
 * gathered), in axe's legacy mode: one run in the page itself, where the
 * default mode opens a second page to merge the frames' partial results,
 * which took most of each scan's time on these two-core machines; the
 * site's pages have no frames of their own to merge.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export const wcagScan = (page: Page) =>
  new AxeBuilder({ page })
    // Options before the tags: options() replaces every option, the tags included.
    .options({ resultTypes: ["violations"] })
    .withTags(wcagTags)
    .setLegacyMode(true);
