/**
 * Course bookings paid by card, server side (issue 29), against the real
 * `stripe` library pointed at the Stripe-shaped test server, with webhooks
 * signed by the library's own test-header helper:
 * - Stripe unreachable: a clear message (503), and no places held;
 * - the webhook confirms a held booking once: a replayed event and one out
 *   of order (a failure after the success) change nothing;
 * - a payment after its hold lapsed, when the places have gone, is refunded
 *   in full through Stripe;
 * - the team cancelling a paid card booking refunds what the terms credit
 *   through Stripe;
 * - the booking link is never written to the log.
 */
import { openDatabase } from "../../app/data/db.server.ts";
import { expireHolds } from "../../app/orders/course-booking/card-payments.server.ts";
import { placesLeft, takePlaces } from "../../app/orders/course-booking/places.server.ts";
import { bookingFormFields } from "../support/booking-form.ts";
import type { FakeStripe } from "../../harness/fake-stripe.ts";
import type { Mailbox } from "../../harness/mail.ts";
import { courseBookingsOf } from "../../harness/order-rows.ts";
import { pollUntil, rawRequest, sqliteQuery, type SiteServer } from "../../harness/servers.ts";
import { newStaffClient } from "../support/staff.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

const keys = { secret: "sk_test_course_pay", publishable: "pk_test_course_pay", webhook: "whsec_course_pay" };

let fake: FakeStripe;
let site: SiteServer & { mailbox: Mailbox };
let unreachable: SiteServer;

test.describe.configure({ mode: "default" });

const stripeEnv = {
  STRIPE_SECRET_KEY: keys.secret,
  STRIPE_PUBLISHABLE_KEY: keys.publishable,
  STRIPE_WEBHOOK_SECRET: keys.webhook,
  RATE_LIMIT_MAX: "100000",
  BOOKING_RATE_LIMIT_MAX: "100000",
  FORM_MIN_FILL_SECONDS: "0",
  MAIL_RETRY_MAX_SECONDS: "2",
};

test.beforeAll(async ({ launcher }) => {
  test.setTimeout(90_000);
  fake = await launcher.stripe({ webhookSecret: keys.webhook });
  // A port nothing listens on: the Stripe-shaped server, stopped.
  const closed = await launcher.stripe();
  const closedUrl = closed.url;
  await closed.close();
  [site, unreachable] = await Promise.all([
    launcher.siteWithMail({ name: "course-pay", env: { ...stripeEnv, STRIPE_API_URL: fake.url } }),
    launcher.site({ name: "course-pay-down", env: { ...stripeEnv, STRIPE_API_URL: closedUrl } }),
  ]);
  fake.setWebhookUrl(`${site.baseURL}/api/webhook/stripe`);
});

const form = (email: string, over: Record<string, string> = {}) =>
  new URLSearchParams(bookingFormFields(email, { paymentMethod: "card", ...over })).toString();

const book = (base: string, session: string, course: string, body: string) =>
  rawRequest(base, {
    method: "POST",
    path: `/courses/${course}/book/${session}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });

const bookingOf = (dataDir: string, email: string) => courseBookingsOf(dataDir, email)[0];

async function left(dataDir: string, session: string) {
  const handle = await openDatabase({ dataDir });
  try {
    return (await placesLeft(handle.db, [session])).get(session) ?? 0;
  } finally {
    await handle.close();
  }
}

async function confirm(paymentIntentId: string) {
  const pi = fake.intents.get(paymentIntentId)!;
  const r = await fetch(`${fake.url}/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: "POST",
    headers: { authorization: `Bearer ${keys.secret}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ payment_method: "pm_card_visa", client_secret: pi.client_secret }),
  });
  expect(r.status).toBe(200);
}

test("Stripe unreachable: a clear message and a 503, and no places held", async () => {
  const session = "corporate-finance-2027-04-online";
  const before = await left(unreachable.dataDir, session);
  const email = uniqueEmail("down");
  const r = await book(unreachable.baseURL, session, "corporate-finance", form(email));
  expect(r.status).toBe(503);
  expect(r.text).toContain("Card payment is not available just now, and no places are held for you.");
  expect(await left(unreachable.dataDir, session)).toBe(before);
  expect(bookingOf(unreachable.dataDir, email)).toMatchObject({ status: "expired", payment_intent_id: null });
});

test("the pay page asks Stripe for the payment's client secret as it opens: the record keeps none, and without Stripe the page says the card form cannot load", async ({
  servers,
}) => {
  const own = await servers.stripe({ webhookSecret: keys.webhook });
  const ownSite = await servers.site({ name: "course-pay-secret", env: { ...stripeEnv, STRIPE_API_URL: own.url } });
  const email = uniqueEmail("secret");
  const r = await book(ownSite.baseURL, "corporate-finance-2027-04-online", "corporate-finance", form(email));
  expect(r.status).toBe(303);
  const token = /\/booking\/([A-Za-z0-9_-]{43})\/pay$/.exec(String(r.headers.location))![1]!;
  const held = bookingOf(ownSite.dataDir, email)!;
  expect(held).toMatchObject({ status: "held" });
  const secret = own.intents.get(String(held.payment_intent_id))!.client_secret;
  expect(JSON.stringify(held)).not.toContain(secret);
  const page = await rawRequest(ownSite.baseURL, { method: "GET", path: `/booking/${token}/pay` });
  expect(page.status).toBe(200);
  expect(page.text).toContain(secret);

  await own.close();
  const down = await rawRequest(ownSite.baseURL, { method: "GET", path: `/booking/${token}/pay` });
  expect(down.status).toBe(200);
  expect(down.text).toContain("The secure card form could not be loaded");
  expect(down.text).not.toContain(secret);
  expect(ownSite.output()).not.toContain(secret);
});

test("the webhook confirms a held booking once; a replayed event and one out of order change nothing", async () => {
  const email = uniqueEmail("paid");
  const r = await book(site.baseURL, "esg-risk-2027-04-london", "esg-risk", form(email));
  expect(r.status).toBe(303);
  const held = bookingOf(site.dataDir, email)!;
  expect(held).toMatchObject({ status: "held" });
  const pi = String(held.payment_intent_id);
  expect(fake.intents.get(pi)).toMatchObject({ amount: 540_000, metadata: { course_booking_id: held.id } });
  // The order's kind and id (ADR 068), beside the key the release before read.
  expect(fake.intents.get(pi)!.metadata).toMatchObject({ order_kind: "course-booking", order_id: held.id });

  await confirm(pi);
  await pollUntil(() => bookingOf(site.dataDir, email)!.status === "paid", 10_000);
  await site.mailbox.waitForEmails(email, { subject: /^Booked and paid: / });
  const invoices = () => sqliteQuery(site.dataDir, "SELECT * FROM course_invoices WHERE booking_id = ?", [held.id]);
  expect(invoices()).toHaveLength(1);

  expect(await fake.sendEvent("payment_intent.succeeded", fake.intents.get(pi)!)).toBe(200);
  const failedLater = { ...fake.intents.get(pi)!, status: "requires_payment_method" as const };
  expect(await fake.sendEvent("payment_intent.payment_failed", failedLater)).toBe(200);
  expect(bookingOf(site.dataDir, email)).toMatchObject({ status: "paid", payment_failure: null });
  expect(invoices()).toHaveLength(1);
  const outbox = sqliteQuery(site.dataDir, "SELECT to_address FROM outbox WHERE lead_id = ?", [held.id]);
  // The booker's confirmation, the team's notification and the delegate's joining details: once.
  expect(outbox).toHaveLength(3);
});

test("a payment after the hold lapsed, when the places have gone, is refunded in full through Stripe", async () => {
  const session = "risk-management-2027-05-online";
  const email = uniqueEmail("late");
  const r = await book(site.baseURL, session, "risk-management", form(email));
  expect(r.status).toBe(303);
  const held = bookingOf(site.dataDir, email)!;
  const handle = await openDatabase({ dataDir: site.dataDir });
  try {
    await expireHolds(handle.db, new Date(Date.parse(String(held.hold_expires_at)) + 1000));
    const remaining = (await placesLeft(handle.db, [session])).get(session)!;
    await handle.db.transaction().execute((trx) => takePlaces(trx, session, remaining, new Date()));
  } finally {
    await handle.close();
  }
  await confirm(String(held.payment_intent_id));
  await pollUntil(() => (fake.refunds.get(String(held.payment_intent_id)) ?? []).length > 0, 10_000);
  expect(fake.refunds.get(String(held.payment_intent_id))).toEqual([540_000]);
  expect(bookingOf(site.dataDir, email)).toMatchObject({ status: "cancelled" });
});

test("the team cancelling a paid card booking refunds the terms' credit through Stripe; the booking link is never logged", async () => {
  const email = uniqueEmail("refund");
  const r = await book(site.baseURL, "financial-analysis-2027-03-london", "financial-analysis", form(email));
  expect(r.status).toBe(303);
  const token = /\/booking\/([A-Za-z0-9_-]{43})\/pay$/.exec(String(r.headers.location))![1]!;
  const held = bookingOf(site.dataDir, email)!;
  const page = await rawRequest(site.baseURL, { method: "GET", path: `/booking/${token}/pay` });
  expect(page.status).toBe(200);
  await confirm(String(held.payment_intent_id));
  await pollUntil(() => bookingOf(site.dataDir, email)!.status === "paid", 10_000);

  const { client: staff } = await newStaffClient(site, {
    email: uniqueEmail("leads"),
    name: "Lena Leads",
    role: "leads",
  });
  await staff.get(`/admin/course-bookings/${held.id}`);
  const answer = await staff.post(`/admin/course-bookings/${held.id}`, { intent: "cancel" });
  expect(answer.response.status).toBe(200);
  expect(answer.html).toContain("refunded to the card.");
  // More than 29 days before the start: the full fee.
  expect(fake.refunds.get(String(held.payment_intent_id))).toEqual([540_000]);
  expect(bookingOf(site.dataDir, email)).toMatchObject({ status: "cancelled", credited_pence: 540_000 });

  const log = site.output();
  expect(log).toContain("/booking/:token/pay");
  expect(log).not.toContain(token);
});
