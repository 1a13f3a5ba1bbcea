/**
 * An open invoice paid by card from the booker's page (issue 41), on both
 * databases, through the course booking service and Stripe's webhook
 * router, against the Stripe-shaped test server with events signed as
 * Stripe signs them:
 * - choosing to pay makes one PaymentIntent for the invoice's total (a
 *   second click, or two at once, the same one), recorded on the booking;
 * - Stripe's success marks the booking paid once (a replay changes
 *   nothing): the invoice stands as issued (no second invoice), the
 *   timeline, booking.paid, and the booker's receipt and the team's notice;
 * - a payment that arrives when the invoice is no longer owed (marked paid
 *   by transfer meanwhile) is refunded in full through Stripe;
 * - a booking not invoiced, or an unknown link, is refused;
 * - once a payment is started, the booking's price cannot change by a move
 *   (the payment is for the amount it was made for: ADR 084).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bookingDetail } from "~/orders/course-booking/booking-reads.server.ts";
import { confirmBooking } from "~/orders/course-booking/placing.server.ts";
import { createEndpoint } from "~/webhooks/endpoints.server.ts";
import { transferBooking } from "~/orders/course-booking/transfer.server.ts";
import { dialects } from "./databases.ts";
import { deliverSucceeded, usePaymentService } from "./fixtures.ts";
import {
  byCard,
  createCourseSession,
  delegate,
  testBooker,
  createCourseBookingWithLink,
} from "../support/factories.ts";

const webhookSecret = "whsec_invoice_card";
const now = new Date("2027-01-10T10:00:00.000Z");

describe.each(dialects)("an invoice paid by card on %s", (dialect) => {
  const app = usePaymentService(
    dialect,
    {},
    { secretKey: "sk_test_invoice_card", webhookSecret, clock: () => now, log: () => {} },
  );
  let sessions = 0;

  beforeAll(async () => {
    // The team's CRM hears of payments.
    await createEndpoint(
      app.t.handle.db,
      { url: "https://crm.example.com/in", description: "CRM", events: ["booking.paid"] },
      now,
    );
  });

  /** The card paid on Stripe's side, and its signed event saying so delivered to the router. */
  function succeeded(id: string) {
    const intent = app.fake.intents.get(id)!;
    intent.status = "succeeded";
    return deliverSucceeded(app.webhooks, intent, { secret: webhookSecret, at: now });
  }

  /** A booking of two places (by invoice unless `payment` says otherwise), confirmed when by invoice, and its link. */
  async function booking(tag: string, payment?: typeof byCard) {
    const session = await createCourseSession(app.t.handle.db, {
      key: `icard-${dialect}-${++sessions}`,
      capacity: 6,
      at: now,
    });
    const placed = await createCourseBookingWithLink(app.t.handle.db, {
      session,
      booker: testBooker(`booker-${tag}@example.com`),
      places: [delegate(1), delegate(2)],
      ...(payment ? { payment } : {}),
      now,
    });
    if (!payment) expect(await confirmBooking(app.t.handle.db, placed.id, now)).toMatchObject({ ok: true });
    return placed;
  }

  const detail = async (id: string) => (await bookingDetail(app.t.handle.db, id))!;
  const mailTo = (id: string, to: string) =>
    app.t.handle.db
      .selectFrom("outbox")
      .select("subject")
      .where("lead_id", "=", id)
      .where("to_address", "=", to)
      .orderBy("created_at")
      .execute();

  it("makes one payment for the invoice's total, however many times it is asked, and records it", async () => {
    const { id, token } = await booking("once");
    const before = app.fake.stats.created;
    const results = await Promise.all([
      app.courseBookings.payInvoiceByCard(token),
      app.courseBookings.payInvoiceByCard(token),
    ]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(await app.courseBookings.payInvoiceByCard(token)).toEqual({ ok: true });
    expect(app.fake.stats.created - before).toBe(1);
    const { booking: b, invoices } = await detail(id);
    const intent = app.fake.intents.get(b.payment_intent_id!)!;
    expect(intent).toMatchObject({ amount: b.total_pence, currency: "gbp" });
    expect(intent.metadata).toMatchObject({ order_kind: "course-booking", order_id: id, invoice: invoices[0]!.number });
    expect(b.status).toBe("invoiced");
  });

  it("Stripe's success marks it paid once, the invoice as issued, and tells the booker and the team", async () => {
    const { id, token } = await booking("paid");
    await app.courseBookings.payInvoiceByCard(token);
    const { booking: b, invoices } = await detail(id);
    expect(await succeeded(b.payment_intent_id!)).toEqual({ status: 200, message: "OK" });
    expect(await succeeded(b.payment_intent_id!)).toEqual({ status: 200, message: "OK" });
    const after = await detail(id);
    expect(after.booking).toMatchObject({ status: "paid", paid_at: now.toISOString() });
    expect(after.invoices).toEqual(invoices);
    expect(after.events.filter((e) => e.kind === "paid")).toHaveLength(1);
    // The replay was not taken for a second payment: nothing refunded.
    expect(app.fake.refunds.get(b.payment_intent_id!)).toBeUndefined();
    const number = invoices[0]!.number;
    expect(await mailTo(id, "booker-paid@example.com")).toContainEqual({
      subject: `Invoice ${number} paid: Strategic Leadership`,
    });
    expect((await mailTo(id, "team@example.test")).map((m) => m.subject)).toContain(
      `Invoice ${number} paid by card: Northwind Ltd`,
    );
    const paid = await app.t.handle.db
      .selectFrom("webhook_events")
      .select("payload")
      .where("type", "=", "booking.paid")
      .execute();
    expect(paid.map((e) => JSON.parse(e.payload).data.id)).toContain(id);
    // Paid: no more to pay by card.
    expect(await app.courseBookings.payInvoiceByCard(token)).toEqual({ ok: false, reason: "not-payable" });
  });

  it("refunds a payment that arrives when the invoice is no longer owed", async () => {
    const { id, token } = await booking("twice");
    await app.courseBookings.payInvoiceByCard(token);
    const { booking: b } = await detail(id);
    // The transfer arrived first: the team marks the invoice paid.
    expect(await app.courseBookings.markPaid(id, "staff-1")).toMatchObject({ ok: true });
    expect(await succeeded(b.payment_intent_id!)).toEqual({ status: 200, message: "OK" });
    expect(app.fake.refunds.get(b.payment_intent_id!)).toEqual([b.total_pence]);
    expect((await detail(id)).events.map((e) => e.kind)).toContain("refund");
    // The replay refunds nothing more.
    await succeeded(b.payment_intent_id!);
    expect(app.fake.refunds.get(b.payment_intent_id!)).toEqual([b.total_pence]);
  });

  it("keeps the price once a payment is started: a move to a dearer or cheaper date is refused, the same price goes", async () => {
    const { id, token } = await booking("moving");
    await app.courseBookings.payInvoiceByCard(token);
    const other = (key: string, pricePence: number) =>
      createCourseSession(app.t.handle.db, {
        key: `icard-${dialect}-${key}`,
        capacity: 6,
        at: now,
        startsAt: new Date("2027-06-14T08:00:00.000Z"),
        endsAt: new Date("2027-06-18T16:00:00.000Z"),
        price: { pricePence },
      });
    const move = async (pricePence: number, key: string) =>
      transferBooking(app.t.handle.db, id, { target: await other(key, pricePence), now, staffId: "staff-1" });
    expect(await move(500_000, "dearer")).toEqual({ ok: false, reason: "payment-started" });
    expect(await move(400_000, "cheaper")).toEqual({ ok: false, reason: "payment-started" });
    expect((await detail(id)).invoices.map((i) => i.kind)).toEqual(["invoice"]);
    expect(await move(450_000, "same")).toMatchObject({ ok: true });
  });

  it("after a move to a cheaper date, the payment is for what is still owed, and Stripe's success marks the booking paid", async () => {
    const { id, token } = await booking("credited");
    const cheaper = await createCourseSession(app.t.handle.db, {
      key: `icard-${dialect}-cheaper-${++sessions}`,
      capacity: 6,
      at: now,
      startsAt: new Date("2027-06-14T08:00:00.000Z"),
      endsAt: new Date("2027-06-18T16:00:00.000Z"),
      price: { pricePence: 400_000 },
    });
    expect(await transferBooking(app.t.handle.db, id, { target: cheaper, now, staffId: "staff-1" })).toMatchObject({
      ok: true,
      creditNote: { total_pence: 120_000 },
    });
    await app.courseBookings.payInvoiceByCard(token);
    const { booking: b } = await detail(id);
    expect(app.fake.intents.get(b.payment_intent_id!)).toMatchObject({ amount: 960_000 });
    expect(await succeeded(b.payment_intent_id!)).toEqual({ status: 200, message: "OK" });
    expect((await detail(id)).booking).toMatchObject({ status: "paid" });
    expect(app.fake.refunds.get(b.payment_intent_id!)).toBeUndefined();
  });

  /** A date in June of the same course at `pricePence` a place. */
  const june = (pricePence: number) =>
    createCourseSession(app.t.handle.db, {
      key: `icard-${dialect}-june-${++sessions}`,
      capacity: 6,
      at: now,
      startsAt: new Date("2027-06-14T08:00:00.000Z"),
      endsAt: new Date("2027-06-18T16:00:00.000Z"),
      price: { pricePence },
    });

  it("paid by transfer, then moved to a dearer date: the rest is paid by card, for what is left (ADR 087)", async () => {
    const { id, token } = await booking("carried-transfer");
    expect(await app.courseBookings.markPaid(id, "staff-1")).toMatchObject({ ok: true });
    expect(
      await transferBooking(app.t.handle.db, id, { target: await june(500_000), now, staffId: "staff-1" }),
    ).toMatchObject({
      ok: true,
    });
    expect(await app.courseBookings.payInvoiceByCard(token)).toEqual({ ok: true });
    const { booking: b } = await detail(id);
    expect(b).toMatchObject({ status: "invoiced", carried_pence: 1_080_000, payment_status: "pending" });
    expect(app.fake.intents.get(b.payment_intent_id!)).toMatchObject({ amount: 120_000 });
    expect(await succeeded(b.payment_intent_id!)).toEqual({ status: 200, message: "OK" });
    expect((await detail(id)).booking).toMatchObject({ status: "paid", payment_status: "succeeded" });
    expect(app.fake.refunds.get(b.payment_intent_id!)).toBeUndefined();
  });

  it("paid by card, then moved to a dearer date: its one card payment is settled, so the rest is paid by transfer", async () => {
    const { id, token } = await booking("carried-card");
    await app.courseBookings.payInvoiceByCard(token);
    const paid = (await detail(id)).booking;
    expect(await succeeded(paid.payment_intent_id!)).toEqual({ status: 200, message: "OK" });
    expect(
      await transferBooking(app.t.handle.db, id, { target: await june(500_000), now, staffId: "staff-1" }),
    ).toMatchObject({
      ok: true,
    });
    expect((await detail(id)).booking).toMatchObject({ status: "invoiced", payment_status: "succeeded" });
    const intents = app.fake.intents.size;
    expect(await app.courseBookings.payInvoiceByCard(token)).toEqual({ ok: false, reason: "not-payable" });
    expect(app.fake.intents.size).toBe(intents);
    expect(await app.courseBookings.markPaid(id, "staff-1")).toMatchObject({ ok: true });
    expect((await detail(id)).booking).toMatchObject({ status: "paid", total_pence: 1_200_000 });
  });

  it("refuses a booking with no open invoice, and an unknown link", async () => {
    const held = await booking("held", byCard);
    expect(await app.courseBookings.payInvoiceByCard(held.token)).toEqual({ ok: false, reason: "not-payable" });
    expect(await app.courseBookings.payInvoiceByCard("x".repeat(43))).toEqual({ ok: false, reason: "not-found" });
  });
});
