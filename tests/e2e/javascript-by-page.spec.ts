import { appScripts, expect, test } from "./fixtures.ts";

// ADR 020: a page downloads none of the app's JavaScript until something on
// it needs it; the one-time newsletter links and the payment outcome start
// React Router's app after the first paint, and every other public page wakes
// only the island the visitor uses (ADR 090, 093).

// ADR 090: the reading pages never start React Router. Focus in
// the footer's sign-up wakes that form alone: its island's entry and React,
// none of the router's code, and what was typed stays.
for (const path of [
  "/",
  "/resources",
  "/training",
  "/courses/corporate-finance",
  "/about",
  "/pillar/strategy",
  "/privacy",
  "/newsletter",
  "/consultation-payment",
]) {
  test(`${path} loads no JavaScript until its sign-up form is used, and then only that island's`, async ({ page }) => {
    const scripts = appScripts(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    const island = page.getByRole("contentinfo").locator('[data-island="newsletter"]');
    await expect(island).not.toHaveAttribute("data-island-awake");

    const email = page.getByRole("contentinfo").getByLabel("Email address");
    await email.focus();
    await email.pressSequentially("reader@example.com");
    await expect(island).toHaveAttribute("data-island-awake", "");
    await expect(email).toHaveValue("reader@example.com");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => !url.includes("/assets/islands/"))).toEqual([]);
    // The rest of the page stays server HTML: no router, no route data.
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  });
}

// A page's own forms wake one by one: each card's form is an island of its own.
for (const { path, island, open, field } of [
  {
    path: "/",
    island: "resource",
    open: null,
    field: "Work email for Financial Analysis Toolkit for Business Leaders",
  },
  { path: "/resources", island: "webinar", open: "Register Now", field: "Email" },
]) {
  test(`${path}: the form in use wakes alone, its sibling cards' forms stay asleep, and what was typed stays`, async ({
    page,
  }) => {
    const scripts = appScripts(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    const islands = page.locator(`[data-island="${island}"]`);
    expect(await islands.count()).toBeGreaterThan(1);
    const used = open ? islands.nth(1) : islands.filter({ has: page.getByLabel(field) });
    if (open) await used.getByText(open).click();
    const input = used.getByLabel(new RegExp(`^${field}\\*?$`));
    await input.focus();
    await input.pressSequentially("reader@example.com");
    await expect(used).toHaveAttribute("data-island-awake", "");
    await expect(input).toHaveValue("reader@example.com");
    await expect(page.locator(`[data-island="${island}"][data-island-awake]`)).toHaveCount(1);
    expect(scripts.filter((url) => !url.includes("/assets/islands/"))).toEqual([]);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  });
}

// ADR 093: the payment steps are an island too. Typing in the consultation's
// details wakes that form alone: no router, and no Stripe until the visitor proceeds.
test("/consultation-payment: the payment form wakes alone when the visitor types in it", async ({ page }) => {
  const scripts = appScripts(page);
  await page.goto("/consultation-payment");
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
  const name = page.getByLabel(/^Contact Name\*?$/);
  await name.focus();
  await name.pressSequentially("Olivia Bennett");
  await expect(page.locator('[data-island="payment"]')).toHaveAttribute("data-island-awake", "");
  await expect(name).toHaveValue("Olivia Bennett");
  await expect(page.locator("[data-island][data-island-awake]")).toHaveCount(1);
  expect(scripts.filter((url) => !url.includes("/assets/islands/"))).toEqual([]);
  // Stripe.js's wrapper (@stripe/stripe-js/pure) and the card step come once the visitor proceeds.
  expect(scripts.filter((url) => /\/(pure|card-payment)-[\w-]+\.js$|stripe\.com/.test(url))).toEqual([]);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
});

// A course's booking form is a plain post that needs no script (ADR 090):
// typing in it fetches nothing, and nothing hydrates under the visitor's keys.
test("a course's booking form takes typing with no script at all", async ({ page }) => {
  const scripts = appScripts(page);
  await page.goto("/courses/corporate-finance/book/corporate-finance-2027-04-online");
  const organisation = page.getByLabel("Organisation");
  await organisation.focus();
  await organisation.pressSequentially("Analytical Engines Ltd");
  await expect(organisation).toHaveValue("Analytical Engines Ltd");
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
});

for (const path of ["/newsletter/confirm?token=abc", "/newsletter/unsubscribe?token=abc"]) {
  test(`${path} starts the app after the first paint, without waiting for the visitor`, async ({ page }) => {
    const scripts = appScripts(page);
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 10_000 });
    expect(scripts.length).toBeGreaterThan(0);
  });
}

test("the code a page starts with carries no form schema or privacy-notice row: the schemas come when a form is used", async ({
  page,
}) => {
  const scripts = appScripts(page);
  // valibot marks every schema with "~standard"; the kinds' notice rows say what the legal basis is.
  const carrying = async () => {
    const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
    return {
      schemas: scripts.filter((_, i) => bodies[i]!.includes("~standard")).length,
      notice: scripts.filter((_, i) => bodies[i]!.includes("Legitimate interests")).length,
    };
  };
  // This page starts the app without waiting for the visitor (its footer has the newsletter form).
  await page.goto("/newsletter/confirm?token=abc");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 10_000 });
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("contentinfo").getByText("By subscribing, you agree to the")).toBeVisible();
  expect(await carrying()).toEqual({ schemas: 0, notice: 0 });

  // Focus on a form field fetches the schemas (the checks in the browser), still without the notice.
  await page.getByRole("contentinfo").getByLabel("Email address").focus();
  await expect.poll(async () => (await carrying()).schemas).toBeGreaterThan(0);
  expect((await carrying()).notice).toBe(0);
});
