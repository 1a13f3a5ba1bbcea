/**
 * Access and erasure in Chromium, at both widths: a visitor's enquiry,
 * guide request, newsletter sign-up and webinar registration are found by
 * their address and downloaded (JSON, CSV); an administrator erases them
 * after a confirmation; then the address is found nowhere in the site's
 * database but on the newsletter suppression list. Staff can look up, not erase.
 */
import { readFile } from "node:fs/promises";
import { newStaffInBrowser } from "../support/staff.ts";
import { contactEnquiry } from "../support/enquiry.ts";
import { axeViolations, expect, test, uniqueEmail } from "./fixtures.ts";

test("an access request, then erasure: nothing about the address is left but the suppression list", async ({
  adminPage: page,
  siteDb,
}) => {
  const email = uniqueEmail("Data.Subject");
  const post = async (path: string, body: Record<string, string>) =>
    expect((await page.request.post(path, { data: body })).status()).toBe(200);
  await post("/api/contact", contactEnquiry(email, { message: "Please tell me what you hold." }));
  await post("/api/webhook/guide-request", {
    first_name: "Sid",
    last_name: "Subject",
    email,
    company: "Subject Ltd",
    guide_name: "sustainable-business-practices",
  });
  await post("/api/newsletter-signup", { email });
  await post("/api/webinar-registration", {
    webinarId: "scope-3-supplier-data",
    name: "Sid Subject",
    email,
    company: "Subject Ltd",
  });

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Requests" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Access and erasure requests" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("E-mail address").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Find" }).click();
  const held = page.getByRole("region", { name: `What we hold about ${email}` });
  await expect(held).toContainText("Contact enquiry: 1");
  await expect(held).toContainText("Guide request: 1");
  await expect(held).toContainText("Newsletter subscription: 1");
  await expect(held).toContainText("Webinar registration: 1");
  expect(page.url()).not.toContain("subject");
  expect(await axeViolations(page)).toEqual([]);

  // The access request's files.
  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download everything (JSON)" }).click(),
  ]);
  const everything = JSON.parse(await readFile((await json.path())!, "utf8")) as {
    address: string;
    leads: { table: string; rows: { message?: string }[] }[];
    emails: unknown[];
  };
  expect(everything.address).toBe(email.toLowerCase());
  expect(everything.leads.find((g) => g.table === "contact_enquiries")!.rows[0]!.message).toBe(
    "Please tell me what you hold.",
  );
  expect(everything.emails.length).toBeGreaterThan(0);
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download everything (CSV)" }).click(),
  ]);
  const csvText = await readFile((await csv.path())!, "utf8");
  expect(csvText.startsWith('\uFEFF"What","Record","Field","Value"\r\n')).toBe(true);
  expect(csvText).toContain('"message","Please tell me what you hold."');

  // Erasure: the confirmation must match.
  const erase = page.getByRole("region", { name: "Erase everything about this address" });
  await erase.getByLabel("To confirm, type the address again").fill("someone-else@example.test");
  await erase.getByRole("button", { name: "Erase everything about this address" }).click();
  await expect(page.getByRole("alert")).toHaveText("Type the same address in the confirmation box to erase.");
  await erase.getByLabel("To confirm, type the address again").fill(email);
  await erase.getByRole("button", { name: "Erase everything about this address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Erased." })).toBeVisible();
  await expect(held).toContainText("Newsletter subscription: 1");
  await expect(held).not.toContainText("Contact enquiry");
  await expect(page.getByRole("region", { name: "Erase everything about this address" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Every text column of every table of the site's database: only the suppression list has the address.
  const address = email.toLowerCase();
  const found: string[] = [];
  for (const { name } of siteDb("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'leads_fts%'")) {
    for (const column of siteDb(`SELECT name FROM pragma_table_info('${String(name)}')`)) {
      const [row] = siteDb(
        `SELECT COUNT(*) AS n FROM "${String(name)}" WHERE lower(CAST("${String(column.name)}" AS TEXT)) LIKE ?`,
        [`%${address}%`],
      );
      if (Number(row!.n) > 0) found.push(`${String(name)}.${String(column.name)}`);
    }
  }
  expect(found).toEqual(["newsletter_subscriptions.email"]);

  // The audit log has both, without the address.
  await page.goto("/admin/audit");
  await expect(
    page.getByRole("row").filter({ hasText: "Erased everything held about an address" }).first(),
  ).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: "Looked up what is held about an address" }).first(),
  ).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: "Downloaded everything held about an address" }).first(),
  ).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: address })).toHaveCount(0);
});

test("staff can answer an access request but not erase", async ({ page, sharedSite }) => {
  await newStaffInBrowser(page, sharedSite, { email: uniqueEmail("dpo-staff"), name: "Sam Staff", role: "leads" });
  const email = uniqueEmail("asker");
  expect((await page.request.post("/api/newsletter-signup", { data: { email } })).status()).toBe(200);
  await page.goto("/admin/requests");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("region", { name: `What we hold about ${email}` })).toContainText(
    "Newsletter subscription: 1",
  );
  // The address never reached the address bar (history, proxy logs).
  expect(page.url()).not.toContain("asker");
  await expect(page.getByText("Only an administrator can erase.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Erase everything about this address" })).toHaveCount(0);
  // Posting anyway is refused.
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  const refused = await page.request.post("/admin/requests", {
    form: { _csrf: csrf, intent: "erase", email, confirm: email },
  });
  expect(refused.status()).toBe(403);
});
