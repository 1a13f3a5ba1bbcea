/**
 * Stripe's webhook, for every order kind paid by card
 * (docs/decisions/068-one-stripe-module.md): verifies Stripe's signature on
 * the raw body (stale or forged events are refused), handles each event id
 * once, finds the order the PaymentIntent's metadata names (./kinds.ts) and
 * hands the event to that kind's handler: a success through
 * ./settle.server.ts (amount and currency checked there), a failure with
 * Stripe's message, addresses masked. Money moved in Stripe rather than by
 * the site (a refund made in the dashboard, a refund that failed, a dispute:
 * ./changes.ts) goes to the kind of the order that recorded the payment,
 * which notes it and tells the team.
 */
import type Stripe from "stripe";
import type { Db } from "~/data/db.server.ts";
import type { Metrics } from "~/observability/metrics.server.ts";
import { redactAddresses } from "~/observability/redact.ts";
import type { PaidOrderHandler } from "./handler.ts";
import { orderOfPayment } from "../store.server.ts";
import { changeText, stripeChangeOf } from "./changes.ts";
import { isPaidKind, orderMetadata, orderOf, type OrderRef, type PaidKindName } from "./kinds.ts";
import { settlePayment } from "./settle.server.ts";

export type StripeWebhookOptions = {
  db: Db;
  stripe: Stripe;
  webhookSecret?: string;
  /** Each paid kind's handler (./kinds.ts names them). */
  handlers: { readonly [K in PaidKindName]: PaidOrderHandler };
  clock?: () => Date;
  onEmailsQueued?: () => void;
  log?: (message: string) => void;
  metrics?: Pick<Metrics, "webhookEvents">;
};

export type StripeWebhooks = ReturnType<typeof createStripeWebhooks>;

type Handled = { message: string; queued: boolean; after?: () => Promise<void> };

export function createStripeWebhooks(options: StripeWebhookOptions) {
  const { db, stripe, webhookSecret, handlers, clock = () => new Date(), metrics } = options;
  const { onEmailsQueued = () => {}, log = console.error } = options;

  /**
   * Applies one verified event. The event id and the order's change commit
   * in one transaction: a concurrent second delivery of the same event waits
   * on the event row (PostgreSQL) or runs after it (SQLite), finds it, and
   * changes nothing; a failure rolls both back, so Stripe's retry is handled.
   */
  async function applyEvent(event: Stripe.Event): Promise<Handled> {
    return db.transaction().execute(async (trx): Promise<Handled> => {
      const inserted = await trx
        .insertInto("stripe_events")
        .values({ id: event.id, type: event.type, received_at: clock().toISOString() })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return { message: "Already handled.", queued: false };
      const changed = stripeChangeOf(event);
      if (changed) {
        const order = await orderOfPayment(trx, changed.paymentIntentId);
        const handler = order && isPaidKind(order.kind) ? handlers[order.kind] : null;
        if (!order || !handler || !(await handler.changedInStripe(trx, order.id, changed.change))) {
          log(
            `Stripe: ${event.type} for payment ${changed.paymentIntentId}, which no order records: ${changeText(changed.change)}`,
          );
          return { message: "Not one of our orders.", queued: false };
        }
        return { message: "OK", queued: true };
      }
      if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed") {
        return { message: "OK", queued: false };
      }
      const intent = event.data.object;
      const ref = orderOf(intent.metadata);
      if (!ref) return { message: "Not one of our orders.", queued: false };
      const handler = handlers[ref.kind];
      if (event.type === "payment_intent.succeeded") {
        const settled = await settlePayment(trx, handler, ref, intent, log);
        if (settled.outcome === "applied")
          return { message: "OK", queued: settled.queued, ...(settled.after ? { after: settled.after } : {}) };
        // Money no order records (the order erased or swept, or paid otherwise): given back, not kept unseen.
        if (settled.reason === "unknown-order")
          return { message: "OK", queued: false, after: () => refundOrphan(ref, intent) };
        return { message: "OK", queued: false };
      }
      const order = await handler.find(trx, ref.id, intent);
      if (order) {
        const message = redactAddresses(intent.last_payment_error?.message ?? "Payment failed").slice(0, 500);
        await handler.failed(trx, order, intent, message);
      }
      return { message: "OK", queued: false };
    });
  }

  /**
   * Refunds in full a payment that succeeded for an order that does not
   * record it, once (its own idempotency key; the site's metadata, so its
   * refund.created is known as the site's); logged either way.
   */
  async function refundOrphan(ref: OrderRef, intent: Stripe.PaymentIntent): Promise<void> {
    try {
      await stripe.refunds.create(
        { payment_intent: intent.id, metadata: orderMetadata(ref) },
        { idempotencyKey: `orphan-${intent.id}` },
      );
      log(`Payment ${intent.id} of ${intent.amount} ${intent.currency} for ${ref.kind} ${ref.id} refunded in full`);
    } catch (error) {
      log(
        `Payment ${intent.id} of ${intent.amount} ${intent.currency} for ${ref.kind} ${ref.id} could not be refunded (${redactAddresses((error as Error).message)}): refund it in Stripe's dashboard`,
      );
    }
  }

  return {
    /** Answers the webhook call: a status and a short text for Stripe's dashboard. */
    async handleWebhook(rawBody: string, signature: string | null): Promise<{ status: number; message: string }> {
      if (!webhookSecret) return { status: 503, message: "The webhook signing secret is not configured." };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", webhookSecret);
      } catch (error) {
        metrics?.webhookEvents.inc({ type: "unverified", outcome: "bad_signature" });
        return { status: 400, message: `Signature check failed: ${(error as Error).message}` };
      }
      const count = (outcome: string) => metrics?.webhookEvents.inc({ type: event.type, outcome });
      let applied: Handled;
      try {
        applied = await applyEvent(event);
      } catch (error) {
        count("error");
        throw error;
      }
      if (applied.queued) onEmailsQueued();
      await applied.after?.();
      count(applied.message === "Already handled." ? "duplicate" : "handled");
      return { status: 200, message: applied.message };
    },
  };
}
