/**
 * The content editor's fields in the team's words (issue 39), in Chromium
 * at desktop width, on a site apart (siteWith("staff")): a list grown,
 * reordered and shrunk by its buttons without JavaScript, then saved; a new
 * course date's five days shown from the start with the standard hours;
 * references chosen by name, with a search where the list is long; and
 * where an item is used. Every editor page seen: axe clean.
 */
import type { Page } from "@playwright/test";
import { releaseContent } from "../../app/content/seed/index.ts";
import { openHydrated as open, signInEditor } from "../support/content-editor.ts";
import type { SiteServer } from "../../harness/servers.ts";
import { guideScreenshot } from "../support/guide-screenshots.ts";
import { axeViolations, expect, test } from "./fixtures.ts";

type Faq = { question: string; answer: string };
const course = (releaseContent.courses as { id: string; title: string; faqs: Faq[] }[]).find(
  (c) => c.id === "sustainable-energy",
)!;
// The team's browser: British English, in London (dates show as 07/04/2027, times on the 24-hour clock).
test.use({ locale: "en-GB", timezoneId: "Europe/London" });

let site: SiteServer;

test.beforeAll(async ({ siteWith }) => {
  site = await siteWith("staff");
});

const faq = (page: Page, n: number) => page.getByRole("group", { name: `FAQ ${n}`, exact: true });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a course's FAQs: one added, moved up and another removed by the list's buttons, then saved", async ({
    page,
  }, testInfo) => {
    test.slow();
    await signInEditor(page, site);
    const editUrl = `${site.baseURL}/admin/content/course/${course.id}`;
    await page.goto(editUrl);
    await expect(faq(page, 3)).toBeVisible();
    await expect(faq(page, 4)).toHaveCount(0);

    await page.getByRole("button", { name: "Add a FAQ" }).click();
    await expect(page.getByRole("status")).toHaveText("Not saved yet: FAQ 4 added. Save the draft to keep it.");
    await faq(page, 4).getByLabel("Question").fill("Is lunch included?");
    await faq(page, 4).getByLabel("Answer").fill("Yes: lunch and refreshments are served on every day of the course.");

    await page.getByRole("button", { name: "Move FAQ 4 up" }).click();
    await expect(page.getByRole("status")).toContainText("FAQ 4 moved up (it is now FAQ 3)");
    await expect(faq(page, 3).getByLabel("Question")).toHaveValue("Is lunch included?");
    await expect(faq(page, 4).getByLabel("Question")).toHaveValue(course.faqs[2]!.question);
    await guideScreenshot(page.getByRole("group", { name: "FAQs" }), "list-buttons", testInfo);

    await page.getByRole("button", { name: "Remove FAQ 1" }).click();
    await expect(page.getByRole("status")).toContainText("FAQ 1 removed");
    await expect(faq(page, 4)).toHaveCount(0);
    // Three is the least a course has: none can be removed now.
    await expect(page.getByRole("button", { name: /^Remove FAQ/ })).toHaveCount(0);

    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
    await page.goto(editUrl);
    await expect(faq(page, 1).getByLabel("Question")).toHaveValue(course.faqs[1]!.question);
    await expect(faq(page, 2).getByLabel("Question")).toHaveValue("Is lunch included?");
    await expect(faq(page, 3).getByLabel("Question")).toHaveValue(course.faqs[2]!.question);
  });
});

test("a new course date shows its five days with the standard hours; references are chosen by name", async ({
  page,
}, testInfo) => {
  test.slow();
  await signInEditor(page, site);
  await open(page, `${site.baseURL}/admin/content/session/new`);
  const days = page.getByRole("group", { name: "Days" });
  for (const [i, day] of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].entries()) {
    await expect(days.getByRole("group", { name: `Day ${i + 1} (${day})` })).toBeVisible();
  }
  await expect(days.getByRole("group", { name: "Day 1 (Monday)" }).getByLabel("Starts")).toHaveValue("09:00");
  await expect(days.getByRole("group", { name: "Day 5 (Friday)" }).getByLabel("Ends")).toHaveValue("15:30");
  await expect(days.getByRole("button")).toHaveCount(0);
  await guideScreenshot(days, "course-date-days", testInfo);
  // The course by name, its value the id; a long list gets a search box.
  const choice = page.getByRole("combobox", { name: "Course", exact: true });
  await expect(choice.locator("option", { hasText: course.title })).toHaveAttribute("value", course.id);
  await page.getByRole("searchbox", { name: "Search courses by name" }).fill("energy");
  await expect(choice.locator("option:not([hidden])")).toHaveText(["Choose a course", course.title]);
  expect(await axeViolations(page)).toEqual([]);

  // A webinar's presenter and pillar by name, its start in London time and in words.
  const webinar = releaseContent.webinars[0] as { id: string; presenterTrainerId: string; pillar: string };
  await open(page, `${site.baseURL}/admin/content/webinar/${webinar.id}`);
  const trainer = (releaseContent.trainers as { id: string; name: string }[]).find(
    (t) => t.id === webinar.presenterTrainerId,
  )!;
  await expect(page.getByLabel("Presenter").locator("option:checked")).toHaveText(trainer.name);
  const pillar = page.getByRole("combobox", { name: "Pillar", exact: true });
  await expect(pillar.locator("option:checked")).toHaveText("Risk (GRC)");
  await expect(pillar).toHaveValue("risk-grc");
  await expect(page.getByRole("group", { name: "Starts at" })).toContainText(
    /\w+day \d+ \w+ \d{4}, \d\d:\d\d London time/,
  );
  expect(await axeViolations(page)).toEqual([]);
  // A time the clocks skip is refused in words, on the field; nothing is saved.
  const startsAt = page.getByRole("group", { name: "Starts at" });
  await startsAt.getByLabel("Date").fill("2027-03-28");
  await startsAt.getByLabel("Time").fill("01:30");
  await expect(startsAt).toContainText("Sunday 28 March 2027, 01:30 London time");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("group", { name: "There is a problem" })).toContainText(
    "Starts at: 01:30 on Sunday 28 March 2027 does not exist in London",
  );
  await expect(startsAt.getByLabel("Time")).toHaveValue("01:30");
  expect(await axeViolations(page)).toEqual([]);

  // The trainer's page says where she is used, linked to the item's editor.
  await open(page, `${site.baseURL}/admin/content/trainer/${trainer.id}`);
  const used = page.getByRole("region", { name: "Where it is used" });
  await expect(used.getByRole("link").first()).toBeVisible();
  await used.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Enter in a field saves the draft (never a list's button); with JavaScript, a list's button works
  // the same way as without: nothing saved.
  await open(page, `${site.baseURL}/admin/content/course/${course.id}`);
  await page.getByRole("textbox", { name: "Title", exact: true }).first().press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await page.getByRole("button", { name: "Add a FAQ" }).click();
  await expect(page.getByRole("status")).toContainText("Not saved yet: FAQ 4 added");
  // The keyboard is on the new FAQ.
  await expect(faq(page, 4)).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
});
