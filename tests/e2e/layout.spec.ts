import { type Locator, type Page } from "@playwright/test";
import { accessibleExpanded, accessibleNode } from "../support/accessibility-tree.ts";
import { expect, gotoHydrated, gotoWithoutApp, recordAnalytics, test } from "./fixtures.ts";

const header = (page: Page) => page.locator("header").first();
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test.describe("header", () => {
  // The page script draws the shadow, before React and without it.
  for (const app of [true, false]) {
    test(`gains a shadow only after 20 px of scroll${app ? "" : ", before any JavaScript of the app"}`, async ({
      page,
    }) => {
      await (app ? gotoHydrated(page, "/") : gotoWithoutApp(page, "/"));
      const shadow = () => header(page).evaluate((el) => getComputedStyle(el).boxShadow);
      await expect(header(page)).toHaveAttribute("data-scrolled", "false");
      expect(await shadow()).toBe("none");

      await page.evaluate(() => window.scrollTo(0, 20));
      await expect(header(page)).toHaveAttribute("data-scrolled", "false");

      await page.evaluate(() => window.scrollTo(0, 21));
      await expect(header(page)).toHaveAttribute("data-scrolled", "true");
      await expect.poll(shadow).not.toBe("none");

      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(header(page)).toHaveAttribute("data-scrolled", "false");
    });
  }

  test("stays at the top of the screen while the page scrolls @both-widths", async ({ page }) => {
    await gotoHydrated(page, "/privacy");
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => header(page).evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(0);
  });

  test("highlights the current route", { tag: "@desktop" }, async ({ page }) => {
    await gotoHydrated(page, "/");
    const home = mainNav(page).getByRole("link", { name: "Home" });
    await expect(home).toHaveAttribute("aria-current", "page");
    await expect(mainNav(page).getByRole("link", { name: "Contact" })).not.toHaveAttribute("aria-current");

    await page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(home).not.toHaveAttribute("aria-current");
  });
});

test.describe("dropdown menus", { tag: "@desktop" }, () => {
  const panelOf = async (page: Page, button: Locator) => page.locator(`#${await button.getAttribute("popovertarget")}`);

  test("Training opens with a click and lists pillars, all training and five featured courses", async ({ page }) => {
    await gotoHydrated(page, "/");
    const button = mainNav(page).getByRole("button", { name: "Training" });
    expect(await accessibleExpanded(button)).toBe(false);
    await button.click();
    expect(await accessibleExpanded(button)).toBe(true);
    const panel = await panelOf(page, button);
    await expect(panel).toBeVisible();
    for (const name of [
      "Risk (GRC)",
      "Accounting & Auditing",
      "Strategy",
      "Sustainability (ESG)",
      "View All Training",
    ]) {
      await expect(panel.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(panel.getByRole("link", { name: "Risk (GRC)" })).toHaveAttribute("href", "/pillar/risk-grc");
    await expect(panel.getByRole("link", { name: "View All Training" })).toHaveAttribute("href", "/training");
    const featured = panel.getByRole("list").nth(1).getByRole("link");
    await expect(featured).toHaveCount(5);
    for (const href of await featured.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^\/courses\/[a-z-]+$/);
    }
    // Under its button, not somewhere else on the screen.
    const buttonBox = (await button.boundingBox())!;
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.y).toBeGreaterThanOrEqual(buttonBox.y + buttonBox.height);
    expect(panelBox.y).toBeLessThan(buttonBox.y + buttonBox.height + 40);
    expect(panelBox.x).toBeLessThanOrEqual(buttonBox.x + buttonBox.width);

    // A click outside closes it.
    await page.getByRole("heading", { level: 1 }).click();
    await expect(panel).toBeHidden();
    expect(await accessibleExpanded(button)).toBe(false);
  });

  test("a link chosen in a menu closes it on the new page", async ({ page }) => {
    await gotoHydrated(page, "/");
    const button = mainNav(page).getByRole("button", { name: "Training" });
    await button.click();
    const panel = await panelOf(page, button);
    await panel.getByRole("link", { name: "View All Training" }).click();
    await expect(page).toHaveURL(/\/training$/);
    await expect(panel).toBeHidden();
  });

  // Arrow down and tab-out are the page script's: the same with and without React.
  for (const app of [true, false]) {
    test(`work from the keyboard: Enter opens, arrow down enters, Escape closes and returns focus${app ? "" : ", before any JavaScript of the app"}`, async ({
      page,
    }) => {
      await (app ? gotoHydrated(page, "/") : gotoWithoutApp(page, "/"));
      const button = mainNav(page).getByRole("button", { name: "Consulting" });
      await button.focus();
      await page.keyboard.press("Enter");
      expect(await accessibleExpanded(button)).toBe(true);
      const panel = await panelOf(page, button);
      await expect(panel.getByRole("link", { name: "Consulting Overview" })).toHaveAttribute("href", "/consulting");
      await expect(panel.getByRole("link", { name: "Case Studies" })).toHaveAttribute("href", "/case-studies");

      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(button).toBeFocused();

      await page.keyboard.press("ArrowDown");
      await expect(panel.getByRole("link", { name: "Consulting Overview" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(panel.getByRole("link", { name: "Case Studies" })).toBeFocused();
      // Tabbing out of the menu closes it.
      await page.keyboard.press("Tab");
      await expect(panel).toBeHidden();
    });
  }

  test("opening one menu closes the other", async ({ page }) => {
    await gotoHydrated(page, "/");
    const training = mainNav(page).getByRole("button", { name: "Training" });
    const consulting = mainNav(page).getByRole("button", { name: "Consulting" });
    await training.click();
    await consulting.click();
    expect(await accessibleExpanded(training)).toBe(false);
    expect(await accessibleExpanded(consulting)).toBe(true);
  });

  test("work before any JavaScript has run", async ({ page }) => {
    await gotoWithoutApp(page, "/");
    const training = mainNav(page).getByRole("button", { name: "Training" });
    const consulting = mainNav(page).getByRole("button", { name: "Consulting" });
    await training.click();
    await expect((await panelOf(page, training)).getByRole("link", { name: "Strategy", exact: true })).toBeVisible();
    await consulting.click();
    await expect(await panelOf(page, training)).toBeHidden();
    await expect(await panelOf(page, consulting)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(await panelOf(page, consulting)).toBeHidden();
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  });
});

test.describe("mobile menu", { tag: "@phone" }, () => {
  test("toggles open and closed, and closes when a link is chosen", async ({ page }) => {
    await gotoHydrated(page, "/privacy");
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    expect(await accessibleNode(page.getByRole("button", { name: "Close menu" }))).toEqual({
      role: "button",
      name: "Close menu",
      expanded: true,
    });
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu.getByRole("link", { name: "View All Training" })).toBeVisible();
    await menu.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toBeHidden();
    expect(await accessibleNode(page.getByRole("button", { name: "Open menu" }))).toEqual({
      role: "button",
      name: "Open menu",
      expanded: false,
    });
  });

  test("sits under the header bar, across the screen", async ({ page }) => {
    await gotoHydrated(page, "/privacy");
    await page.getByRole("button", { name: "Open menu" }).click();
    const bar = (await header(page).boundingBox())!;
    const menu = (await page.locator("#mobile-menu").boundingBox())!;
    expect(Math.round(menu.x)).toBe(0);
    expect(Math.round(menu.width)).toBe(page.viewportSize()!.width);
    expect(Math.abs(menu.y - (bar.y + bar.height))).toBeLessThanOrEqual(1);
  });

  test("highlights the current route", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("#mobile-menu");
    await expect(menu.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: "Contact" })).not.toHaveAttribute("aria-current");
  });

  test("an in-page link scrolls smoothly to its section and closes the menu", async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { __scrolls: unknown[] }).__scrolls = calls;
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (arg?: boolean | ScrollIntoViewOptions) {
        calls.push({ id: this.id, arg });
        return original.call(this, arg);
      };
    });
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Book a Consultation" }).click();
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(page.locator("#book-consultation")).toBeInViewport();
    expect(await page.evaluate(() => (window as unknown as { __scrolls: unknown[] }).__scrolls)).toContainEqual({
      id: "book-consultation",
      arg: { behavior: "smooth", block: "start" },
    });
    await expect(page).toHaveURL(/\/#book-consultation$/);
  });

  test("works before any JavaScript has run: opens, closes, follows links, and an in-page link closes it", async ({
    page,
  }) => {
    await gotoWithoutApp(page, "/");
    const menu = page.locator("#mobile-menu");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    expect(await accessibleExpanded(page.getByRole("button", { name: "Close menu" }))).toBe(true);
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Book a Consultation" }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator("#book-consultation")).toBeInViewport();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  });
});

test.describe("in-page links and booking", () => {
  // In-page links and their analytics are the page script's: the same with and without React.
  for (const app of [true, false]) {
    const goto = (page: Page, path: string) => (app ? gotoHydrated(page, path) : gotoWithoutApp(page, path));
    const variant = app ? "" : ", before any JavaScript of the app";

    test(`a hash link scrolls smoothly to its target and moves focus there${variant}`, async ({ page }) => {
      await page.addInitScript(() => {
        const original = Element.prototype.scrollIntoView;
        Element.prototype.scrollIntoView = function (arg?: boolean | ScrollIntoViewOptions) {
          document.documentElement.dataset.lastScroll = JSON.stringify({ id: this.id, arg });
          return original.call(this, arg);
        };
      });
      await goto(page, "/");
      await page.getByRole("link", { name: "Book a Free Consultation" }).click();
      await expect(page.locator("#book-consultation")).toBeInViewport();
      await expect(page.locator("#book-consultation")).toBeFocused();
      await expect(page.locator("html")).toHaveAttribute(
        "data-last-scroll",
        JSON.stringify({ id: "book-consultation", arg: { behavior: "smooth", block: "start" } }),
      );
      await expect(page).toHaveURL(/\/#book-consultation$/);
    });

    // Each page's own section when it has one, else the home page's; the click event either way.
    for (const { path, url, local } of [
      { path: "/about", url: /\/about#book-consultation$/, local: true },
      { path: "/privacy", url: /\/#book-consultation$/, local: false },
    ]) {
      test(`Book a Consultation on ${path} leads to ${local ? "its" : "the home page's"} booking section and sends its event${variant}`, async ({
        page,
      }) => {
        const events = await recordAnalytics(page);
        await goto(page, path);
        await expect(page.locator("#book-consultation")).toHaveCount(local ? 1 : 0);
        const phone = (page.viewportSize()?.width ?? 1280) < 640;
        if (phone) await page.getByRole("button", { name: "Open menu" }).click();
        const scope = phone ? page.locator("#mobile-menu") : header(page);
        await scope.getByRole("link", { name: "Book a Consultation" }).click();
        await expect(page).toHaveURL(url);
        await expect(page.locator("#book-consultation")).toBeInViewport();
        if (local) await expect(page.locator("#book-consultation")).toBeFocused();
        if (phone) await expect(page.locator("#mobile-menu")).toBeHidden();
        await expect
          .poll(events)
          .toContainEqual([
            "event",
            "Click",
            { event_category: "Button", event_label: `Book a Consultation - ${phone ? "Mobile menu" : "Header"}` },
          ]);
      });
    }
  }

  test("the booking section shows the unavailable state with inert cards and a disabled button", async ({ page }) => {
    await gotoHydrated(page, "/");
    const section = page.locator("#book-consultation");
    await expect(section.getByText("Booking System Temporarily Unavailable")).toBeVisible();
    await expect(
      section.getByText(
        "We're currently updating our booking system to serve you better. Please contact us directly to schedule your consultation.",
      ),
    ).toBeVisible();
    await expect(section.getByRole("button", { name: "Book Your Consultation" })).toBeDisabled();
    await expect(section.getByTestId("booking-cards")).toHaveAttribute("inert", "");
  });
});

test.describe("page changes", () => {
  test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await gotoHydrated(page, "/privacy");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main-content")).toBeFocused();
  });

  test("a new page starts at the top", async ({ page }) => {
    await gotoHydrated(page, "/privacy");
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await footer.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("footer", () => {
  const summaryOf = (page: Page, name: string) => page.getByRole("contentinfo").locator("summary", { hasText: name });
  const contentOf = (page: Page, name: string) => summaryOf(page, name).locator("xpath=following-sibling::*[1]");

  for (const hydrated of [true, false]) {
    test(
      `on a phone its sections expand one at a time${hydrated ? "" : ", before any JavaScript has run"}`,
      { tag: "@phone" },
      async ({ page }) => {
        await (hydrated ? gotoHydrated(page, "/") : gotoWithoutApp(page, "/"));
        const courses = summaryOf(page, "Courses");
        const resources = summaryOf(page, "Resources");

        await expect(contentOf(page, "Courses")).toBeHidden();
        await expect(contentOf(page, "Resources")).toBeHidden();
        expect(await accessibleExpanded(courses)).toBe(false);
        await courses.click();
        expect(await accessibleExpanded(courses)).toBe(true);
        await expect(contentOf(page, "Courses")).toBeVisible();

        await resources.click();
        await expect(contentOf(page, "Resources")).toBeVisible();
        await expect(contentOf(page, "Courses")).toBeHidden();
        expect(await accessibleExpanded(courses)).toBe(false);

        await resources.click();
        await expect(contentOf(page, "Resources")).toBeHidden();

        // The keyboard opens one too.
        await courses.focus();
        await page.keyboard.press("Enter");
        await expect(contentOf(page, "Courses")).toBeVisible();
      },
    );
  }

  test("on a desktop every section is open and has no toggle", { tag: "@desktop" }, async ({ page }) => {
    await gotoHydrated(page, "/");
    const footer = page.getByRole("contentinfo");
    // No accordion toggles: the disclosures' summaries are gone at this width.
    for (const summary of await footer.locator("summary").all()) await expect(summary).toBeHidden();
    for (const heading of ["Training Pillars", "Courses", "Delivery Options", "Resources", "Contact"]) {
      await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: "Risk (GRC)" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "View All Training" })).toBeVisible();
    await expect(footer.getByText("Live online")).toBeVisible();
    await expect(footer.getByRole("link", { name: "Free Business Guides" })).toBeVisible();
  });
});

test(
  "the footer's paid consultation link loads the payment page as a new document, with Stripe allowed",
  { tag: "@desktop" },
  async ({ page }) => {
    await gotoHydrated(page, "/");
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => new URL(r.url()).pathname === "/consultation-payment" && r.request().resourceType() === "document",
      ),
      page.getByRole("contentinfo").getByRole("link", { name: "Book a Paid Consultation" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-security-policy"]).toContain("https://js.stripe.com");
    await expect(page).toHaveURL(/\/consultation-payment$/);
  },
);
