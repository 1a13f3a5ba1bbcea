/**
 * Course sessions on the public site (docs/decisions/055-course-sessions-as-content.md),
 * in Chromium at both widths with axe, on a site of its own (places are set
 * in its database with the booking's own data functions, each test on
 * sessions of its own): a course page lists its upcoming dates with the
 * venue or "Live online", the hours, the early-bird and regular prices
 * before VAT, the group discount and a link to book; places left when few
 * and "Full" when none, on the page within the places poll (the page is
 * kept, and rendered again when places change); /training filtered by month
 * and format with its GET form (and a value it does not offer refused with a
 * 400); the home page's featured cards with their next date and place; the
 * course's JSON-LD with a CourseInstance per session; and the editor's
 * confirmation before a booked session's price changes.
 */
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { openDatabase } from "../../app/data/db.server.ts";
import { takePlaces } from "../../app/orders/course-booking/places.server.ts";
import { newSiteEditor, openHydrated, signInAs } from "../support/content-editor.ts";
import type { SiteServer } from "../../harness/servers.ts";
import { axeViolations, expect, test } from "./fixtures.ts";

let site: SiteServer;

test.beforeAll(async ({ launcher }) => {
  site = await launcher.site({ name: "course-sessions" });
});

/** Takes `places` places of a session in the site's database, as a booking would. */
async function take(sessionKey: string, places: number) {
  const handle = await openDatabase({ dataDir: site.dataDir });
  try {
    const result = await handle.db.transaction().execute((trx) => takePlaces(trx, sessionKey, places, new Date()));
    expect(result.ok).toBe(true);
  } finally {
    await handle.close();
  }
}

const card = (page: Page, sessionId: string) => page.locator(`[data-session="${sessionId}"]`);

async function jsonLdCourse(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks
    .flatMap((b) => [JSON.parse(b) as Record<string, unknown> | Record<string, unknown>[]].flat())
    .find((b) => b["@type"] === "Course")!;
}

test("a course page lists its upcoming dates: where, when, the price before VAT, the group discount and a link to book @both-widths", async ({
  page,
}) => {
  const response = await page.goto(`${site.baseURL}/courses/risk-management`);
  expect(response?.status()).toBe(200);
  const dates = page.locator("#dates");
  await expect(dates.getByRole("heading", { level: 2, name: "Dates and Booking" })).toBeVisible();
  await expect(dates.locator("[data-session]")).toHaveCount(2);

  const london = card(page, "risk-management-2027-03-london");
  await expect(london.getByRole("heading", { level: 3 })).toHaveText("8–12 March 2027");
  await expect(london).toContainText("Confirmed to run");
  await expect(london).toContainText("In person: Chartered Accountants' Hall, 1 Moorgate Place, London EC2R 6EA");
  await expect(london).toContainText("Monday to Thursday 09:00–17:00");
  await expect(london).toContainText("Friday 09:00–15:30");
  await expect(london.locator(".price-gbp").first()).toHaveText("£4,050 + VAT");
  await expect(london).toContainText("early-bird price until 29 January 2027 (then £4,500 + VAT)", {
    useInnerText: true,
  });
  await expect(london).not.toContainText("places left");
  await expect(london.getByRole("link", { name: /^Book a place/ })).toHaveAttribute(
    "href",
    "/courses/risk-management/book/risk-management-2027-03-london",
  );

  const online = card(page, "risk-management-2027-05-online");
  await expect(online.getByRole("heading", { level: 3 })).toHaveText("10–14 May 2027");
  await expect(online).toContainText("Live online");
  await expect(online).toContainText("Monday to Friday 09:30–16:30");
  await expect(online.locator(".price-gbp")).toHaveText("£4,500 + VAT");

  await expect(dates).toContainText(
    "Prices are per person and exclude VAT (charged at 20%). 10% off for 3 or more delegates from one organisation.",
  );
  await expect(page.getByRole("complementary", { name: "Course highlights" }).locator(".price-gbp")).toHaveText(
    "£4,500 + VAT",
  );
  await expect(page.locator(".price-usd").first()).toHaveText(/^\$[\d,]+ \+ VAT \(USD\)$/, { useInnerText: false });
  expect(await axeViolations(page)).toEqual([]);
});

test("places left show when few and 'Full' when none, on the kept page soon after the places change", async ({
  page,
}) => {
  const id = "financial-analysis-2027-03-london";
  const path = `${site.baseURL}/courses/financial-analysis`;
  const html = async () => (await page.request.get(path)).text();
  // Kept: the same page (and ETag) twice while nothing changes.
  const first = await page.request.get(path);
  const second = await page.request.get(path);
  expect(second.headers().etag).toBe(first.headers().etag);

  await take(id, 9);
  await expect.poll(html).toContain("3 places left");
  await page.goto(path);
  await expect(card(page, id)).toContainText("3 places left");
  await expect(card(page, id).getByRole("link", { name: /^Book a place/ })).toBeVisible();
  expect((await jsonLdCourse(page)).hasCourseInstance).toContainEqual(
    expect.objectContaining({
      offers: expect.objectContaining({ availability: "https://schema.org/LimitedAvailability" }),
    }),
  );
  expect(await axeViolations(page)).toEqual([]);

  await take(id, 3);
  await expect.poll(html).toMatch(/>Full</);
  await page.goto(path);
  await expect(card(page, id).getByText("Full", { exact: true })).toBeVisible();
  await expect(card(page, id).getByRole("link", { name: /^Book a place/ })).toHaveCount(0);
  // The course's other date is untouched.
  await expect(
    card(page, "financial-analysis-2027-06-online").getByRole("link", { name: /^Book a place/ }),
  ).toBeVisible();
  expect((await jsonLdCourse(page)).hasCourseInstance).toContainEqual(
    expect.objectContaining({ offers: expect.objectContaining({ availability: "https://schema.org/SoldOut" }) }),
  );
  expect(await axeViolations(page)).toEqual([]);
});

test("/training lists the upcoming dates and filters them by month and format with a plain GET form", async ({
  page,
}) => {
  // Three whole-page accessibility scans: over a minute on a loaded two-core machine.
  test.slow();
  // The unfiltered page first, so that it is kept: a filtered address must not be answered with it.
  await page.goto(`${site.baseURL}/training`);
  const dates = page.locator("#dates");
  await expect(dates.locator("[data-session]")).toHaveCount(8);
  expect(await axeViolations(page)).toEqual([]);

  await dates.getByLabel("Month").selectOption({ label: "April 2027" });
  await dates.getByLabel("Format").selectOption({ label: "Live online" });
  await dates.getByRole("button", { name: "Show dates" }).click();
  await expect(page).toHaveURL(/\/training\?month=2027-04&format=online&pillar=#dates$/);
  await expect(dates.locator("[data-session]")).toHaveCount(1);
  const only = card(page, "corporate-finance-2027-04-online");
  await expect(only.getByRole("heading", { level: 3 })).toHaveText("19–23 April 2027");
  await expect(only.locator("a").first()).toHaveAttribute("href", "/courses/corporate-finance");
  await expect(dates.getByLabel("Month")).toHaveValue("2027-04");
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`${site.baseURL}/training?month=2027-04&format=in-person`);
  await expect(dates.locator("[data-session]")).toHaveCount(1);
  await expect(card(page, "esg-risk-2027-04-london")).toBeVisible();

  await page.goto(`${site.baseURL}/training?month=2027-08`);
  await expect(dates.locator("[data-session]")).toHaveCount(0);
  await expect(dates).toContainText("No upcoming dates match your choice.");
  await dates.getByRole("link", { name: "Show all dates" }).click();
  await expect(dates.locator("[data-session]")).toHaveCount(8);

  const refused = await page.goto(`${site.baseURL}/training?format=at-your-site`);
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText('The format must be "in-person" or "online".');
  await expect(dates.locator("[data-session]")).toHaveCount(8);
  expect(await axeViolations(page)).toEqual([]);
});

test("/training's dates filter by pillar too, and the same dates come as a calendar feed a calendar can read", async ({
  page,
}) => {
  await page.goto(`${site.baseURL}/training`);
  const dates = page.locator("#dates");
  await dates.getByLabel("Pillar").selectOption({ label: "Risk (GRC)" });
  await dates.getByRole("button", { name: "Show dates" }).click();
  await expect(page).toHaveURL(/\/training\?month=&format=&pillar=risk-grc#dates$/);
  // The Risk pillar's courses: risk management twice, and ESG risk (in two pillars).
  const shown = ["risk-management-2027-03-london", "esg-risk-2027-04-london", "risk-management-2027-05-online"];
  await expect(dates.locator("[data-session]")).toHaveCount(3);
  for (const id of shown) await expect(card(page, id)).toBeVisible();
  await expect(dates.getByLabel("Pillar")).toHaveValue("risk-grc");
  expect(await axeViolations(page)).toEqual([]);

  const feedLink = dates.getByRole("link", { name: "These dates as a calendar feed" });
  await expect(feedLink).toHaveAttribute("href", "/training/dates.ics?pillar=risk-grc");
  const feed = await page.request.get(`${site.baseURL}${await feedLink.getAttribute("href")}`);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
  const events = calendar.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
  expect(events).toHaveLength(15);
  expect([...new Set(events.map((e) => e.uid.replace(/-day-\d@.*/, "")))]).toEqual(
    shown.map((id) => `course-session-${id}`),
  );
  const first = events[0]!;
  expect([first.summary, first.startDate.toJSDate().toISOString()]).toEqual([
    "Enterprise Risk Management (day 1 of 5)",
    "2027-03-08T09:00:00.000Z",
  ]);

  const refused = await page.request.get(`${site.baseURL}/training/dates.ics?format=at-your-site`);
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toBe('The format must be "in-person" or "online".\n');
});

test("the home page's featured cards name each course's next date and place", async ({ page }) => {
  await page.goto(`${site.baseURL}/`);
  const featured = page.locator("#featured-courses");
  await expect(featured.getByRole("article")).toHaveCount(3);
  await expect(featured.getByRole("article").nth(0)).toContainText("Next date:8–12 March 2027, London", {
    useInnerText: false,
  });
  await expect(featured.getByRole("article").nth(1)).toContainText("Next date:15–19 March 2027, London", {
    useInnerText: false,
  });
  await expect(featured.getByRole("article").nth(2)).toContainText("Next date:12–16 April 2027, London", {
    useInnerText: false,
  });
  await expect(featured.locator(".price-gbp").first()).toHaveText("£4,500 + VAT");
  expect(await axeViolations(page)).toEqual([]);
});

test("changing the price of a session with places sold needs an administrator, who confirms it; existing bookings keep what they pay", async ({
  page,
}) => {
  test.slow();
  const id = "carbon-accounting-2027-05-london";
  await take(id, 2);
  await signInAs(page.context(), site, await newSiteEditor(site, "Cleo Dates"));
  await openHydrated(page, `${site.baseURL}/admin/content/session/${id}`);
  expect(await axeViolations(page)).toEqual([]);
  const price = page.getByRole("textbox", { name: "Price per person (£, before VAT)" }).first();
  await expect(price).toHaveAccessibleDescription(/In pounds, before VAT/);
  await price.fill("4,800");
  await page.getByRole("button", { name: "Publish now" }).click();
  // An editor of the site: refused with the reason (issue 37), the draft kept.
  await expect(page.getByRole("alert")).toContainText(
    "This session has 2 places sold or held: only an administrator can change its prices. Ask an administrator to publish it.",
  );

  await signInAs(page.context(), site, await newSiteEditor(site, "Ada Admin", "admin"));
  await openHydrated(page, `${site.baseURL}/admin/content/session/${id}`);
  await expect(price).toHaveValue("4800.00");
  await page.getByRole("button", { name: "Publish now" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("2 places are already sold or held on this session.");
  await expect(alert).toContainText("existing bookings keep what they pay");
  const confirm = page.getByRole("checkbox", { name: /I have read what publishing this changes/ });
  await expect(confirm).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const course = async () => (await page.request.get(`${site.baseURL}/courses/carbon-accounting`)).text();
  expect(await course()).not.toContain("£4,800");

  await confirm.check();
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published: it is on the site now" })).toBeVisible();
  await expect.poll(course).toContain("£4,800 + VAT");
});
