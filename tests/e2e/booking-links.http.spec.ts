/**
 * Booking links expire (issue 37, ADR 063), over HTTP on a site of its own
 * with a real SMTP server: a booking made and confirmed by invoice from the
 * booker's inbox, then aged behind the site's back (the session ended and
 * the link made long ago): its link answers 410 "This booking link has
 * expired"; "Send me a new link" e-mails a new one to the booker's address
 * only (the answer never carries it); the new link opens the booking, the
 * old one is a 404; another ask within 15 minutes is a 429 with
 * Retry-After. The 410 page passes axe at desktop and phone widths.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { devices } from "@playwright/test";
import type { Mailbox } from "../../harness/mail.ts";
import { bookingFormFields } from "../support/booking-form.ts";
import { courseBookingsOf, setCourseBookingSessionEnd, setCourseBookingStatus } from "../../harness/order-rows.ts";
import { rawRequest, sqliteQuery, sqliteWrite, type SiteServer } from "../../harness/servers.ts";
import { axeViolations, expect, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer & { mailbox: Mailbox };

test.beforeAll(async ({ launcher }) => {
  test.setTimeout(60_000);
  site = await launcher.siteWithMail({
    name: "booking-links",
    env: {
      RATE_LIMIT_MAX: "100000",
      BOOKING_RATE_LIMIT_MAX: "100000",
      FORM_MIN_FILL_SECONDS: "0",
      MAIL_RETRY_MAX_SECONDS: "2",
      BOOKING_LINK_DAYS_AFTER_COURSE: "30",
    },
  });
});

test.afterAll(({ launcher }) => launcher.stopAll());

const tokenIn = (text: string) => /\/booking\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const post = (path: string, fields: Record<string, string>) =>
  rawRequest(site.baseURL, {
    method: "POST",
    path,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: site.baseURL },
    body: new URLSearchParams(fields).toString(),
  });
const get = (path: string) => rawRequest(site.baseURL, { path });

/** A booking of one place by invoice, confirmed from the booker's inbox; its id and link. */
async function confirmedBooking(email: string) {
  const booked = await post(
    "/courses/corporate-finance/book/corporate-finance-2027-04-online",
    bookingFormFields(email),
  );
  expect(booked.status).toBeLessThan(400);
  const request = await site.mailbox.waitForEmail(email, { subject: /Please confirm your booking/ });
  const token = tokenIn(request.text)!;
  expect(token).toBeTruthy();
  const confirmed = await post(`/booking/${token}`, { intent: "confirm" });
  expect(confirmed.status).toBe(303);
  const [row] = courseBookingsOf(site.dataDir, email);
  return { id: String(row!.id), reference: String(row!.reference), token };
}

/** Time passes: the session ended 31 days ago and every link to the booking was made before it. */
function age(bookingId: string) {
  const ended = new Date(Date.now() - 31 * 86_400_000).toISOString();
  setCourseBookingSessionEnd(site.dataDir, bookingId, ended);
  sqliteWrite(site.dataDir, "UPDATE course_booking_links SET created_at = ? WHERE booking_id = ?", [ended, bookingId]);
}

test("an expired link answers 410; a new link goes to the booker alone, works, and revokes the old one; resends are limited", async () => {
  const email = uniqueEmail("links");
  const { id, reference, token } = await confirmedBooking(email);
  expect((await get(`/booking/${token}`)).status).toBe(200);
  age(id);

  const expired = await get(`/booking/${token}`);
  expect(expired.status).toBe(410);
  expect(expired.text).toContain("This booking link has expired");
  expect(expired.text).toContain("Send me a new link");
  expect(expired.text).not.toContain(reference);
  expect(expired.text).not.toContain("Orbital Ltd");
  expect(expired.headers["cache-control"]).toBe("no-store");
  expect((await get(`/booking/${token}/pay`)).status).toBe(404);

  const asked = await post(`/booking/${token}`, { intent: "new-link" });
  expect(asked.status).toBe(202);
  expect(asked.text).toContain("a new link is on its way");
  expect(asked.text).toContain("This booking link has expired");
  expect(asked.text).not.toContain("Page Not Found");
  const message = await site.mailbox.waitForEmail(email, { subject: /^A new link to your booking/ });
  const fresh = tokenIn(message.text)!;
  expect(fresh).toBeTruthy();
  expect(fresh).not.toBe(token);
  // Never shown to whoever asked; written to the booker's address only.
  expect(asked.text).not.toContain(fresh);
  const outbox = sqliteQuery(site.dataDir, "SELECT to_address, text_body FROM outbox WHERE lead_id = ?", [id]);
  const newLinkMails = outbox.filter((m) => String(m.text_body).includes("A new link to this booking"));
  expect(newLinkMails.map((m) => m.to_address)).toEqual([email]);
  expect(JSON.stringify(outbox)).not.toContain(fresh);

  const opened = await get(`/booking/${fresh}`);
  expect(opened.status).toBe(200);
  expect(opened.text).toContain(reference);
  expect((await get(`/booking/${token}`)).status).toBe(404);
  expect((await post(`/booking/${token}`, { intent: "new-link" })).status).toBe(404);

  // Another expired link to the same booking (made behind the site's back): asked again within 15 minutes, 429.
  const other = randomBytes(32).toString("base64url");
  sqliteWrite(
    site.dataDir,
    "INSERT INTO course_booking_links (id, token_hash, booking_id, created_at) VALUES (?, ?, ?, ?)",
    [randomUUID(), createHash("sha256").update(other).digest("hex"), id, "2020-01-01T00:00:00.000Z"],
  );
  expect((await get(`/booking/${other}`)).status).toBe(410);
  const limited = await post(`/booking/${other}`, { intent: "new-link" });
  expect(limited.status).toBe(429);
  expect(limited.text).toContain("A new link was sent to the booking&#x27;s e-mail address a short while ago");
  expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
  expect((await get(`/booking/${fresh}`)).status).toBe(200);
});

test("the expired link's page passes axe at desktop and phone widths", async ({ browser }) => {
  const { id, token } = await confirmedBooking(uniqueEmail("links-axe"));
  age(id);
  for (const device of [devices["Desktop Chrome"], devices["Pixel 7"]]) {
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = device;
    const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${site.baseURL}/booking/${token}`);
      expect(response?.status()).toBe(410);
      await expect(page.getByRole("heading", { level: 1, name: "This booking link has expired" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Send me a new link" })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }
  // The button, in the browser: the page says the link is on its way and shows none.
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${site.baseURL}/booking/${token}`);
    await page.getByRole("button", { name: "Send me a new link" }).click();
    await expect(page.getByText("a new link is on its way")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send me a new link" })).toHaveCount(0);
    expect(await page.content()).not.toMatch(/\/booking\/(?!${token})[A-Za-z0-9_-]{43}/);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a booking whose places went back says why, and links to the course to book again", async () => {
  const email = uniqueEmail("released");
  const booked = await post(
    "/courses/corporate-finance/book/corporate-finance-2027-04-online",
    bookingFormFields(email),
  );
  expect(booked.status).toBeLessThan(400);
  const token = tokenIn((await site.mailbox.waitForEmail(email, { subject: /Please confirm your booking/ })).text)!;
  const [row] = courseBookingsOf(site.dataDir, email);
  // The state the lapse job leaves (its lifecycle: tests/data/course-booking-confirmation.test.ts,
  // and the card hold's: tests/data/course-bookings.test.ts), written behind the site's back.
  const shows = async (status: string) => {
    setCourseBookingStatus(site.dataDir, String(row!.id), status);
    const page = await get(`/booking/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/courses/corporate-finance">Book again</a>');
    return page.text;
  };
  expect(await shows("lapsed")).toContain("The booking was not confirmed in time, so the places were released");
  expect(await shows("expired")).toContain("The payment was not completed in time, so the places were released");
});
