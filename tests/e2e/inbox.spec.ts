/**
 * The inbox in Chromium, at both widths: a lead sent through the public API
 * is found by search, opened (fields, consent, e-mails, deadline), worked
 * (status, owner, note, each on its timeline and in the audit log) and
 * found again by the filters; the team's notification links to it.
 */
import { readFile } from "node:fs/promises";
import { consultationIds } from "../../harness/order-rows.ts";
import { newStaffInBrowser } from "../support/staff.ts";
import { postEnquiry } from "../support/enquiry.ts";
import { axeViolations, expect, test, uniqueEmail } from "./fixtures.ts";

test("a lead from the contact form: found, opened, worked and filtered", async ({ page, sharedSite, mailbox }) => {
  const tag = `inbox${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = `Ines ${tag}`;
  await newStaffInBrowser(page, sharedSite, { email: uniqueEmail("inbox-admin"), name: admin });

  const email = uniqueEmail("inbox-visitor");
  const sent = await postEnquiry(sharedSite.baseURL, email, {
    name: "Vera Visitor",
    company: "Quantum Holdings",
    jobTitle: "CFO",
    message: `Please call about ${tag}: a strategy programme for 12 directors.`,
  });
  expect(sent.status).toBe(200);

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Found by a word of its message.
  await page.getByLabel("Search names, e-mail addresses, companies and messages").fill(tag);
  await page.getByRole("button", { name: "Show leads" }).click();
  const leads = page.getByRole("list", { name: "Leads" }).getByRole("listitem");
  await expect(leads).toHaveCount(1);
  await expect(leads.first()).toContainText("Contact enquiry: Strategy & Execution · Quantum Holdings");
  await expect(leads.first()).toContainText("answer by");
  await leads.first().getByRole("link", { name: "Vera Visitor" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Vera Visitor" })).toBeVisible();
  const leadUrl = page.url();
  const fields = page.getByRole("region", { name: "What they sent" });
  await expect(fields).toContainText(`Please call about ${tag}`);
  await expect(fields).toContainText("Quantum Holdings");
  await expect(fields).toContainText("from the page api");
  await expect(fields).toContainText("By submitting this form");
  await expect(fields).toContainText("Answer by");
  await expect(page.getByRole("region", { name: "E-mails" }).getByRole("listitem")).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);

  // Status and owner, then a note: each on the timeline.
  await page.getByLabel("Status", { exact: true }).selectOption("contacted");
  await page.getByLabel("Owner", { exact: true }).selectOption({ label: admin });
  // The page's data, reloaded after the save, is held back until a note is
  // being written: its arrival must not empty the note box.
  let releaseReload = () => {};
  const reloadHeld = new Promise<void>((resolve) => (releaseReload = resolve));
  const pageData = (url: URL) => url.pathname.endsWith(".data");
  await page.route(pageData, async (route) => {
    if (route.request().method() === "GET") await reloadHeld;
    await route.fallback();
  });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toContainText(
    `Status: New → Contacted. Owner: Nobody → ${admin}`,
  );
  const note = page.getByLabel("Note (the team sees it on this page)");
  await note.fill("Called back; proposal on its way.");
  releaseReload();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText(`Status by ${admin}: New → Contacted`);
  await page.unroute(pageData);
  await expect(note).toHaveValue("Called back; proposal on its way.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
  await expect(note).toHaveValue("");
  await expect(timeline).toContainText(`Status by ${admin}: New → Contacted`);
  await expect(timeline).toContainText(`Owner by ${admin}: Nobody → ${admin}`);
  await expect(timeline).toContainText("Called back; proposal on its way.");
  expect(await axeViolations(page)).toEqual([]);

  // The filters find it where it now stands, and not elsewhere.
  await page.goto(`/admin/leads?q=${tag}&status=contacted&owner=me`);
  await expect(page.getByRole("list", { name: "Leads" }).getByRole("listitem")).toHaveCount(1);
  await page.goto(`/admin/leads?q=${tag}&status=new`);
  await expect(page.getByText("No leads match.")).toBeVisible();
  await page.goto(`/admin/leads?q=${tag}&kind=newsletter`);
  await expect(page.getByText("No leads match.")).toBeVisible();

  // The team's notification links to the lead's page.
  const notification = await mailbox.waitForTeamEmail(email);
  const link = /https?:\/\/\S+\/admin\/leads\/[\w-]+/.exec(notification.text)?.[0];
  expect(link).toBe(leadUrl);

  // The audit log has the change.
  await page.goto("/admin/audit");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: "Changed a lead's status or owner" })
      .filter({ hasText: `Status: New → Contacted` })
      .first(),
  ).toBeVisible();
});

test("CSV exports: the filtered list as a spreadsheet opens it, formulas neutralised; subscribers and bookings too", async ({
  page,
  sharedSite,
  siteDb,
}) => {
  const tag = `csv${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await newStaffInBrowser(page, sharedSite, { email: uniqueEmail("csv-admin"), name: "Cy Csv" });
  const email = uniqueEmail("csv-visitor");
  const sent = await postEnquiry(sharedSite.baseURL, email, {
    name: "Zoë Müller",
    company: '=HYPERLINK("http://evil.example","x")',
    serviceInterest: "risk-grc",
    message: `Spreadsheet test ${tag}, with "quotes", commas and a\nsecond line.`,
  });
  expect(sent.status).toBe(200);

  await page.goto(`/admin/leads?q=${tag}`);
  await expect(page.getByRole("list", { name: "Leads" }).getByRole("listitem")).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download these leads (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  // UTF-8 with a byte order mark, CRLF lines, every cell quoted.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  const lines = text.split("\r\n").filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe(
    '"Received (London)","Kind","Name","E-mail","Company","Subject","Pillar","Source page","Landing page","Referrer","Campaign","Status","Owner","Answer by (London)","Lead id"',
  );
  expect(lines[1]).toContain('"Contact enquiry","Zoë Müller"');
  expect(lines[1]).toContain(
    `"${email}","'=HYPERLINK(""http://evil.example"",""x"")","Risk Management & GRC","risk-grc","api","","","","New"`,
  );

  // The audit log has the export, with its filters.
  await page.goto("/admin/audit");
  await expect(
    page.getByRole("row").filter({ hasText: "Downloaded a CSV export" }).filter({ hasText: tag }).first(),
  ).toBeVisible();

  // Confirmed subscribers only, and bookings: the same format.
  const subscribers = await page.request.get("/admin/newsletter.csv");
  expect(subscribers.status()).toBe(200);
  expect(subscribers.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(subscribers.headers()["cache-control"]).toBe("no-store");
  const subscriberText = (await subscribers.body()).toString("utf8");
  expect(subscriberText.startsWith('\uFEFF"E-mail","Confirmed (London)"')).toBe(true);
  const confirmed = siteDb("SELECT email FROM newsletter_subscriptions WHERE status = 'confirmed' AND is_test = 0");
  const pending = siteDb("SELECT email FROM newsletter_subscriptions WHERE status <> 'confirmed'");
  for (const row of confirmed) expect(subscriberText).toContain(`"${String(row.email)}"`);
  for (const row of pending) expect(subscriberText).not.toContain(`"${String(row.email)}"`);
  // Bookings: every one stored before the export is in it (other tests may add more meanwhile).
  const before = consultationIds(sharedSite.dataDir);
  const bookings = await page.request.get("/admin/consultations.csv");
  expect(bookings.status()).toBe(200);
  const bookingText = (await bookings.body()).toString("utf8");
  expect(bookingText.split("\r\n")[0]).toBe(
    '\uFEFF"Created (London)","Name","E-mail","Participants","Amount","Currency","Status","Paid (London)","Stripe payment","Test","Booking id"',
  );
  for (const id of before) expect(bookingText).toContain(`"${id}"\r\n`);
});
