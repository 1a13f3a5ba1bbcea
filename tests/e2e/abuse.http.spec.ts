/**
 * Abuse protection on a server of its own with a tight rate limit (3 per
 * minute) and the bot timer on (3 s): rate limit, honeypot, fill timer,
 * duplicate submissions, oversized bodies, wrong methods, and the test flag
 * (honoured outside production only).
 *
 * Each check comes from its own client address (X-Forwarded-For, with
 * TRUST_PROXY_HOPS=1), so the checks do not share one rate-limit window.
 *
 * The limit across instances (ADR 012): with Redis unreachable each site
 * still starts, limits on its own and answers no 5xx. That sites on one
 * PostgreSQL schema or one Redis share one count per client is proven by
 * tests/e2e/scale-out.http.spec.ts (three instances behind nginx) and
 * tests/data/rate-limit.test.ts.
 */
import { resultMessages } from "../../app/forms/result.ts";
import { leadKindTexts } from "../../app/leads/kinds/index.ts";
import { freePort } from "../../harness/ports.ts";
import {
  type RawResponse,
  type SiteServer,
  type SmtpSink,
  postJson,
  rawRequest,
  sqliteCount,
  sqliteQuery,
  teamAddress,
} from "../../harness/servers.ts";
import type { Mailbox } from "../../harness/mail.ts";
import { contactEnquiry } from "../support/enquiry.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });

let server: SiteServer;
let production: SiteServer;
let sink: SmtpSink & { mailbox: Mailbox };

const protectedEnv = {
  RATE_LIMIT_MAX: "3",
  RATE_LIMIT_WINDOW_SECONDS: "60",
  FORM_MIN_FILL_SECONDS: "3",
  TRUST_PROXY_HOPS: "1",
  MAIL_RETRY_MAX_SECONDS: "2",
};

test.beforeAll(async ({ launcher }) => {
  test.setTimeout(60_000);
  sink = await launcher.smtp("abuse");
  [server, production] = await Promise.all([
    launcher.site({ name: "abuse", env: { ...protectedEnv, SMTP_URL: `smtp://127.0.0.1:${sink.port}` } }),
    launcher.site({ name: "abuse-production", env: { ...protectedEnv, APP_ENV: "production" } }),
  ]);
});

test.afterAll(({ launcher }) => launcher.stopAll());

/** Resolves once every e-mail queued for this lead has been handed to the SMTP server: no more will come. */
const outboxDrained = (leadId: unknown) =>
  expect
    .poll(() => sqliteCount(server.dataDir, "outbox", "lead_id = ? AND sent_at IS NULL", [leadId]), { timeout: 15_000 })
    .toBe(0);

let clients = 0;
/** A client address of its own (a fresh rate-limit window). */
const newClient = () => ({ "X-Forwarded-For": `198.51.100.${++clients}` });

function enquiry(email: string, extra: Record<string, unknown> = {}) {
  // Shown five seconds ago: slower than the 3 s bot timer.
  return contactEnquiry(email, { formStartedAt: Date.now() - 5000, ...extra });
}

const stored = (email: string, base = server) => sqliteCount(base.dataDir, "contact_enquiries", "email = ?", [email]);
const subscribed = (email: string) => sqliteCount(server.dataDir, "newsletter_subscriptions", "email = ?", [email]);

/** The enquiry from `email` was refused with `status` and the JSON API's failure `message`, and is not stored. */
function expectEnquiryRefused(res: RawResponse, status: number, message: unknown, email: string): void {
  expect(res.status).toBe(status);
  expect(res.json).toMatchObject({ success: false, message });
  expect(stored(email)).toBe(0);
}

/**
 * The address's enquiry is stored once with its two e-mails queued, and once they are
 * handed over the visitor and the team have one each.
 */
async function expectOneLeadWithItsEmails(email: string): Promise<void> {
  expect(stored(email)).toBe(1);
  const [lead] = sqliteQuery(server.dataDir, "SELECT id FROM contact_enquiries WHERE email = ?", [email]);
  expect(sqliteCount(server.dataDir, "outbox", "lead_id = ?", [lead!.id])).toBe(2);
  const teamAbout = async () => (await sink.mailbox.to(teamAddress)).filter((m) => m.text.includes(email));
  // Every e-mail queued for the lead handed over: the mailbox holds all there will be.
  await outboxDrained(lead!.id);
  expect(await sink.mailbox.to(email)).toHaveLength(1);
  expect(await teamAbout()).toHaveLength(1);
}

test("the 4th submission from one client within the window gets 429 with a clear message, and is not stored", async () => {
  const client = newClient();
  const emails = [1, 2, 3, 4].map((n) => uniqueEmail(`rate-${n}`));
  for (const email of emails.slice(0, 3)) {
    const res = await postJson(server.baseURL, "/api/contact", enquiry(email), client);
    expect(res.status, res.text).toBe(200);
    expect(stored(email)).toBe(1);
  }
  const fourth = await postJson(server.baseURL, "/api/contact", enquiry(emails[3]!), client);
  expectEnquiryRefused(fourth, 429, resultMessages.rateLimited, emails[3]!);
  expect(resultMessages.rateLimited).toMatch(/too many submissions/i);

  // The limit is per form submission, not per endpoint: the newsletter is refused too.
  const newsletterEmail = uniqueEmail("rate-news");
  const newsletter = await postJson(server.baseURL, "/api/newsletter-signup", { email: newsletterEmail }, client);
  expect(newsletter.status).toBe(429);
  expect(subscribed(newsletterEmail)).toBe(0);

  // Another client is not affected.
  const other = uniqueEmail("rate-other");
  expect((await postJson(server.baseURL, "/api/contact", enquiry(other), newClient())).status).toBe(200);
});

test("a filled honeypot is refused with 400 and nothing is stored", async () => {
  const email = uniqueEmail("honeypot");
  const res = await postJson(
    server.baseURL,
    "/api/contact",
    enquiry(email, { website: "https://spam.example" }),
    newClient(),
  );
  expectEnquiryRefused(res, 400, resultMessages.rejected, email);
  const newsletterEmail = uniqueEmail("honeypot-news");
  const news = await postJson(
    server.baseURL,
    "/api/newsletter-signup",
    { email: newsletterEmail, website: "x" },
    newClient(),
  );
  expect(news.status).toBe(400);
  expect(subscribed(newsletterEmail)).toBe(0);
  // Nothing queued, so nothing will ever be sent.
  expect(sqliteCount(server.dataDir, "outbox", "to_address IN (?, ?)", [email, newsletterEmail])).toBe(0);
  expect(await sink.mailbox.to(email)).toHaveLength(0);
});

test("a form sent as soon as it was shown is refused with the tooFast message; one shown 5 s ago is accepted", async () => {
  const client = newClient();
  const fast = uniqueEmail("fast");
  const res = await postJson(server.baseURL, "/api/contact", enquiry(fast, { formStartedAt: Date.now() }), client);
  expectEnquiryRefused(res, 400, resultMessages.tooFast, fast);

  const slow = uniqueEmail("slow");
  const ok = await postJson(
    server.baseURL,
    "/api/contact",
    enquiry(slow, { formStartedAt: Date.now() - 5000 }),
    client,
  );
  expect(ok.status, ok.text).toBe(200);
  expect(ok.json).toMatchObject({ success: true, message: leadKindTexts.contact.successMessage });
  expect(stored(slow)).toBe(1);
});

test("the same submission twice: both answered 200, one row, one set of e-mails", async () => {
  const client = newClient();
  const email = uniqueEmail("twice");
  const body = enquiry(email);
  const first = await postJson(server.baseURL, "/api/contact", body, client);
  const second = await postJson(server.baseURL, "/api/contact", body, client);
  expect(first.status, first.text).toBe(200);
  expect(second.status, second.text).toBe(200);
  expect(second.json).toEqual(first.json);
  await expectOneLeadWithItsEmails(email);
});

test("the same submission from 8 clients at once: all answered 200, one row, one set of e-mails", async () => {
  const email = uniqueEmail("burst");
  const body = enquiry(email);
  const answers = await Promise.all(
    Array.from({ length: 8 }, () => postJson(server.baseURL, "/api/contact", body, newClient())),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  expect(sqliteCount(server.dataDir, "outbox", "to_address = ?", [email])).toBe(1);
  await expectOneLeadWithItsEmails(email);
});

test("a body over 32 KB gets 413, and nothing is stored", async () => {
  const email = uniqueEmail("huge");
  const body = JSON.stringify(enquiry(email, { message: `Hello there. ${"x".repeat(33 * 1024)}` }));
  expect(Buffer.byteLength(body)).toBeGreaterThan(32 * 1024);
  const res = await rawRequest(server.baseURL, {
    method: "POST",
    path: "/api/contact",
    headers: { "Content-Type": "application/json", ...newClient() },
    body,
  });
  expectEnquiryRefused(res, 413, expect.any(String), email);

  // A declared length over the limit is refused before the body is read.
  const declared = await rawRequest(server.baseURL, {
    method: "POST",
    path: "/api/newsletter-signup",
    headers: { "Content-Type": "application/json", "Content-Length": String(64 * 1024), ...newClient() },
    body: "",
  }).catch((error: Error) => ({ status: -1, text: error.message, json: null }));
  expect(declared.status, declared.text).toBe(413);
});

test("GET on a POST endpoint gets 405 with Allow: POST", async () => {
  for (const path of [
    "/api/contact",
    "/api/newsletter-signup",
    "/api/webhook/guide-request",
    "/api/resource-download",
    "/api/webinar-registration",
  ]) {
    const res = await rawRequest(server.baseURL, { path });
    expect(res.status, path).toBe(405);
    expect(res.headers.allow, path).toBe("POST");
    expect(res.json, path).toMatchObject({ success: false, message: expect.any(String) });
  }
});

test("X-Test-Submission: true marks the lead as a test with APP_ENV=test, and is ignored with APP_ENV=production", async () => {
  const onTest = uniqueEmail("flag-test");
  const res = await postJson(server.baseURL, "/api/contact", enquiry(onTest), {
    ...newClient(),
    "X-Test-Submission": "true",
  });
  expect(res.status, res.text).toBe(200);
  expect(sqliteQuery(server.dataDir, "SELECT is_test FROM contact_enquiries WHERE email = ?", [onTest])).toEqual([
    { is_test: 1 },
  ]);
  const plain = uniqueEmail("flag-none");
  expect((await postJson(server.baseURL, "/api/contact", enquiry(plain), newClient())).status).toBe(200);
  expect(sqliteQuery(server.dataDir, "SELECT is_test FROM contact_enquiries WHERE email = ?", [plain])).toEqual([
    { is_test: 0 },
  ]);

  const onProduction = uniqueEmail("flag-prod");
  const prod = await postJson(production.baseURL, "/api/contact", enquiry(onProduction), {
    ...newClient(),
    "X-Test-Submission": "true",
  });
  expect(prod.status, prod.text).toBe(200);
  expect(
    sqliteQuery(production.dataDir, "SELECT is_test FROM contact_enquiries WHERE email = ?", [onProduction]),
  ).toEqual([{ is_test: 0 }]);
});

test.describe("the limit across instances", () => {
  /** Submissions from one client, in turn on each site (as a load balancer would send them). */
  async function statusesInTurn(sites: SiteServer[], count: number) {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await postJson(
        sites[i % sites.length]!.baseURL,
        "/api/contact",
        enquiry(uniqueEmail(`turn-${i}`)),
        client,
      );
      statuses.push(res.status);
    }
    return statuses;
  }

  test("Redis unreachable: each site still limits on its own, answers no 5xx, and logs one warning", async ({
    servers,
  }) => {
    test.setTimeout(60_000);
    const env = { ...protectedEnv, REDIS_URL: `redis://127.0.0.1:${await freePort()}` };
    const sites = await Promise.all([
      servers.site({ name: "limit-down-a", env }),
      servers.site({ name: "limit-down-b", env }),
    ]);
    // In turn: each site counts its own 3, so 6 pass, then both refuse.
    expect(await statusesInTurn(sites, 8)).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    for (const site of sites) {
      const warnings = site
        .output()
        .split("\n")
        .filter((line) => line.includes("shared rate-limit store failed"));
      expect(warnings, site.output()).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({
        level: 40,
        store: expect.stringMatching(/^Redis at 127\.0\.0\.1:\d+$/),
      });
    }
  });
});
