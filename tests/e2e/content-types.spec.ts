/**
 * Every kind of content through its whole life in the editor, in Chromium at
 * both widths with axe on every editor page: one test per type, each on a
 * site of its own, with one text field of one item (the table below). A
 * saved draft changes nothing public and its preview (desktop and phone
 * frames) shows it; published now, it is on its page; a draft scheduled a
 * few minutes ahead is published by the scheduler's job; unpublished where
 * the type allows it (a fixed type offers no unpublish; a trainer the site
 * refers to is refused with the reason); an earlier revision restored; and
 * two editors on the item (the second save is refused and keeps its text).
 */
import type { Page } from "@playwright/test";
import { releaseContent } from "../../app/content/index.server.ts";
import { contentTypes, type ContentType } from "../../app/content/types.server.ts";
import { londonMinute, openHydrated, runScheduledPublishing, signInEditor } from "../support/content-editor.ts";
import type { SiteServer } from "../support/servers.ts";
import { axeViolations, expect, test } from "./fixtures.ts";

type Case = {
  type: ContentType;
  key: string;
  /** The text field edited: its label (the first field of that name, when groups repeat it). */
  field: string;
  /** The public page that shows the field. */
  path: string;
  /** What unpublishing does: the page (or the text) goes; refused with this reason; not offered (a fixed type). */
  unpublish: "gone" | { refused: string } | "not-offered";
};

const first = <T>(list: readonly unknown[]) => list[0] as T;
const trainer = first<{ id: string }>(releaseContent.trainers);
const guide = first<{ id: string }>(releaseContent.guides);

const cases: Case[] = [
  // The one course nothing refers to (no pillar, featured list or other course).
  {
    type: "course",
    key: "finance-for-non-financial",
    field: "Title",
    path: "/courses/finance-for-non-financial",
    unpublish: "gone",
  },
  { type: "pillar", key: "risk-grc", field: "Tagline", path: "/pillar/risk-grc", unpublish: "not-offered" },
  {
    type: "article",
    key: "setting-a-risk-appetite-your-board-will-use",
    field: "Title",
    path: "/resources/setting-a-risk-appetite-your-board-will-use",
    unpublish: "gone",
  },
  { type: "webinar", key: "supplier-tiering-third-party-risk", field: "Title", path: "/resources", unpublish: "gone" },
  // Courses, articles and webinars name every trainer.
  { type: "trainer", key: trainer.id, field: "Title", path: "/about", unpublish: { refused: "does not exist" } },
  // The home page shows the first three.
  { type: "testimonial", key: "testimonial-1", field: "Quote", path: "/", unpublish: "gone" },
  { type: "guide", key: guide.id, field: "Title", path: "/", unpublish: "not-offered" },
  { type: "faq", key: "faq-1", field: "Question", path: "/contact", unpublish: "not-offered" },
  { type: "page", key: "about", field: "Hero title", path: "/about", unpublish: "not-offered" },
];

/** The public page's HTML as a visitor gets it (status and text). */
async function publicPage(page: Page, site: SiteServer, path: string) {
  const response = await page.request.get(`${site.baseURL}${path}`);
  return { status: response.status(), text: await response.text() };
}

for (const c of cases) {
  test(`${contentTypes[c.type].plural}: edit, preview, publish, schedule, unpublish, restore and two editors`, async ({
    page,
    browser,
    launcher,
  }) => {
    test.slow();
    const site = await launcher.site({ name: `content-${c.type}` });
    const editUrl = `${site.baseURL}/admin/content/${c.type}/${c.key}`;
    const words = (what: string) => `${contentTypes[c.type].label} text ${what} in the back office`;
    const drafted = words("drafted");
    const scheduled = words("scheduled");
    const field = () => page.getByRole("textbox", { name: c.field, exact: true }).first();
    const shows = async (text: string) => (await publicPage(page, site, c.path)).text.includes(text);
    const notice = (text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

    await signInEditor(page, site);
    await openHydrated(page, editUrl);
    expect(await axeViolations(page)).toEqual([]);

    // A saved draft changes nothing public.
    await field().fill(drafted);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(notice("Draft saved")).toBeVisible();
    expect(await shows(drafted)).toBe(false);

    // Its preview: the page as it will look, at a desktop's and a phone's width.
    await page.getByRole("link", { name: "Preview the saved draft" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Preview: / })).toBeVisible();
    for (const width of ["Desktop", "Phone"]) {
      const frame = page.frameLocator(`iframe[title^="${width} preview"]`);
      await expect(frame.getByText(drafted).first()).toBeVisible();
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Phone only" }).click();
    await expect(page.locator("iframe")).toHaveCount(1);
    await expect(page.frameLocator('iframe[title^="Phone preview"]').getByText(drafted).first()).toBeVisible();
    expect(await shows(drafted)).toBe(false);

    // Published now: on its page at once.
    await openHydrated(page, editUrl);
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(notice("Published: it is on the site now (revision 2)")).toBeVisible();
    expect(await shows(drafted)).toBe(true);

    // Scheduled a few minutes ahead: nothing yet; the scheduler's job at that time publishes it.
    await openHydrated(page, editUrl);
    await field().fill(scheduled);
    await page.getByLabel("Or publish at (London time)").fill(londonMinute(new Date(Date.now() + 3 * 60_000)));
    await page.getByRole("button", { name: "Save and schedule" }).click();
    await expect(notice("scheduled")).toBeVisible();
    expect(await shows(scheduled)).toBe(false);
    expect(await runScheduledPublishing(site, new Date(Date.now() + 5 * 60_000))).toEqual({ published: 1, failed: 0 });
    await expect.poll(() => shows(scheduled)).toBe(true);

    // Unpublished, where the type allows it.
    await openHydrated(page, editUrl);
    await expect(page.getByText("To be published")).toHaveCount(0);
    const unpublish = page.getByRole("button", { name: /^Unpublish / });
    if (c.unpublish === "not-offered") {
      await expect(unpublish).toHaveCount(0);
    } else {
      await unpublish.click();
      if (c.unpublish === "gone") {
        await expect(notice("Unpublished")).toBeVisible();
        expect(await shows(scheduled)).toBe(false);
      } else {
        await expect(page.getByRole("alert")).toContainText(c.unpublish.refused);
        expect(await shows(scheduled)).toBe(true);
      }
      expect(await axeViolations(page)).toEqual([]);
    }

    // Revision 2 (the first draft) restored.
    await openHydrated(page, editUrl);
    await page.getByRole("button", { name: "Restore revision 2" }).click();
    await expect(notice(/Revision 2 is on the site again/)).toBeVisible();
    expect(await shows(drafted)).toBe(true);
    const afterRestore = await publicPage(page, site, c.path);
    expect(afterRestore.status).toBe(200);

    // Two editors: the second save is refused and keeps its text.
    const otherContext = await browser.newContext({ viewport: page.viewportSize() });
    const other = await otherContext.newPage();
    try {
      await signInEditor(other, site, "Ben Editor");
      await openHydrated(page, editUrl);
      await openHydrated(other, editUrl);
      await field().fill(words("saved first"));
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(notice("Draft saved")).toBeVisible();
      const theirs = other.getByRole("textbox", { name: c.field, exact: true }).first();
      await theirs.fill(words("saved second"));
      await other.getByRole("button", { name: "Save draft" }).click();
      await expect(other.getByRole("alert")).toContainText("Not saved: someone else saved this item first");
      await expect(theirs).toHaveValue(words("saved second"));
      expect(await axeViolations(other)).toEqual([]);
    } finally {
      await otherContext.close();
    }
  });
}
