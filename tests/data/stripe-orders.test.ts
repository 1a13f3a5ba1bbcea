/**
 * The one Stripe module on both databases (docs/decisions/068-one-stripe-module.md):
 * a new PaymentIntent names its order by `order_kind` and `order_id`; the
 * webhook router dispatches a signed event to the kind it names, and an
 * event about a PaymentIntent made before those keys (`booking_id`,
 * `course_booking_id` only) still reaches its order; an event naming a kind
 * we do not have changes nothing. A course booking's amount and currency are
 * checked against the payment in the Stripe module (../../app/orders/stripe/settle.server.ts):
 * the booking's amount in euros (issue 37), signed as Stripe would send it,
 * leaves it held, uninvoiced, with the mismatch on its timeline and in the
 * log; the same amount in pounds confirms it.
 */
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { bookingDetail } from "~/orders/course-booking/booking-reads.server.ts";
import { attachPaymentIntent } from "~/orders/course-booking/card-payments.server.ts";
import { settlePayment } from "~/orders/stripe/settle.server.ts";
import { dialects } from "./databases.ts";
import { deliverSucceeded, usePaymentService } from "./fixtures.ts";
import { byCard, consultationRow, createCourseBooking, createCourseSession, delegate } from "../support/factories.ts";

const webhookSecret = "whsec_stripe_orders";
const now = new Date("2027-01-10T10:00:00.000Z");

describe.each(dialects)("Stripe's webhook router on %s", (dialect) => {
  const app = usePaymentService(
    dialect,
    {},
    { secretKey: "sk_test_stripe_orders", webhookSecret, clock: () => now, log: (m) => logged.push(m) },
  );
  let sessions = 0;
  const logged: string[] = [];

  /** Stripe's signed event saying `intent` succeeded, delivered to the router. */
  const succeeded = (intent: Stripe.PaymentIntent) =>
    deliverSucceeded(app.webhooks, intent, { secret: webhookSecret, at: now });

  const consultation = async (email: string) => {
    const request = {
      customerName: "Dana Whitfield",
      customerEmail: email,
      quantity: 1,
      amountPence: 450_000,
      isTest: false,
    };
    const { bookingId, paymentIntentId } = await app.payments.createPayment(request, "/consultation-payment");
    return { bookingId, intent: app.fake.intents.get(paymentIntentId)! as unknown as Stripe.PaymentIntent };
  };
  const consultationStatus = async (id: string) => (await consultationRow(app.t.handle.db, { id })).status;

  /** A held card booking of one place, and its PaymentIntent for its amount in `currency` with `metadata` (the booking's id for `{id}`). */
  async function heldCourseBooking(metadata: Record<string, string>, currency = "gbp") {
    const session = await createCourseSession(app.t.handle.db, {
      key: `so-${dialect}-${++sessions}`,
      capacity: 4,
      at: now,
    });
    const booking = await createCourseBooking(app.t.handle.db, {
      session,
      booker: `ada-${session.key}@example.com`,
      places: [delegate(1)],
      payment: byCard,
      now,
    });
    const id = booking.id;
    const intent = await app.stripe.paymentIntents.create({
      amount: booking.total_pence,
      currency,
      metadata: Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, v === "{id}" ? id : v])),
    });
    await attachPaymentIntent(app.t.handle.db, id, intent.id);
    return { booking, intent };
  }

  it("a new consultation PaymentIntent names its order by kind and id (and by the key from before); paid through the router", async () => {
    const { bookingId, intent } = await consultation("new-keys@example.test");
    expect(intent.metadata).toMatchObject({ order_kind: "consultation", order_id: bookingId, booking_id: bookingId });
    expect(await succeeded(intent)).toEqual({ status: 200, message: "OK" });
    expect(await consultationStatus(bookingId)).toBe("paid");
  });

  it("an event about a consultation PaymentIntent made before order_kind (booking_id only) marks its booking paid", async () => {
    const { bookingId, intent } = await consultation("before-deploy@example.test");
    const before = { ...intent, metadata: { booking_id: bookingId, quantity: "1", kind: "consultation" } };
    expect(await succeeded(before)).toEqual({ status: 200, message: "OK" });
    expect(await consultationStatus(bookingId)).toBe("paid");
  });

  it("a course booking is paid whether its PaymentIntent has the new keys only or the key from before only", async () => {
    const fresh = await heldCourseBooking({ order_kind: "course-booking", order_id: "{id}" });
    const old = await heldCourseBooking({ course_booking_id: "{id}" });
    for (const { booking, intent } of [fresh, old]) {
      expect(await succeeded(intent)).toEqual({ status: 200, message: "OK" });
      const detail = (await bookingDetail(app.t.handle.db, booking.id))!;
      expect(detail.booking.status).toBe("paid");
      expect(detail.invoices).toHaveLength(1);
    }
  });

  it("an event naming a kind we do not have changes nothing, even with a key from before", async () => {
    const { bookingId, intent } = await consultation("unknown-kind@example.test");
    const strange = { ...intent, metadata: { order_kind: "webinar", order_id: bookingId, booking_id: bookingId } };
    expect(await succeeded(strange)).toEqual({ status: 200, message: "Not one of our orders." });
    expect(await consultationStatus(bookingId)).toBe("pending");
  });

  it("a course booking's amount in euros leaves it held and uninvoiced, noted on its timeline and in the log", async () => {
    const { booking, intent } = await heldCourseBooking({ course_booking_id: "{id}" }, "eur");
    expect(intent.currency).toBe("eur");
    expect((await succeeded(intent)).status).toBe(200);
    const detail = (await bookingDetail(app.t.handle.db, booking.id))!;
    expect(detail.booking.status).toBe("held");
    expect(detail.invoices).toEqual([]);
    expect(detail.events.find((e) => e.kind === "payment-mismatch")?.detail).toMatchObject({
      currency: "eur",
      amountPence: booking.total_pence,
    });
    expect(logged.some((m) => m.includes(intent.id) && m.includes("currency-mismatch"))).toBe(true);
  });

  it("the same amount in pounds confirms it with its receipt", async () => {
    const { booking, intent } = await heldCourseBooking({ course_booking_id: "{id}" }, "gbp");
    expect((await succeeded(intent)).status).toBe(200);
    const detail = (await bookingDetail(app.t.handle.db, booking.id))!;
    expect(detail.booking.status).toBe("paid");
    expect(detail.invoices).toHaveLength(1);
  });

  /** Stripe says `paymentIntentId` succeeded for `amountPence` in `currency`: checked and applied as the router does. */
  const stripeSays = (bookingId: string, paymentIntentId: string, amountPence: number, currency: string) =>
    app.t.handle.db
      .transaction()
      .execute((trx) =>
        settlePayment(
          trx,
          app.courseBookings.stripeOrders,
          { kind: "course-booking", id: bookingId },
          { id: paymentIntentId, amount: amountPence, currency } as Stripe.PaymentIntent,
          () => {},
        ),
      );

  it("an amount that is not the booking's changes nothing", async () => {
    const { booking, intent } = await heldCourseBooking({ course_booking_id: "{id}" });
    const paymentIntentId = intent.id;
    expect(await stripeSays(booking.id, paymentIntentId, 100, "gbp")).toEqual({
      outcome: "unchanged",
      reason: "amount-mismatch",
    });
    expect((await bookingDetail(app.t.handle.db, booking.id))!.booking.status).toBe("held");
  });

  it("the booking's amount in another currency changes nothing, and is noted on its timeline", async () => {
    const { booking, intent } = await heldCourseBooking({ course_booking_id: "{id}" });
    const paymentIntentId = intent.id;
    for (const currency of ["eur", "usd"]) {
      expect(await stripeSays(booking.id, paymentIntentId, booking.total_pence, currency)).toEqual({
        outcome: "unchanged",
        reason: "currency-mismatch",
      });
    }
    const detail = (await bookingDetail(app.t.handle.db, booking.id))!;
    expect(detail.booking.status).toBe("held");
    expect(detail.invoices).toEqual([]);
    expect(detail.events.filter((e) => e.kind === "payment-mismatch")).toHaveLength(2);
    // Stripe's code in either case is the booking's currency.
    const paid = await stripeSays(booking.id, paymentIntentId, booking.total_pence, "GBP");
    expect(paid).toMatchObject({ outcome: "applied", queued: true });
  });
});
