/**
 * Waiting lists (issue 41, ADR 083) in Chromium at desktop width, on a site
 * of its own (its places are no other spec's) with a real SMTP server: a
 * full date's booking page takes a request (each field's message first), the
 * address confirms it from the e-mailed link; places free up (capacity
 * raised, written as the editor's save writes it) and the waiting list's job
 * (called here as the scheduler calls it, at the time chosen) offers them;
 * the offer is booked with the held places, or lapses and passes to the
 * next. Every new page is scanned by axe (a desktop flow's scan covers the
 * phone width too); the team's list page has a @both-widths test.
 */
import type { Page } from "@playwright/test";
import { siteCalendar } from "../../app/calendar/business-hours.ts";
import { openDatabase } from "../../app/data/db.server.ts";
import { placesLeft, setCapacity } from "../../app/orders/course-booking/places.server.ts";
import { runWaitingLists } from "../../app/orders/course-booking/waiting.server.ts";
import { loadKeyring } from "../../app/secrets/keys.server.ts";
import type { Mailbox } from "../../harness/mail.ts";
import type { SiteServer } from "../../harness/servers.ts";
import { startBookingSite } from "../support/booking-form.ts";
import { newStaffInBrowser } from "../support/staff.ts";
import { axeViolations, expect, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer & { mailbox: Mailbox };

test.beforeAll(async ({ launcher }) => {
  test.setTimeout(60_000);
  site = await startBookingSite(launcher, "waiting-lists");
});

/** A seed session's course: its key without the date and place. */
const courseOf = (session: string) => session.replace(/-\d{4}-\d{2}-[a-z]+$/, "");
const HOUR = 3_600_000;

/** Runs `work` on the site's database, then closes it. */
async function withDb<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir: site.dataDir });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** The session's capacity set as the editor's save sets it: to what is taken (full), or more. */
const capacityTo = (session: string, more: number) =>
  withDb(async (db) => {
    const row = await db
      .selectFrom("course_session_places")
      .select("taken")
      .where("session_key", "=", session)
      .executeTakeFirst();
    expect(await setCapacity(db, session, (row?.taken ?? 0) + more, new Date())).toEqual({ ok: true });
  });

/** The waiting list's job, run now (or at `at`) against the site's database with the site's key. */
const runJob = (at = new Date()) =>
  withDb((db) =>
    runWaitingLists(db, {
      now: at,
      mail: { siteUrl: site.baseURL, teamEmail: "team@example.test", calendar: siteCalendar() },
      keys: loadKeyring({ dataDir: site.dataDir }).keys,
    }),
  );

const left = (session: string) => withDb(async (db) => (await placesLeft(db, [session])).get(session));
const linkIn = (text: string, kind: "confirm" | "offer") =>
  new RegExp(`/waiting/${kind}/[A-Za-z0-9_-]{43}`).exec(text)?.[0];

/** A request joined from the full date's page and confirmed, over HTTP: quicker than the browser, as a booker's would be. */
async function joined(page: Page, session: string, name: string, places: number) {
  const email = uniqueEmail(name.toLowerCase());
  const posted = await page.request.post(`${site.baseURL}/courses/${courseOf(session)}/book/${session}`, {
    form: {
      intent: "waiting-list",
      waitingName: name,
      waitingEmail: email,
      waitingOrganisation: `${name} Ltd`,
      waitingPlaces: String(places),
      website: "",
      formStartedAt: String(Date.now() - 5_000),
    },
  });
  expect(posted.status()).toBe(200);
  const message = await site.mailbox.waitForEmail(email, { subject: /^Confirm the waiting list/ });
  const confirmed = await page.request.post(`${site.baseURL}${linkIn(message.text, "confirm")}`, {
    form: {},
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(303);
  return email;
}

test("a visitor joins a full date's waiting list and confirms it from the e-mailed link", async ({ page }) => {
  test.setTimeout(90_000);
  const session = "carbon-accounting-2027-05-london";
  await capacityTo(session, 0);
  await page.goto(`${site.baseURL}/courses/${courseOf(session)}/book/${session}`);
  await expect(page.getByRole("heading", { name: "This date is full: no places are left." })).toBeVisible();
  const form = page.locator("section").filter({ has: page.getByRole("heading", { name: "Join the waiting list" }) });
  expect(await axeViolations(page)).toEqual([]);

  // Nothing filled in: a 400, each field's message.
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    form.getByRole("button", { name: "Join the waiting list" }).click(),
  ]);
  expect(answer.status()).toBe(400);
  await expect(form.getByRole("alert")).toContainText("Please enter your full name");
  await expect(form.getByRole("alert")).toContainText("Please enter a valid email address.");
  await expect(form.getByRole("alert")).toContainText("Please enter your organisation's name");
  expect(await axeViolations(page)).toEqual([]);

  const email = uniqueEmail("joins");
  await form.getByLabel("Full name").fill("Grace Hopper");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Organisation").fill("Cobol Ltd");
  await form.getByLabel("Places wanted").selectOption("2");
  await form.getByRole("button", { name: "Join the waiting list" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We have e-mailed" })).toContainText(
    `We have e-mailed ${email} a link`,
  );
  expect(await axeViolations(page)).toEqual([]);

  // Only that address is written to, and nothing is held: the list has no one waiting yet.
  const message = await site.mailbox.waitForEmail(email, { subject: /^Confirm the waiting list/ });
  expect(message.text).toContain("2 places on Carbon Accounting");
  expect(await left(session)).toBe(0);
  const path = linkIn(message.text, "confirm")!;
  await page.goto(`${site.baseURL}${path}`);
  await expect(page.getByRole("heading", { name: "Confirm your place on the waiting list" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Confirm and join the waiting list" }).click();
  await expect(page.getByRole("heading", { name: "You are on the waiting list" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // Opened again, the link says so; an unknown one is a 404 page.
  await page.goto(`${site.baseURL}${path}`);
  await expect(page.getByRole("heading", { name: "You are on the waiting list" })).toBeVisible();
  const unknown = await page.goto(`${site.baseURL}/waiting/confirm/${"x".repeat(43)}`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(
    await withDb((db) =>
      db.selectFrom("course_waiting").select(["state", "places"]).where("email", "=", email).execute(),
    ),
  ).toEqual([{ state: "waiting", places: 2 }]);
});

test("places that free up are held for the first request that fits, and booked from the offer's link with the held places", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const session = "financial-analysis-2027-06-online";
  await capacityTo(session, 0);
  const email = await joined(page, session, "Ada", 2);
  await capacityTo(session, 2);
  const { offered } = await runJob();
  expect(offered.map((o) => o.places)).toEqual([2]);
  // Held: the date is full to the public again.
  expect(await left(session)).toBe(0);

  const message = await site.mailbox.waitForEmail(email, { subject: /^Places held for you/ });
  const path = linkIn(message.text, "offer")!;
  await page.goto(`${site.baseURL}${path}`);
  await expect(page.getByRole("note")).toContainText("2 places are held for you on this date until");
  // Priced for the places held, though the date is full to everyone else.
  await expect(page.getByRole("heading", { name: "Price for 2 places" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Your details" }).getByLabel("E-mail")).toHaveValue(email);
  expect(await axeViolations(page)).toEqual([]);

  for (const i of [0, 1]) {
    const place = page.getByRole("group", { name: `Place ${i + 1}` });
    await place.getByLabel("Full name").fill(`Delegate ${i + 1}`);
    await place.getByLabel("E-mail").fill(`d${i + 1}-${email}`);
  }
  const details = page.getByRole("group", { name: "Your details" });
  await details.getByLabel("Phone").fill("020 7946 0002");
  await details.getByLabel("Job title").fill("Head of Finance");
  const billing = page.getByRole("group", { name: "Billing address" });
  await billing.getByLabel("Address line 1").fill("3 Example Road");
  await billing.getByLabel("Town or city").fill("Bristol");
  await billing.getByLabel("Postcode").fill("BS1 1AA");
  await page.getByLabel("Pay by invoice").check();
  await page.getByLabel("I have read and accept these booking terms.").check();
  await page.getByRole("button", { name: "Book 2 places" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox to confirm the booking" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The held places became the booking's: none taken again, none freed; no invoice yet (the booker confirms it first).
  expect(await left(session)).toBe(0);
  const rows = await withDb(async (db) => ({
    offer: await db
      .selectFrom("course_waiting")
      .select(["state", "booking_id"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow(),
    bookings: await db
      .selectFrom("course_bookings")
      .select(["id", "status", "quantity"])
      .where("booker_email", "=", email)
      .execute(),
  }));
  expect(rows.bookings).toEqual([{ id: rows.offer.booking_id, status: "unconfirmed", quantity: 2 }]);
  expect(rows.offer.state).toBe("accepted");

  // The link is used: a page that says so (410).
  const used = await page.goto(`${site.baseURL}${path}`);
  expect(used?.status()).toBe(410);
  await expect(page.getByText("These places have already been booked from this link.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("an offer not taken in time lapses and its places pass to the next request that fits", async ({ page }) => {
  test.setTimeout(90_000);
  const session = "esg-risk-2027-04-london";
  await capacityTo(session, 0);
  const first = await joined(page, session, "Emmy", 1);
  const next = await joined(page, session, "Lise", 1);
  await capacityTo(session, 1);
  const start = Date.now();
  expect((await runJob(new Date(start))).offered).toHaveLength(1);
  const offer = await site.mailbox.waitForEmail(first, { subject: /^Places held for you/ });
  const path = linkIn(offer.text, "offer")!;

  // 48 hours later (the date is more than 14 days away), the job lapses it and offers the place to the next.
  const later = await runJob(new Date(start + 48 * HOUR + 60_000));
  expect(later.lapsed).toBe(1);
  expect(later.offered).toHaveLength(1);
  // Its e-mail is queued for the job's time (two days on): read from the outbox, not the mailbox.
  expect(
    await withDb((db) =>
      db.selectFrom("outbox").select("subject").where("to_address", "=", next).orderBy("created_at").execute(),
    ),
  ).toEqual([
    { subject: expect.stringMatching(/^Confirm the waiting list/) },
    { subject: expect.stringMatching(/^Places held for you/) },
  ]);
  expect(await left(session)).toBe(0);
  expect(
    await withDb((db) =>
      db
        .selectFrom("course_waiting")
        .select(["email", "state"])
        .where("session_key", "=", session)
        .orderBy("position")
        .execute(),
    ),
  ).toEqual([
    { email: first, state: "lapsed" },
    { email: next, state: "offered" },
  ]);

  const gone = await page.goto(`${site.baseURL}${path}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This offer is no longer open" })).toBeVisible();
  await expect(page.getByText("they have gone to the next person on the waiting list")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect((await page.goto(`${site.baseURL}/waiting/offer/${"x".repeat(43)}`))?.status()).toBe(404);
});

test("the team sees a date's waiting list in London time, moves a request and removes one @both-widths", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const session = "strategy-execution-2027-06-london";
  await capacityTo(session, 0);
  await joined(page, session, "Alan", 3);
  await joined(page, session, "Rosa", 3);
  await joined(page, session, "Kurt", 1);
  await capacityTo(session, 1);
  await runJob(new Date("2027-01-10T10:00:00Z"));
  await newStaffInBrowser(page, site, { email: uniqueEmail("team"), name: "Tess Team", role: "admin" });
  // The session's page counts the offer's held place apart from the free ones, and links to the list.
  await page.goto(`${site.baseURL}/admin/sessions/${session}`);
  await expect(page.getByText("1 held for the waiting list's offers, 0 free.")).toBeVisible();
  await page.getByRole("link", { name: "Waiting list (2 waiting)" }).click();
  const rows = page.getByRole("table", { name: "Requests on the waiting list" }).getByRole("row");
  await expect(rows.nth(1)).toContainText("Alan Ltd");
  await expect(rows.nth(1)).toContainText("Waiting");
  // Offered 10 January 2027, 10:00 GMT: held 48 hours, until 12 January, 10:00 London time.
  await expect(rows.nth(3)).toContainText("Offered until Tuesday, 12 January 2027 at 10:00 GMT");
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Move Alan down" }).click();
  await expect(page.getByText("Alan (Alan Ltd) moved down.")).toBeVisible();
  await page.getByRole("button", { name: "Remove Kurt" }).click();
  await expect(page.getByText("Kurt (Kurt Ltd) removed.")).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("Rosa Ltd");
  await expect(rows.nth(2)).toContainText("Alan Ltd");
  expect(await axeViolations(page)).toEqual([]);
  // Kurt's held place went back to the date.
  expect(await left(session)).toBe(1);
});
