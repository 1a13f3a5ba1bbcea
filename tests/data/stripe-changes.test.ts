/**
 * Money that moves in Stripe rather than through the site (ADR 099;
 * app/orders/stripe/changes.ts), through Stripe's webhook on both
 * databases: a refund made in the dashboard, a refund that failed at the
 * bank, a dispute opened and closed are each noted on the booking's
 * timeline and e-mailed to the team, once; the site's own refund is not
 * noted twice; a consultation's dispute reaches the team too; a payment no
 * order records is logged.
 */
import { describe, expect, it } from "vitest";
import { timelineText } from "~/orders/course-booking/timeline-text.ts";
import { orderMetadata } from "~/orders/stripe/kinds.ts";
import { dialects } from "./databases.ts";
import { courseBookingEvents, deliverEvent, deliverSucceeded, heldCardBooking, usePaymentService } from "./fixtures.ts";
import { createConsultation } from "../support/factories.ts";

const secret = "whsec_stripe_changes";
const booked = new Date("2027-01-10T10:00:00.000Z");

describe.each(dialects)("money moved in Stripe on %s", (dialect) => {
  const logged: string[] = [];
  const app = usePaymentService(
    dialect,
    {},
    { secretKey: "sk_test_stripe_changes", webhookSecret: secret, clock: () => booked, log: (l) => logged.push(l) },
  );
  const deliver = (type: string, object: object, id?: string) =>
    deliverEvent(app.webhooks, type, object, { secret, at: booked, ...(id ? { id } : {}) });

  /** A card booking of one place on a session of its own, paid: its id, reference and PaymentIntent. */
  async function paidByCard(tag: string) {
    const held = await heldCardBooking(app, {
      key: `changes-${dialect}-${tag}`,
      booker: `${tag}@example.com`,
      at: booked,
    });
    app.fake.intents.get(held.intent.id)!.status = "succeeded";
    expect(await deliverSucceeded(app.webhooks, held.intent, { secret, at: booked })).toMatchObject({ status: 200 });
    return held;
  }

  const teamEmails = (id: string) =>
    app.t.handle.db
      .selectFrom("outbox")
      .select(["subject", "text_body"])
      .where("lead_id", "=", id)
      .where("to_address", "=", "team@example.test")
      .orderBy("created_at")
      .execute();
  const timeline = async (id: string) =>
    (await courseBookingEvents(app.t.handle.db, id, ["stripe-change"])).map((e) =>
      timelineText(e.kind, JSON.parse(e.detail) as Record<string, unknown>),
    );

  it("a refund made in Stripe's dashboard is on the booking's timeline and e-mailed to the team, once; the site's own is not", async () => {
    const paid = await paidByCard("dashboard-refund");
    const before = await teamEmails(paid.id);
    const refund = {
      id: "re_dashboard",
      object: "refund",
      amount: 20_000,
      payment_intent: paid.intent.id,
      metadata: {},
    };
    expect(await deliver("refund.created", refund, `evt_refund_${dialect}`)).toEqual({ status: 200, message: "OK" });
    expect(await deliver("refund.created", refund, `evt_refund_${dialect}`)).toEqual({
      status: 200,
      message: "Already handled.",
    });
    // The site's own refund (its metadata) was noted as the site made it.
    const ours = { ...refund, id: "re_site", metadata: orderMetadata({ kind: "course-booking", id: paid.id }) };
    expect(await deliver("refund.created", ours)).toEqual({ status: 200, message: "OK" });

    expect(await timeline(paid.id)).toEqual([
      "A refund of £200.00 to the card was made in Stripe's dashboard, not by the site",
    ]);
    const sent = (await teamEmails(paid.id)).slice(before.length);
    expect(sent.map((m) => m.subject)).toEqual([
      `Refund made in Stripe: Booking ${paid.reference} (Ada Booker, Northwind Ltd), £200.00`,
    ]);
    expect(sent[0]!.text_body).toContain("refunds the card again for what it credits");
    const status = await app.t.handle.db
      .selectFrom("course_bookings")
      .select("status")
      .where("id", "=", paid.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe("paid");
  });

  it("a refund that failed at the bank and a dispute, opened then closed, reach the team with what to do and by when", async () => {
    const paid = await paidByCard("disputed");
    const before = await teamEmails(paid.id);
    const failed = {
      id: "re_failed",
      object: "refund",
      amount: 54_000,
      payment_intent: paid.intent.id,
      failure_reason: "expired_or_canceled_card",
      metadata: orderMetadata({ kind: "course-booking", id: paid.id }),
    };
    expect(await deliver("refund.failed", failed)).toEqual({ status: 200, message: "OK" });
    const dispute = {
      id: "dp_1",
      object: "dispute",
      amount: paid.intent.amount,
      payment_intent: paid.intent.id,
      reason: "product_not_received",
      status: "needs_response",
      // 22 January 2027, 23:59:59 UTC: London is on GMT then.
      evidence_details: { due_by: Date.UTC(2027, 0, 22, 23, 59, 59) / 1000 },
    };
    expect(await deliver("charge.dispute.created", dispute)).toEqual({ status: 200, message: "OK" });
    expect(await deliver("charge.dispute.closed", { ...dispute, status: "lost" })).toEqual({
      status: 200,
      message: "OK",
    });

    const amount = `£${(paid.intent.amount / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
    expect(await timeline(paid.id)).toEqual([
      "The card refund of £540.00 failed at the bank (expired or canceled card): the payer has not had it",
      `The payer disputed ${amount} with their bank: they say they did not receive what they paid for`,
      `The dispute of ${amount} was decided for the payer: the amount stays with them`,
    ]);
    const sent = (await teamEmails(paid.id)).slice(before.length);
    expect(sent.map((m) => m.subject.split(":")[0])).toEqual([
      "Card refund failed",
      "Payment disputed",
      "Dispute closed",
    ]);
    expect(sent[0]!.text_body).toContain("Please refund the payer another way");
    expect(sent[1]!.text_body).toContain("by Friday, 22 January 2027 at 23:59 GMT");
  });

  it("a consultation's dispute reaches the team, the bank's inquiry said as such; a payment no order records is logged", async () => {
    const db = app.t.handle.db;
    const id = `consult-${dialect}`;
    await createConsultation(db, { id, status: "paid", at: booked.toISOString(), name: "Ann Lee" });
    // An inquiry (Stripe's warning_ statuses): the bank asks before it disputes; nothing is taken yet.
    const inquiry = {
      id: "dp_2",
      object: "dispute",
      amount: 45_000,
      payment_intent: `pi_${id}`,
      reason: "fraudulent",
      status: "warning_needs_response",
    };
    expect(await deliver("charge.dispute.created", inquiry)).toEqual({ status: 200, message: "OK" });
    const sent = await db
      .selectFrom("outbox")
      .select(["to_address", "subject", "text_body"])
      .where("lead_id", "=", id)
      .execute();
    expect(sent.map((m) => [m.to_address, m.subject])).toEqual([
      ["team@example.test", "Payment queried by the bank: The consultation paid by Ann Lee, £450.00"],
    ]);
    expect(sent[0]!.text_body).toContain(
      "The payer's bank asked about the payment of £450.00 (an inquiry, nothing taken yet): they say they did not make the payment",
    );
    expect(sent[0]!.text_body).toContain("Nothing has been taken from the balance yet");

    const dispute = { ...inquiry, id: "dp_3", payment_intent: "pi_nobody", status: "needs_response" };
    expect(await deliver("charge.dispute.created", dispute)).toEqual({
      status: 200,
      message: "Not one of our orders.",
    });
    expect(logged.filter((l) => l.includes("pi_nobody"))).toEqual([
      "Stripe: charge.dispute.created for payment pi_nobody, which no order records: The payer disputed £450.00 with their bank: they say they did not make the payment",
    ]);
  });
});
