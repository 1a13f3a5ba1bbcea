/**
 * "Add the next date" and "Duplicate" in the content editor (issue 39,
 * docs/decisions/067-duplicate-and-next-date.md), at desktop width, by
 * visible labels only, signed in (by a session) as an account that edits the
 * site only, on a site of its own: from an existing course date, the next
 * one a quarter later (a start that is not a Monday refused first, in
 * words), published, is on the course's page; a course duplicated opens as
 * a draft titled "(copy)"; a fixed kind offers no duplicate. The audit log
 * names the action in words; the session's back-office page links to it. Each state of
 * the duplicate page is scanned with axe (desktop and phone widths).
 */
import type { Page } from "@playwright/test";
import { newSiteEditor, openHydrated, signInAs } from "../support/content-editor.ts";
import type { SiteServer } from "../../harness/servers.ts";
import { guideScreenshot } from "../support/guide-screenshots.ts";
import { axeViolations, expect, test } from "./fixtures.ts";

// The team's browser: British English, in London (dates show as 07/04/2027, times on the 24-hour clock).
test.use({ locale: "en-GB", timezoneId: "Europe/London" });

let site: SiteServer;
let editor: string;

test.beforeAll(async ({ launcher }) => {
  site = await launcher.site({ name: "content-duplicate" });
  editor = await newSiteEditor(site, "Nia Newcomer");
});

const notice = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

async function coursePage(page: Page, path: string) {
  const response = await page.request.get(`${site.baseURL}${path}`);
  expect(response.status()).toBe(200);
  return response.text();
}

test("from an existing course date, add the next date a quarter later, publish it, and it is on the course's page", async ({
  page,
}, testInfo) => {
  await signInAs(page.context(), site, editor);
  // Risk management in London, 8–12 March 2027.
  await openHydrated(page, `${site.baseURL}/admin/content/session/risk-management-2027-03-london`);
  await page.getByRole("link", { name: "Add the next date" }).click();

  await expect(page.getByRole("heading", { level: 1, name: /^Add the next date: / })).toBeVisible();
  await expect(
    page.getByText("This date runs 8–12 March 2027, in person at Chartered Accountants' Hall."),
  ).toBeVisible();
  const start = page.getByLabel("Start date of the new date");
  // Suggested: the same weekday 13 weeks on, shown in words.
  await expect(start).toHaveValue("2027-06-07");
  await expect(page.getByText("Suggested: Monday 7 June 2027, a quarter after this one.")).toBeVisible();
  await expect(page.getByText("The new date would run Monday 7 June 2027 to Friday 11 June 2027.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await guideScreenshot(page.locator("main"), "next-date", testInfo);

  // A Tuesday is said back in words as it is chosen, and refused; the form keeps it.
  await start.fill("2027-06-08");
  await expect(page.getByText("Tuesday 8 June 2027 is not a Monday: a course date starts on a Monday.")).toBeVisible();
  await page.getByRole("button", { name: "Add the next date" }).click();
  const refusal = "Tuesday 8 June 2027 is a Tuesday: a course date starts on a Monday";
  await expect(page.getByRole("alert").filter({ hasText: refusal })).toBeVisible();
  await expect(start).toHaveValue("2027-06-08");
  await expect(start).toHaveAttribute("aria-invalid", "true");
  expect(await axeViolations(page)).toEqual([]);

  // The Monday a quarter on: a new draft, opened in the editor.
  await start.fill("2027-06-07");
  await page.getByRole("button", { name: "Add the next date" }).click();
  await expect(notice(page, "The new course date is saved as a draft")).toBeVisible();
  await expect(notice(page, "It runs Monday 7 June 2027 to Friday 11 June 2027.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: /^Course date: / })).toBeVisible();
  expect(await coursePage(page, "/courses/risk-management")).not.toContain("7–11 June 2027");

  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(notice(page, "Published: it is on the site now (revision 1)")).toBeVisible();

  await page.goto(`${site.baseURL}/courses/risk-management`);
  const dates = page.locator("#dates");
  const card = dates
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3, name: "7–11 June 2027" }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText("In person: Chartered Accountants' Hall, 1 Moorgate Place, London EC2R 6EA");
  await expect(card).toContainText("Monday to Thursday 09:00–17:00");
  // The original is still there.
  await expect(dates.getByRole("heading", { level: 3, name: "8–12 March 2027" })).toBeVisible();

  // An administrator sees it in the audit log, in words, and the link on the session's own page.
  await signInAs(page.context(), site, await newSiteEditor(site, "Ada Administrator", "admin"));
  await openHydrated(page, `${site.baseURL}/admin/audit`);
  await expect(page.getByText("Added the next date of a course from an existing one (as a draft)")).toBeVisible();
  await openHydrated(page, `${site.baseURL}/admin/sessions/risk-management-2027-06-07`);
  await page.getByRole("link", { name: "Add the next date" }).click();
  await expect(page.getByLabel("Start date of the new date")).toHaveValue("2027-09-06");
});

test("a course duplicated opens as a draft titled (copy); a fixed kind offers no duplicate", async ({ page }) => {
  await signInAs(page.context(), site, editor);
  await openHydrated(page, `${site.baseURL}/admin/content/course/esg-risk`);
  const title = await page.getByRole("textbox", { name: "Title", exact: true }).first().inputValue();
  await page.getByRole("link", { name: "Duplicate" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Duplicate: ${title}` })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Make a copy" }).click();
  await expect(notice(page, "The copy is saved as a draft")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title", exact: true }).first()).toHaveValue(`${title} (copy)`);
  await expect(page.getByText("Draft (never published)")).toBeVisible();

  await openHydrated(page, `${site.baseURL}/admin/content/pillar/risk-grc`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Duplicate" })).toHaveCount(0);
});
