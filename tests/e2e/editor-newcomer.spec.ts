/**
 * The content editor as a new team member uses it (issue 39), in Chromium
 * at desktop width, by visible labels only, signed in (by a session) as an
 * account that edits the site and nothing else, on a site of its own as a
 * fresh `npm start` serves it: a portrait uploaded to the image library; a
 * new trainer with it; a new webinar at 12:30 London time on a day after
 * the clocks go forward, presented by her; both published and on the site.
 * Each editor page seen: axe clean at desktop and phone widths.
 *
 * The other newcomer tasks are proven once where they live: the next course
 * date (content-duplicate.spec.ts) and the VAT number on the next invoice
 * (business-settings.spec.ts). docs/editing-the-site.md shows each step;
 * `npm run docs:screenshots` takes its pictures from these tests.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { newSiteEditor, openHydrated, signInAs } from "../support/content-editor.ts";
import { guideScreenshot } from "../support/guide-screenshots.ts";
import type { SiteServer } from "../../harness/servers.ts";
import { axeViolations, expect, test } from "./fixtures.ts";

// The team's browser: British English, in London (dates show as 07/04/2027, times on the 24-hour clock).
test.use({ locale: "en-GB", timezoneId: "Europe/London" });

let site: SiteServer;
let editor: string;

test.beforeAll(async ({ launcher }) => {
  site = await launcher.site({ name: "editor-newcomer" });
  editor = await newSiteEditor(site, "Nina Newcomer");
});

const published = (page: Page) => page.getByRole("status").filter({ hasText: "Published" });

/** A portrait as a phone takes it: a JPEG of 1200 × 1500 pixels. */
const portrait = () =>
  sharp({ create: { width: 1200, height: 1500, channels: 3, background: "#e8edf5" } })
    .composite([
      {
        input: Buffer.from('<svg width="1200" height="1500"><circle cx="600" cy="560" r="300" fill="#1d3f73"/></svg>'),
      },
    ])
    .jpeg()
    .toBuffer();

test("a newcomer adds a trainer with a portrait, then a webinar at 12:30 after the clocks change, presented by her; both are on the site", async ({
  page,
}, testInfo) => {
  test.slow();
  await signInAs(page.context(), site, editor);

  // The portrait, into the image library.
  await openHydrated(page, `${site.baseURL}/admin/content`);
  await page.getByRole("link", { name: "image library" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Images" })).toBeVisible();
  await page
    .getByLabel("Image file")
    .setInputFiles({ name: "grace.jpg", mimeType: "image/jpeg", buffer: await portrait() });
  await page.getByRole("textbox", { name: "Name in the library" }).fill("Grace Adeyemi");
  await page.getByRole("button", { name: "Upload" }).click();
  // The upload makes every size of the picture first (several seconds on a loaded 2-core machine: a clean-clone run timed out at 5).
  await expect(page.getByRole("status").filter({ hasText: 'Uploaded "Grace Adeyemi"' })).toBeVisible({
    timeout: 30_000,
  });

  // The trainer, with the portrait, shown on the About page.
  await page.getByRole("link", { name: "Site content" }).first().click();
  await page.getByRole("link", { name: "Trainers", exact: true }).click();
  await page.getByRole("link", { name: "Add a trainer" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("trainer");
  await page.getByRole("textbox", { name: "Address (slug)" }).fill("grace-adeyemi");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Grace Adeyemi");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Head of Strategy Practice");
  await page.getByRole("combobox", { name: "Pillars: place 1" }).selectOption({ label: "Strategy" });
  await page
    .getByRole("textbox", { name: "Expertise" })
    .fill("Corporate strategy, portfolio reviews and board facilitation.");
  await page
    .getByRole("textbox", { name: "Bio" })
    .fill("Grace led strategy reviews for two FTSE 100 groups before joining us to teach the strategy programmes.");
  await page.getByRole("combobox", { name: "Shown on the About page" }).selectOption({ label: "Yes" });
  const image = page.getByRole("group", { name: "Image" });
  await image.getByRole("radio", { name: /Grace Adeyemi/ }).check();
  await image.getByRole("textbox", { name: "Alt text" }).fill("Grace Adeyemi, smiling, in a London office");
  expect(await axeViolations(page)).toEqual([]);
  await guideScreenshot(page.locator("main"), "trainer-new", testInfo);
  await page.getByRole("button", { name: "Save as a draft" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Grace Adeyemi");
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(published(page)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The webinar: Wednesday 7 April 2027, after the clocks went forward on 28 March, at 12:30 London time.
  await page.getByRole("link", { name: "Site content" }).first().click();
  await page.getByRole("link", { name: "Webinars", exact: true }).click();
  await page.getByRole("link", { name: "Add a webinar" }).click();
  await page.getByRole("textbox", { name: "Address (slug)" }).fill("strategy-in-uncertain-times");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Strategy in Uncertain Times");
  await page
    .getByRole("textbox", { name: "Description" })
    .fill("How leadership teams keep a strategy honest when the ground moves: scenarios, signposts and decisions.");
  const startsAt = page.getByRole("group", { name: "Starts at" });
  await startsAt.getByLabel("Date").fill("2027-04-07");
  await startsAt.getByLabel("Time").fill("12:30");
  await expect(startsAt).toContainText("Wednesday 7 April 2027, 12:30 London time");
  await page.getByRole("textbox", { name: "Duration (minutes)" }).fill("45");
  await page.getByRole("combobox", { name: "Presenter" }).selectOption({ label: "Grace Adeyemi" });
  await page.getByRole("combobox", { name: "Pillar", exact: true }).selectOption({ label: "Strategy" });
  expect(await axeViolations(page)).toEqual([]);
  await guideScreenshot(page.locator("main"), "webinar-new", testInfo);
  await page.getByRole("button", { name: "Save as a draft" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Strategy in Uncertain Times");
  await expect(page.getByRole("group", { name: "Starts at" })).toContainText(
    "Wednesday 7 April 2027, 12:30 London time",
  );
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(published(page)).toBeVisible();

  // The trainer's page says where she is used.
  await openHydrated(page, `${site.baseURL}/admin/content/trainer/grace-adeyemi`);
  await expect(page.getByRole("region", { name: "Where it is used" })).toContainText("Strategy in Uncertain Times");
  expect(await axeViolations(page)).toEqual([]);
  await guideScreenshot(page.getByRole("region", { name: "Where it is used" }), "trainer-used", testInfo);

  // On the site: the webinar at 12:30 British Summer Time (11:30 UTC), presented by her; her portrait on About.
  await page.goto(`${site.baseURL}/resources`);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Strategy in Uncertain Times" }) });
  await expect(card).toContainText("7 April 2027 at 12:30 BST");
  await expect(card).toContainText("Grace Adeyemi");
  await expect(card.locator("time")).toHaveAttribute("datetime", "2027-04-07T12:30:00+01:00");
  await page.goto(`${site.baseURL}/about`);
  await expect(page.getByRole("img", { name: "Grace Adeyemi, smiling, in a London office" })).toBeVisible();
  await expect(page.getByText("Head of Strategy Practice")).toBeVisible();
});

test("a newcomer adds a course date from scratch: its five days come with the standard hours; published, it is on the course's page", async ({
  page,
}) => {
  await signInAs(page.context(), site, editor);
  await openHydrated(page, `${site.baseURL}/admin/content`);
  await page.getByRole("link", { name: "Course dates", exact: true }).click();
  await page.getByRole("link", { name: "Add a course date" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New course date" })).toBeVisible();
  // Nothing asks for an id: the site names the date after its course and first day.
  await expect(page.getByRole("textbox", { name: "Address (slug)" })).toHaveCount(0);
  await page
    .getByRole("combobox", { name: "Course", exact: true })
    .selectOption({ label: "Enterprise Risk Management" });
  await page.getByLabel("Start date").fill("2027-09-06");
  await page.getByRole("combobox", { name: "Format" }).selectOption({ label: "In person, at a venue" });
  const venue = page.getByRole("group", { name: "Venue" });
  await venue.getByRole("textbox", { name: "Name" }).fill("Chartered Accountants' Hall");
  await venue.getByRole("textbox", { name: "Street address" }).fill("1 Moorgate Place");
  await venue.getByRole("textbox", { name: "Locality" }).fill("London");
  await venue.getByRole("textbox", { name: "Postal code" }).fill("EC2R 6EA");
  await page.getByRole("textbox", { name: "Capacity" }).fill("12");
  await page.getByRole("combobox", { name: "State" }).selectOption({ label: "Open for booking" });
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Save as a draft" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Course date: Enterprise Risk Management, Monday 6 September 2027 (in person)",
  );
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(published(page)).toBeVisible();

  await page.goto(`${site.baseURL}/courses/risk-management`);
  const card = page
    .locator("#dates")
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3, name: "6–10 September 2027" }) });
  await expect(card).toContainText("In person: Chartered Accountants' Hall, 1 Moorgate Place, London EC2R 6EA");
  await expect(card).toContainText("Monday to Thursday 09:00–17:00");
});
