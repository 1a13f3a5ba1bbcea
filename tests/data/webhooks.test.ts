/**
 * Outgoing webhooks on both databases (app/webhooks,
 * docs/decisions/030-outgoing-webhooks.md), delivered over HTTP to a local
 * receiver that verifies every message with the Standard Webhooks library.
 * The clock is set by hand from the real time (the library refuses
 * timestamps more than five minutes off).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backlog } from "~/data/backlog.server.ts";
import { createLeadService } from "~/leads/service.server.ts";
import { OutboxWorker } from "~/mail/outbox-worker.server.ts";
import { WebhookDispatcher } from "~/webhooks/dispatcher.server.ts";
import {
  createEndpoint,
  disableEndpoint,
  listDeliveries,
  replayEvent,
  retryDelivery,
  rotateSecret,
} from "~/webhooks/endpoints.server.ts";
import { emitEvent } from "~/webhooks/events.server.ts";
import type { WebhookEventType } from "~/webhooks/event-types.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";
import { dialects } from "./databases.ts";
import { contactEnquiry, loggerInto, newsletterTokensOf, testKeys, testMail, useTestDatabase } from "./fixtures.ts";

const mail = testMail;
const enquiry = contactEnquiry;

describe.each(dialects)("webhooks on %s", (dialect) => {
  let now: Date;
  let receiver: WebhookReceiver;
  const clock = () => now;
  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  const db = () => t.handle.db;
  const leads = () => createLeadService({ keys: testKeys, db: db(), mail, clock });
  /** What the dispatcher logged (a failed claim, an unexpected error): shown when a check fails. */
  const logged: object[] = [];
  const log = loggerInto(logged);
  const loggedText = () => logged.map((line) => JSON.stringify(line)).join("\n") || "nothing";
  const showingLog = (check: Promise<unknown>) =>
    check.catch((error: Error) => {
      error.message += `\nThe dispatcher logged: ${loggedText()}`;
      throw error;
    });
  const dispatcher = (options: Partial<ConstructorParameters<typeof WebhookDispatcher>[0]> = {}) =>
    new WebhookDispatcher({ db: db(), workerId: "worker-under-test", allowLocal: true, clock, log, ...options });
  const endpoint = async (events: WebhookEventType[] = ["lead.created"], url = receiver.url) => {
    const made = await createEndpoint(db(), { url, description: "CRM", events }, now);
    receiver.secrets.push(made.secret);
    return made;
  };

  const t = useTestDatabase(dialect);
  beforeEach(async ({ onTestFailed }) => {
    logged.length = 0;
    onTestFailed(() => console.error(`The dispatcher logged: ${loggedText()}`));
    now = new Date();
    receiver = await startWebhookReceiver();
    for (const table of ["webhook_deliveries", "webhook_events", "webhook_endpoints", "outbox_workers"] as const) {
      await db().deleteFrom(table).execute();
    }
  });
  afterEach(async () => {
    await receiver.close();
  });

  it("a lead writes its event with one delivery per enabled endpoint that wants it; a rolled-back change writes none", async () => {
    const crm = await endpoint(["lead.created", "lead.updated"]);
    await endpoint(["booking.paid"]);
    const off = await endpoint(["lead.created"]);
    await disableEndpoint(db(), off.id, now);
    const { id } = await leads().submit("contact", enquiry("ann@example.test"), {
      sourcePage: "/contact",
      isTest: false,
    });
    const deliveries = await db().selectFrom("webhook_deliveries").selectAll().execute();
    expect(deliveries.map((d) => d.endpoint_id)).toEqual([crm.id]);
    const event = await db().selectFrom("webhook_events").selectAll().executeTakeFirstOrThrow();
    expect(event).toMatchObject({ type: "lead.created", email: "ann@example.test" });
    expect(JSON.parse(event.payload)).toMatchObject({
      type: "lead.created",
      data: { id, kind: "contact", email: "ann@example.test", company: "Acme Ltd", sourcePage: "/contact" },
    });

    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await emitEvent(trx, { type: "lead.created", data: { id: "x" } }, now);
          throw new Error("the change failed");
        }),
    ).rejects.toThrow("the change failed");
    expect(await db().selectFrom("webhook_events").select("id").execute()).toHaveLength(1);
  });

  it("a newsletter sign-up, its confirmation and its unsubscription each write their event; a repeat writes none", async () => {
    await endpoint(["lead.created", "subscriber.confirmed", "subscriber.unsubscribed"]);
    const signUp = () =>
      leads().submit("newsletter", { email: "news@example.test" }, { sourcePage: "/newsletter", isTest: false });
    await signUp();
    const sub = await db()
      .selectFrom("newsletter_subscriptions")
      .select(["id"])
      .where("email", "=", "news@example.test")
      .executeTakeFirstOrThrow();
    const links = await newsletterTokensOf(db(), sub.id);
    expect(await leads().confirmNewsletter(links.confirm)).toBe("confirmed");
    expect(await leads().confirmNewsletter(links.confirm)).toBe("already-confirmed");
    expect(await leads().unsubscribeNewsletter(links.unsubscribe)).toBe("unsubscribed");
    expect(await leads().unsubscribeNewsletter(links.unsubscribe)).toBe("already-unsubscribed");
    later(20 * 60_000); // past the duplicate window: a new sign-up of the same address joins its record
    await signUp();
    const events = await db().selectFrom("webhook_events").select(["type", "payload"]).orderBy("created_at").execute();
    expect(events.map((e) => e.type)).toEqual(["lead.created", "subscriber.confirmed", "subscriber.unsubscribed"]);
    expect(JSON.parse(events[2]!.payload).data).toMatchObject({ id: sub.id, email: "news@example.test" });
  });

  it("delivers each event signed so that the Standard Webhooks library verifies it, and records the answer", async () => {
    await endpoint();
    const { id } = await leads().submit("contact", enquiry("bo@example.test"), {
      sourcePage: "/contact",
      isTest: false,
    });
    expect(await dispatcher().deliverDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [message] = receiver.received;
    expect(message!.verified).toMatchObject({ type: "lead.created", data: { id, email: "bo@example.test" } });
    expect(message!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(message!.headers["content-type"]).toBe("application/json");
    const [delivery] = await db().selectFrom("webhook_deliveries").selectAll().execute();
    expect(delivery).toMatchObject({ event_id: message!.id, attempts: 1, last_status: 200, last_error: null });
    expect(delivery!.delivered_at).not.toBeNull();
    expect(await dispatcher().deliverDue()).toBe(0);
  });

  it("an endpoint that fails for a while gets every event, once, when it recovers", async () => {
    const crm = await endpoint();
    for (const email of ["a@example.test", "b@example.test", "c@example.test"]) {
      await leads().submit("contact", enquiry(email), { sourcePage: "/contact", isTest: false });
    }
    receiver.mode = 503;
    const worker = dispatcher();
    expect(await worker.deliverDue()).toBe(3);
    expect(await worker.deliverDue()).toBe(0); // not due again for 15 s
    later(15_000);
    expect(await worker.deliverDue()).toBe(3);
    const failing = await listDeliveries(db(), crm.id);
    expect(failing.map((d) => [d.state, d.attempts, d.lastStatus])).toEqual(Array(3).fill(["failing", 2, 503]));
    later(29_000);
    expect(await worker.deliverDue()).toBe(0); // the second wait is 30 s
    receiver.mode = "ok";
    later(1_000);
    expect(await worker.deliverDue()).toBe(3);
    const delivered = receiver.received.filter((r) => r.verified && r.headers["webhook-signature"]);
    expect(receiver.received).toHaveLength(9);
    expect(new Set(delivered.slice(-3).map((r) => r.id)).size).toBe(3);
    expect((await listDeliveries(db(), crm.id)).map((d) => d.state)).toEqual(["delivered", "delivered", "delivered"]);
    later(3600_000);
    expect(await worker.deliverDue()).toBe(0);
  });

  it("gives a delivery up after about three days; retried from the back office, it is delivered", async () => {
    const crm = await endpoint();
    await leads().submit("contact", enquiry("dee@example.test"), { sourcePage: "/contact", isTest: false });
    // What /readyz and the metrics report (app/data/backlog.server.ts).
    const queued = now;
    expect(await backlog(db(), "webhook_deliveries", later(90_000))).toEqual({
      pending: 1,
      oldestUnsentSeconds: 90,
      dead: 0,
    });
    now = queued;
    receiver.mode = 500;
    const worker = dispatcher();
    const start = now.getTime();
    for (let i = 0; i < 60; i++) {
      await worker.deliverDue();
      const row = await db().selectFrom("webhook_deliveries").selectAll().executeTakeFirstOrThrow();
      if (row.dead_at) break;
      now = new Date(Date.parse(row.next_attempt_at));
    }
    const [dead] = await listDeliveries(db(), crm.id);
    expect(dead).toMatchObject({ state: "dead", lastStatus: 500, lastError: "The endpoint answered 500." });
    const tookHours = (Date.parse(dead!.lastAttemptAt!) - start) / 3600_000;
    expect(tookHours).toBeGreaterThanOrEqual(72);
    expect(tookHours).toBeLessThan(80);
    expect(dead!.attempts).toBeGreaterThan(10);
    expect(dead!.attempts).toBeLessThan(30);
    expect(await worker.deliverDue()).toBe(0);
    expect(await backlog(db(), "webhook_deliveries", now)).toEqual({ pending: 0, oldestUnsentSeconds: null, dead: 1 });

    receiver.mode = "ok";
    now = new Date(); // back to the real time, so the receiver's check of the timestamp passes
    expect(await retryDelivery(db(), crm.id, dead!.id, now)).toBe(true);
    expect(await retryDelivery(db(), crm.id, dead!.id, now)).toBe(false); // no longer given up
    expect((await listDeliveries(db(), crm.id))[0]).toMatchObject({ state: "pending", attempts: 0 }); // backoff from 15 s again
    expect(await worker.deliverDue()).toBe(1);
    expect(receiver.received.at(-1)!.verified).not.toBeNull();
    expect((await listDeliveries(db(), crm.id))[0]!.state).toBe("delivered");
    expect(await backlog(db(), "webhook_deliveries", now)).toEqual({ pending: 0, oldestUnsentSeconds: null, dead: 0 });
  });

  it("replays a delivered event with its own webhook-id", async () => {
    const crm = await endpoint();
    await leads().submit("contact", enquiry("eve@example.test"), { sourcePage: "/contact", isTest: false });
    await dispatcher().deliverDue();
    const [first] = await listDeliveries(db(), crm.id);
    expect(await replayEvent(db(), crm.id, first!.eventId, now)).toBe(true);
    expect(await replayEvent(db(), crm.id, "msg_unknown", now)).toBe(false);
    await dispatcher().deliverDue();
    expect(receiver.received.map((r) => r.id)).toEqual([first!.eventId, first!.eventId]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect((await listDeliveries(db(), crm.id)).map((d) => d.state)).toEqual(["delivered", "delivered"]);
  });

  it("a slow endpoint holds up neither another endpoint nor more than two of its own deliveries", async () => {
    const other = await startWebhookReceiver();
    try {
      const slow = await endpoint();
      const fast = await createEndpoint(db(), { url: other.url, description: "Zapier", events: ["lead.created"] }, now);
      other.secrets.push(fast.secret);
      receiver.mode = "hold";
      for (const email of ["f@example.test", "g@example.test", "h@example.test", "i@example.test"]) {
        await leads().submit("contact", enquiry(email), { sourcePage: "/contact", isTest: false });
      }
      const worker = dispatcher();
      const draining = worker.deliverDue();
      // Both waits fit in the test's time, so that a failure shows what the dispatcher logged.
      await showingLog(expect.poll(() => other.received.filter((r) => r.verified).length, { timeout: 8_000 }).toBe(4));
      await showingLog(expect.poll(() => receiver.held(), { timeout: 8_000 }).toBe(2));
      expect(receiver.held()).toBe(2); // the rest wait for a free slot of their endpoint
      receiver.mode = "ok";
      receiver.release();
      await draining;
      expect((await listDeliveries(db(), slow.id)).map((d) => d.state)).toEqual(Array(4).fill("delivered"));
    } finally {
      await other.close();
    }
  });

  it("no answer within the timeout is a failure to retry; a long answer is not read past the limit", async () => {
    const crm = await endpoint();
    await leads().submit("contact", enquiry("jo@example.test"), { sourcePage: "/contact", isTest: false });
    receiver.mode = "hold";
    await dispatcher({ timeoutMs: 200 }).deliverDue();
    const [timedOut] = await listDeliveries(db(), crm.id);
    expect(timedOut).toMatchObject({ state: "failing", lastStatus: null, lastError: "No answer within 0.2 s." });
    receiver.mode = "ok";
    receiver.answerBody = "x".repeat(2 * 1024 * 1024);
    later(15_000);
    now = new Date();
    await db().updateTable("webhook_deliveries").set({ next_attempt_at: now.toISOString() }).execute();
    await dispatcher({ maxResponseBytes: 1024 }).deliverDue();
    const [answered] = await listDeliveries(db(), crm.id);
    expect(answered).toMatchObject({ state: "delivered", lastStatus: 200 });
  });

  it("refuses loopback and private addresses at delivery unless local receivers are allowed", async () => {
    const crm = await endpoint(["lead.created"], `http://localhost:${receiver.port}/hooks`);
    await leads().submit("contact", enquiry("kai@example.test"), { sourcePage: "/contact", isTest: false });
    await dispatcher({ allowLocal: false }).deliverDue();
    expect(receiver.received).toHaveLength(0);
    const [refused] = await listDeliveries(db(), crm.id);
    expect(refused!.state).toBe("failing");
    expect(refused!.lastError).toMatch(/not allowed/i);
  });

  it("after a rotation both secrets sign for a day, then only the new one", async () => {
    const crm = await endpoint();
    const rotated = await rotateSecret(db(), crm.id, now);
    expect(rotated).not.toBeNull();
    receiver.secrets.push(rotated!.secret);
    await leads().submit("contact", enquiry("lu@example.test"), { sourcePage: "/contact", isTest: false });
    await dispatcher().deliverDue();
    const signatures = receiver.received[0]!.headers["webhook-signature"]!.split(" ");
    expect(signatures).toHaveLength(2);
    expect(receiver.received[0]!.verifiedWith).toBe(0); // the old secret still verifies

    // A day on (the rotation dated a day back), only the new one signs.
    await db()
      .updateTable("webhook_endpoints")
      .set({ previous_secret_until: new Date(now.getTime() - 1).toISOString() })
      .execute();
    receiver.secrets.splice(0, 1);
    await leads().submit("contact", enquiry("mo@example.test"), { sourcePage: "/contact", isTest: false });
    await dispatcher().deliverDue();
    expect(receiver.received[1]!.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(receiver.received[1]!.verifiedWith).toBe(0);
  });

  it("a crash between commit and delivery loses nothing: a dead process's claims are taken back at once", async () => {
    const crm = await endpoint();
    await leads().submit("contact", enquiry("ned@example.test"), { sourcePage: "/contact", isTest: false });
    // The process that committed it claimed the delivery, then died (its pid no longer runs).
    const dead = { id: "dead-worker", host: "this-host", pid: 999_999, process_id: "gone" };
    await db()
      .insertInto("outbox_workers")
      .values({ ...dead, started_at: now.toISOString(), heartbeat_at: now.toISOString() })
      .execute();
    await db()
      .updateTable("webhook_deliveries")
      .set({ locked_by: dead.id, locked_until: new Date(now.getTime() + 30_000).toISOString() })
      .execute();
    const next = new OutboxWorker({
      db: db(),
      transport: { send: async () => {} },
      maxRetryDelayMs: 60_000,
      clock,
      identity: { host: "this-host" },
      processRuns: (pid) => pid !== dead.pid,
    });
    expect(await dispatcher({ workerId: next.identity.id }).deliverDue()).toBe(0); // still claimed
    await next.register(); // start-up: finds the dead owner, frees its claims
    expect(await dispatcher({ workerId: next.identity.id }).deliverDue()).toBe(1);
    expect(receiver.received[0]!.verified).toMatchObject({ data: { email: "ned@example.test" } });
    expect((await listDeliveries(db(), crm.id))[0]!.state).toBe("delivered");
  });
});
