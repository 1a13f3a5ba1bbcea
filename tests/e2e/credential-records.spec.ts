/**
 * Tokens stay out of every record (issue 37, docs/decisions/061), in
 * Chromium: a booker opens their booking link, then sends the contact form
 * in the same tab. The lead keeps the booking page's route pattern as the
 * page they landed on, never the link: not in the database, the lead's
 * page, the leads CSV, the conversion view or the lead.created webhook.
 * The site's own log holds no token either, whatever the link's spelling.
 * The site runs on its own with WEBHOOK_LOCAL_RECEIVERS=on.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { sqliteQuery } from "../../harness/servers.ts";
import { sendEnquiryForm } from "../support/enquiry.ts";
import { newStaffInBrowser } from "../support/staff.ts";
import { startWebhookReceiver } from "../support/webhook-receiver.ts";
import { expect, testOnOwnSite, uniqueEmail } from "./fixtures.ts";

const test = testOnOwnSite("credential-records", { WEBHOOK_LOCAL_RECEIVERS: "on", FORM_MIN_FILL_SECONDS: "0" });

/** Bea's enquiry through the contact form. */
const sendEnquiry = (page: Page, email: string) =>
  sendEnquiryForm(page, {
    name: "Bea Booker",
    email,
    company: "Booked Ltd",
    message: "A question about the course I booked.",
  });

test("a booking link opened before a form is kept as /booking/:token, never as the link @desktop", async ({
  page,
  browser,
  ownSite,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    // The team's endpoint for lead.created, added as an administrator adds one.
    const staff = await browser.newPage({ baseURL: ownSite.baseURL });
    await newStaffInBrowser(staff, ownSite, { email: uniqueEmail("records-admin"), name: "Rita Records" });
    await staff.goto("/admin/webhooks");
    await staff.getByLabel("Address").fill(receiver.url);
    await staff.getByRole("checkbox", { name: /^lead\.created/ }).check();
    await staff.getByRole("button", { name: "Add endpoint" }).click();
    const notice = staff.getByRole("status").filter({ hasText: "Endpoint added" });
    receiver.secrets.push((await notice.locator("[data-secret]").textContent())!);

    // The booker's link (a token of the booking links' form), opened in any spelling, then the contact form.
    const token = randomBytes(32).toString("base64url");
    await page.goto(`/BOOKING/${token}`);
    await page.goto(`/booking/${token}/`);
    await page.goto(`/booking/${token}`);
    const email = uniqueEmail("booker");
    await sendEnquiry(page, email);

    const rows = sqliteQuery(ownSite.dataDir, "SELECT * FROM leads WHERE email = ?", [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ landing_page: "/booking/:token", source_page: "/contact" });
    const leadId = String(rows[0]!.id);
    const everyTable = ["contact_enquiries", "leads", "webhook_events", "audit_events"].map((table) =>
      JSON.stringify(sqliteQuery(ownSite.dataDir, `SELECT * FROM ${table}`)),
    );
    for (const stored of everyTable) expect(stored).not.toContain(token);

    // The webhook's message.
    await expect.poll(() => receiver.received.length).toBeGreaterThanOrEqual(1);
    const created = receiver.received.find((r) => r.verified?.data.id === leadId)!;
    expect(created.verified).toMatchObject({ data: { attribution: { landingPage: "/booking/:token" } } });
    expect(created.body).not.toContain(token);

    // The lead's page, the leads CSV and the conversion view.
    await staff.goto(`/admin/leads/${leadId}`);
    await expect(staff.getByText("Landed on /booking/:token")).toBeVisible();
    expect(await staff.content()).not.toContain(token);
    const csv = await staff.request.get("/admin/leads.csv");
    expect(csv.status()).toBe(200);
    const csvText = await csv.text();
    expect(csvText).toContain(email);
    expect(csvText).toContain("/booking/:token");
    expect(csvText).not.toContain(token);
    await staff.goto("/admin/conversions");
    await expect(staff.getByRole("heading", { level: 1, name: "What converts" })).toBeVisible();
    expect(await staff.content()).not.toContain(token);

    // The site's own log: the requests are there, the token is not.
    await expect.poll(() => ownSite.output()).toContain('"path":"/booking/:token"');
    expect(ownSite.output()).not.toContain(token);
    await staff.close();
  } finally {
    await receiver.close();
  }
});
