/**
 * A course's address changed in the editor (docs/decisions/047-addresses-move.md),
 * in Chromium at both widths with axe, on a site apart from the shared one (siteWith("staff")): published, the
 * old address answers 301 to the new page (its route data and brochure
 * too, at the HTTP level), the site map lists the new address with its
 * publish time and never the old, and the audit log has the change.
 */
import type { Page } from "@playwright/test";
import { releaseContent } from "../../app/content/seed/index.ts";
import type { SiteServer } from "../../harness/servers.ts";
import { newStaffInBrowser } from "../support/staff.ts";
import { axeViolations, expect, expectHydrated, test, uniqueEmail } from "./fixtures.ts";

/** The one course nothing else refers to (no related course, pillar or featured list). */
const course = (releaseContent.courses as { id: string; title: string }[]).find(
  (c) => c.id === "finance-for-non-financial",
)!;
const newId = "finance-essentials";
let site: SiteServer;

test.beforeAll(async ({ siteWith }) => {
  site = await siteWith("staff");
});

async function open(page: Page, url: string) {
  await page.goto(url);
  await expectHydrated(page);
}

test("a course's new id: the old address answers 301 to the new page, and the site map lists only the new", async ({
  page,
}) => {
  test.slow();
  await newStaffInBrowser(page, site, { email: uniqueEmail("addresses"), name: "Ada Address" });
  const editUrl = `${site.baseURL}/admin/content/course/${course.id}`;
  await open(page, editUrl);
  await expect(page.getByText("the old address leads to the new one for good once you publish")).toBeVisible();
  await page.getByLabel("Address (slug)").fill(newId);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  // A draft changes nothing public: the old address is still the page.
  expect((await page.request.get(`${site.baseURL}/courses/${course.id}`, { maxRedirects: 0 })).status()).toBe(200);

  await open(page, editUrl);
  await page.getByRole("button", { name: "Publish now" }).click();
  const done = page.getByRole("status").filter({ hasText: "Published" });
  await expect(done).toContainText(`Its address is now "${newId}"; the old one, "${course.id}", leads there.`);
  expect(await axeViolations(page)).toEqual([]);
  const publishedAt = Date.now();

  // HTTP: the page, its route data and its brochure, each 301 to the new one (a query kept).
  for (const [from, to] of [
    [`/courses/${course.id}`, `/courses/${newId}`],
    [`/courses/${course.id}/`, `/courses/${newId}`],
    // The build's file of the old page (the release's content) is never answered.
    [`/courses/${course.id}/index.html`, `/courses/${newId}`],
    [`/courses/${course.id}.data`, `/courses/${newId}.data`],
    [`/courses/${course.id}/brochure.pdf`, `/courses/${newId}/brochure.pdf`],
    [`/courses/${course.id}?utm_source=mail`, `/courses/${newId}?utm_source=mail`],
  ]) {
    const answer = await page.request.get(`${site.baseURL}${from}`, { maxRedirects: 0 });
    expect(answer.status(), from).toBe(301);
    expect(answer.headers().location, from).toBe(to);
  }
  const data = await page.request.get(`${site.baseURL}/courses/${course.id}.data`);
  expect(data.status()).toBe(200);
  expect(await data.text()).toContain(newId);

  // A visitor with the old link lands on the new page.
  await page.goto(`${site.baseURL}/courses/${course.id}`);
  expect(new URL(page.url()).pathname).toBe(`/courses/${newId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(course.title);
  expect(await axeViolations(page)).toEqual([]);

  // The site map: the new address with the time it was published, never the old one.
  const sitemap = await (await page.request.get(`${site.baseURL}/sitemap.xml`)).text();
  expect(sitemap).not.toContain(`/courses/${course.id}<`);
  const entry = sitemap.match(new RegExp(`<loc>[^<]*/courses/${newId}</loc><lastmod>([^<]+)</lastmod>`));
  expect(entry, "the new address is in the site map").not.toBeNull();
  expect(entry![1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  expect(Math.abs(Date.parse(entry![1]!) - publishedAt)).toBeLessThan(60_000);
  // A page no publish of the team's changed: the release's date.
  expect(sitemap).toMatch(/\/privacy<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);

  // The audit log has the change.
  await page.goto(`${site.baseURL}/admin/audit`);
  await expect(
    page.getByRole("row").filter({ hasText: "Changed the address of an item of the site's content" }).first(),
  ).toContainText(newId);
});

test("an item off the site is deleted once nothing refers to it; before that, the refusal names who does", async ({
  page,
}) => {
  test.slow();
  await newStaffInBrowser(page, site, { email: uniqueEmail("deleter"), name: "Dee Leter" });
  await open(page, `${site.baseURL}/admin/content/trainer/new`);
  const trainer = releaseContent.trainers[0] as Record<string, string>;
  const id = `guest-trainer-${test.info().project.name}`;
  await page.getByLabel("Address (slug)").fill(id);
  await page.getByLabel("Name").fill("Gwen Guest");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(trainer.title!);
  await page.getByLabel("Pillars: place 1").selectOption({ label: "Risk (GRC)" });
  await page.getByLabel("Expertise").fill(trainer.expertise!);
  await page.getByLabel("Bio").fill(trainer.bio!);
  await page.getByLabel("Shown on the About page").selectOption("no");
  await page.getByRole("button", { name: "Save as a draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trainer: Gwen Guest" })).toBeVisible();
  const trainerUrl = page.url();

  // An article's draft names her as its author: she cannot be deleted.
  const article = releaseContent.articles[0] as { slug: string; title: string; authorTrainerId: string };
  const articleUrl = `${site.baseURL}/admin/content/article/${article.slug}`;
  await open(page, articleUrl);
  // A trainer not yet on the site is offered by name, said to be a draft.
  await page.getByLabel("Author").selectOption({ label: "Gwen Guest (draft, not on the site yet)" });
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await open(page, trainerUrl);
  await page.getByRole("button", { name: "Delete Gwen Guest" }).click();
  await expect(page.getByRole("alert")).toContainText(
    `It cannot be deleted while Article "${article.title}" (author) refers to it: change that first, or keep it unpublished.`,
  );
  expect(await axeViolations(page)).toEqual([]);

  // The article back to its author: now she is deleted.
  await open(page, articleUrl);
  await page.getByLabel("Author").selectOption(article.authorTrainerId);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await open(page, trainerUrl);
  await expect(page.getByRole("region", { name: "Delete it" })).toBeVisible();
  await page.getByRole("button", { name: "Delete Gwen Guest" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trainers" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Deleted “Gwen Guest”");
  await expect(page.getByRole("link", { name: "Gwen Guest" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  expect((await page.request.get(trainerUrl)).status()).toBe(404);
});
