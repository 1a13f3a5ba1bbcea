/**
 * The content editor in Chromium, at both widths with axe, on a site apart
 * from the shared one (siteWith("staff"): its edits must not show on the
 * shared site's pages): a webinar edited,
 * saved as a draft (nothing public changes), published, taken off the site,
 * restored and scheduled; two editors on one item (the second save is
 * refused and keeps its text); a field refused by its schema, and a new item
 * added as a draft.
 */
import type { Page } from "@playwright/test";
import { releaseContent } from "../../app/content/seed/index.ts";
import { openHydrated as open, signInEditor } from "../support/content-editor.ts";
import type { SiteServer } from "../../harness/servers.ts";
import { axeViolations, expect, test } from "./fixtures.ts";

const webinar = releaseContent.webinars[0] as { id: string; title: string };
let site: SiteServer;

test.beforeAll(async ({ siteWith }) => {
  site = await siteWith("staff");
});

const signIn = (page: Page, name?: string) => signInEditor(page, site, name);

const webinarTitles = async (page: Page) => {
  await page.goto(`${site.baseURL}/resources`);
  return page.locator("#webinars h3").allTextContents();
};

test("a webinar: a draft changes nothing public; publish, unpublish, restore and schedule", async ({ page }) => {
  test.slow();
  await signIn(page);
  await page.goto(`${site.baseURL}/admin/content`);
  await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Webinars" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webinars" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("link", { name: webinar.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Webinar: ${webinar.title}` })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const editUrl = page.url();

  // A draft: saved, nothing public changes.
  const title = page.getByRole("textbox", { name: "Title", exact: true });
  await title.fill("Supplier Tiering in Practice");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await expect(page.getByText("the draft has unpublished changes")).toBeVisible();
  expect(await webinarTitles(page)).toContain(webinar.title);

  // Published: live at once.
  await open(page, editUrl);
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Supplier Tiering in Practice");
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Published: it is on the site now (revision 2)" }),
  ).toBeVisible();
  expect(await webinarTitles(page)).toContain("Supplier Tiering in Practice");
  expect(await webinarTitles(page)).not.toContain(webinar.title);

  // Compared with revision 1, restored.
  await open(page, editUrl);
  await page.getByRole("link", { name: "Compare with the live one (revision 1)" }).click();
  const compare = page.getByRole("region", { name: "Revision 1 and the live one" });
  await expect(compare).toContainText("Supplier Tiering in Practice");
  await expect(compare).toContainText(webinar.title);
  // Each change named as the form names its field, never by its path.
  await expect(compare.getByRole("term")).toHaveText(["Title"]);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Restore revision 1" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Revision 1 is on the site again (as revision 3)" }),
  ).toBeVisible();
  expect(await webinarTitles(page)).toContain(webinar.title);

  // Unpublished: gone from the page; published again from its revisions.
  await open(page, editUrl);
  await page.getByRole("button", { name: `Unpublish ${webinar.title}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Unpublished" })).toBeVisible();
  expect(await webinarTitles(page)).not.toContain(webinar.title);
  await open(page, editUrl);
  await page.getByRole("button", { name: "Restore revision 3" }).click();
  await expect(page.getByRole("status").filter({ hasText: "on the site again" })).toBeVisible();
  expect(await webinarTitles(page)).toContain(webinar.title);

  // Scheduled: saved, shown with its time, nothing public yet; the schedule can be cancelled.
  await open(page, editUrl);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Supplier Tiering Next Spring");
  await page.getByLabel("Or publish at (London time)").fill("2030-01-15T09:30");
  await page.getByRole("button", { name: "Save and schedule" }).click();
  await expect(page.getByRole("status").filter({ hasText: "scheduled" })).toBeVisible();
  await expect(page.getByText("To be published")).toContainText("15 Jan 2030, 09:30");
  expect(await axeViolations(page)).toEqual([]);
  expect(await webinarTitles(page)).not.toContain("Supplier Tiering Next Spring");
  await open(page, editUrl);
  await page.getByRole("button", { name: "Cancel the scheduled publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "cancelled" })).toBeVisible();
  await expect(page.getByText("To be published")).toHaveCount(0);

  // Every change is in the audit log.
  await page.goto(`${site.baseURL}/admin/audit`);
  for (const action of [
    "Saved a draft of the site's content",
    "Published an item of the site's content",
    "Took an item of the site's content off the site",
    "Put an earlier revision of the site's content back on the site",
  ]) {
    await expect(page.getByRole("row").filter({ hasText: action }).first()).toBeVisible();
  }
});

test("two editors on one item: the second save is refused and keeps its text; a field refused by its schema", async ({
  page,
  browser,
}) => {
  test.slow();
  const key = (releaseContent.webinars[1] as { id: string }).id;
  await signIn(page, "Ann Editor");
  const otherContext = await browser.newContext({ viewport: page.viewportSize() });
  const other = await otherContext.newPage();
  try {
    await signIn(other, "Ben Editor");
    const url = `${site.baseURL}/admin/content/webinar/${key}`;
    // Published once more as it is, so that its first revision can be restored.
    await open(page, url);
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
    await open(page, url);
    await open(other, url);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Ann's Scope 3 Session");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();

    await other.getByRole("textbox", { name: "Title", exact: true }).fill("Ben's Scope 3 Session");
    await other.getByRole("button", { name: "Save draft" }).click();
    await expect(other.getByRole("alert")).toContainText("Not saved: someone else saved this item first");
    await expect(other.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Ben's Scope 3 Session");
    expect(await axeViolations(other)).toEqual([]);
    // Restoring from the page opened before Ann's save would replace her draft unseen: refused too.
    await other.getByRole("button", { name: "Restore revision 1" }).click();
    await expect(other.getByRole("alert")).toContainText("Nothing was restored: someone else saved this item");
    await open(page, url);
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Ann's Scope 3 Session");

    // The schema's messages, field by field, with the text kept.
    await page.getByLabel("Description").fill("TODO: describe the session");
    await page.getByLabel("Duration (minutes)").fill("5");
    await page.getByRole("button", { name: "Publish now" }).click();
    const summary = page.getByRole("group", { name: "There is a problem" });
    await expect(summary).toContainText("Description: contains a placeholder (TODO, TBC, lorem ipsum or {…})");
    await expect(page.getByLabel("Description")).toHaveValue("TODO: describe the session");
    await expect(page.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Duration (minutes)")).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page)).toEqual([]);
    expect(await webinarTitles(other)).not.toContain("Ann's Scope 3 Session");
  } finally {
    await otherContext.close();
  }
});

test("a new webinar is added as a draft, then published; an unknown presenter is refused with the reason", async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  await page.goto(`${site.baseURL}/admin/content/webinar`);
  await page.getByRole("link", { name: "Add a webinar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New webinar" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const id = `board-appetite-${Date.now().toString(36)}`;
  await page.getByLabel("Address (slug)").fill(id);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Setting a Board Risk Appetite");
  await page
    .getByLabel("Description")
    .fill("How to write a risk appetite statement your board will use, with worked examples from three sectors.");
  // A London date and time, shown back in words (the server works out the offset: summer time that day).
  const startsAt = page.getByRole("group", { name: "Starts at" });
  await startsAt.getByLabel("Date").fill("2031-05-14");
  await startsAt.getByLabel("Time").fill("12:30");
  await expect(startsAt).toContainText("Wednesday 14 May 2031, 12:30 London time");
  await page.getByLabel("Duration (minutes)").fill("60");
  // A presenter nobody knows (a trainer deleted since the page was opened: its choice still in the list).
  await page
    .getByLabel("Presenter")
    .evaluate((select: HTMLSelectElement) => select.add(new Option("Nobody we know", "nobody-we-know")));
  await page.getByLabel("Presenter").selectOption({ label: "Nobody we know" });
  await page.getByLabel("Pillar").selectOption({ label: "Risk (GRC)" });
  await page.getByLabel("Joining link").fill("http://meet.example.com/j/777");
  await page.getByRole("button", { name: "Save as a draft" }).click();
  await expect(page.getByRole("group", { name: "There is a problem" })).toContainText("must be an https:// link");
  await page.getByLabel("Joining link").fill("https://meet.example.com/j/777");
  await page.getByRole("button", { name: "Save as a draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webinar: Setting a Board Risk Appetite" })).toBeVisible();
  expect(await webinarTitles(page)).not.toContain("Setting a Board Risk Appetite");

  await open(page, `${site.baseURL}/admin/content/webinar/${id}`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("alert")).toContainText("unknown presenter");
  await page
    .getByLabel("Presenter")
    .selectOption((releaseContent.webinars[0] as { presenterTrainerId: string }).presenterTrainerId);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
  expect(await webinarTitles(page)).toContain("Setting a Board Risk Appetite");
  // The joining link is for registrants: not in the page, nor in its data.
  expect(await page.content()).not.toContain("meet.example.com");
  const data = await page.request.get(`${site.baseURL}/resources.data`);
  expect(await data.text()).not.toContain("meet.example.com");
});

test("a course published in the editor is on its page at once: rendered once, served with its hash CSP, ETag and 304", async ({
  page,
}) => {
  test.slow();
  const course = releaseContent.courses[3] as { id: string; title: string };
  await signIn(page);
  await open(page, `${site.baseURL}/admin/content/course/${course.id}`);
  // The course's own title: the first of its titles (each day of its curriculum has one, in its group).
  await page.getByRole("textbox", { name: "Title", exact: true }).first().fill(`${course.title} (Revised)`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();

  const address = `${site.baseURL}/courses/${course.id}`;
  const first = await page.request.get(address, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(first.status()).toBe(200);
  expect(await first.text()).toContain(`${course.title} (Revised)`);
  const headers = first.headers();
  expect(headers["content-encoding"]).toBe("br");
  expect(headers["content-security-policy"]).toMatch(/script-src[^;]*'sha256-/);
  expect(headers["content-security-policy"]).not.toContain("nonce-");
  const again = await page.request.get(address, {
    headers: { "Accept-Encoding": "br, gzip", "If-None-Match": headers.etag! },
  });
  expect(again.status()).toBe(304);
  // A visitor moving there within the app gets the new data too, not the build's.
  const data = await page.request.get(`${address}.data`);
  expect(await data.text()).toContain(`${course.title} (Revised)`);
  // And the page as a visitor sees it, in Chromium.
  await page.goto(address);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${course.title} (Revised)`);
  expect(await axeViolations(page)).toEqual([]);
});
