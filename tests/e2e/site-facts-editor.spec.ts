/**
 * The featured courses, the site facts and a guide's PDF in the editor
 * (docs/decisions/050-featured-lists-site-facts-and-guide-files.md), in
 * Chromium at both widths with axe, on a site apart from the shared one (siteWith("staff")): a featured course
 * chosen by its title and a figure changed, published, on the home and about
 * pages and in the footer; a guide's PDF uploaded, published and downloaded;
 * a picture named .pdf refused with its message.
 */
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { releaseContent } from "../../app/content/seed/index.ts";
import type { Mailbox } from "../../harness/mail.ts";
import type { SiteServer } from "../../harness/servers.ts";
import { newStaffInBrowser } from "../support/staff.ts";
import { makePdf, pngBytes } from "../../harness/guide-pdfs.ts";
import { axeViolations, expect, expectHydrated, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer & { mailbox: Mailbox };

test.beforeAll(async ({ siteWith }) => {
  site = await siteWith("staff");
});

const courseTitle = (id: string) =>
  (releaseContent.courses as { id: string; title: string }[]).find((c) => c.id === id)!.title;

async function open(page: Page, url: string) {
  await page.goto(url);
  await expectHydrated(page);
}

const published = (page: Page) => page.getByRole("status").filter({ hasText: "Published: it is on the site now" });

test("a featured course and a site fact: chosen in the editor, published, on the home and about pages", async ({
  page,
}) => {
  test.slow();
  await newStaffInBrowser(page, site, { email: uniqueEmail("facts"), name: "Fay Facts" });
  await open(page, `${site.baseURL}/admin/content`);
  await page.getByRole("link", { name: "Featured courses" }).click();
  await page.getByRole("link", { name: /Featured courses \(home page, header and footer\)/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Featured courses:/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Each slot is a choice of course titles.
  const first = page.getByRole("combobox", { name: "Home featured: place 1" });
  await expect(first).not.toHaveValue("");
  await first.selectOption({ label: courseTitle("carbon-accounting") });
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(published(page)).toBeVisible();

  await page.goto(`${site.baseURL}/`);
  const featured = page.locator("#featured-courses");
  await expect(featured).toContainText(courseTitle("carbon-accounting"));
  await expect(featured).not.toContainText(courseTitle("risk-management"));

  // A figure and the e-mail address; a phone number that is not one is refused first, by field.
  await open(page, `${site.baseURL}/admin/content/siteFacts/site-facts`);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("textbox", { name: "Professionals trained" }).fill("6,500+");
  await page.getByRole("textbox", { name: "Email" }).fill("hello@meridian-training.example");
  await page.getByRole("textbox", { name: "Phone" }).fill("020 7946 0321");
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("textbox", { name: "Phone" })).toHaveAccessibleDescription(
    /must be an international number starting with \+/,
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("textbox", { name: "Phone" }).fill("+44 20 7946 0999");
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(published(page)).toBeVisible();

  await page.goto(`${site.baseURL}/about`);
  await expect(page.locator("#story dl")).toContainText("6,500+");
  // In the footer (folded into sections on a phone).
  await expect(page.locator('footer a[href="mailto:hello@meridian-training.example"]')).toHaveText(
    "hello@meridian-training.example",
  );
  await expect(page.locator('footer a[href="tel:+442079460999"]')).toHaveText("+44 20 7946 0999");
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(jsonLd!)).toMatchObject({
    email: "hello@meridian-training.example",
    telephone: "+44 20 7946 0999",
  });
});

/**
 * A download link for the risk guide, as a visitor gets it: the request the
 * home page's form sends once it has woken (home-resources.spec.ts drives the
 * form itself; this site keeps the minimum fill time, which a test's instant
 * typing would trip), then the e-mail.
 */
async function downloadLink(page: Page): Promise<string> {
  const email = uniqueEmail("guide-pdf");
  const asked = await page.request.post(`${site.baseURL}/api/resource-download`, {
    data: { email, resourceId: "risk-guide" },
  });
  expect(await asked.json()).toMatchObject({
    success: true,
    message: "Your download link has been sent to your email.",
  });
  const mail = await site.mailbox.waitForEmail(email, { subject: /Your download/ });
  return `${site.baseURL}/downloads/${/\/downloads\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]}`;
}

test("a guide's PDF: a picture named .pdf refused; a PDF uploaded, published and downloaded; then removed", async ({
  page,
}) => {
  test.slow();
  await newStaffInBrowser(page, site, { email: uniqueEmail("guides"), name: "Gus Guides" });
  const link = await downloadLink(page);
  const generated = Buffer.from(await (await page.request.get(link)).body());

  await open(page, `${site.baseURL}/admin/content/guide/risk-guide`);
  await page.getByRole("link", { name: "Upload or remove a PDF" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^PDF: / })).toBeVisible();
  await expectHydrated(page);
  expect(await axeViolations(page)).toEqual([]);

  // A picture that calls itself a PDF: refused, with why.
  await page
    .getByLabel("PDF file")
    .setInputFiles({ name: "guide.pdf", mimeType: "application/pdf", buffer: Buffer.from(pngBytes) });
  await page.getByRole("button", { name: "Upload to the draft" }).click();
  await expect(page.getByRole("alert")).toContainText("This file is not a PDF, whatever its name says.");
  expect(await axeViolations(page)).toEqual([]);

  // A real one: in the draft only, until the guide is published.
  const pdf = Buffer.from(await makePdf("The Enterprise Risk Guide, designed", 3));
  await page.getByLabel("PDF file").setInputFiles({ name: "Risk guide.pdf", mimeType: "application/pdf", buffer: pdf });
  await page.getByRole("button", { name: "Upload to the draft" }).click();
  await expect(page.getByRole("status")).toContainText("Uploaded to the draft (3 pages)");
  await expect(page.getByText("The draft differs")).toBeVisible();
  expect(Buffer.from(await (await page.request.get(link)).body()).equals(generated)).toBe(true);

  await open(page, `${site.baseURL}/admin/content/guide/risk-guide`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(published(page)).toBeVisible();
  const served = await page.request.get(link);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect(served.headers()["content-disposition"]).toBe('attachment; filename="enterprise-risk-management.pdf"');
  // The upload's pages, without its hidden details (here pdf-lib's Producer and dates).
  const kept = await PDFDocument.load(await served.body(), { updateMetadata: false });
  expect(kept.getPageCount()).toBe(3);
  expect(kept.getTitle()).toBe("Ultimate Guide to Enterprise Risk Management");
  expect(kept.getProducer()).toBeUndefined();
  expect(kept.getCreationDate()).toBeUndefined();

  // Removed and published: the generated one again.
  await open(page, `${site.baseURL}/admin/content/guide/risk-guide/pdf`);
  await expect(page.getByText("Now: the uploaded file Risk guide.pdf (3 pages")).toBeVisible();
  await page.getByRole("button", { name: "Remove the uploaded PDF from the draft" }).click();
  await expect(page.getByRole("status")).toContainText("uses the PDF the site lays out");
  await open(page, `${site.baseURL}/admin/content/guide/risk-guide`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(published(page)).toBeVisible();
  expect(Buffer.from(await (await page.request.get(link)).body()).equals(generated)).toBe(true);
});
