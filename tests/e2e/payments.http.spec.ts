/**
 * The paid consultation, server side, against the real `stripe` library
 * pointed at a Stripe-shaped test server (harness/fake-stripe.ts),
 * with webhooks signed by the library's own test-header helper:
 * amount computed on the server, bad quantities refused, a double request
 * making one PaymentIntent, a paid booking and its e-mails, replayed and
 * forged webhooks, the return page, the keyless default and the CSP.
 */
import Stripe from "stripe";
import type { FakeStripe } from "../../harness/fake-stripe.ts";
import type { Mailbox } from "../../harness/mail.ts";
import { consultationOfPayment, consultationsOf } from "../../harness/order-rows.ts";
import { pollUntil, postJson, rawRequest, sqliteQuery, type SiteServer } from "../../harness/servers.ts";
import { expect, test } from "./fixtures.ts";

const keys = { secret: "sk_test_http_spec", publishable: "pk_test_http_spec", webhook: "whsec_http_spec_secret" };

let fake: FakeStripe;
let site: SiteServer;
let keyless: SiteServer;
let mail: Mailbox;

// One worker runs this file in order; a failure does not skip the rest.
test.describe.configure({ mode: "default" });

test.beforeAll(async ({ launcher }) => {
  test.setTimeout(90_000);
  fake = await launcher.stripe({ webhookSecret: keys.webhook });
  const smtp = await launcher.smtp("payments");
  mail = smtp.mailbox;
  [site, keyless] = await Promise.all([
    launcher.site({
      name: "payments",
      env: {
        STRIPE_SECRET_KEY: keys.secret,
        STRIPE_PUBLISHABLE_KEY: keys.publishable,
        STRIPE_WEBHOOK_SECRET: keys.webhook,
        STRIPE_API_URL: fake.url,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        TEAM_EMAIL: "team@example.test",
        RATE_LIMIT_MAX: "100000",
        MAIL_RETRY_MAX_SECONDS: "2",
      },
    }),
    launcher.site({ name: "payments-keyless" }),
  ]);
  fake.setWebhookUrl(`${site.baseURL}/api/webhook/stripe`);
});

test.afterAll(({ launcher }) => launcher.stopAll());

const body = (over: Record<string, unknown> = {}) => ({
  amount: 9000,
  customerName: "Dana Whitfield",
  customerEmail: `dana-${Math.random().toString(36).slice(2, 8)}@example.test`,
  quantity: 2,
  ...over,
});
const create = (b: Record<string, unknown>, base = site.baseURL) =>
  postJson(base, "/api/create-consultation-payment", b);
const bookingOf = (paymentIntentId: string) => consultationOfPayment(site.dataDir, paymentIntentId);

test("the amount is computed on the server: 2 participants are £9,000 = 900000 pence in GBP, stored pending first", async () => {
  const b = body();
  const r = await create(b);
  expect(r.status).toBe(200);
  const json = r.json as { success: boolean; clientSecret: string; paymentIntentId: string };
  expect(json.success).toBe(true);
  const pi = fake.intents.get(json.paymentIntentId)!;
  expect(json.clientSecret).toBe(pi.client_secret);
  expect(pi).toMatchObject({ amount: 900000, currency: "gbp", receipt_email: b.customerEmail });
  const row = bookingOf(pi.id);
  expect(row).toMatchObject({ status: "pending", amount_pence: 900000, quantity: 2, customer_email: b.customerEmail });
  expect(pi.metadata.booking_id).toBe(row!.id);
  // The order's kind and id (ADR 068), beside the key the release before read.
  expect(pi.metadata).toMatchObject({ order_kind: "consultation", order_id: row!.id });
});

test("a tampered amount is refused with a clear message and creates nothing", async () => {
  const before = fake.stats.createRequests;
  const r = await create(body({ amount: 1 }));
  expect(r.status).toBe(400);
  expect(r.json).toMatchObject({ success: false, message: expect.stringMatching(/amount does not match/) });
  expect(fake.stats.createRequests).toBe(before);
});

for (const quantity of [0, 13, 2.5, "two", null, -1]) {
  test(`quantity ${JSON.stringify(quantity)} is refused`, async () => {
    const r = await create(body({ quantity, amount: undefined }));
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, message: "Participants must be a whole number from 1 to 12." });
  });
}

test("name and e-mail are required (the spec's message); malformed JSON and wrong types get 4xx", async () => {
  expect((await create(body({ customerName: "" }))).json).toMatchObject({
    message: "Please provide your name and email address",
  });
  expect((await create(body({ customerEmail: "nope" }))).status).toBe(400);
  const raw = await rawRequest(site.baseURL, {
    method: "POST",
    path: "/api/create-consultation-payment",
    headers: { "content-type": "application/json" },
    body: "{not json",
  });
  expect(raw.status).toBe(400);
  const get = await rawRequest(site.baseURL, { path: "/api/create-consultation-payment" });
  expect(get.status).toBe(405);
});

test("a double click (the same request twice at once) creates one booking and one PaymentIntent", async () => {
  const b = body({ quantity: 3, amount: 13500 });
  const created = fake.stats.created;
  const [r1, r2] = await Promise.all([create(b), create(b)]);
  expect([r1.status, r2.status]).toEqual([200, 200]);
  const ids = [r1.json, r2.json].map((j) => (j as { paymentIntentId: string }).paymentIntentId);
  expect(ids[0]).toBe(ids[1]);
  expect(fake.stats.created).toBe(created + 1);
  expect(consultationsOf(site.dataDir, b.customerEmail)).toHaveLength(1);
});

test("the test payment is £1.00 (100 pence) in test mode", async () => {
  const r = await create({ amount: 1, customerName: "Tess Ting", customerEmail: "tess@example.test", test: true });
  expect(r.status).toBe(200);
  const pi = fake.intents.get((r.json as { paymentIntentId: string }).paymentIntentId)!;
  expect(pi.amount).toBe(100);
  expect(bookingOf(pi.id)).toMatchObject({ is_test: 1, quantity: null });
});

test("payment succeeds: the webhook marks the booking paid once, and the customer and team get their e-mails", async () => {
  const b = body({ quantity: 1, amount: 4500 });
  const r = await create(b);
  const piId = (r.json as { paymentIntentId: string }).paymentIntentId;
  // What Stripe.js does in the browser: confirm with the publishable key.
  const confirm = await fetch(`${fake.url}/v1/payment_intents/${piId}/confirm`, {
    method: "POST",
    headers: { Authorization: `Bearer ${keys.publishable}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ payment_method: "pm_card_visa", client_secret: fake.intents.get(piId)!.client_secret }),
  });
  expect(confirm.status).toBe(200);
  await pollUntil(() => bookingOf(piId)?.status === "paid", 10_000);
  const paid = bookingOf(piId)!;
  expect(paid.paid_at).toBeTruthy();

  const emails =
    (await pollUntil(async () => {
      const all = (await mail.all()).filter(
        (e) => e.text.includes(b.customerEmail) || e.to.includes(b.customerEmail.toLowerCase()),
      );
      return all.length >= 2 ? all : null;
    }, 20_000)) ?? [];
  expect(emails).toHaveLength(2);
  const customer = emails.find((e) => e.to.includes(b.customerEmail.toLowerCase()))!;
  expect(customer.subject).toBe("Your consultation is booked");
  expect(customer.text).toContain("£4,500");
  expect(customer.text).toMatch(/within 24 hours/);
  const team = emails.find((e) => e.to.includes("team@example.test"))!;
  expect(team.subject).toMatch(/^Paid consultation: Dana Whitfield/);

  // Replayed: Stripe sends the same event again (and a new event for the same intent): nothing changes, no new e-mail.
  const replay = await fake.sendEvent("payment_intent.succeeded", fake.intents.get(piId)!);
  expect(replay).toBe(200);
  // The webhook answers once its work is stored: no new outbox row, and once every row is sent, no new e-mail.
  expect(sqliteQuery(site.dataDir, "SELECT count(*) AS n FROM outbox WHERE lead_id = ?", [paid.id])[0]!.n).toBe(2);
  const unsent = () =>
    sqliteQuery(site.dataDir, "SELECT count(*) AS n FROM outbox WHERE lead_id = ? AND sent_at IS NULL", [paid.id])[0]!
      .n;
  expect(await pollUntil(() => unsent() === 0, 10_000, 50)).toBe(true);
  const after = (await mail.all()).filter((e) => e.to.includes(b.customerEmail.toLowerCase()));
  expect(after).toHaveLength(1);

  // The return address now shows the success, read from Stripe.
  const page = await rawRequest(site.baseURL, {
    path: `/consultation-success?payment_intent=${piId}`,
  });
  expect(page.text).toContain("Payment Successful!");
});

test("the very same event delivered twice is handled once", async () => {
  const b = body({ quantity: 1, amount: 4500 });
  const piId = ((await create(b)).json as { paymentIntentId: string }).paymentIntentId;
  const pi = { ...fake.intents.get(piId)!, status: "succeeded" as const };
  const payload = JSON.stringify({
    id: "evt_same_twice_" + piId,
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: pi },
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  });
  const header = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret: keys.webhook });
  const post = () =>
    rawRequest(site.baseURL, {
      method: "POST",
      path: "/api/webhook/stripe",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
    });
  expect((await post()).status).toBe(200);
  const second = await post();
  expect(second.status).toBe(200);
  expect(second.text).toBe("Already handled.");
  const row = bookingOf(piId)!;
  expect(row.status).toBe("paid");
  expect(sqliteQuery(site.dataDir, "SELECT count(*) AS n FROM outbox WHERE lead_id = ?", [row.id])[0]!.n).toBe(2);
});

test("forged, unsigned and stale webhooks are refused and change nothing", async () => {
  const b = body({ quantity: 1, amount: 4500 });
  const piId = ((await create(b)).json as { paymentIntentId: string }).paymentIntentId;
  const pi = { ...fake.intents.get(piId)!, status: "succeeded" as const };
  const event = (id: string) =>
    JSON.stringify({
      id,
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: pi },
      created: 1,
      livemode: false,
    });
  const signer = new Stripe("sk_test_x").webhooks;
  const post = (payload: string, signature?: string) =>
    rawRequest(site.baseURL, {
      method: "POST",
      path: "/api/webhook/stripe",
      headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
      body: payload,
    });
  expect((await post(event("evt_unsigned"))).status).toBe(400);
  const forged = signer.generateTestHeaderString({ payload: event("evt_forged"), secret: "whsec_someone_else" });
  expect((await post(event("evt_forged"), forged)).status).toBe(400);
  const stale = signer.generateTestHeaderString({
    payload: event("evt_stale"),
    secret: keys.webhook,
    timestamp: Math.floor(Date.now() / 1000) - 3600,
  });
  expect((await post(event("evt_stale"), stale)).status).toBe(400);
  // Signed for one body, sent with another.
  const signed = signer.generateTestHeaderString({ payload: event("evt_a"), secret: keys.webhook });
  expect((await post(event("evt_b"), signed)).status).toBe(400);
  expect(bookingOf(piId)!.status).toBe("pending");
});

test("a declined payment is recorded as failed with the provider's message", async () => {
  const piId = ((await create(body({ quantity: 1, amount: 4500 }))).json as { paymentIntentId: string })
    .paymentIntentId;
  const r = await fetch(`${fake.url}/v1/payment_intents/${piId}/confirm`, {
    method: "POST",
    headers: { Authorization: `Bearer ${keys.publishable}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      payment_method: "pm_card_chargeDeclined",
      client_secret: fake.intents.get(piId)!.client_secret,
    }),
  });
  expect(r.status).toBe(402);
  await pollUntil(() => bookingOf(piId)?.status === "failed", 10_000);
  expect(bookingOf(piId)!.failure_message).toBe("Your card was declined.");
});

test("the return page shows success only for a payment Stripe says succeeded", async () => {
  const page = (query: string) => rawRequest(site.baseURL, { path: `/consultation-success${query}` });
  for (const q of ["", "?payment_intent=pi_doesnotexist", "?payment_intent=%3Cscript%3E"]) {
    const r = await page(q);
    expect(r.status).toBe(200);
    expect(r.text).not.toContain("Payment Successful!");
  }
  const piId = ((await create(body({ quantity: 1, amount: 4500 }))).json as { paymentIntentId: string })
    .paymentIntentId;
  expect((await page(`?payment_intent=${piId}`)).text).not.toContain("Payment Successful!");
});

test("without Stripe keys the payment page renders and the API answers 503 pointing to the contact page", async () => {
  const page = await rawRequest(keyless.baseURL, { path: "/consultation-payment" });
  expect(page.status).toBe(200);
  const r = await create(body(), keyless.baseURL);
  expect(r.status).toBe(503);
  expect(r.json).toMatchObject({ success: false, message: expect.stringMatching(/not set up.*contact/i) });
  expect((await rawRequest(keyless.baseURL, { path: "/test-payment" })).status).toBe(404);
});

test("Stripe's origins are in the CSP of the payment pages only", async () => {
  const csp = async (path: string) =>
    String((await rawRequest(site.baseURL, { path })).headers["content-security-policy"] ?? "");
  for (const path of ["/consultation-payment", "/test-payment"]) {
    const policy = await csp(path);
    expect(policy).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  }
  for (const path of ["/", "/contact", "/consultation-success", "/about"]) {
    expect(await csp(path)).not.toContain("stripe.com");
  }
});
