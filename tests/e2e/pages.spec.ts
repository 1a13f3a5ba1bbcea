import type { Browser, Page } from "@playwright/test";
import { expect, gotoHydrated, gotoWithoutApp, test } from "./fixtures.ts";

const main = (page: Page) => page.locator("main");
const section = (page: Page, title: string) =>
  main(page)
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });

test("home: the spec's sections, in order, with their links", async ({ page }) => {
  await gotoHydrated(page, "/");
  const headings = await main(page).getByRole("heading", { level: 2 }).allTextContents();
  expect(headings.slice(0, 5)).toEqual([
    "Featured Courses",
    "What Makes Us Different",
    "Our Expertise",
    "Premium Courses",
    "What Our Clients Say",
  ]);
  expect(headings.indexOf("Book a Consultation")).toBeGreaterThan(4);
  const featured = section(page, "Featured Courses").getByRole("article");
  expect(await featured.count()).toBeGreaterThan(0);
  expect(await featured.count()).toBeLessThanOrEqual(3);
  await expect(section(page, "What Makes Us Different").getByRole("listitem")).toHaveCount(4);
  const pillars = section(page, "Our Expertise").getByRole("link");
  expect(await pillars.evaluateAll((a) => a.map((x) => x.getAttribute("href")))).toEqual([
    "/pillar/risk-grc",
    "/pillar/accounting-auditing",
    "/pillar/strategy",
    "/pillar/sustainability",
  ]);
  const premium = section(page, "Premium Courses");
  for (const id of ["corporate-finance", "carbon-accounting", "strategy-execution"]) {
    await expect(premium.locator(`a[href="/courses/${id}"]`)).toHaveCount(1);
  }
  await expect(premium.getByRole("link", { name: /Request Information/ })).toHaveCount(3);
  for (const href of await premium
    .getByRole("link", { name: /Request Information/ })
    .evaluateAll((a) => a.map((x) => x.getAttribute("href")))) {
    expect(href).toBe("#book-consultation");
  }
  await expect(page.getByRole("link", { name: "Learn more about our expertise" })).toHaveAttribute("href", "/about");
  await expect(page.locator("#free-resources").getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "View All Courses" })).toHaveAttribute("href", "/training");
});

test("about: story, the four-step method, four trainers, six industries, network, testimonials, booking", async ({
  page,
}) => {
  await gotoHydrated(page, "/about");
  const steps = await section(page, (await page.locator("#method-title").textContent())!)
    .getByRole("heading", { level: 3 })
    .allTextContents();
  expect(steps).toEqual(["Connect", "Learn", "Apply", "Master"]);
  await expect(section(page, "Our Lead Trainers").getByRole("listitem")).toHaveCount(4);
  await expect(section(page, "Industries We Serve").getByRole("listitem")).toHaveCount(6);
  await expect(page.locator("#expert-network")).toBeVisible();
  await expect(section(page, "What Our Clients Say").getByRole("figure")).toHaveCount(3);
  await expect(page.locator("#book-consultation")).toBeVisible();
});

// The map's button is the page script's: the same with React and before it.
for (const app of [true, false]) {
  test(`contact: office, promise, hours, four FAQs; the map loads nothing until asked${app ? "" : ", before any JavaScript of the app"}`, async ({
    page,
  }) => {
    const mapRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("openstreetmap")) mapRequests.push(r.url());
    });
    await page.route("https://www.openstreetmap.org/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>map</title><p>map</p>" }),
    );
    await (app ? gotoHydrated(page, "/contact") : gotoWithoutApp(page, "/contact"));
    await expect(main(page)).toContainText("London EC2A 1AS");
    await expect(main(page)).toContainText("within 24 business hours");
    await expect(main(page)).toContainText("Monday-Friday 9:00 AM - 5:30 PM");
    await expect(page.locator("#contact-faq details")).toHaveCount(4);
    expect(mapRequests).toEqual([]);
    await page.getByRole("button", { name: "Show map" }).click();
    const frame = page.locator("iframe[title^='Map showing']");
    await expect(page.frameLocator("iframe[title^='Map showing']").locator("p")).toHaveText("map");
    await expect(frame).toBeFocused();
    await expect(page.getByRole("button", { name: "Show map" })).toBeHidden();
    expect(mapRequests.length).toBeGreaterThan(0);
  });
}

test("FAQs open one at a time and close again", async ({ page }) => {
  await gotoHydrated(page, "/pillar/strategy");
  const items = page.locator("#faq details");
  await expect(items).toHaveCount(4);
  await items.nth(0).locator("summary").click();
  await expect(items.nth(0)).toHaveAttribute("open", "");
  await items.nth(1).locator("summary").click();
  await expect(items.nth(1)).toHaveAttribute("open", "");
  await expect(items.nth(0)).not.toHaveAttribute("open");
  await items.nth(1).locator("summary").click();
  await expect(items.nth(1)).not.toHaveAttribute("open");
});

test("pillar pages: the featured block on Risk only, six or seven courses, shared courses flagged", async ({
  page,
}) => {
  await gotoHydrated(page, "/pillar/risk-grc");
  await expect(page.locator("#featured article")).toHaveCount(2);
  const courses = page.locator("#pillar-courses > div > div > ol > li");
  expect([6, 7]).toContain(await courses.count());
  await expect(courses.filter({ hasText: "ESG Risk Management" })).toContainText("Shared with Sustainability");
  await expect(page.getByRole("link", { name: "Schedule a Consultation" }).first()).toHaveAttribute("href", "/contact");

  await gotoHydrated(page, "/pillar/sustainability");
  await expect(page.locator("#featured")).toHaveCount(0);
  await expect(page.locator("#pillar-courses li").filter({ hasText: "ESG Accounting" }).first()).toContainText(
    "Shared with Accounting",
  );
  await expect(page.locator("#pillar-courses li").filter({ hasText: "ESG Risk" }).first()).toContainText(
    "Shared with Risk",
  );
});

test("training: four pillar sections; ?pillar= shows one; an unknown value shows all", async ({ page }) => {
  const pillarSections = () =>
    main(page).locator(
      "section[id='risk-grc'], section[id='accounting-auditing'], section[id='strategy'], section[id='sustainability']",
    );
  await gotoHydrated(page, "/training");
  await expect(pillarSections()).toHaveCount(4);
  const steps = await page.locator("#method h3").allTextContents();
  expect(steps).toEqual(["Connect", "Learn", "Apply", "Master"]);
  await gotoHydrated(page, "/training?pillar=strategy");
  await expect(pillarSections()).toHaveCount(1);
  await expect(page.locator("section#strategy")).toBeVisible();
  await gotoHydrated(page, "/training?pillar=marketing");
  await expect(pillarSections()).toHaveCount(4);
});

test("course page: every part of the template", async ({ page }) => {
  await gotoHydrated(page, "/courses/financial-statement-analysis");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Financial Statement Analysis");
  for (const tag of ["Premium Course", "5-Day Intensive", "Certification Included"]) {
    await expect(page.getByRole("list", { name: "Course tags" })).toContainText(tag);
  }
  await expect(page.getByRole("link", { name: "View Curriculum" })).toHaveAttribute("href", "#course-curriculum");
  await expect(main(page).getByRole("link", { name: "Book a Consultation" }).first()).toHaveAttribute(
    "href",
    "#book-consultation",
  );
  const highlights = page.getByRole("complementary", { name: "Course highlights" });
  await expect(highlights).toContainText("£4,500");
  await expect(highlights.getByRole("link", { name: "Request Corporate Rate" })).toHaveAttribute(
    "href",
    "/contact?course=financial-statement-analysis&interest=accounting-auditing",
  );
  for (const h of [
    "Course Overview",
    "Key Benefits",
    "Learning Objectives",
    "Who Should Attend",
    "Prerequisites",
    "5-Day Curriculum",
    "Your Instructors",
    "Frequently Asked Questions",
    "Related Courses",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: h, exact: true })).toBeVisible();
  }
  await expect(page.locator("#course-curriculum ol > li")).toHaveCount(5);
  await expect(page.locator("#course-curriculum")).toContainText(/\d\d% theory and \d\d% practice/);
  await expect(
    page.getByRole("heading", { name: "Your Instructors" }).locator("xpath=..").getByRole("listitem"),
  ).toHaveCount(2);
  const details = page.getByRole("complementary", { name: "Course Details" });
  for (const term of ["Audience", "Duration", "Location", "Group size", "Certification", "Investment"]) {
    await expect(details.getByRole("term").filter({ hasText: term })).toHaveCount(1);
  }
  await expect(details).toContainText("5 Days (Monday to Friday)");
  const download = page.waitForEvent("download");
  await details.getByRole("link", { name: "Download Course Brochure" }).click();
  expect((await download).suggestedFilename()).toBe("financial-statement-analysis-brochure.pdf");
  await expect(page.locator("#book-consultation")).toBeVisible();

  await page.getByRole("link", { name: "View Curriculum" }).click();
  await expect(page.locator("#course-curriculum")).toBeInViewport();
});

test("resources: three articles that open, two free webinars, a closing block", async ({ page }) => {
  await gotoHydrated(page, "/resources");
  const articles = page.locator("#articles article");
  await expect(articles).toHaveCount(3);
  await expect(articles.first()).toContainText("2023");
  await expect(page.locator("#webinars li")).toHaveCount(2);
  await expect(page.locator("#webinars summary", { hasText: "Register Now" })).toHaveCount(2);
  await expect(page.locator("#resources-cta")).toBeVisible();
  const first = articles.first().getByRole("link");
  const title = await first.textContent();
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
});

test("consulting and case studies are coming-soon pages that lead on", async ({ page }) => {
  await gotoHydrated(page, "/consulting");
  await expect(main(page).getByRole("link", { name: "Explore Our Training" })).toHaveAttribute("href", "/training");
  await expect(main(page).getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  await gotoHydrated(page, "/case-studies");
  expect(await page.locator("#sectors h3").allTextContents()).toEqual([
    "Finance",
    "Healthcare",
    "Utilities",
    "Public Sector",
  ]);
});

/** The page's requests for the visitor's country, collected from now on. */
function geoRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/geo")) asked.push(r.url());
  });
  return asked;
}

// Both prices are in the page; the page script asks /api/geo and the
// stylesheet shows the visitor's: the same with React and before it.
for (const app of [true, false]) {
  test.describe(`prices in the visitor's currency${app ? "" : ", before any JavaScript of the app"}`, () => {
    const goto = (page: Page, path: string) => (app ? gotoHydrated(page, path) : gotoWithoutApp(page, path));
    const shownPrice = (page: Page) =>
      page.getByRole("complementary", { name: "Course highlights" }).locator("[data-price]");

    test("a gb visitor sees GBP", async ({ browser }) => {
      await fromCountry(browser, "GB", async (page) => {
        const geo = page.waitForResponse("**/api/geo");
        await goto(page, "/courses/risk-management");
        expect(await (await geo).text()).toBe("gb");
        await expect(page.locator("html")).toHaveAttribute("data-currency", "GBP");
        await expect(shownPrice(page)).toHaveText("£4,500 + VAT", { useInnerText: true });
      });
    });

    test("a visitor from elsewhere sees USD, tagged (USD), after the page first shows GBP", async ({ browser }) => {
      await fromCountry(browser, "US", async (page) => {
        const html = await (await page.request.get("/courses/risk-management")).text();
        expect(html).toMatch(/<html[^>]*>/);
        expect(html.match(/<html[^>]*>/)?.[0]).not.toContain("data-currency");
        await goto(page, "/courses/risk-management");
        await expect(page.locator("html")).toHaveAttribute("data-currency", "USD");
        await expect(shownPrice(page)).toHaveText("$5,700 + VAT (USD)", { useInnerText: true });
      });
    });

    test("a failed detection logs a warning and stays GBP", async ({ browser }) => {
      await fromCountry(browser, "US", async (page) => {
        const warnings: string[] = [];
        page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
        await page.route("**/api/geo", (route) => route.fulfill({ status: 503, body: "unavailable" }));
        await goto(page, "/courses/risk-management");
        await expect.poll(() => warnings.join("\n")).toContain("Location detection failed");
        await expect(page.locator("html")).not.toHaveAttribute("data-currency");
        await expect(shownPrice(page)).toHaveText("£4,500 + VAT", { useInnerText: true });
      });
    });

    test("a page without a price does not ask for the visitor's country", async ({ page }) => {
      const asked = geoRequests(page);
      await goto(page, "/privacy");
      await page.waitForLoadState("networkidle");
      expect(asked).toEqual([]);
      await expect(page.locator("html")).not.toHaveAttribute("data-currency");
    });
  });
}

/**
 * A page in a browser context of its own whose requests come from `country` (as
 * Cloudflare's CF-IPCountry says); the context is closed after.
 */
async function fromCountry(browser: Browser, country: string, use: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ extraHTTPHeaders: { "cf-ipcountry": country } });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

test("a client-side navigation to a page with prices asks for the country then", async ({ browser }) => {
  await fromCountry(browser, "US", async (page) => {
    const asked = geoRequests(page);
    await gotoHydrated(page, "/privacy");
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
    const geo = page.waitForResponse("**/api/geo");
    await page.evaluate(() => {
      // React Router's client navigation (the page is hydrated): no new document.
      (document.querySelector('footer a[href^="/courses/"]') as HTMLAnchorElement).click();
    });
    await expect(page).toHaveURL(/\/courses\//);
    expect(await (await geo).text()).toBe("us");
    await expect(page.locator("html")).toHaveAttribute("data-currency", "USD");
    await expect(page.locator("[data-price]").first()).toContainText("$", { useInnerText: true });
  });
});

test.describe("booking section with a scheduler configured", () => {
  let baseURL: string;
  test.beforeAll(async ({ launcher }) => {
    const site = await launcher.site({
      name: "scheduler",
      env: { SCHEDULER_URL: "https://scheduler.example.com/meridian/15min" },
    });
    baseURL = site.baseURL;
  });
  test.afterAll(({ launcher }) => launcher.stopAll());

  // The page script's: the same with React and before it.
  for (const app of [true, false]) {
    test(`takes bookings, and the scheduler loads only when the visitor asks${app ? "" : ", before any JavaScript of the app"}`, async ({
      page,
    }) => {
      const schedulerRequests: string[] = [];
      await page.route("https://scheduler.example.com/**", (route) => {
        schedulerRequests.push(route.request().url());
        return route.fulfill({ contentType: "text/html", body: "<title>Pick a time</title><p>Pick a time</p>" });
      });
      await (app ? gotoHydrated(page, `${baseURL}/`) : gotoWithoutApp(page, `${baseURL}/`));
      const booking = page.locator("#book-consultation");
      const button = booking.getByRole("button", { name: "Book Your Consultation" });
      await expect(button).toBeEnabled();
      await expect(booking.getByText("Booking System Temporarily Unavailable")).toBeHidden();
      await expect(booking.getByTestId("booking-cards")).not.toHaveAttribute("inert");
      expect(schedulerRequests).toEqual([]);
      await button.click();
      await expect(booking.frameLocator("iframe").locator("p")).toHaveText("Pick a time");
      expect(schedulerRequests[0]).toBe("https://scheduler.example.com/meridian/15min");
      await expect(booking.getByRole("link", { name: "Open the booking page in a new tab" })).toHaveAttribute(
        "href",
        "https://scheduler.example.com/meridian/15min",
      );
    });
  }
});
