/**
 * The export for the accounts (issue 41, ADR 080) in Chromium at desktop
 * width, on a site of its own with a real SMTP server: a booker books by
 * invoice with a purchase order and confirms from their inbox; a member who
 * works bookings opens "Export for the accounts" from the back office's
 * menu, is told when the last day is before the first (400), picks today
 * and Xero, and downloads the invoices file, which carries the invoice with
 * its purchase order as the reference. The page is scanned by axe at both
 * widths in each state.
 */
import type { Mailbox } from "../../harness/mail.ts";
import { sqliteQuery, type SiteServer } from "../../harness/servers.ts";
import { bookingFormFields, startBookingSite } from "../support/booking-form.ts";
import { csvRecords, parseCsv } from "../support/csv.ts";
import { newStaffInBrowser } from "../support/staff.ts";
import { axeViolations, expect, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer & { mailbox: Mailbox };

test.beforeAll(async ({ launcher }) => {
  test.setTimeout(60_000);
  site = await startBookingSite(launcher, "accounts-export");
});

const bookingPath = "/courses/risk-management/book/risk-management-2027-05-online";
/** Today in London, as a date input takes it. */
const londonToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

test("a member who works bookings downloads the period's invoices for Xero @desktop", async ({ page }) => {
  test.setTimeout(90_000);
  // A booking by invoice with a purchase order, confirmed by its booker from their inbox.
  const email = uniqueEmail("accounts-booker");
  const booked = await page.request.post(`${site.baseURL}${bookingPath}`, {
    form: bookingFormFields(email, { purchaseOrder: "PO-EXPORT-1" }),
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(200);
  const message = await site.mailbox.waitForEmail(email, { subject: /Please confirm your booking/ });
  const token = /\/booking\/([A-Za-z0-9_-]{43})/.exec(message.text)?.[1];
  const confirmed = await page.request.post(`${site.baseURL}/booking/${token}`, {
    form: { intent: "confirm" },
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(303);
  const [invoice] = sqliteQuery(
    site.dataDir,
    `SELECT i.number FROM course_invoices i JOIN course_booking_facts f ON f.id = i.booking_id
       JOIN orders o ON o.id = f.id WHERE o.buyer_email = ? AND i.kind = 'invoice'`,
    [email],
  );
  expect(invoice?.number).toMatch(/^INV-\d+$/);

  await newStaffInBrowser(page, site, { email: uniqueEmail("accounts-member"), name: "Fin Ance", role: "leads" });
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Export for the accounts" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Export for the accounts" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The last day before the first: refused, said by the field.
  const today = londonToday();
  await page.getByLabel("First day").fill(today);
  await page.getByLabel("Last day").fill("2020-01-01");
  await page.getByRole("radio", { name: "Xero" }).check();
  await page.getByRole("button", { name: "Show the files" }).click();
  await expect(page.getByRole("alert")).toContainText("please correct the field marked below");
  await expect(page.getByLabel("Last day")).toHaveAccessibleDescription(
    /The last day must be the same as the first day or after it/,
  );
  expect(await axeViolations(page)).toEqual([]);
  const refused = await page.request.get(
    `${site.baseURL}/admin/accounts-export?from=${today}&to=2020-01-01&package=xero`,
  );
  expect(refused.status()).toBe(400);

  // Today, for Xero: the files and how many each holds; the invoices downloaded.
  await page.getByLabel("Last day").fill(today);
  await page.getByRole("button", { name: "Show the files" }).click();
  const files = page.getByRole("region", { name: "Files to download" });
  await expect(files.getByRole("listitem").filter({ hasText: "Download invoices (CSV)" })).toContainText("1 invoice");
  expect(await axeViolations(page)).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    files.getByRole("link", { name: "Download invoices (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`xero-invoices-${today}-to-${today}.csv`);
  const text = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(text.startsWith("\uFEFF")).toBe(true);
  const rows = csvRecords(parseCsv(text.slice(1)));
  expect(rows.map((r) => r["*InvoiceNumber"])).toContain(invoice!.number);
  expect(rows.find((r) => r["*InvoiceNumber"] === invoice!.number)).toMatchObject({
    "*ContactName": "Orbital Ltd",
    Reference: "PO-EXPORT-1",
    "*AccountCode": "200",
    "*TaxType": "20% (VAT on Income)",
    Currency: "GBP",
  });
});
