/**
 * The booker moves their booking to another date of the course from its
 * page (issue 41, ADR 081), in Chromium at desktop width with axe (both
 * widths), on a site of its own (its places are not another spec's), with
 * a real SMTP server: the other dates with what each does to the price,
 * the move, and every message it sends, the calendars' read by a calendar
 * library: the old event cancelled (same UID, higher SEQUENCE), a new
 * invitation for the new dates. And the team moves one from the back
 * office; and postpones a date in Site content, after which its booker may
 * cancel for a full refund (ADR 100).
 */
import { organisation } from "../../app/content/organisation.ts";
import type { Mailbox } from "../../harness/mail.ts";
import { courseBookingsOf } from "../../harness/order-rows.ts";
import type { SiteServer } from "../../harness/servers.ts";
import { bookingFormFields } from "../support/booking-form.ts";
import { invitationIn } from "../support/calendar-invitation.ts";
import { openHydrated } from "../support/content-editor.ts";
import { insertStaff, signInBySession } from "../support/staff.ts";
import type { Page } from "@playwright/test";
import { axeViolations, expect, publishAfterWarning, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer & { mailbox: Mailbox };

test.beforeAll(async ({ launcher }) => {
  site = await launcher.siteWithMail({
    name: "course-booking-transfer",
    env: { TEAM_EMAIL: "team@example.test", RATE_LIMIT_MAX: "100000", BOOKING_RATE_LIMIT_MAX: "100000" },
  });
});

/** A booking of one place on `session` of `course` (Financial Analysis) by invoice, confirmed by its booker: its link. */
async function confirmedBooking(
  page: Page,
  session: string,
  email: string,
  organisation: string,
  course = "financial-analysis",
) {
  const booked = await page.request.post(`${site.baseURL}/courses/${course}/book/${session}`, {
    form: bookingFormFields(email, { organisation }),
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(200);
  const request = await site.mailbox.waitForEmail(email, { subject: /Please confirm your booking/ });
  const link = `${site.baseURL}/booking/${/\/booking\/([A-Za-z0-9_-]{43})/.exec(request.text)![1]}`;
  expect((await page.request.post(link, { form: { intent: "confirm" }, maxRedirects: 0 })).status()).toBe(303);
  return link;
}

test("the booker moves their booking to another date: told what it costs first, then every delegate's calendar follows", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("moves");
  const link = await confirmedBooking(page, "financial-analysis-2027-03-london", email, "Noether Rings Ltd");
  const [joining] = await site.mailbox.waitForEmails(email, { subject: /^Joining details: / });
  const first = invitationIn(joining!);

  await page.goto(link);
  await page.getByText("Move to another date").click();
  const form = page.locator("form").filter({ hasText: "Move every place of this booking to" });
  const june = form.getByRole("radio", { name: /^7 June 2027 to 11 June 2027/ });
  await expect(june).toHaveAccessibleDescription("Same price: nothing to pay, nothing credited.");
  expect(await axeViolations(page)).toEqual([]);
  await june.check();
  await form.getByRole("button", { name: "Move the booking to the date chosen" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Your booking has moved" })).toContainText(
    "Your booking has moved to 7 June 2027 to 11 June 2027",
  );
  await expect(page.getByText("7 June 2027 to 11 June 2027, live online").first()).toBeVisible();
  // The terms' one free move is used: the page says so, and offers no other.
  await expect(page.getByRole("heading", { name: "Move to another date" })).toBeVisible();
  await expect(page.getByText(/allow a move to another date once, free/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(courseBookingsOf(site.dataDir, email)[0]).toMatchObject({
    status: "invoiced",
    session_key: "financial-analysis-2027-06-online",
    total_pence: 540_000,
    credited_pence: 0,
  });

  // The delegate (the booker here): the old dates cancelled in their calendar, the new ones invited.
  const [notice] = await site.mailbox.waitForEmails(email, { subject: /^Dates changed: / });
  expect(invitationIn(notice!)).toMatchObject({ method: "CANCEL", uid: first.uid, sequence: first.sequence + 1 });
  expect(notice!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
  const joinings = await site.mailbox.waitForEmails(email, { subject: /^Joining details: /, count: 2 });
  const second = invitationIn(joinings.find((m) => m.subject.includes("June 2027"))!);
  expect(second).toMatchObject({
    method: "REQUEST",
    sequence: 0,
    organizer: `mailto:${organisation.bookingsEmail}`,
    attendee: `mailto:${email}`,
  });
  expect(second.uid).not.toBe(first.uid);
  expect(second.ends[0]).toMatch(/^2027-06-07T/);
  // The booker, and the team.
  const [moved] = await site.mailbox.waitForEmails(email, { subject: /^Booking moved: / });
  expect(moved!.text).toContain("Financial Analysis has moved from 15–19 March 2027 to 7–11 June 2027");
  expect(moved!.text).toContain("No change: there is nothing to pay and nothing is credited");
  await site.mailbox.waitFor(
    (e) => e.to.includes("team@example.test") && /^Course booking moved: Noether Rings Ltd/.test(e.subject),
    "to the team",
  );
});

test("the team moves a booking to another date from the back office: told what each date does to the price first", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("team-moves");
  await confirmedBooking(page, "financial-analysis-2027-06-online", email, "Hypatia Conics Ltd");
  const booking = courseBookingsOf(site.dataDir, email)[0]!;
  const member = await insertStaff(site.dataDir, { email: uniqueEmail("mover"), name: "Mo Ver", role: "leads" });
  await signInBySession(page.context(), site, member.id);
  await page.goto(`${site.baseURL}/admin/course-bookings/${booking.id}`);
  const move = page.locator("section").filter({ has: page.getByRole("heading", { name: "Move to another date" }) });
  await expect(move).toContainText("15 March 2027 to 19 March 2027");
  await expect(move).toContainText("same price");
  expect(await axeViolations(page)).toEqual([]);
  await move.getByLabel("New date").selectOption({ value: "financial-analysis-2027-03-london" });
  await move.getByRole("button", { name: "Move the booking" }).click();
  await expect(page.getByRole("status")).toContainText("Moved to 15 March 2027 to 19 March 2027");
  expect(await axeViolations(page)).toEqual([]);
  expect(courseBookingsOf(site.dataDir, email)[0]).toMatchObject({ session_key: "financial-analysis-2027-03-london" });
  await expect(
    page.getByText(/Moved from 7 June 2027 to 11 June 2027, live online to 15 March 2027.* \(by the team\)/),
  ).toBeVisible();
  await site.mailbox.waitForEmails(email, { subject: /^Booking moved: / });
});

test("the booker moves an unpaid booking to a dearer date: told how much more first, then a new invoice replaces theirs", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("dearer");
  // March's early-bird price (£4,050) until 29 January 2027; May's is the list price (£4,500).
  const booked = await page.request.post(
    `${site.baseURL}/courses/risk-management/book/risk-management-2027-03-london`,
    {
      form: bookingFormFields(email, { organisation: "Germain Primes Ltd" }),
      maxRedirects: 0,
    },
  );
  expect(booked.status()).toBe(200);
  const request = await site.mailbox.waitForEmail(email, { subject: /Please confirm your booking/ });
  const link = `${site.baseURL}/booking/${/\/booking\/([A-Za-z0-9_-]{43})/.exec(request.text)![1]}`;
  expect((await page.request.post(link, { form: { intent: "confirm" }, maxRedirects: 0 })).status()).toBe(303);
  const [first] = courseBookingsOf(site.dataDir, email);
  expect(first).toMatchObject({ total_pence: 486_000, price_basis: "early-bird" });

  await page.goto(link);
  await page.getByText("Move to another date").click();
  const form = page.locator("form").filter({ hasText: "Move every place of this booking to" });
  const may = form.getByRole("radio", { name: /May 2027/ });
  await expect(may).toHaveAccessibleDescription(/^Dearer: £540\.00 more including VAT\. Your invoice is replaced/);
  await may.check();
  await form.getByRole("button", { name: "Move the booking to the date chosen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your booking has moved" })).toBeVisible();
  expect(courseBookingsOf(site.dataDir, email)[0]).toMatchObject({
    status: "invoiced",
    session_key: "risk-management-2027-05-online",
    total_pence: 540_000,
    credited_pence: 0,
  });
  // Its documents: the old invoice, the new one, and the credit note cancelling the old.
  const documents = page.getByRole("link", { name: /\(PDF\)$/ });
  await expect(documents).toHaveCount(3);
  await expect(documents.filter({ hasText: "Credit note" })).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  const [moved] = await site.mailbox.waitForEmails(email, { subject: /^Booking moved: / });
  const number = /quoting (INV-\d+)/.exec(moved!.text)![1]!;
  expect(moved!.text).toContain("£540.00 more, including VAT");
  expect(moved!.text).toContain(`Please pay £5,400.00 by bank transfer by`);
  expect(moved!.attachments.map((a) => a.filename)).toEqual([
    `invoice-${number}.pdf`,
    expect.stringMatching(/^credit-note-CN-\d+\.pdf$/),
  ]);
});

test("the booker moves a paid booking to a dearer date: what they paid is carried to the new invoice, the difference asked for", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("paid-dearer");
  // March's early-bird price (£4,050 + VAT) until 29 January 2027; May's is the list price (£4,500).
  const link = await confirmedBooking(
    page,
    "risk-management-2027-03-london",
    email,
    "Kovalevskaya Tops Ltd",
    "risk-management",
  );
  const booking = courseBookingsOf(site.dataDir, email)[0]!;
  const member = await insertStaff(site.dataDir, { email: uniqueEmail("payer"), name: "Pay Er", role: "leads" });
  await signInBySession(page.context(), site, member.id);
  await page.goto(`${site.baseURL}/admin/course-bookings/${booking.id}`);
  await page.getByRole("button", { name: "Mark the invoice paid" }).click();
  await expect(page.getByRole("status")).toContainText("Marked paid.");

  await page.goto(link);
  await page.getByText("Move to another date").click();
  const form = page.locator("form").filter({ hasText: "Move every place of this booking to" });
  const may = form.getByRole("radio", { name: /May 2027/ });
  await expect(may).toHaveAccessibleDescription(
    /^Dearer: £540\.00 more including VAT\. .* the £4,860\.00 you have paid is carried to it, and the difference is due/,
  );
  await may.check();
  await form.getByRole("button", { name: "Move the booking to the date chosen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your booking has moved" })).toBeVisible();
  await expect(
    page.getByText("The £4,860.00 you have paid is carried to the invoice below: please pay the £540.00 left"),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(courseBookingsOf(site.dataDir, email)[0]).toMatchObject({
    status: "invoiced",
    total_pence: 540_000,
    carried_pence: 486_000,
  });
  const [moved] = await site.mailbox.waitForEmails(email, { subject: /^Booking moved: / });
  expect(moved!.text).toContain("The £4,860.00 you have paid is carried to the new invoice.");
  expect(moved!.text).toContain("Please pay the difference, £540.00, by bank transfer by");

  // The team sees what was carried and what is left, and marks the difference paid.
  await page.goto(`${site.baseURL}/admin/course-bookings/${booking.id}`);
  await expect(page.getByText("£4,860.00, carried to this invoice: £540.00 left to pay")).toBeVisible();
  await page.getByRole("button", { name: "Mark the invoice paid" }).click();
  await expect(page.getByRole("status")).toContainText("Marked paid.");
  expect(courseBookingsOf(site.dataDir, email)[0]).toMatchObject({ status: "paid" });
});

test("the team postpones a date in Site content: the booker is told their choice, and cancels for a full refund from their page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("postponed");
  const session = "carbon-accounting-2027-05-london";
  const link = await confirmedBooking(page, session, email, "Hopper Compilers Ltd", "carbon-accounting");

  // A week later, in the content editor: told first what new days give the bookers.
  const editor = await insertStaff(site.dataDir, { email: uniqueEmail("postpones"), name: "Pat Dates", role: "site" });
  await signInBySession(page.context(), site, editor.id);
  await openHydrated(page, `${site.baseURL}/admin/content/session/${session}`);
  await page.getByLabel("Start date").fill("2027-05-24");
  await publishAfterWarning(page, "another date at no extra cost, or a full refund, until the course starts");
  const [told] = await site.mailbox.waitForEmails(email, { subject: /^Booking MB-\S+ changed: / });
  expect(told!.text).toContain("from 17 May 2027 to 21 May 2027");
  expect(told!.text).toContain("cancel it for a full refund");

  // The team's page says what a cancellation now credits, and why.
  const booking = courseBookingsOf(site.dataDir, email)[0]!;
  const member = await insertStaff(site.dataDir, { email: uniqueEmail("reads"), name: "Rea Der", role: "leads" });
  await signInBySession(page.context(), site, member.id);
  await page.goto(`${site.baseURL}/admin/course-bookings/${booking.id}`);
  await expect(page.getByText("We moved this course to other dates since it was booked")).toBeVisible();

  await page.goto(link);
  await expect(page.getByText("We moved this course to other dates after you booked.")).toBeVisible();
  await page.getByText("Cancel this booking").click();
  const offer = page.locator("form").filter({ hasText: "As we moved the course to other dates" });
  await expect(offer).toContainText("cancelling today credits the full fee: £5,400.00 including VAT.");
  expect(await axeViolations(page)).toEqual([]);
  await offer.getByRole("button", { name: "Cancel the booking for a credit of £5,400.00" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Cancelled" })).toBeVisible();
  expect(courseBookingsOf(site.dataDir, email)[0]).toMatchObject({ status: "cancelled" });
});
