/**
 * Booking places on a course session (issue 29) in Chromium at both widths,
 * with axe, on a site of its own with a real SMTP server and the
 * Stripe-shaped test server (and Stripe.js's stand-in in the page):
 * - by invoice, without JavaScript: three places (one name to follow) with a
 *   purchase order and a VAT number, the price worked out on the server, the
 *   booking's own page and its VAT invoice as a PDF, and the e-mails (the
 *   booker's with the invoice, each delegate's with a calendar invitation,
 *   the team's);
 * - bad input: every field's message, a 400, nothing kept;
 * - by card: the places held, Stripe's Payment Element, paid, the receipt;
 * - a full date: said on its page with the other dates, and a post refused
 *   with "no longer available" (409);
 * - the team: the sessions, the roster and its CSV, marking an invoice paid
 *   and cancelling with a credit note.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { openDatabase } from "../../app/data/db.server.ts";
import { placesLeft, takePlaces } from "../../app/orders/course-booking/places.server.ts";
import type { FakeStripe } from "../../harness/fake-stripe.ts";
import type { Mailbox } from "../../harness/mail.ts";
import { courseBookingsOf } from "../../harness/order-rows.ts";
import { sqliteQuery, type SiteServer } from "../../harness/servers.ts";
import { organisation } from "../../app/content/organisation.ts";
import { invitationIn } from "../support/calendar-invitation.ts";
import { openHydrated } from "../support/content-editor.ts";
import { insertStaff, signInBySession } from "../support/staff.ts";
import { axeViolations, expect, publishAfterWarning, test, uniqueEmail, withoutJavaScript } from "./fixtures.ts";
import { installStripeStandIn, testCards } from "./payment-fixtures.ts";

const keys = { secret: "sk_test_booking_spec", publishable: "pk_test_booking_spec", webhook: "whsec_booking_spec" };

let site: SiteServer & { mailbox: Mailbox };
let fake: FakeStripe;

test.beforeAll(async ({ launcher }) => {
  test.setTimeout(90_000);
  fake = await launcher.stripe({ webhookSecret: keys.webhook });
  site = await launcher.siteWithMail({
    name: "course-booking",
    env: {
      STRIPE_SECRET_KEY: keys.secret,
      STRIPE_PUBLISHABLE_KEY: keys.publishable,
      STRIPE_WEBHOOK_SECRET: keys.webhook,
      STRIPE_API_URL: fake.url,
      TEAM_EMAIL: "team@example.test",
      RATE_LIMIT_MAX: "100000",
      BOOKING_RATE_LIMIT_MAX: "100000",
      FORM_MIN_FILL_SECONDS: "0",
      MAIL_RETRY_MAX_SECONDS: "2",
    },
  });
  fake.setWebhookUrl(`${site.baseURL}/api/webhook/stripe`);
});

const bookingPath = (course: string, session: string) => `/courses/${course}/book/${session}`;
const bookingsOf = (email: string) => courseBookingsOf(site.dataDir, email);

async function left(sessionKey: string): Promise<number> {
  const handle = await openDatabase({ dataDir: site.dataDir });
  try {
    return (await placesLeft(handle.db, [sessionKey])).get(sessionKey) ?? 0;
  } finally {
    await handle.close();
  }
}

async function fillBooker(page: Page, email: string) {
  await page.getByRole("group", { name: "Your details" }).getByLabel("Full name").fill("Ada Lovelace");
  await page.getByRole("group", { name: "Your details" }).getByLabel("E-mail").fill(email);
  await page.getByLabel("Phone").fill("+44 20 7946 0000");
  await page.getByRole("group", { name: "Your details" }).getByLabel("Job title").fill("Head of Risk");
  await page.getByLabel("Organisation").fill("Analytical Engines Ltd");
  await page.getByLabel("Address line 1").fill("1 Example Street");
  await page.getByLabel("Town or city").fill("London");
  await page.getByLabel("Postcode").fill("ec1a 1bb");
}

async function fillDelegate(page: Page, place: number, name: string, email: string) {
  const group = page.getByRole("group", { name: `Place ${place}` });
  await group.getByLabel("Full name").fill(name);
  await group.getByLabel("E-mail").fill(email);
  await group.getByLabel("Job title").fill("Analyst");
}

/** The booking link in the booker's "please confirm" e-mail (to their address only). */
async function confirmationLink(email: string): Promise<string> {
  const message = await site.mailbox.waitForEmail(email, { subject: /Please confirm your booking/ });
  const token = /\/booking\/([A-Za-z0-9_-]{43})/.exec(message.text)?.[1];
  if (!token) throw new Error("No booking link in the confirmation request");
  return `${site.baseURL}/booking/${token}`;
}

/** The booker confirms an invoice booking from their inbox, as its button does. */
async function confirmFromInbox(page: Page, email: string): Promise<void> {
  const confirmed = await page.request.post(await confirmationLink(email), {
    form: { intent: "confirm" },
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(303);
}

/**
 * Posts a booking of `session` of Strategy & Execution as its form would
 * (`form`), which the booker then confirms from their inbox: its row.
 */
async function bookStrategyExecution(page: Page, session: string, form: Record<string, string>) {
  const booked = await page.request.post(`${site.baseURL}${bookingPath("strategy-execution", session)}`, {
    form,
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(200);
  await confirmFromInbox(page, form.bookerEmail!);
  return bookingsOf(form.bookerEmail!)[0];
}

/** A booking form by invoice as posted: `name` at `email` books, and takes the first place; `over` adds the rest. */
const byInvoiceAs = (email: string, name: string, organisation: string, over: Record<string, string>) => ({
  bookerName: name,
  bookerEmail: email,
  bookerPhone: "020 7946 0009",
  organisation,
  bookerJobTitle: "Director",
  addressLine1: "1 Example Street",
  city: "London",
  postcode: "EC1A 1BB",
  country: "United Kingdom",
  "delegate-0-name": name,
  "delegate-0-email": email,
  paymentMethod: "invoice",
  acceptTerms: "on",
  ...over,
});

/** A new account that works leads, written into the database, and the browser signed in as it by a session. */
async function signInToWorkLeads(context: BrowserContext, prefix: string, name: string) {
  const account = await insertStaff(site.dataDir, { email: uniqueEmail(prefix), name, role: "leads" });
  await signInBySession(context, site, account.id);
}

withoutJavaScript(() => {
  test("booking three places by invoice: priced on the server, the booking's page, its VAT invoice and every e-mail @both-widths", async ({
    page,
  }) => {
    const email = uniqueEmail("booker");
    const delegate = uniqueEmail("delegate");
    await page.goto(`${site.baseURL}/courses/risk-management`);
    await page
      .locator('[data-session="risk-management-2027-05-online"]')
      .getByRole("link", { name: /^Book a place/ })
      .click();
    await expect(page).toHaveURL(/\/courses\/risk-management\/book\/risk-management-2027-05-online$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enterprise Risk Management");

    await page.getByLabel("Number of places").selectOption("3");
    await page.getByRole("button", { name: "Update places" }).click();
    await expect(page.getByRole("group", { name: "Place 3" })).toBeVisible();
    const summary = page.getByRole("complementary", { name: "Your booking" });
    // 3 × £4,500 − 10% group discount (£1,350) = £12,150 + VAT £2,430 = £14,580.
    await expect(summary).toContainText("Group discount−£1,350.00");
    await expect(summary).toContainText("Total excluding VAT£12,150.00");
    await expect(summary).toContainText("VAT at 20%£2,430.00");
    await expect(summary).toContainText("Total£14,580.00");

    await fillDelegate(page, 1, "Ada Lovelace", email);
    await fillDelegate(page, 2, "Charles Babbage", delegate);
    await page.getByRole("group", { name: "Place 3" }).getByLabel("Name to follow").check();
    await fillBooker(page, email);
    await page.getByLabel(/Pay by invoice/).check();
    await page.getByLabel("Purchase-order number").fill("PO-4711");
    await page.getByLabel("Your UK VAT number").fill("gb 980 7806 84");
    await page.getByLabel("I have read and accept these booking terms.").check();
    await page.getByRole("button", { name: "Book 3 places" }).click();

    // Nothing is booked yet: the booker must confirm from their own inbox (issue 37).
    await expect(
      page.getByRole("heading", { level: 2, name: "Check your inbox to confirm the booking" }),
    ).toBeVisible();
    await expect(page.getByRole("status", { name: "Check your inbox to confirm the booking" })).toContainText(
      `We have e-mailed ${email}`,
    );
    await expect(page.getByRole("status", { name: "Check your inbox to confirm the booking" })).toContainText(
      /Please confirm by \w+day, \d+ \w+ \d{4} at \d\d:\d\d (GMT|BST)/,
    );
    const [held] = bookingsOf(email);
    expect(held).toMatchObject({ status: "unconfirmed" });
    expect(sqliteQuery(site.dataDir, "SELECT id FROM course_invoices WHERE booking_id = ?", [held!.id])).toEqual([]);
    const link = await confirmationLink(email);
    // One e-mail, to the booker alone: no delegate nor the team is written to before the booker confirms.
    const outbox = sqliteQuery(site.dataDir, "SELECT * FROM outbox WHERE lead_id = ?", [held!.id]);
    expect(outbox).toHaveLength(1);
    expect(JSON.stringify(outbox)).not.toContain(link.split("/").at(-1)!);
    expect(await site.mailbox.to(delegate)).toEqual([]);

    const opened = await page.goto(link);
    // The link never leaves the page in a Referer, not even to the site's own files (only the origin does).
    // The page's own policy replaces the site-wide one: one value, never both.
    expect(await opened!.headerValues("referrer-policy")).toEqual(["strict-origin"]);
    await expect(page.getByRole("heading", { level: 2, name: "Please confirm your booking" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^VAT invoice/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Confirm the booking and issue the invoice" }).click();

    await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("heading", { level: 2, name: "Booked: invoice awaiting payment" })).toBeVisible();
    await expect(page.getByRole("list").filter({ hasText: "Charles Babbage" })).toContainText("Name to follow");
    const invoiceLink = page.getByRole("link", { name: /^VAT invoice INV-\d{6} \(PDF\)$/ });
    await expect(invoiceLink).toBeVisible();

    const [row] = bookingsOf(email);
    expect(row).toMatchObject({
      status: "invoiced",
      quantity: 3,
      net_pence: 1_215_000,
      vat_pence: 243_000,
      total_pence: 1_458_000,
      purchase_order: "PO-4711",
      vat_number: "GB980780684",
      postcode: "EC1A 1BB",
    });
    // The link is stored hashed only: its token is nowhere in the database.
    const token = new URL(page.url()).pathname.split("/")[2]!;
    const links = sqliteQuery(site.dataDir, "SELECT * FROM course_booking_links WHERE booking_id = ?", [row!.id]);
    expect(links).toHaveLength(1);
    expect(JSON.stringify(links)).not.toContain(token);

    const pdf = await page.request.get(`${site.baseURL}${await invoiceLink.getAttribute("href")}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    const [confirmation] = await site.mailbox.waitForEmails(email, {
      subject: /^Places booked, invoice INV-\d{6} to pay: Enterprise Risk Management, /,
    });
    expect(confirmation!.text).toContain("£14,580.00");
    expect(confirmation!.text).toContain(`/booking/${token}`);
    expect(confirmation!.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      [expect.stringMatching(/^invoice-INV-\d{6}\.pdf$/), "application/pdf"],
    ]);
    const [joining] = await site.mailbox.waitForEmails(delegate, { subject: /Joining details/ });
    // Their own invitation: the five days as one event, the delegate its attendee.
    expect(invitationIn(joining!)).toMatchObject({ method: "REQUEST", sequence: 0, attendee: `mailto:${delegate}` });
    expect(invitationIn(joining!).ends).toHaveLength(5);
    await site.mailbox.waitFor(
      (e) => e.to.includes("team@example.test") && /Course booking: Analytical Engines Ltd, 3/.test(e.subject),
      "to the team",
    );
  });
});

test("bad input gets every field's message and a 400, and keeps nothing; put right, it books by invoice, to be confirmed", async ({
  page,
}) => {
  const email = uniqueEmail("bad");
  await page.goto(`${site.baseURL}${bookingPath("corporate-finance", "corporate-finance-2027-04-online")}`);
  await page.getByRole("group", { name: "Your details" }).getByLabel("E-mail").fill(email);
  await page.getByLabel("Your UK VAT number").fill("GB 123 4567 83");
  await page.getByLabel(/Pay by invoice/).check();
  const response = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Book 1 place" }).click();
  expect((await response).status()).toBe(400);
  const problems = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(problems).toContainText("Please enter your full name");
  await expect(problems).toContainText("This is not a valid UK VAT number");
  await expect(problems).toContainText("Please read and accept the booking terms");
  await expect(page.getByRole("group", { name: "Your details" }).getByLabel("E-mail")).toHaveValue(email);
  expect(bookingsOf(email)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);

  await fillDelegate(page, 1, "Ada Lovelace", email);
  await fillBooker(page, email);
  await page.getByLabel("Your UK VAT number").fill("");
  await page.getByLabel(/Pay by invoice/).check();
  await page.getByLabel("I have read and accept these booking terms.").check();
  await page.getByRole("button", { name: "Book 1 place" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Check your inbox to confirm the booking" })).toBeVisible();
  expect(bookingsOf(email)).toHaveLength(1);
  expect(await axeViolations(page)).toEqual([]);
  // The booking's page from the link in the booker's inbox, waiting for the booker to confirm it.
  await page.goto(await confirmationLink(email));
  await expect(page.getByRole("heading", { level: 2, name: "Please confirm your booking" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm the booking and issue the invoice" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("a full date says so with the course's other dates, and a post for it is refused as no longer available", async ({
  page,
}) => {
  const session = "carbon-accounting-2027-05-london";
  const handle = await openDatabase({ dataDir: site.dataDir });
  try {
    const remaining = (await placesLeft(handle.db, [session])).get(session) ?? 0;
    if (remaining > 0) await handle.db.transaction().execute((trx) => takePlaces(trx, session, remaining, new Date()));
  } finally {
    await handle.close();
  }
  await page.goto(`${site.baseURL}${bookingPath("carbon-accounting", session)}`);
  await expect(page.getByRole("heading", { level: 2, name: "This date is full: no places are left." })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const email = uniqueEmail("late");
  const posted = await page.request.post(`${site.baseURL}${bookingPath("carbon-accounting", session)}`, {
    form: byInvoiceAs(email, "Late Booker", "Late Ltd", {
      places: "1",
      bookerPhone: "020 7946 0000",
      addressLine1: "1 Late Street",
      postcode: "E1 1AA",
    }),
  });
  expect(posted.status()).toBe(409);
  expect(await posted.text()).toContain("Sorry, this date is no longer available");
  expect(bookingsOf(email)).toEqual([]);
});

test("booking by card: the places are held, paid through Stripe's card field, then confirmed with the receipt", async ({
  page,
}) => {
  await installStripeStandIn(page, { stripeUrl: fake.url });
  const email = uniqueEmail("card");
  const session = "financial-analysis-2027-06-online";
  const before = await left(session);
  await page.goto(`${site.baseURL}${bookingPath("financial-analysis", session)}`);
  await fillDelegate(page, 1, "Grace Hopper", email);
  await fillBooker(page, email);
  await page.getByLabel(/Pay by card now/).check();
  await page.getByLabel("I have read and accept these booking terms.").check();
  await page.getByRole("button", { name: "Book 1 place" }).click();

  await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}\/pay$/);
  expect(await left(session)).toBe(before - 1);
  expect(bookingsOf(email)[0]).toMatchObject({ status: "held", total_pence: 540_000 });
  await expect(page.getByRole("heading", { name: "Pay £5,400.00 by card" })).toBeVisible();
  await expect(page.getByLabel("Card number")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Card number").fill(testCards.success);
  await page.getByRole("button", { name: "Pay £5,400.00" }).click();

  await expect(page.getByRole("heading", { level: 2, name: "Booked and paid" })).toBeVisible();
  // The pay step's toast, shown on the booker's page it lands on.
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem")).toContainText(
    "Your places are booked. Your confirmation is on its way.",
  );
  await expect(page.getByRole("link", { name: /^VAT invoice INV-\d{6} \(PDF\)$/ })).toBeVisible();
  expect(bookingsOf(email)[0]).toMatchObject({ status: "paid" });
  const [receipt] = await site.mailbox.waitForEmails(email, { subject: /^Booked and paid: / });
  expect(receipt!.text).toContain("We received your card payment of £5,400.00");
  expect(await axeViolations(page)).toEqual([]);
});

test("the team: sessions with their places, a roster and its CSV, an invoice marked paid, a booking cancelled with a credit note", async ({
  page,
  context,
}) => {
  // Long (a booking confirmed from the inbox, then every team page scanned) on a busy machine.
  test.setTimeout(120_000);
  const email = uniqueEmail("team-case");
  const session = "strategy-execution-2027-06-london";
  const row = await bookStrategyExecution(
    page,
    session,
    byInvoiceAs(email, "Mary Somerville", "Somerville Partners", {
      places: "2",
      bookerPhone: "020 7946 0001",
      bookerJobTitle: "Partner",
      addressLine1: "2 Example Row",
      city: "Edinburgh",
      postcode: "EH1 1AA",
      "delegate-1-toFollow": "on",
    }),
  );

  await signInToWorkLeads(context, "leads", "Lee Leads");

  await page.goto(`${site.baseURL}/admin/course-bookings`);
  await expect(page.getByRole("link", { name: String(row!.reference) })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Sessions", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Course sessions" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "14–18 June 2027" }).click();
  await expect(page.getByRole("region", { name: "Roster" })).toContainText("Somerville Partners");
  expect(await axeViolations(page)).toEqual([]);
  const csv = await page.request.get(`${site.baseURL}/admin/sessions/${session}/roster.csv`);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain("Mary Somerville");
  expect(text).toContain("Name to follow");

  await page
    .getByRole("link", { name: String(row!.reference) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Booking ${row!.reference}`);
  await expect(page.getByRole("region", { name: "E-mails" })).toContainText(`To ${email}`);
  // The invoice's due date in words, as the team reads dates.
  await expect(page.getByRole("region", { name: "Invoices and credit notes" })).toContainText(
    /· due \d{1,2} [A-Z][a-z]+ 20\d\d$/,
  );
  expect(await axeViolations(page)).toEqual([]);

  // The name that was to follow arrives: a wrong address first, then put right.
  const places = page.getByRole("region", { name: "Places" });
  await expect(places.getByLabel("Place")).toHaveValue("2");
  await places.getByLabel("Delegate's full name").fill("Ada Byron");
  await places.getByLabel("Delegate's e-mail").fill("ada-at-example");
  await places.getByRole("button", { name: "Save the place" }).click();
  await expect(page.getByRole("alert")).toContainText("Check the place's details below.");
  await expect(places.getByLabel("Delegate's e-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(places.getByLabel("Delegate's full name")).toHaveValue("Ada Byron");
  expect(await axeViolations(page)).toEqual([]);
  const delegate = uniqueEmail("named-later");
  await places.getByLabel("Delegate's e-mail").fill(delegate);
  await places.getByRole("button", { name: "Save the place" }).click();
  await expect(page.getByRole("status")).toContainText("Place 2 is now Ada Byron's.");
  await expect(places).toContainText(`Ada Byron, ${delegate}`);
  const [joining] = await site.mailbox.waitForEmails(delegate, { subject: /Joining details/ });
  expect(joining!.text).toContain("Dear Ada Byron,");
  // The invitation: the part calendars act on, and the same as a file.
  expect(joining!.attachments.map((a) => a.mimeType)).toEqual([
    expect.stringContaining("text/calendar"),
    "application/ics",
  ]);

  await page.getByRole("button", { name: "Mark the invoice paid" }).click();
  await expect(page.getByRole("status")).toContainText("Marked paid.");
  expect(bookingsOf(email)[0]).toMatchObject({ status: "paid" });

  // More than 29 days before the start: the terms credit the full fee (£10,800 with VAT).
  await expect(page.getByRole("region", { name: "Cancel this booking" })).toContainText("£10,800.00");
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  await expect(page.getByRole("status")).toContainText(
    /Cancelled\. Credit note CN-\d{6} for £10,800\.00\. Refund £10,800\.00 by bank transfer\./,
  );
  expect(bookingsOf(email)[0]).toMatchObject({ status: "cancelled" });
  await expect(page.getByRole("link", { name: /^Credit note CN-\d{6}$/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await site.mailbox.waitForEmails(email, { subject: /Booking cancelled/ });
});

test("the team finds a booking in the inbox as a course booking, works it, and opens the booking from it", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("inbox-case");
  const session = "strategy-execution-2027-06-london";
  // Posted as the page script would send it from a visit that came from a campaign.
  const row = await bookStrategyExecution(
    page,
    session,
    byInvoiceAs(email, "Caroline Herschel", "Herschel Optics", {
      places: "1",
      bookerPhone: "020 7946 0002",
      addressLine1: "19 New King Street",
      city: "Bath",
      postcode: "BA1 2BL",
      attribution: JSON.stringify({
        l: "/courses/strategy-execution",
        r: "linkedin.com",
        s: "linkedin",
        m: "social",
        c: "june-dates",
      }),
    }),
  );

  await signInToWorkLeads(context, "inbox-leads", "Ida Inbox");

  await page.goto(`${site.baseURL}/admin/leads`);
  await page.getByLabel("Kind").selectOption({ label: "Course booking" });
  await page.getByLabel("Search names, e-mail addresses, companies and messages").fill("Herschel");
  await page.getByRole("button", { name: "Show leads" }).click();
  await expect(page).toHaveURL(/kind=course-booking/);
  const leads = page.getByRole("list", { name: "Leads" });
  await expect(leads.getByRole("listitem")).toHaveCount(1);
  await expect(leads).toContainText("Course booking: Strategy Execution, 14–18 June 2027 · Herschel Optics");
  expect(await axeViolations(page)).toEqual([]);

  await leads.getByRole("link", { name: "Caroline Herschel" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Caroline Herschel");
  const sent = page.getByRole("region", { name: "What they sent" });
  await expect(sent).toContainText(String(row!.reference));
  await expect(sent).toContainText("Invoiced, awaiting transfer (by invoice)");
  await expect(sent).toContainText("Landed on /courses/strategy-execution, from linkedin.com");
  await expect(sent.getByRole("heading", { name: "The terms they accepted" })).toBeVisible();
  await expect(page.getByRole("region", { name: "E-mails" })).toContainText(`To ${email}`);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Contacted" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Status: New → Contacted");

  await sent.getByRole("link", { name: `Open booking ${row!.reference}: invoices, payments and places` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Booking ${row!.reference}`);
  await page.getByRole("link", { name: "In the inbox (status, owner and notes)" }).click();
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("contacted");
});

test("the booker names a place to follow, then sends someone else, from their booking page: each delegate, the booker and the team are told", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("self-service");
  const named = uniqueEmail("named-later");
  const substitute = uniqueEmail("substitute");
  await bookStrategyExecution(
    page,
    "strategy-execution-2027-06-london",
    byInvoiceAs(email, "Emmy Noether", "Noether Algebra Ltd", { places: "2", "delegate-1-toFollow": "on" }),
  );
  await page.goto(await confirmationLink(email));
  const places = page.getByRole("list").filter({ hasText: "Name to follow" });
  await page.getByText("Name place 2").click();
  const form = places.locator("li").nth(1).locator("form");
  // A mistake is said beside its field, and the form stays open with what was typed.
  await form.getByLabel("Delegate's full name").fill("Olga Taussky");
  await form.getByLabel("Delegate's e-mail address").fill("not an address");
  await form.getByRole("button", { name: "Name the place" }).click();
  await expect(page.getByRole("alert")).toContainText("Check the details below.");
  await expect(page.getByLabel("Delegate's e-mail address").last()).toHaveAccessibleDescription(/e-mail/i);
  await expect(page.getByLabel("Delegate's full name").last()).toHaveValue("Olga Taussky");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Delegate's e-mail address").last().fill(named);
  await page.getByRole("button", { name: "Name the place" }).click();

  await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}\?changed=2#places$/);
  await expect(page.getByRole("status").filter({ hasText: "Place 2 is changed" })).toBeVisible();
  const list = page.locator("#places ~ ol").first();
  await expect(list).toContainText("Olga Taussky");
  await expect(list).not.toContainText("Name to follow");
  const [joining] = await site.mailbox.waitForEmails(named, { subject: /Joining details/ });
  expect(joining!.attachments.some((a) => a.mimeType.startsWith("text/calendar"))).toBe(true);
  await site.mailbox.waitForEmails(email, { subject: /^A place is named: / });
  await site.mailbox.waitFor(
    (e) => e.to.includes("team@example.test") && /^A place is named by the booker: Noether Algebra Ltd/.test(e.subject),
    "to the team",
  );

  // Olga cannot come after all: a colleague goes instead, and Olga is told.
  await page.getByText("Send someone else in place 2").click();
  const second = page.locator("li").filter({ hasText: "Olga Taussky" }).locator("form");
  await second.getByLabel("Delegate's full name").fill("Hanna Neumann");
  await second.getByLabel("Delegate's e-mail address").fill(substitute);
  await second.getByRole("button", { name: "Send them instead" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Place 2 is changed" })).toBeVisible();
  await expect(page.locator("#places ~ ol").first()).toContainText("Hanna Neumann");
  await site.mailbox.waitForEmails(substitute, { subject: /Joining details/ });
  await site.mailbox.waitForEmail(named, { subject: /^Place passed on: / });
  await site.mailbox.waitForEmails(email, { subject: /^A substitute is booked: / });
});

test("the booker cancels from their booking page, told the credit in pounds first: a credit note for it, and everyone told", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("cancels");
  await bookStrategyExecution(
    page,
    "strategy-execution-2027-06-london",
    byInvoiceAs(email, "Sophie Germain", "Germain Elasticity Ltd", { places: "1" }),
  );
  await page.goto(await confirmationLink(email));
  await page.getByText("Cancel this booking").click();
  // More than 29 days before the course: all of it, £4,500 + VAT, taken off the invoice.
  const offer = page.locator("form").filter({ hasText: "Cancelled today" });
  await expect(offer).toContainText("the terms credit all of the booking: £5,400.00 including VAT.");
  await expect(offer).toContainText("It is taken off your invoice, with a credit note.");
  expect(await axeViolations(page)).toEqual([]);
  await offer.getByRole("button", { name: "Cancel the booking for a credit of £5,400.00" }).click();

  await expect(page.getByRole("heading", { level: 2, name: "Cancelled" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Credit note CN-\d{6} \(PDF\)$/ })).toBeVisible();
  await expect(page.getByText("Cancel this booking")).toHaveCount(0);
  await expect(page.getByText("Name place 1")).toHaveCount(0);
  const [notice] = await site.mailbox.waitForEmails(email, { subject: /^Booking cancelled: / });
  expect(notice!.attachments.map((a) => a.filename).filter(Boolean)).toEqual([
    expect.stringMatching(/^credit-note-CN-\d{6}\.pdf$/),
    "cancel.ics",
  ]);
  // The booker was the delegate too: their calendar's event is cancelled with the notice.
  expect(invitationIn(notice!)).toMatchObject({ method: "CANCEL", sequence: 1, attendee: `mailto:${email}` });
  await site.mailbox.waitFor(
    (e) => e.to.includes("team@example.test") && /^Course booking cancelled: Germain Elasticity Ltd/.test(e.subject),
    "to the team",
  );
});

test("a delegate's calendar is updated when the team changes the session's hours: same UID, higher SEQUENCE", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("calendar");
  const session = "esg-risk-2027-04-london";
  const booked = await page.request.post(`${site.baseURL}${bookingPath("esg-risk", session)}`, {
    form: byInvoiceAs(email, "Grace Hopper", "Hopper Compilers Ltd", { places: "1" }),
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(200);
  await confirmFromInbox(page, email);
  const [joining] = await site.mailbox.waitForEmails(email, { subject: /^Joining details: / });
  const invited = invitationIn(joining!);
  expect(invited).toMatchObject({
    method: "REQUEST",
    sequence: 0,
    organizer: `mailto:${organisation.bookingsEmail}`,
    attendee: `mailto:${email}`,
  });
  // Friday 16 April 2027 to 15:30 BST.
  expect(invited.ends.at(-1)).toBe("2027-04-16T14:30:00.000Z");

  // The team moves the Friday's end to 13:00 in the content editor, told first that delegates are updated.
  const editor = await insertStaff(site.dataDir, {
    email: uniqueEmail("dates-editor"),
    name: "Cleo Dates",
    role: "site",
  });
  await signInBySession(page.context(), site, editor.id);
  await openHydrated(page, `${site.baseURL}/admin/content/session/${session}`);
  await page.getByRole("group", { name: "Day 5 (Friday)" }).getByLabel("Ends").fill("13:00");
  await publishAfterWarning(page, "each delegate already booked is sent a calendar update with them");

  const [changed] = await site.mailbox.waitForEmails(email, { subject: /^Course details changed: / });
  expect(changed!.text).toContain("Day 5: 09:00–13:00");
  expect(changed!.text).toContain(`/training/dates.ics?session=${session}`);
  const update = invitationIn(changed!);
  expect(update).toMatchObject({
    method: "REQUEST",
    uid: invited.uid,
    sequence: 1,
    organizer: `mailto:${organisation.bookingsEmail}`,
    attendee: `mailto:${email}`,
  });
  expect(update.ends.slice(0, 4)).toEqual(invited.ends.slice(0, 4));
  expect(update.ends.at(-1)).toBe("2027-04-16T12:00:00.000Z");
  // The part calendars act on says its method, as the file does.
  expect(changed!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
});

test("the booker pays an open invoice by card from their booking page: paid, the invoice as issued, a receipt", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await installStripeStandIn(page, { stripeUrl: fake.url });
  const email = uniqueEmail("invoice-card");
  await bookStrategyExecution(
    page,
    "strategy-execution-2027-06-london",
    byInvoiceAs(email, "Katherine Johnson", "Johnson Orbits Ltd", { places: "1" }),
  );
  await page.goto(await confirmationLink(email));
  await expect(page.getByRole("heading", { level: 2, name: "Booked: invoice awaiting payment" })).toBeVisible();
  const invoice = await page.getByRole("link", { name: /^VAT invoice INV-\d{6} \(PDF\)$/ }).textContent();
  const number = /INV-\d{6}/.exec(invoice ?? "")![0];
  await page.getByRole("button", { name: "Pay £5,400.00 by card" }).click();

  await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}\/pay$/);
  await expect(page.getByRole("heading", { name: `Pay invoice ${number}: £5,400.00 by card` })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Card number").fill(testCards.success);
  await page.getByRole("button", { name: "Pay £5,400.00" }).click();

  await expect(page.getByRole("heading", { level: 2, name: "Booked and paid" })).toBeVisible();
  // The invoice stands as issued: the one document, no second invoice.
  await expect(page.getByRole("link", { name: /^VAT invoice INV-\d{6} \(PDF\)$/ })).toHaveText(
    `VAT invoice ${number} (PDF)`,
  );
  expect(bookingsOf(email)[0]).toMatchObject({ status: "paid" });
  const [receipt] = await site.mailbox.waitForEmails(email, { subject: new RegExp(`^Invoice ${number} paid: `) });
  expect(receipt!.text).toContain(`we received your card payment for invoice ${number}`);
  await site.mailbox.waitFor(
    (e) => e.to.includes("team@example.test") && e.subject === `Invoice ${number} paid by card: Johnson Orbits Ltd`,
    "to the team",
  );
});
