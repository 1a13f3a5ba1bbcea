/**
 * The booking form behind the one form guard (issue 37, ADR 059), on a site
 * of its own with a tight booking limit (3 per address) and the bot timer on
 * (3 s), behind one trusted proxy (each client's address from
 * X-Forwarded-For):
 * - a junk flood from many addresses never refuses a real booker: each
 *   address has its own count (before, every post shared one key, and a few
 *   junk posts refused every booker in the world);
 * - one address is still refused over its limit, and its bookings and its
 *   enquiries are counted apart;
 * - a booking refused as a bot's (honeypot, too fast) is kept in the spam
 *   folder, where the team sees it (for review: it cannot be released).
 */
import { bookingFormFields } from "../support/booking-form.ts";
import { contactEnquiry } from "../support/enquiry.ts";
import { courseBookingsOf } from "../../harness/order-rows.ts";
import { postJson, rawRequest, type SiteServer } from "../../harness/servers.ts";
import { escapeHtml, newStaffClient } from "../support/staff.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

test.describe.configure({ mode: "default" });

let site: SiteServer;

const LIMIT = 3;

test.beforeAll(async ({ launcher }) => {
  test.setTimeout(60_000);
  site = await launcher.site({
    name: "booking-guard",
    env: {
      BOOKING_RATE_LIMIT_MAX: String(LIMIT),
      BOOKING_RATE_LIMIT_WINDOW_SECONDS: "600",
      RATE_LIMIT_MAX: String(LIMIT),
      FORM_MIN_FILL_SECONDS: "3",
      TRUST_PROXY_HOPS: "1",
      MAIL_RETRY_MAX_SECONDS: "2",
    },
  });
});

test.afterAll(({ launcher }) => launcher.stopAll());

let clients = 0;
/** A client address of its own, as the trusted proxy passes it on. */
const newClient = () => {
  clients += 1;
  return `203.0.113.${clients}`;
};

const course = "corporate-finance";
const session = "corporate-finance-2027-04-online";

const realBooking = bookingFormFields;

const book = (address: string, fields: Record<string, string>) =>
  rawRequest(site.baseURL, {
    method: "POST",
    path: `/courses/${course}/book/${session}`,
    headers: { "content-type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
    body: new URLSearchParams(fields).toString(),
  });

test("the booking page sends the guard's fields: the honeypot and when the form was shown", async () => {
  const page = await rawRequest(site.baseURL, { path: `/courses/${course}/book/${session}` });
  expect(page.status).toBe(200);
  // The page's one post form (the other, "Update places", is a GET form of one field).
  const form = page.text.slice(page.text.indexOf('method="post"'));
  expect(form.length).toBeLessThan(page.text.length);
  expect(form).toMatch(/<input(?=[^>]*name="website")(?=[^>]*tabindex="-1")[^>]*>/i);
  expect(form).toMatch(/<input(?=[^>]*type="hidden")(?=[^>]*name="formStartedAt")[^>]*>/);
});

test("a junk flood from many addresses refuses no real booker", async () => {
  // 30 junk posts, each from an address of its own (10 times the limit): what
  // a visitor with many addresses, or many visitors, send.
  const junk = await Promise.all(
    Array.from({ length: 30 }, (_, i) => book(newClient(), { places: "1", bookerName: `junk ${i}` })),
  );
  // Then real bookers, each from a fresh address.
  const bookers = Array.from({ length: 5 }, (_, i) => uniqueEmail(`real-booker-${i}`));
  const answers = [];
  for (const email of bookers) answers.push(await book(newClient(), realBooking(email)));
  const refused = answers.filter((r) => r.status >= 400);
  test.info().annotations.push({
    type: "junk flood",
    description: `30 junk posts from 30 addresses (limit ${LIMIT} per address), then real bookers refused: ${refused.length} of ${bookers.length}`,
  });
  expect(refused.map((r) => r.status)).toEqual([]);
  // Each junk post was refused for what it is (invalid), none for the limit.
  expect(junk.map((r) => r.status)).toEqual(Array<number>(30).fill(400));
  for (const email of bookers) {
    expect(courseBookingsOf(site.dataDir, email)).toHaveLength(1);
  }
});

test("one address is refused over its limit; its bookings and its enquiries are counted apart", async () => {
  const address = newClient();
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i++) statuses.push((await book(address, { places: "1", bookerName: "junk" })).status);
  expect(statuses).toEqual([400, 400, 400, 429]);
  const refused = await book(address, realBooking(uniqueEmail("over-limit")));
  expect(refused.status).toBe(429);
  expect(refused.text).toContain(escapeHtml("Too many submissions from your network"));

  // Its enquiries have their own count: the bookings used none of it.
  const enquiry = await postJson(
    site.baseURL,
    "/api/contact",
    contactEnquiry(uniqueEmail("enquirer"), { formStartedAt: Date.now() - 5_000 }),
    { "X-Forwarded-For": address },
  );
  expect(enquiry.status).toBe(200);
  // And another address in the same IPv4 /24 books: an IPv4 address is counted alone.
  expect((await book(newClient(), realBooking(uniqueEmail("neighbour")))).status).toBeLessThan(400);
});

test("a booking refused as a bot's is kept in the spam folder, for review only", async () => {
  const honeypot = uniqueEmail("honeypot-booker");
  const hurried = uniqueEmail("hurried-booker");
  const caught = await book(newClient(), realBooking(honeypot, { website: "https://spam.example" }));
  expect(caught.status).toBe(400);
  const fast = await book(newClient(), realBooking(hurried, { formStartedAt: String(Date.now() - 500) }));
  expect(fast.status).toBe(400);
  expect(fast.text).toContain(escapeHtml("That was quicker than we expected"));
  // Neither booked anything.
  for (const email of [honeypot, hurried]) {
    expect(courseBookingsOf(site.dataDir, email)).toEqual([]);
  }

  // The team's view, signed in by session.
  const { client: staff } = await newStaffClient(site, {
    email: uniqueEmail("spam-reviewer"),
    name: "Spam Reviewer",
    role: "leads",
  });
  const spamFolder = async () => {
    const { response, html } = await staff.get("/admin/spam");
    expect(response.status).toBe(200);
    // React's text separators out, to read the page's text.
    return html.replaceAll("<!-- -->", "");
  };
  let html = await spamFolder();
  const entry = (address: string) => {
    const start = html.lastIndexOf("<li", html.indexOf(escapeHtml(address)));
    return html.slice(start, html.indexOf("</li>", start));
  };
  expect(entry(honeypot)).toContain("Course booking: Katherine Johnson");
  expect(entry(honeypot)).toContain("A hidden field was filled in");
  expect(entry(hurried)).toContain("Sent faster than a person could");
  expect(entry(honeypot)).toContain(`/courses/${course}/book/${session}`);
  // Review only: a refused booking held no places, and is not released.
  expect(entry(honeypot)).not.toContain("Release as a lead");
  expect(entry(honeypot)).toContain("Delete now");

  // A release posted anyway is refused, and the entry stays as it was.
  const entryId = /name="entry" value="([^"]+)"/.exec(entry(honeypot))![1]!;
  const release = await staff.post("/admin/spam", { entry: entryId, intent: "release" });
  expect(release.response.status).toBe(400);
  expect(release.html).toContain("A refused booking cannot be released");
  html = await spamFolder();
  expect(entry(honeypot)).toContain(`value="${entryId}"`);
});
