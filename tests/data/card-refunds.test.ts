/**
 * Card refunds of a course booking through Stripe (the Stripe-shaped test
 * server), on both databases: each refund the site owes is made, even when
 * an earlier one on the same payment was of the same amount (Stripe answers
 * a repeated idempotency key with the first refund, and makes no second);
 * a payment that comes after its booking ended is refunded in full, and a
 * refund Stripe refuses is on the timeline and sent to the team to make.
 */
import { describe, expect, it } from "vitest";
import { bookable, sessionByKey } from "~/orders/course-booking/bookable.server.ts";
import { attachPaymentIntent, confirmCardPayment } from "~/orders/course-booking/card-payments.server.ts";
import { cancelBooking, markInvoicePaid } from "~/orders/course-booking/team-acts.server.ts";
import { orderMetadata } from "~/orders/stripe/kinds.ts";
import { dialects } from "./databases.ts";
import { courseBookingEvents, deliverSucceeded, heldCardBooking, usePaymentService } from "./fixtures.ts";
import { byCard, createCourseSession, delegate, placeCourseBooking, testBooker } from "../support/factories.ts";

const webhookSecret = "whsec_card_refunds";
const booked = new Date("2027-01-10T10:00:00.000Z");
let clock = booked;
const minutes = (n: number) => new Date(booked.getTime() + n * 60_000);

describe.each(dialects)("card refunds on %s", (dialect) => {
  const logged: string[] = [];
  const app = usePaymentService(
    dialect,
    {},
    { secretKey: "sk_test_card_refunds", webhookSecret, clock: () => clock, log: (line) => logged.push(line) },
  );

  /** A card booking of one place on a session of its own, held, with its PaymentIntent at Stripe (not yet paid). */
  const heldByCard = (tag: string) =>
    heldCardBooking(app, { key: `refunds-${dialect}-${tag}`, booker: `${tag}@example.com`, at: booked });

  /** The e-mails about booking `id` queued to `to` whose subject is like `subject`. */
  const sent = (id: string, to: string, subject: string) =>
    app.t.handle.db
      .selectFrom("outbox")
      .select(["subject", "text_body"])
      .where("lead_id", "=", id)
      .where("to_address", "=", to)
      .where("subject", "like", subject)
      .execute();

  it("a payment for a booking that is gone is refunded in full, once, and logged, not kept unseen", async () => {
    const intent = await app.stripe.paymentIntents.create({
      amount: 90_000,
      currency: "gbp",
      metadata: orderMetadata({ kind: "course-booking", id: "no-such-booking" }),
    });
    app.fake.intents.get(intent.id)!.status = "succeeded";
    expect(await deliverSucceeded(app.webhooks, intent, { secret: webhookSecret, at: clock })).toEqual({
      status: 200,
      message: "OK",
    });
    expect(logged.filter((line) => line.includes(intent.id))).toEqual([
      `Payment ${intent.id} of 90000 gbp succeeded for course-booking no-such-booking, which has no such payment (the order is gone, or paid otherwise)`,
      `Payment ${intent.id} of 90000 gbp for course-booking no-such-booking refunded in full`,
    ]);
    expect(app.fake.refunds.get(intent.id)).toEqual([90_000]);
    // Its success told again (another event): refunded once all the same.
    await deliverSucceeded(app.webhooks, intent, { secret: webhookSecret, at: clock });
    expect(app.fake.refunds.get(intent.id)).toEqual([90_000]);
    expect(logged.filter((line) => line.includes(intent.id) && line.includes("could not be refunded"))).toEqual([]);
  });

  it("a held booking cancelled has its payment cancelled at Stripe: a payment page left open can no longer charge the card", async () => {
    clock = minutes(6);
    const held = await heldByCard("held-cancelled");
    expect(await app.courseBookings.cancel(held.id, "staff-1")).toMatchObject({ ok: true, refundPence: 0 });
    expect(app.fake.intents.get(held.intent.id)!.status).toBe("canceled");
    await expect(
      app.stripe.paymentIntents.confirm(held.intent.id, { payment_method: "pm_card_visa" }),
    ).rejects.toMatchObject({ code: "payment_intent_unexpected_state" });
    expect(app.fake.intents.get(held.intent.id)!.status).toBe("canceled");

    // Paid a moment before it was cancelled: Stripe refuses to cancel it, and its success is refunded.
    const paid = await heldByCard("paid-while-cancelled");
    app.fake.intents.get(paid.intent.id)!.status = "succeeded";
    expect(await app.courseBookings.cancel(paid.id, "staff-1")).toMatchObject({ ok: true });
    expect(app.fake.intents.get(paid.intent.id)!.status).toBe("succeeded");
    await deliverSucceeded(app.webhooks, paid.intent, { secret: webhookSecret, at: clock });
    expect(app.fake.refunds.get(paid.intent.id)).toEqual([paid.intent.amount]);
  });

  it("a payment that comes after its booking was cancelled is refunded; a refund Stripe refuses is the team's to make", async () => {
    const db = app.t.handle.db;
    clock = minutes(5);
    // Refunded: Stripe holds the payment as succeeded.
    const refunded = await heldByCard("late-refunded");
    expect(await cancelBooking(db, refunded.id, { now: clock, staffId: null, expectGrossPence: 0 })).toMatchObject({
      ok: true,
    });
    app.fake.intents.get(refunded.intent.id)!.status = "succeeded";
    expect(await deliverSucceeded(app.webhooks, refunded.intent, { secret: webhookSecret, at: clock })).toMatchObject({
      status: 200,
    });
    expect(app.fake.refunds.get(refunded.intent.id)).toEqual([refunded.intent.amount]);
    expect(await courseBookingEvents(db, refunded.id, ["refund-failed"])).toEqual([]);
    // The booker is told it is refunded, and why.
    const toBooker = await sent(refunded.id, "late-refunded@example.com", "Payment refunded%");
    expect(toBooker.map((m) => m.subject)).toEqual([`Payment refunded: booking ${refunded.reference}`]);
    expect(toBooker[0]!.text_body).toContain(
      "is refunded in full to your card: the booking had been cancelled before your payment arrived.",
    );

    // Refused by Stripe (the payment is not one it can refund): on the timeline, and the team asked to do it.
    const refused = await heldByCard("late-refused");
    expect(await cancelBooking(db, refused.id, { now: clock, staffId: null, expectGrossPence: 0 })).toMatchObject({
      ok: true,
    });
    expect(await deliverSucceeded(app.webhooks, refused.intent, { secret: webhookSecret, at: clock })).toMatchObject({
      status: 200,
    });
    expect(app.fake.refunds.get(refused.intent.id)).toBeUndefined();
    const failed = await courseBookingEvents(db, refused.id, ["refund-failed"]);
    expect(failed.map((e) => (JSON.parse(e.detail) as { amountPence: number }).amountPence)).toEqual([
      refused.intent.amount,
    ]);
    const toTeam = await sent(refused.id, "team@example.test", "Refund failed%");
    expect(toTeam).toHaveLength(1);
    expect(toTeam[0]!.text_body).toContain("arrived after the booking had ended");
  });

  it("a booking moved to a cheaper date twice is refunded the difference twice", async () => {
    const db = app.t.handle.db;
    // One course's two dates: March at its early-bird price (until 29 January), May at the full price.
    const march = bookable(sessionByKey("risk-management-2027-03-london")!);
    const may = bookable(sessionByKey("risk-management-2027-05-online")!);
    await createCourseSession(db, { ...march, capacity: 4, at: booked });
    await createCourseSession(db, { ...may, capacity: 4, at: booked });
    const placed = await placeCourseBooking(db, {
      session: may,
      booker: testBooker("refunds@example.com"),
      places: [delegate(1)],
      payment: byCard,
      now: booked,
    });
    if (!placed.ok) throw new Error(placed.reason);
    const id = placed.booking.id;
    // Paid by card: a PaymentIntent at Stripe, succeeded.
    const intent = await app.stripe.paymentIntents.create({ amount: placed.booking.total_pence, currency: "gbp" });
    app.fake.intents.get(intent.id)!.status = "succeeded";
    expect(await attachPaymentIntent(db, id, intent.id)).toBe(true);
    expect(
      await confirmCardPayment(db, { paymentIntentId: intent.id, amountPence: intent.amount, now: minutes(1) }),
    ).toMatchObject({ outcome: "confirmed" });

    // To March: the difference is refunded to the card.
    clock = minutes(10);
    const first = await app.courseBookings.transfer(id, "staff-1", march.key);
    expect(first).toMatchObject({ ok: true, refundError: null });
    const difference = (first as { refundPence: number }).refundPence;
    expect(difference).toBeGreaterThan(0);
    expect(app.fake.refunds.get(intent.id)).toEqual([difference]);

    // Back to May (the difference invoiced, and paid by transfer), then to March again: the same difference, refunded again.
    clock = minutes(20);
    expect(await app.courseBookings.transfer(id, "staff-1", may.key)).toMatchObject({ ok: true });
    expect(await markInvoicePaid(db, id, { staffId: "staff-1", now: minutes(25) })).toMatchObject({ ok: true });
    clock = minutes(30);
    expect(await app.courseBookings.transfer(id, "staff-1", march.key)).toMatchObject({
      ok: true,
      refundPence: difference,
      refundError: null,
    });
    expect(app.fake.refunds.get(intent.id)).toEqual([difference, difference]);
  });
});
