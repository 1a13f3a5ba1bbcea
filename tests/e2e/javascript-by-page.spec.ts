import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// ADR 020: a page downloads none of the app's JavaScript until something on
// it needs the app (reading pages, and the pages whose forms work as plain
// posts or need a visitor's details first); the one-time newsletter links and
// the payment outcome start it after the first paint.

/** Records the app's scripts (/assets/*.js) the page requests. */
function appScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/.*\.js$/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

for (const path of [
  "/",
  "/about",
  "/courses/corporate-finance",
  "/pillar/strategy",
  "/privacy",
  "/resources",
  "/contact",
  "/get-guide",
  "/newsletter",
  "/consultation-payment",
]) {
  test(`${path} loads no JavaScript of the app until a form on it is used`, async ({ page }) => {
    const scripts = appScripts(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // Scrolling, opening the menu and an FAQ or footer section need no app either.
    await page.mouse.wheel(0, 600);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

    // The visitor starts on the footer's newsletter sign-up: the app arrives, and what was typed stays.
    const email = page.getByRole("contentinfo").getByLabel("Email address");
    await email.focus();
    await email.pressSequentially("reader@example.com");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 10_000 });
    await expect(email).toHaveValue("reader@example.com");
    expect(scripts.length).toBeGreaterThan(0);
  });
}

for (const path of ["/newsletter/confirm?token=abc", "/newsletter/unsubscribe?token=abc"]) {
  test(`${path} starts the app after the first paint, without waiting for the visitor`, async ({ page }) => {
    const scripts = appScripts(page);
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 10_000 });
    expect(scripts.length).toBeGreaterThan(0);
  });
}

test("every page tells the browser which links it may fetch ahead (speculation rules)", async ({ page }) => {
  await page.goto("/about");
  const rules = JSON.parse((await page.locator('script[type="speculationrules"]').textContent()) ?? "null") as {
    prefetch: { where: unknown; eagerness: string }[];
  };
  expect(rules.prefetch[0]?.eagerness).toBe("moderate");
  expect(JSON.stringify(rules.prefetch[0]?.where)).toContain('"/api/*"');
});
