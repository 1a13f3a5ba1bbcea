import type { Page } from "@playwright/test";
import { expect, test, withoutJavaScript } from "./fixtures.ts";

// ADR 089 (issue 42): a page carries its first screen's styles inline and
// loads the whole stylesheet without holding the first paint; the page
// script applies it once it has arrived, and without JavaScript a noscript
// link does.

const siteCss = "**/assets/app-*.css";

/** Pages whose first screens differ: the header, heroes, a two-column course hero, a form, the booking page. */
const pages = [
  "/",
  "/training",
  "/courses/risk-management",
  "/contact",
  "/courses/risk-management/book/risk-management-2027-05-online",
];

/** How each element of the first screen (before <main>, and main's first two children) is drawn. */
function firstScreenLook(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector("main")!;
    const children = [...document.body.children];
    const scope = [...children.slice(0, children.indexOf(main)), ...[...main.children].slice(0, 2)];
    const properties = [
      "display",
      "position",
      "width",
      "height",
      "color",
      "background-color",
      "font-size",
      "font-weight",
      "line-height",
      "margin",
      "padding",
      "border",
      "border-radius",
      "grid-template-columns",
      "gap",
      "text-transform",
      "box-shadow",
    ];
    const look: string[] = [];
    for (const root of scope) {
      for (const element of [root, ...root.querySelectorAll("*")]) {
        if (element.closest("[popover], script, style, template")) continue;
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        look.push(
          `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""} @${Math.round(box.x)},${Math.round(box.y)} ` +
            properties.map((property) => `${property}:${style.getPropertyValue(property)}`).join(";"),
        );
      }
    }
    return look;
  });
}

test("the first screen looks the same before the whole stylesheet has arrived @both-widths", async ({ page }) => {
  // The web font is "optional" (used only when it arrives within ~100 ms): both loads keep the
  // fallback, so that the comparison is of the styles, not of when the font came.
  await page.route("**/assets/inter-*.woff2", (route) => route.abort());
  for (const path of pages) {
    await page.route(siteCss, (route) => route.abort());
    await page.goto(path);
    const firstScreenOnly = await firstScreenLook(page);
    await expect(page.locator("link[data-site-css]")).toHaveAttribute("media", "print");

    await page.unroute(siteCss);
    await page.goto(path);
    await expect(page.locator("link[data-site-css]")).toHaveAttribute("media", "all");
    const withStylesheet = await firstScreenLook(page);
    expect(firstScreenOnly.length, path).toBeGreaterThan(20);
    expect(firstScreenOnly, path).toEqual(withStylesheet);
  }
});

test("the page script applies the whole stylesheet once it has arrived", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator("link[data-site-css]")).toHaveAttribute("media", "all");
  // The footer is below the first screen: its colour (navy 950) comes from the file.
  expect(await page.locator("#first-screen-css").textContent()).not.toContain(".bg-navy-950");
  await expect(page.locator("footer")).toHaveCSS("background-color", "rgb(6, 20, 40)");
});

withoutJavaScript(() => {
  test("the whole stylesheet applies without JavaScript", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator("link[data-site-css]")).toHaveAttribute("media", "print");
    await expect(page.locator("footer")).toHaveCSS("background-color", "rgb(6, 20, 40)");
  });
});

test("a long page's sections below its first screen wait to be rendered from the first layout, before the stylesheet arrives (ADR 095)", async ({
  page,
}) => {
  await page.route(siteCss, (route) => route.abort());
  for (const path of ["/training", "/courses/risk-management"]) {
    await page.goto(path);
    await expect(page.locator("link[data-site-css]")).toHaveAttribute("media", "print");
    const lazy = page.locator("main [data-lazy-render]");
    expect(await lazy.count(), path).toBeGreaterThanOrEqual(4);
    expect(await lazy.evaluateAll((all) => all.map((s) => getComputedStyle(s).contentVisibility)), path).toEqual(
      Array(await lazy.count()).fill("auto"),
    );
    // Not the first screen: main's first two children render at once.
    expect(await page.locator("main > :nth-child(-n+2)[data-lazy-render]").count(), path).toBe(0);
    // The last one is still in the page for find-in-page, links to its anchor and assistive technology.
    await expect(lazy.last().getByRole("heading", { level: 2 })).toBeAttached();
  }
});
