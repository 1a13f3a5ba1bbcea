/**
 * What converts, in Chromium at both widths: a visitor lands on a course
 * page from a LinkedIn post with campaign tags, sends the contact form from
 * another page, and the lead shows the visit that brought it; the
 * conversion view shows the week's pages, views, leads and sources, as a
 * chart and as tables, and passes axe. A visitor who objects on /cookies
 * records nothing. The site runs on its own, so its counts are this test's.
 */
import type { Page } from "@playwright/test";
import { pollUntil, sqliteQuery } from "../../harness/servers.ts";
import { sendEnquiryForm } from "../support/enquiry.ts";
import { newStaffInBrowser } from "../support/staff.ts";
import { axeViolations, expect, gotoHydrated, testOnOwnSite, uniqueEmail } from "./fixtures.ts";

const test = testOnOwnSite("conversions", { FORM_MIN_FILL_SECONDS: "0" });

const landing = "/courses/corporate-finance?utm_source=linkedin&utm_medium=social&utm_campaign=autumn-launch";

/** Lena's enquiry through the contact form. */
const sendEnquiry = (page: Page, email: string) =>
  sendEnquiryForm(page, {
    name: "Lena Lander",
    email,
    company: "Landing Partners",
    message: "We would like a strategy programme for our directors.",
  });

/** The attribution the contact form's data carries, as the page script adds it. */
const formAttribution = (page: Page) =>
  page.evaluate(() => new FormData(document.querySelector<HTMLFormElement>("#enquiry-form form")!).get("attribution"));

test("a lead carries the visit that brought it, and the conversion view shows the week's pages and sources", async ({
  page,
  ownSite,
}) => {
  await page.goto(landing, { referer: "https://www.linkedin.com/feed/" });
  const email = uniqueEmail("lander");
  await sendEnquiry(page, email);
  const [lead] = sqliteQuery(
    ownSite.dataDir,
    "SELECT id, landing_page, referrer, utm_campaign FROM leads WHERE email = ?",
    [email],
  );
  expect(lead).toMatchObject({
    landing_page: "/courses/corporate-finance",
    referrer: "www.linkedin.com",
    utm_campaign: "autumn-launch",
  });
  // The views reach the database within a few seconds (counted in memory first).
  const contactViews = () =>
    sqliteQuery(ownSite.dataDir, "SELECT SUM(views) AS n FROM page_views WHERE path = '/contact'")[0]!.n as
      number | null;
  expect(await pollUntil(() => (contactViews() ?? 0) >= 1, 15_000)).toBe(true);

  await newStaffInBrowser(page, ownSite, { email: uniqueEmail("stats-admin"), name: "Stella Stats" });
  await page.goto(`/admin/leads/${String(lead!.id)}`);
  await expect(page.getByText("How they found us")).toBeVisible();
  await expect(
    page.getByText(
      "Landed on /courses/corporate-finance, from www.linkedin.com; campaign linkedin / social / autumn-launch",
    ),
  ).toBeVisible();

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "What converts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What converts" })).toBeVisible();
  const chart = page.getByRole("img", { name: /^Leads per week for the 8 weeks/ });
  await expect(chart).toBeVisible();
  const pages = page.getByRole("region", { name: "Pages: views, leads and conversion" });
  const contactRow = pages
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "/contact", exact: true }) });
  await expect(contactRow.getByRole("cell").last()).toHaveText(/%$/);
  await expect(contactRow).toContainText("1"); // its lead
  await expect(page.getByRole("region", { name: "Referring sites" }).getByRole("listitem")).toHaveText([
    "www.linkedin.com1 lead",
  ]);
  await expect(page.getByRole("region", { name: "Campaigns" }).getByRole("listitem")).toHaveText([
    "linkedin / social / autumn-launch1 lead",
  ]);
  await expect(page.getByRole("region", { name: "Landing pages" }).getByRole("listitem")).toHaveText([
    "/courses/corporate-finance1 lead",
  ]);
  const weeks = page.getByRole("region", { name: "Week by week, the numbers" }).getByRole("row");
  await expect(weeks).toHaveCount(9); // the header and 8 weeks
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
    await page.evaluate(() => document.documentElement.clientWidth),
  );
  await page.getByRole("link", { name: "Previous week" }).click();
  await expect(page.getByRole("link", { name: "Next week" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("the visit is recorded without touching the browser's storage while the page is parsed, even when the visitor leaves before it has loaded", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { storageCalls: string[] }).storageCalls = calls;
    for (const method of ["getItem", "setItem", "removeItem"] as const) {
      const original = Storage.prototype[method] as (...args: unknown[]) => unknown;
      Storage.prototype[method] = function (this: Storage, ...args: unknown[]) {
        calls.push(`${method} while ${document.readyState}`);
        return original.apply(this, args);
      } as never;
    }
  });
  // The whole stylesheet never arrives, so no page finishes loading.
  await page.route("**/assets/app-*.css", () => undefined);
  await page.goto(landing, { referer: "https://www.linkedin.com/feed/", waitUntil: "domcontentloaded" });
  expect(await page.evaluate(() => document.readyState)).toBe("interactive");
  expect(await page.evaluate(() => (window as unknown as { storageCalls: string[] }).storageCalls)).toEqual([]);
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  expect(JSON.parse(String(await formAttribution(page)))).toMatchObject({
    l: "/courses/corporate-finance",
    r: "www.linkedin.com",
    c: "autumn-launch",
  });
});

test("a visitor who objects on /cookies records nothing, and the choice is remembered", async ({ page }) => {
  await page.goto(landing, { referer: "https://www.linkedin.com/feed/" });
  await page.goto("/contact");
  expect(JSON.parse(String(await formAttribution(page)))).toMatchObject({
    l: "/courses/corporate-finance",
    r: "www.linkedin.com",
  });

  await page.goto("/cookies");
  const recorded = page.getByText("This browser records how you found us for the length of each visit");
  const objected = page.getByText("You have objected: this browser records nothing about how you found us.");
  await expect(recorded).toBeVisible();
  await expect(objected).toBeHidden();
  await page.getByRole("button", { name: "Don't record how I found this site" }).click();
  await expect(objected).toBeVisible();
  await expect(recorded).toBeHidden();
  await expect(page.getByRole("button", { name: "Record it again" })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem("visit-source"))).toBeNull();

  await page.goto(landing, { referer: "https://www.linkedin.com/feed/" });
  await page.goto("/contact");
  expect(await formAttribution(page)).toBeNull();
  // Remembered, and still right (and working) once the page's app has started (React finds its own text).
  await gotoHydrated(page, "/cookies");
  await expect(objected).toBeVisible();
  await page.getByRole("button", { name: "Record it again" }).click();
  await expect(recorded).toBeVisible();
  await expect(page.getByRole("button", { name: "Don't record how I found this site" })).toBeFocused();
  await expect(page.getByText("With JavaScript turned off, nothing is recorded.")).toBeHidden();
  await page.goto(landing);
  await page.goto("/contact");
  expect(JSON.parse(String(await formAttribution(page)))).toMatchObject({
    l: "/courses/corporate-finance",
    s: "linkedin",
  });
});
