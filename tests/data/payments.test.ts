/**
 * Bookings on both databases: the payment service against the real
 * `stripe` library and the Stripe-shaped test server, with signed webhooks.
 */
import { sql } from "kysely";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { listBookings } from "~/orders/bookings.server.ts";
import { createEndpoint } from "~/webhooks/endpoints.server.ts";
import { dialects } from "./databases.ts";
import { consultationRow } from "../support/factories.ts";
import { usePaymentService } from "./fixtures.ts";

const secret = "whsec_data_tests";
const signer = new Stripe("sk_test_signer").webhooks;

describe.each(dialects)("bookings on %s", (dialect) => {
  const app = usePaymentService(
    dialect,
    {},
    { secretKey: "sk_test_data", webhookSecret: secret, onEmailsQueued: () => (queued += 1), log: () => {} },
  );
  let queued = 0;

  const request = (email: string, quantity = 2) => ({
    customerName: "Dana Whitfield",
    customerEmail: email,
    quantity,
    amountPence: quantity * 450_000,
    isTest: false,
  });
  const event = (type: string, object: unknown, id = `evt_${Math.random().toString(36).slice(2)}`) => {
    const payload = JSON.stringify({
      id,
      object: "event",
      type,
      data: { object },
      created: Math.floor(Date.now() / 1000),
    });
    return { payload, header: signer.generateTestHeaderString({ payload, secret }) };
  };
  const booking = (piId: string) => consultationRow(app.t.handle.db, { paymentIntentId: piId });

  it("stores the booking pending and creates one PaymentIntent for concurrent identical requests", async () => {
    const before = app.fake.stats.created;
    const results = await Promise.all(
      [1, 2, 3].map(() => app.payments.createPayment(request("double@example.test"), "/consultation-payment")),
    );
    expect(new Set(results.map((r) => r.paymentIntentId)).size).toBe(1);
    expect(app.fake.stats.created).toBe(before + 1);
    const row = await booking(results[0]!.paymentIntentId);
    expect(row).toMatchObject({
      status: "pending",
      amount_pence: 900_000,
      currency: "gbp",
      quantity: 2,
      source_page: "/consultation-payment",
    });
    expect(app.fake.intents.get(results[0]!.paymentIntentId)!.metadata.booking_id).toBe(row.id);
  });

  it("a succeeded event marks the booking paid once and queues two e-mails; a replay changes nothing", async () => {
    const { paymentIntentId } = await app.payments.createPayment(
      request("paid@example.test", 1),
      "/consultation-payment",
    );
    const intent = { ...app.fake.intents.get(paymentIntentId)!, status: "succeeded" };
    const e = event("payment_intent.succeeded", intent, `evt_paid_${dialect}`);
    expect(await app.webhooks.handleWebhook(e.payload, e.header)).toEqual({ status: 200, message: "OK" });
    const row = await booking(paymentIntentId);
    expect(row.status).toBe("paid");
    const outbox = () => app.t.handle.db.selectFrom("outbox").selectAll().where("lead_id", "=", row.id).execute();
    expect((await outbox()).map((m) => m.to_address).sort()).toEqual(["paid@example.test", "team@example.test"]);
    expect(await app.webhooks.handleWebhook(e.payload, e.header)).toEqual({ status: 200, message: "Already handled." });
    const again = event("payment_intent.succeeded", intent);
    expect((await app.webhooks.handleWebhook(again.payload, again.header)).status).toBe(200);
    expect(await outbox()).toHaveLength(2);
    expect((await booking(paymentIntentId)).paid_at).toBe(row.paid_at);
  });

  it("a webhook endpoint gets lead.created when the checkout starts and booking.paid once when it is paid", async () => {
    await createEndpoint(
      app.t.handle.db,
      { url: "https://crm.example.com/in", description: "CRM", events: ["lead.created", "booking.paid"] },
      new Date(),
    );
    try {
      const { paymentIntentId } = await app.payments.createPayment(
        request("hooked@example.test", 3),
        "/consultation-payment",
      );
      const intent = { ...app.fake.intents.get(paymentIntentId)!, status: "succeeded" };
      const e = event("payment_intent.succeeded", intent);
      await app.webhooks.handleWebhook(e.payload, e.header);
      const again = event("payment_intent.succeeded", intent);
      await app.webhooks.handleWebhook(again.payload, again.header);
      const row = await booking(paymentIntentId);
      const events = await app.t.handle.db
        .selectFrom("webhook_events")
        .select(["type", "payload", "email"])
        .where("email", "=", "hooked@example.test")
        .orderBy("created_at")
        .execute();
      expect(events.map((x) => x.type)).toEqual(["lead.created", "booking.paid"]);
      expect(JSON.parse(events[0]!.payload).data).toMatchObject({
        id: row.id,
        kind: "booking",
        email: "hooked@example.test",
      });
      expect(JSON.parse(events[1]!.payload).data).toMatchObject({
        id: row.id,
        participants: 3,
        amount: 1_350_000,
        currency: "gbp",
        paymentIntent: paymentIntentId,
      });
    } finally {
      await app.t.handle.db.deleteFrom("webhook_deliveries").execute();
      await app.t.handle.db.deleteFrom("webhook_events").execute();
      await app.t.handle.db.deleteFrom("webhook_endpoints").execute();
    }
  });

  it("refuses forged and stale events without recording them", async () => {
    const { paymentIntentId } = await app.payments.createPayment(request("forged@example.test", 1), "/x");
    const intent = { ...app.fake.intents.get(paymentIntentId)!, status: "succeeded" };
    const payload = JSON.stringify({
      id: "evt_forged",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: intent },
    });
    const forged = signer.generateTestHeaderString({ payload, secret: "whsec_other" });
    expect((await app.webhooks.handleWebhook(payload, forged)).status).toBe(400);
    const stale = signer.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await app.webhooks.handleWebhook(payload, stale)).status).toBe(400);
    expect((await app.webhooks.handleWebhook(payload, null)).status).toBe(400);
    expect((await booking(paymentIntentId)).status).toBe("pending");
    expect(
      await app.t.handle.db.selectFrom("stripe_events").selectAll().where("id", "=", "evt_forged").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("a payment whose amount differs from the booking is not marked paid", async () => {
    const { paymentIntentId } = await app.payments.createPayment(request("mismatch@example.test", 1), "/x");
    const intent = { ...app.fake.intents.get(paymentIntentId)!, status: "succeeded", amount: 100 };
    const e = event("payment_intent.succeeded", intent);
    expect((await app.webhooks.handleWebhook(e.payload, e.header)).status).toBe(200);
    expect((await booking(paymentIntentId)).status).toBe("pending");
  });

  it("records a failed payment with Stripe's message", async () => {
    const { paymentIntentId } = await app.payments.createPayment(request("failed@example.test", 1), "/x");
    const intent = {
      ...app.fake.intents.get(paymentIntentId)!,
      last_payment_error: { message: "Your card was declined." },
    };
    const e = event("payment_intent.payment_failed", intent);
    await app.webhooks.handleWebhook(e.payload, e.header);
    expect(await booking(paymentIntentId)).toMatchObject({
      status: "failed",
      failure_message: "Your card was declined.",
    });
  });

  it("the outcome comes from Stripe: pending is not success, succeeded is (and marks the booking paid)", async () => {
    expect(await app.payments.outcome(null)).toEqual({ state: "missing" });
    expect(await app.payments.outcome("pi_unknown")).toEqual({ state: "missing" });
    expect(await app.payments.outcome("<script>")).toEqual({ state: "missing" });
    const { paymentIntentId } = await app.payments.createPayment(request("outcome@example.test", 3), "/x");
    expect((await app.payments.outcome(paymentIntentId)).state).toBe("failed");
    app.fake.intents.get(paymentIntentId)!.status = "processing";
    expect((await app.payments.outcome(paymentIntentId)).state).toBe("processing");
    app.fake.intents.get(paymentIntentId)!.status = "succeeded";
    expect(await app.payments.outcome(paymentIntentId)).toMatchObject({
      state: "succeeded",
      amountPence: 1_350_000,
      quantity: 3,
    });
    expect((await booking(paymentIntentId)).status).toBe("paid");
  });
  it("concurrent deliveries of one event mark the booking paid once and queue one set of e-mails", async () => {
    const { paymentIntentId } = await app.payments.createPayment(request("concurrent@example.test", 1), "/x");
    const intent = { ...app.fake.intents.get(paymentIntentId)!, status: "succeeded" };
    const e = event("payment_intent.succeeded", intent);
    const answers = await Promise.all(Array.from({ length: 8 }, () => app.webhooks.handleWebhook(e.payload, e.header)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.message === "OK")).toHaveLength(1);
    const row = await booking(paymentIntentId);
    const mails = await app.t.handle.db
      .selectFrom("outbox")
      .select("to_address")
      .where("lead_id", "=", row.id)
      .execute();
    expect(mails).toHaveLength(2);
  });

  it("the event id and the booking's change commit together: a failure leaves neither, and the retry is handled", async () => {
    const { paymentIntentId } = await app.payments.createPayment(request("atomic@example.test", 1), "/x");
    const intent = { ...app.fake.intents.get(paymentIntentId)!, status: "succeeded" };
    const e = event("payment_intent.succeeded", intent);
    // The e-mails cannot be queued, and (as when the process dies mid-way)
    // nothing gets a chance to forget the event id afterwards.
    await blockWrites(true);
    try {
      await expect(app.webhooks.handleWebhook(e.payload, e.header)).rejects.toThrow();
    } finally {
      await blockWrites(false);
    }
    expect((await booking(paymentIntentId)).status).toBe("pending");
    const id = JSON.parse(e.payload).id as string;
    expect(
      await app.t.handle.db.selectFrom("stripe_events").selectAll().where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await app.webhooks.handleWebhook(e.payload, e.header)).toEqual({ status: 200, message: "OK" });
    expect((await booking(paymentIntentId)).status).toBe("paid");
  });

  /** Triggers that make outbox inserts and stripe_events deletes fail (or remove them). */
  async function blockWrites(on: boolean) {
    const db = app.t.handle.db;
    if (dialect === "sqlite") {
      if (on) {
        await sql`CREATE TRIGGER block_outbox BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox unavailable'); END`.execute(
          db,
        );
        await sql`CREATE TRIGGER block_forget BEFORE DELETE ON stripe_events BEGIN SELECT RAISE(ABORT, 'gone'); END`.execute(
          db,
        );
      } else {
        await sql`DROP TRIGGER block_outbox`.execute(db);
        await sql`DROP TRIGGER block_forget`.execute(db);
      }
      return;
    }
    if (on) {
      await sql`CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'unavailable'; END $$ LANGUAGE plpgsql`.execute(
        db,
      );
      await sql`CREATE TRIGGER block_outbox BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse()`.execute(db);
      await sql`CREATE TRIGGER block_forget BEFORE DELETE ON stripe_events FOR EACH ROW EXECUTE FUNCTION refuse()`.execute(
        db,
      );
    } else {
      await sql`DROP FUNCTION refuse() CASCADE`.execute(db);
    }
  }

  it("lists every consultation newest first, a page at a time", async () => {
    for (const n of [1, 2, 3])
      await app.payments.createPayment(request(`paged-${n}@example.test`, n), "/consultation-payment");
    const first = await listBookings(app.t.handle.db, null, 2);
    expect(first.rows).toHaveLength(2);
    expect(first.next).not.toBeNull();
    const second = await listBookings(app.t.handle.db, first.next, 1000);
    const all = [...first.rows, ...second.rows];
    const keys = all.map((r) => `${r.created_at}~${r.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(all.map((r) => r.customer_email)).toEqual(
      expect.arrayContaining(["paged-1@example.test", "paged-3@example.test"]),
    );
  });
});
