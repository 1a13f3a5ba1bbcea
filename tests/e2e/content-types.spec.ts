/**
 * Every kind of content in the editor, in Chromium, on the worker's own
 * site, signed in (by a session) as accounts that edit the site only; each
 * test on an item of its own (one text field of it: the table below).
 *
 * One type (a course) goes through its whole life in the editor: a saved
 * draft changes nothing public and its preview (desktop and phone frames)
 * shows it; published now, it is on its page; a draft scheduled a few
 * minutes ahead is published by the scheduler's job; unpublished; an
 * earlier revision restored; and two editors on the item (the second save
 * is refused and keeps its text). Those steps are the same code for every
 * type (tests/data/content-store.test.ts proves them on both databases).
 * Every other type keeps what only its own form and pages show: its form
 * renders (axe), saves a draft its preview shows and the public page does
 * not, publishes onto its page, and unpublishing does what the type allows
 * (a fixed type offers no unpublish; a trainer the site refers to is
 * refused with the reason). The messages after an unpublish and a refused
 * save are the same component for every type; content-editor.spec.ts scans
 * them with axe. Then the preview's own parts: one width alone, the framed
 * page's headers, and a draft that does not build.
 */
import type { Page } from "@playwright/test";
import { releaseContent } from "../../app/content/seed/index.ts";
import { contentTypes, type ContentType } from "../../app/content/types.server.ts";
import {
  londonMinute,
  openHydrated,
  runScheduledPublishing,
  newSiteEditor,
  signInAs,
} from "../support/content-editor.ts";
import type { SiteServer } from "../../harness/servers.ts";
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
  // The contact page shows the address (the featured courses, chosen from lists: site-facts-editor.spec.ts).
  { type: "siteFacts", key: "site-facts", field: "Locality", path: "/contact", unpublish: "not-offered" },
  // A session's venue is on its course's page (no places are taken on it, so it may be unpublished).
  {
    type: "session",
    key: "strategy-execution-2027-06-london",
    field: "Name",
    path: "/courses/strategy-execution",
    unpublish: "gone",
  },
];

// One site per worker, each test on an item of its own; two accounts that edit the site (and nothing else).
let site: SiteServer;
let editors: { ann: string; ben: string };

test.beforeAll(async ({ launcher }) => {
  site = await launcher.site({ name: "content-types" });
  const [ann, ben] = await Promise.all([newSiteEditor(site, "Ann Editor"), newSiteEditor(site, "Ben Editor")]);
  editors = { ann, ben };
});

/** The public page's HTML as a visitor gets it (status and text). */
async function publicPage(page: Page, path: string) {
  const response = await page.request.get(`${site.baseURL}${path}`);
  return { status: response.status(), text: await response.text() };
}

/**
 * As Ann, case `c`'s form opened (and scanned), `drafted` saved as a draft,
 * which changes nothing public, and the draft's preview opened.
 */
async function saveDraftAndPreview(page: Page, c: Case, drafted: string) {
  const editUrl = `${site.baseURL}/admin/content/${c.type}/${c.key}`;
  const field = () => page.getByRole("textbox", { name: c.field, exact: true }).first();
  const shows = async (text: string) => (await publicPage(page, c.path)).text.includes(text);
  const notice = (text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

  await signInAs(page.context(), site, editors.ann);
  await openHydrated(page, editUrl);
  expect(await axeViolations(page)).toEqual([]);

  // A saved draft changes nothing public.
  await field().fill(drafted);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(notice("Draft saved")).toBeVisible();
  expect(await shows(drafted)).toBe(false);

  await page.getByRole("link", { name: "Preview the saved draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Preview: / })).toBeVisible();
  return { editUrl, field, shows, notice };
}

/**
 * On case `c`'s open form, unpublishing as its type allows: not offered (a
 * fixed type); or clicked, and `text` is gone from its page, or the refusal
 * says why and `text` stays.
 */
async function unpublishAsAllowed(
  page: Page,
  c: Case,
  text: string,
  { shows, notice }: Pick<Awaited<ReturnType<typeof saveDraftAndPreview>>, "shows" | "notice">,
) {
  const unpublish = page.getByRole("button", { name: /^Unpublish / });
  if (c.unpublish === "not-offered") {
    await expect(unpublish).toHaveCount(0);
  } else {
    await unpublish.click();
    if (c.unpublish === "gone") {
      await expect(notice("Unpublished")).toBeVisible();
      expect(await shows(text)).toBe(false);
    } else {
      await expect(page.getByRole("alert")).toContainText(c.unpublish.refused);
      expect(await shows(text)).toBe(true);
    }
  }
}

const [lifecycle, ...others] = cases as [Case, ...Case[]];

{
  const c = lifecycle;
  test(`${contentTypes[c.type].plural}: edit, preview, publish, schedule, unpublish, restore and two editors`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const words = (what: string) => `${contentTypes[c.type].label} text ${what} in the back office`;
    const drafted = words("drafted");
    const scheduled = words("scheduled");
    const { editUrl, field, shows, notice } = await saveDraftAndPreview(page, c, drafted);

    // Its preview: the page as it will look, at a desktop's and a phone's width.
    for (const width of ["Desktop", "Phone"]) {
      const frame = page.frameLocator(`iframe[title^="${width} preview"]`);
      await expect(frame.getByText(drafted).first()).toBeVisible();
    }
    expect(await axeViolations(page)).toEqual([]);
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
    await unpublishAsAllowed(page, c, scheduled, { shows, notice });

    // Revision 2 (the first draft) restored.
    await openHydrated(page, editUrl);
    await page.getByRole("button", { name: "Restore revision 2" }).click();
    await expect(notice(/Revision 2 is on the site again/)).toBeVisible();
    expect(await shows(drafted)).toBe(true);
    const afterRestore = await publicPage(page, c.path);
    expect(afterRestore.status).toBe(200);

    // Two editors: the second save is refused and keeps its text.
    const otherContext = await browser.newContext({ viewport: page.viewportSize() });
    const other = await otherContext.newPage();
    try {
      await signInAs(otherContext, site, editors.ben);
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
    } finally {
      await otherContext.close();
    }
  });
}

for (const c of others) {
  test(`${contentTypes[c.type].plural}: the form renders, saves a draft its preview shows, publishes, and unpublishes as the type allows`, async ({
    page,
  }) => {
    const drafted = `${contentTypes[c.type].label} text drafted in the back office`;
    const { editUrl, shows, notice } = await saveDraftAndPreview(page, c, drafted);

    // The preview (the type's own page) shows the draft.
    await expect(page.frameLocator(`iframe[title^="Desktop preview"]`).getByText(drafted).first()).toBeVisible();

    // Published now: on its page at once.
    await openHydrated(page, editUrl);
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(notice("Published: it is on the site now (revision 2)")).toBeVisible();
    expect(await shows(drafted)).toBe(true);

    // Unpublished, where the type allows it.
    await openHydrated(page, editUrl);
    await unpublishAsAllowed(page, c, drafted, { shows, notice });
  });
}

test("a draft's preview: one width alone, its framed page's headers, and a draft that does not build shows why", async ({
  page,
}) => {
  test.slow();
  const webinar = releaseContent.webinars[1] as { id: string; presenterTrainerId: string };
  const editUrl = `${site.baseURL}/admin/content/webinar/${webinar.id}`;
  await signInAs(page.context(), site, editors.ann);

  // A presenter nobody knows: the draft saves (it passes its schema), the site would not build with it.
  await openHydrated(page, editUrl);
  // A presenter nobody knows (a trainer deleted since the page was opened: its choice still in the list).
  await page
    .getByLabel("Presenter")
    .evaluate((select: HTMLSelectElement) => select.add(new Option("Nobody we know", "nobody-we-know")));
  await page.getByLabel("Presenter").selectOption({ label: "Nobody we know" });
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await page.getByRole("link", { name: "Preview the saved draft" }).click();
  await expect(page.getByRole("alert")).toContainText("This draft cannot be previewed");
  await expect(page.getByRole("alert")).toContainText("unknown presenter");
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  const refused = await page.request.get(`${editUrl}/preview/page`);
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("unknown presenter");

  // Put right: each width alone.
  await openHydrated(page, editUrl);
  await page.getByLabel("Presenter").selectOption(webinar.presenterTrainerId);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await page.getByRole("link", { name: "Preview the saved draft" }).click();
  await page.getByRole("link", { name: "Phone only" }).click();
  await expect(page.getByRole("link", { name: "Phone only" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("iframe")).toHaveCount(1);
  await expect(page.locator("iframe")).toHaveAttribute("width", "390");
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1 })).toBeVisible();
  // Links in the frame open the live site in a new tab, not in the frame or over the back office.
  await expect(frame.locator("base")).toHaveAttribute("target", "_blank");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Desktop only" }).click();
  await expect(page.locator("iframe")).toHaveCount(1);
  await expect(page.locator("iframe")).toHaveAttribute("width", "1280");

  // The framed page: never stored, never indexed, framed by the back office only, no script, no form.
  const framed = await page.request.get(`${editUrl}/preview/page`);
  expect(framed.status()).toBe(200);
  const headers = framed.headers();
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["x-robots-tag"]).toContain("noindex");
  const policy = headers["content-security-policy"]!;
  expect(policy).toContain("frame-ancestors 'self'");
  expect(policy).toContain("script-src 'none'");
  expect(policy).toContain("form-action 'none'");
  expect(policy).not.toContain("frame-ancestors 'none'");
});
