import { sitePages } from "../../app/content/site-map.server.ts";
import { axeViolations, expect, gotoHydrated, isPhone, test } from "./fixtures.ts";

// Every page, plus the 404 page, at desktop and phone widths (the two
// Playwright projects, the phone's emulated with its touch screen and
// device pixels): zero WCAG 2.2 AA violations.
const paths = [...sitePages.map((p) => p.path), "/this-page-does-not-exist"];

test.describe("every page", { tag: "@both-widths" }, () => {
  for (const path of paths) {
    test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
      await gotoHydrated(page, path);
      expect(await axeViolations(page, { thisWidthOnly: true })).toEqual([]);
    });
  }
});

test("the scan finds what the WCAG rules forbid, only those rules run, and a flow's scan covers the phone's width too @desktop", async ({
  page,
}) => {
  // A page with two WCAG failures and one best-practice finding (no main
  // landmark), which is not a WCAG rule; its faint text is only shown on a
  // phone's width, as a state a desktop flow reaches would be.
  await page.setContent(
    '<html lang="en"><head><title>Scan check</title><style>@media (min-width: 500px) { p { display: none } }</style></head>' +
      '<body><img src="data:,"><p style="color:#bbb;background:#fff">Faint text</p></body></html>',
  );
  const found = (await axeViolations(page)).map((v) => `${v.width} ${v.id}`).sort();
  expect(found).toEqual(["desktop image-alt", "phone color-contrast", "phone image-alt"]);
  expect(page.viewportSize()?.width).toBe(1280);
  const here = (await axeViolations(page, { thisWidthOnly: true })).map((v) => `${v.width} ${v.id}`);
  expect(here).toEqual(["desktop image-alt"]);
});

test("the open menus have no WCAG 2.2 AA violations", { tag: "@both-widths" }, async ({ page }) => {
  await gotoHydrated(page, "/");
  if (isPhone(page)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Close menu" }).click();
    await page.getByRole("contentinfo").locator("summary", { hasText: "Courses" }).click();
    await expect(page.getByRole("contentinfo").locator("details[open]")).toHaveCount(1);
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Training" }).click();
  }
  expect(await axeViolations(page)).toEqual([]);
});
