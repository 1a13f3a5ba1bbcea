/**
 * Business settings (issue 39, ADR 066), at desktop width, on a site of its
 * own as the release ships it (no settings) with a real SMTP server: the
 * back office's banner says invoices cannot be issued, the booking page
 * says booking online is not available and a post is refused (409) with
 * nothing held; an administrator follows the banner, is told which field
 * is wrong (400), sets the VAT registration number with the visible labels
 * only, and sees it on the next invoice; the earlier revisions and the
 * audit log say what was done. The settings page is scanned by axe at both
 * widths in each state.
 */
import type { Page } from "@playwright/test";
import { bookingFormFields, startBookingSite } from "../support/booking-form.ts";
import type { Mailbox } from "../../harness/mail.ts";
import { pdfText } from "../support/pdf-text.ts";
import { courseBookingIds } from "../../harness/order-rows.ts";
import { sqliteQuery, type SiteServer } from "../../harness/servers.ts";
import { newStaffInBrowser } from "../support/staff.ts";
import { guideScreenshot } from "../support/guide-screenshots.ts";
import { axeViolations, expect, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer & { mailbox: Mailbox };

test.beforeAll(async ({ launcher }) => {
  test.setTimeout(60_000);
  site = await startBookingSite(launcher, "business-settings", { businessSettings: false });
});

const bookingPath = "/courses/risk-management/book/risk-management-2027-05-online";

/** A booker's post of the booking form by invoice (the booker's part is not what this test is about). */
const book = (page: Page, email: string) =>
  page.request.post(`${site.baseURL}${bookingPath}`, { form: bookingFormFields(email), maxRedirects: 0 });

/** The booker confirms from the link in their inbox, as its button does. */
async function confirmFromInbox(page: Page, email: string) {
  const message = await site.mailbox.waitForEmail(email, { subject: /Please confirm your booking/ });
  const token = /\/booking\/([A-Za-z0-9_-]{43})/.exec(message.text)?.[1];
  expect(token).toBeTruthy();
  const confirmed = await page.request.post(`${site.baseURL}/booking/${token}`, {
    form: { intent: "confirm" },
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(303);
}

test("an administrator sets the VAT registration number and sees it on the next invoice @desktop", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  // As the release ships: no booking is taken, and nothing is held.
  await page.goto(`${site.baseURL}${bookingPath}`);
  await expect(
    page.getByRole("heading", { level: 2, name: "Booking online is not available right now." }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact us to book a place" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const early = uniqueEmail("early-booker");
  const refused = await book(page, early);
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("we cannot issue invoices yet, so no places are held for you");
  expect(courseBookingIds(site.dataDir)).toEqual([]);
  expect(sqliteQuery(site.dataDir, "SELECT * FROM invoice_sequences")).toEqual([]);

  // The back office says so on every page: to a member, that an administrator can set them…
  const member = await page.context().browser()!.newContext();
  const memberPage = await member.newPage();
  await newStaffInBrowser(memberPage, site, { email: uniqueEmail("settings-member"), name: "Sol", role: "leads" });
  await expect(memberPage.getByText("Invoices cannot be issued until the business settings are set")).toContainText(
    "An administrator can set them.",
  );
  await expect(memberPage.getByRole("link", { name: "Set the business settings" })).toHaveCount(0);
  await expect(memberPage.getByRole("link", { name: "Business settings" })).toHaveCount(0);
  await member.close();
  // …and to an administrator, with the way to put it right.
  await newStaffInBrowser(page, site, { email: uniqueEmail("settings-admin"), name: "Grace Hopper" });
  await expect(page.getByText("Invoices cannot be issued until the business settings are set")).toBeVisible();
  await page.getByRole("link", { name: "Set the business settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Business settings" })).toBeVisible();
  await expect(page.getByText("Nothing is set yet")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await guideScreenshot(
    page.getByText("Invoices cannot be issued until the business settings are set"),
    "settings-banner",
    testInfo,
  );

  await page.getByLabel("Legal name").fill("Grace Training Ltd");
  await page.getByLabel("Registered office address").fill("2 Harbour Street\nLeith EH6 6AA\nUnited Kingdom");
  await page.getByLabel("Company number").fill("SC123456");
  // One digit wrong: HMRC's check refuses it, and nothing is saved.
  await page.getByLabel("VAT registration number").fill("GB 999 9999 74");
  await page.getByLabel("Bank account name").fill("Grace Training Ltd");
  await page.getByLabel("Sort code").fill("40-11-62");
  await page.getByLabel("Account number").fill("31415926");
  await page.getByLabel("Payment terms (days)").fill("14");
  // The reminders' days come filled with the default schedule; the administrator changes them.
  await expect(page.getByLabel("Payment reminders before the due date (days before)")).toHaveValue("7");
  await page.getByLabel("Payment reminders from the due date (days after)").fill("0, 10, 30");
  await page.getByLabel("Bookings e-mail address").fill("bookings@grace.example");
  const refusedSave = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/admin/settings"),
  );
  await page.getByRole("button", { name: "Save business settings" }).click();
  expect((await refusedSave).status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("Nothing was saved");
  await expect(page.getByLabel("VAT registration number")).toHaveAccessibleDescription(
    /This is not a valid UK VAT number: check its digits/,
  );
  expect(await axeViolations(page)).toEqual([]);
  expect(sqliteQuery(site.dataDir, "SELECT revision FROM business_settings_revisions")).toEqual([]);

  await page.getByLabel("VAT registration number").fill("GB 999 9999 73");
  await page.getByRole("button", { name: "Save business settings" }).click();
  await expect(page.getByRole("status")).toContainText("Saved as revision 1");
  await expect(page.getByLabel("Payment reminders from the due date (days after)")).toHaveValue("0, 10, 30");
  expect(
    JSON.parse(sqliteQuery(site.dataDir, "SELECT settings FROM business_settings_revisions")[0]!.settings as string)
      .reminders,
  ).toEqual({ beforeDays: [7], afterDays: [0, 10, 30] });
  await expect(page.getByText("Invoices cannot be issued until the business settings are set")).toHaveCount(0);
  const revisions = page.getByRole("region", { name: "Revisions" });
  await expect(revisions).toContainText("Revision 1 (in force)");
  await expect(revisions).toContainText("by Grace Hopper");
  await expect(revisions).toContainText("VAT registration number GB 999 9999 73");
  expect(await axeViolations(page)).toEqual([]);
  await guideScreenshot(page.locator("main"), "settings-saved", testInfo);

  // The audit log says what was done, in words.
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("table", { name: "Audit events" })).toContainText(
    "Saved the business settings (printed on every invoice issued from now on)",
  );

  // The next booking is taken, and its invoice prints the number set.
  const booker = uniqueEmail("booker");
  expect((await book(page, booker)).status()).toBe(200);
  await confirmFromInbox(page, booker);
  await page.getByRole("link", { name: "Course bookings" }).click();
  await page.getByRole("row").filter({ hasText: "Katherine Johnson" }).getByRole("link").click();
  const invoice = page.getByRole("link", { name: /^Invoice INV-000001$/ });
  const pdf = await page.request.get(`${site.baseURL}${await invoice.getAttribute("href")}`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = await pdfText(await pdf.body());
  expect(text).toContain("VAT registration number: GB 999 9999 73");
  expect(text).toContain("Grace Training Ltd");
  expect(text).toContain("Company number SC123456, registered in Scotland");
  expect(text).toContain("Due within 14 days");
  expect(text).not.toContain("GB 123 4567 82");
  expect(text).not.toContain("SAMPLE");
});
