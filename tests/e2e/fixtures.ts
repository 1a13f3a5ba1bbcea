import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 10_000 });
  return response;
}

/** Runs axe with the WCAG 2.2 A and AA rules and returns the violations. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")),
  }));
}

/** Records analytics events sent through a page-provided gtag function. */
export async function recordAnalytics(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __events: unknown[][]; gtag: (...args: unknown[]) => void };
    w.__events = [];
    w.gtag = (...args: unknown[]) => w.__events.push(args);
  });
  return () => page.evaluate(() => (window as unknown as { __events: unknown[][] }).__events);
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;
