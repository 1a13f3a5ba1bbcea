/**
 * A course booking's card payment in another currency (issue 37), on both
 * databases: Stripe's signed `payment_intent.succeeded` for the booking's
 * amount in euros reaches the payment service's webhook, as it would from
 * Stripe, and the booking stays held, uninvoiced, with the mismatch on its
 * timeline and in the log; the same amount in pounds confirms it.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachPaymentIntent } from "~/orders/course-booking/card-payments.server.ts";
import { bookingDetail } from "~/orders/course-booking/booking-reads.server.ts";
import { createCourseBookingService } from "~/orders/course-booking/service.server.ts";
import { stripeClient } from "~/orders/stripe-client.server.ts";
import { createPaymentService, type PaymentService } from "~/orders/payment-service.server.ts";
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { startFakeStripe, type FakeStripe } from "../../harness/fake-stripe.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";
import { byCard, createCourseBooking, createCourseSession, testBooker, testMail } from "../support/factories.ts";

const webhookSecret = "whsec_course_currency";
const secretKey = "sk_test_course_currency";
const signer = new Stripe("sk_test_signer").webhooks;
const now = new Date("2027-01-10T10:00:00.000Z");

describe.each(dialects)("a course booking's card payment on %s", (dialect) => {
  let t: TestDatabase;
  let fake: FakeStripe;
  let stripe: Stripe;
  let payments: PaymentService;
  const logged: string[] = [];

  beforeAll(async () => {
    t = await openTestDatabase(dialect, "cbcur", { businessSettings: true });
    fake = await startFakeStripe();
    stripe = stripeClient(secretKey, fake.url);
    const clock = () => now;
    const courseBookings = createCourseBookingService({
      db: t.handle.db,
      mail: testMail,
      keys: keyring(newKeyMaterial()),
      stripe: { secretKey, publishableKey: null, apiUrl: fake.url },
      clock,
      log: (m) => logged.push(m),
    });
    payments = createPaymentService({
      db: t.handle.db,
      mail: testMail,
      secretKey,
      webhookSecret,
      apiUrl: fake.url,
      courseBookings,
      clock,
      log: (m) => logged.push(m),
    });
  });
  afterAll(async () => {
    await fake?.close();
    await t?.dispose();
  });

  /** A held card booking of one place, and a PaymentIntent for its amount in `currency` made on the Stripe-shaped server. */
  async function heldBooking(currency: string) {
    const session = await createCourseSession(t.handle.db, { key: `cur-${dialect}-${currency}`, capacity: 4, at: now });
    const booking = await createCourseBooking(t.handle.db, {
      session,
      booker: testBooker(`ada-${currency}@example.com`, { addressLine2: "" }),
      places: [{ name: "Delegate 1", email: "d1@example.com", jobTitle: "Manager" }],
      payment: byCard,
      now,
    });
    const placed = { booking };
    const intent = await stripe.paymentIntents.create({
      amount: placed.booking.total_pence,
      currency,
      metadata: { course_booking_id: placed.booking.id },
    });
    await attachPaymentIntent(t.handle.db, placed.booking.id, {
      paymentIntentId: intent.id,
      clientSecret: intent.client_secret!,
    });
    return { booking: placed.booking, intent };
  }

  /** Stripe's signed event saying `intent` succeeded, delivered to the webhook. */
  function succeeded(intent: Stripe.PaymentIntent) {
    const payload = JSON.stringify({
      id: `evt_${intent.id}`,
      object: "event",
      type: "payment_intent.succeeded",
      created: Math.floor(now.getTime() / 1000),
      data: { object: { ...intent, status: "succeeded" } },
    });
    return payments.handleWebhook(payload, signer.generateTestHeaderString({ payload, secret: webhookSecret }));
  }

  it("the booking's amount in euros leaves it held and uninvoiced, noted on its timeline and in the log", async () => {
    const { booking, intent } = await heldBooking("eur");
    expect(intent.currency).toBe("eur");
    expect((await succeeded(intent)).status).toBe(200);
    const detail = (await bookingDetail(t.handle.db, booking.id))!;
    expect(detail.booking.status).toBe("held");
    expect(detail.invoices).toEqual([]);
    expect(detail.events.find((e) => e.kind === "payment-mismatch")?.detail).toMatchObject({
      currency: "eur",
      amountPence: booking.total_pence,
    });
    expect(logged.some((m) => m.includes(intent.id) && m.includes("currency-mismatch"))).toBe(true);
  });

  it("the same amount in pounds confirms it with its receipt", async () => {
    const { booking, intent } = await heldBooking("gbp");
    expect((await succeeded(intent)).status).toBe(200);
    const detail = (await bookingDetail(t.handle.db, booking.id))!;
    expect(detail.booking.status).toBe("paid");
    expect(detail.invoices).toHaveLength(1);
  });
});
