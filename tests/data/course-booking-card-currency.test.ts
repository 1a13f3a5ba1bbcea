/**
 * A course booking's card payment in another currency (issue 37), on both
 * databases: Stripe's signed `payment_intent.succeeded` for the booking's
 * amount in euros reaches Stripe's webhook router, as it would from
 * Stripe, and the booking stays held, uninvoiced, with the mismatch on its
 * timeline and in the log; the same amount in pounds confirms it.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachPaymentIntent, placeBooking } from "~/orders/course-booking/bookings.server.ts";
import { bookingDetail } from "~/orders/course-booking/booking-reads.server.ts";
import { setCapacity } from "~/orders/course-booking/places.server.ts";
import type { BookableSession } from "~/orders/course-booking/session.ts";
import { termsText } from "~/orders/course-booking/terms.ts";
import type { StripeWebhooks } from "~/orders/stripe/router.server.ts";
import type { FakeStripe } from "../support/fake-stripe.ts";
import { dialects, type TestDatabase } from "./databases.ts";
import { openPaymentService } from "./fixtures.ts";

const webhookSecret = "whsec_course_currency";
const secretKey = "sk_test_course_currency";
const signer = new Stripe("sk_test_signer").webhooks;
const now = new Date("2027-01-10T10:00:00.000Z");

describe.each(dialects)("a course booking's card payment on %s", (dialect) => {
  let t: TestDatabase;
  let fake: FakeStripe;
  let stripe: Stripe;
  let webhooks: StripeWebhooks;
  const logged: string[] = [];

  beforeAll(async () => {
    ({ t, fake, stripe, webhooks } = await openPaymentService(
      dialect,
      {},
      { secretKey, webhookSecret, clock: () => now, log: (m) => logged.push(m) },
    ));
  });
  afterAll(async () => {
    await fake?.close();
    await t?.dispose();
  });

  const session = (key: string): BookableSession => ({
    key,
    courseId: "strategic-leadership",
    courseTitle: "Strategic Leadership",
    startsAt: new Date("2027-03-08T09:00:00.000Z"),
    endsAt: new Date("2027-03-12T17:00:00.000Z"),
    firstDay: "2027-03-08",
    lastDay: "2027-03-12",
    format: "online",
    price: {},
    state: "open",
  });

  /** A held card booking of one place, and a PaymentIntent for its amount in `currency` made on the Stripe-shaped server. */
  async function heldBooking(currency: string) {
    const key = `cur-${dialect}-${currency}`;
    await setCapacity(t.handle.db, key, 4, now);
    const placed = await placeBooking(t.handle.db, {
      session: session(key),
      booker: {
        name: "Ada Booker",
        email: `ada-${currency}@example.com`,
        phone: "+44 20 7946 0000",
        organisation: "Northwind Ltd",
        jobTitle: "Head of Learning",
        addressLine1: "1 King Street",
        addressLine2: "",
        city: "London",
        postcode: "EC2V 8AU",
        country: "United Kingdom",
      },
      places: [{ name: "Delegate 1", email: "d1@example.com", jobTitle: "Manager" }],
      payment: { method: "card" },
      termsText: termsText(),
      now,
    });
    if (!placed.ok) throw new Error(placed.reason);
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
    return webhooks.handleWebhook(payload, signer.generateTestHeaderString({ payload, secret: webhookSecret }));
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
