/**
 * The waiting list's form behind the public forms' guard (ADR 059, 083), on
 * a site of its own with a tight booking limit (2 per address), the bot
 * timer on (3 s) and one trusted proxy: each visitor's address is counted
 * apart (one over its limit is refused with a 429, another is not); a post
 * refused as a bot's stores nothing and writes to no one; bad input is a
 * 400, never a 5xx.
 */
import { openDatabase } from "../../app/data/db.server.ts";
import { setCapacity } from "../../app/orders/course-booking/places.server.ts";
import { rawRequest, type SiteServer } from "../../harness/servers.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

test.describe.configure({ mode: "default" });

let site: SiteServer;
const session = "corporate-finance-2027-04-online";
const path = `/courses/corporate-finance/book/${session}`;

test.beforeAll(async ({ launcher }) => {
  test.setTimeout(60_000);
  site = await launcher.site({
    name: "waiting-list-guard",
    env: {
      BOOKING_RATE_LIMIT_MAX: "2",
      BOOKING_RATE_LIMIT_WINDOW_SECONDS: "600",
      FORM_MIN_FILL_SECONDS: "3",
      TRUST_PROXY_HOPS: "1",
    },
  });
  // The date is full: its capacity is what is taken (none).
  const handle = await openDatabase({ dataDir: site.dataDir });
  try {
    expect(await setCapacity(handle.db, session, 0, new Date())).toEqual({ ok: true });
  } finally {
    await handle.close();
  }
});

test.afterAll(({ launcher }) => launcher.stopAll());

const request = (email: string, over: Record<string, string> = {}) => ({
  intent: "waiting-list",
  waitingName: "Mary Somerville",
  waitingEmail: email,
  waitingOrganisation: "Orbit Ltd",
  waitingPlaces: "1",
  website: "",
  formStartedAt: String(Date.now() - 5_000),
  ...over,
});

const post = (address: string, body: string) =>
  rawRequest(site.baseURL, {
    method: "POST",
    path,
    headers: { "content-type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
    body,
  });
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function storedFor(email: string) {
  const handle = await openDatabase({ dataDir: site.dataDir });
  try {
    return {
      requests: await handle.db.selectFrom("course_waiting").select("state").where("email", "=", email).execute(),
      emails: await handle.db.selectFrom("outbox").select("subject").where("to_address", "=", email).execute(),
    };
  } finally {
    await handle.close();
  }
}

test("a bot's post (the honeypot, or too fast) stores nothing and e-mails no one; bad input is a 400", async () => {
  const honeypot = uniqueEmail("honeypot");
  expect((await post("203.0.113.10", form(request(honeypot, { website: "http://spam.example" })))).status).toBe(400);
  const fast = uniqueEmail("fast");
  expect((await post("203.0.113.11", form(request(fast, { formStartedAt: String(Date.now()) })))).status).toBe(400);
  for (const email of [honeypot, fast]) expect(await storedFor(email)).toEqual({ requests: [], emails: [] });
  expect((await post("203.0.113.12", form(request(uniqueEmail("bad"), { waitingPlaces: "11" })))).status).toBe(400);
  expect((await post("203.0.113.13", `intent=waiting-list&waitingName=%00`)).status).toBe(400);
});

test("each visitor's address is counted apart: one over its limit gets a 429, the next visitor does not", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++)
    statuses.push((await post("203.0.113.20", form(request(uniqueEmail(`one-${i}`))))).status);
  expect(statuses).toEqual([200, 200, 429]);
  const other = uniqueEmail("other");
  expect((await post("203.0.113.21", form(request(other)))).status).toBe(200);
  expect(await storedFor(other)).toEqual({
    requests: [{ state: "unconfirmed" }],
    emails: [{ subject: expect.stringMatching(/^Confirm the waiting list/) }],
  });
});
