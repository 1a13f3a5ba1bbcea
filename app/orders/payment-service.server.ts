/**
 * Paid consultation bookings with Stripe.
 * - createPayment: stores the booking as pending, then creates its
 *   PaymentIntent (amount computed on the server, idempotency key per
 *   booking, receipt_email, metadata.booking_id). The same request repeated
 *   within two minutes (a double click) gets the same booking and, through
 *   Stripe's idempotency, the same PaymentIntent.
 * - handleWebhook: verifies Stripe's signature on the raw body (stale or
 *   forged events are refused), handles each event id once, marks the
 *   booking paid once and queues the confirmation and team e-mails in the
 *   same transaction; records failures.
 * - outcome: what the return page may say, read from Stripe, never from the
 *   address alone.
 */
import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type Stripe from "stripe";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { storeOnce } from "~/data/once.server.ts";
import { emitEvent, leadCreated } from "~/webhooks/events.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import { bookingPaidEmails } from "./consultation-emails.server.ts";
import type { MailContext } from "~/mail/types.ts";
import type { Metrics } from "~/observability/metrics.server.ts";
import { redactAddresses } from "~/observability/redact.ts";
import type { PaymentRequest } from "./consultation-request.ts";
import { consultationBooking } from "./consultation.ts";
import { stripeClient } from "./stripe-client.server.ts";

export type PaymentState = "succeeded" | "processing" | "failed" | "missing";
export type PaymentOutcome = { state: PaymentState; amountPence?: number; quantity?: number | null; email?: string };

/** The card processor could not set the payment up; the visitor was not charged. */
export class PaymentSetupError extends Error {}

/** What another order kind paid by card does with its Stripe events (course bookings: course-booking/service.server.ts). */
export type CourseStripeEvents = {
  /** Applies the event inside the webhook's transaction; `queued`: e-mails were queued. */
  applyStripeEvent(trx: Transaction<Database>, event: Stripe.Event): Promise<{ queued: boolean }>;
  /** After the transaction commits (a refund through Stripe). */
  afterStripeEvent(outcome: { queued: boolean }): Promise<void>;
};

export { stripeClient };

export type PaymentServiceOptions = {
  db: Db;
  /** Course bookings paid by card (issue 29): their Stripe events are theirs (metadata.course_booking_id). */
  courseBookings?: CourseStripeEvents;
  mail: MailContext;
  secretKey: string;
  webhookSecret?: string;
  /** Stripe API base URL (tests: a local Stripe-shaped server). */
  apiUrl?: string;
  clock?: () => Date;
  onEmailsQueued?: () => void;
  log?: (message: string) => void;
  metrics?: Pick<Metrics, "webhookEvents">;
};

export type PaymentService = ReturnType<typeof createPaymentService>;

const paymentIntentId = /^pi_[A-Za-z0-9_]{1,200}$/;

export function createPaymentService(options: PaymentServiceOptions) {
  const {
    db,
    mail,
    webhookSecret,
    clock = () => new Date(),
    onEmailsQueued = () => {},
    log = console.error,
    metrics,
  } = options;
  const stripe = stripeClient(options.secretKey, options.apiUrl);

  /** Marks the booking paid once and queues its e-mails, inside `trx`; false when nothing changed. */
  async function markPaidIn(trx: Transaction<Database>, bookingId: string, intent: Stripe.PaymentIntent) {
    const now = clock().toISOString();
    const booking = await trx.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
    if (!booking) return false;
    if (intent.amount !== booking.amount_pence || intent.currency !== booking.currency) {
      log(
        `Payment ${intent.id} for booking ${bookingId}: amount ${intent.amount} ${intent.currency} does not match the booking`,
      );
      return false;
    }
    const updated = await trx
      .updateTable("bookings")
      .set({ status: "paid", paid_at: now, updated_at: now, payment_intent_id: intent.id, failure_message: null })
      .where("id", "=", bookingId)
      .where("status", "!=", "paid")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const emails = bookingPaidEmails(
      {
        id: booking.id,
        customerName: booking.customer_name,
        customerEmail: booking.customer_email,
        quantity: booking.quantity,
        amountPence: booking.amount_pence,
        paymentIntentId: intent.id,
        paidAt: now,
        isTest: booking.is_test === 1,
      },
      mail,
    );
    await queueEmails(trx, { type: "booking", id: booking.id }, emails, clock());
    await emitEvent(
      trx,
      {
        type: "booking.paid",
        email: booking.customer_email,
        data: {
          id: booking.id,
          name: booking.customer_name,
          email: booking.customer_email,
          participants: booking.quantity,
          amount: booking.amount_pence,
          currency: booking.currency,
          paidAt: now,
          paymentIntent: intent.id,
          sourcePage: booking.source_page,
          test: booking.is_test === 1,
          url: `${mail.siteUrl}/admin/bookings`,
        },
      },
      clock(),
    );
    return true;
  }

  async function markPaid(bookingId: string, intent: Stripe.PaymentIntent): Promise<boolean> {
    const paid = await db.transaction().execute((trx) => markPaidIn(trx, bookingId, intent));
    if (paid) onEmailsQueued();
    return paid;
  }

  /**
   * Applies one verified event. The event id and the booking's change commit
   * in one transaction: a concurrent second delivery of the same event waits
   * on the event row (PostgreSQL) or runs after it (SQLite), finds it, and
   * changes nothing; a failure rolls both back, so Stripe's retry is handled.
   */
  async function applyEvent(
    event: Stripe.Event,
  ): Promise<{ message: string; queued: boolean; after?: () => Promise<void> }> {
    return db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("stripe_events")
        .values({ id: event.id, type: event.type, received_at: clock().toISOString() })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return { message: "Already handled.", queued: false };
      const object = (event.data as { object?: { object?: string; metadata?: Record<string, string> | null } }).object;
      if (object?.object === "payment_intent" && object.metadata?.course_booking_id && options.courseBookings) {
        const course = options.courseBookings;
        const outcome = await course.applyStripeEvent(trx, event);
        return { message: "OK", queued: outcome.queued, after: () => course.afterStripeEvent(outcome) };
      }
      if (event.type === "payment_intent.succeeded") {
        const intent = event.data.object;
        const bookingId = intent.metadata?.booking_id;
        if (!bookingId) return { message: "Not one of our bookings.", queued: false };
        return { message: "OK", queued: await markPaidIn(trx, bookingId, intent) };
      }
      if (event.type === "payment_intent.payment_failed") {
        const intent = event.data.object;
        const bookingId = intent.metadata?.booking_id;
        if (bookingId) {
          await trx
            .updateTable("bookings")
            .set({
              status: "failed",
              failure_message: redactAddresses(intent.last_payment_error?.message ?? "Payment failed").slice(0, 500),
              updated_at: clock().toISOString(),
            })
            .where("id", "=", bookingId)
            .where("status", "in", ["pending", "failed"])
            .execute();
        }
      }
      return { message: "OK", queued: false };
    });
  }

  return {
    async createPayment(request: PaymentRequest, sourcePage: string) {
      const now = clock();
      const key = createHash("sha256")
        .update(
          JSON.stringify([
            "payment",
            request.customerEmail.toLowerCase(),
            request.customerName,
            request.quantity,
            request.amountPence,
            request.isTest,
          ]),
        )
        .digest("hex");
      const { id } = await storeOnce(db, key, { now, windowMs: 2 * 60_000 }, async (trx, id) => {
        await trx
          .insertInto("bookings")
          .values({
            id,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
            customer_name: request.customerName,
            customer_email: request.customerEmail,
            quantity: request.quantity,
            amount_pence: request.amountPence,
            currency: "gbp",
            status: "pending",
            payment_intent_id: null,
            client_secret: null,
            paid_at: null,
            failure_message: null,
            is_test: request.isTest ? 1 : 0,
            source_page: sourcePage,
          })
          .execute();
      });
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amountPence,
            currency: "gbp",
            receipt_email: request.customerEmail,
            description: request.isTest
              ? "Test payment"
              : `Strategy consultation, ${request.quantity} participant${request.quantity === 1 ? "" : "s"}`,
            automatic_payment_methods: { enabled: true },
            metadata: {
              booking_id: id,
              quantity: String(request.quantity ?? ""),
              kind: request.isTest ? "test" : "consultation",
            },
          },
          { idempotencyKey: `booking-${id}` },
        );
      } catch (error) {
        // Stripe's message can quote the customer's address: masked before it is logged or stored.
        const message = redactAddresses((error as Error).message);
        log(`Stripe: creating the payment for booking ${id} failed: ${message}`);
        await db
          .updateTable("bookings")
          .set({ status: "setup_failed", failure_message: message.slice(0, 500), updated_at: clock().toISOString() })
          .where("id", "=", id)
          .where("status", "=", "pending")
          .execute();
        throw new PaymentSetupError(message);
      }
      // The checkout has started once Stripe has the payment: the team's tools hear of it then, once
      // (a repeated request gets the same payment, and finds it recorded).
      const started = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("bookings")
          .set({ payment_intent_id: intent.id, client_secret: intent.client_secret, updated_at: clock().toISOString() })
          .where("id", "=", id)
          .where("payment_intent_id", "is", null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        await emitEvent(
          trx,
          leadCreated({
            kind: consultationBooking.kind,
            id,
            createdAt: now.toISOString(),
            sourcePage,
            isTest: request.isTest,
            listing: {
              name: request.customerName,
              email: request.customerEmail,
              company: "",
              subject: "",
              pillar: null,
            },
            subjectLabel: "Strategy consultation (60 minutes)",
            fields: { name: request.customerName, email: request.customerEmail, participants: request.quantity },
            attribution: null,
            adminUrl: `${mail.siteUrl}/admin/bookings`,
          }),
          now,
        );
        return true;
      });
      if (started) onEmailsQueued();
      return { bookingId: id, paymentIntentId: intent.id, clientSecret: intent.client_secret! };
    },

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
      let applied: Awaited<ReturnType<typeof applyEvent>>;
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

    async outcome(id: string | null): Promise<PaymentOutcome> {
      if (!id || !paymentIntentId.test(id)) return { state: "missing" };
      const booking = await db
        .selectFrom("bookings")
        .selectAll()
        .where("payment_intent_id", "=", id)
        .executeTakeFirst();
      if (!booking) return { state: "missing" };
      const facts = { amountPence: booking.amount_pence, quantity: booking.quantity, email: booking.customer_email };
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(id);
      } catch (error) {
        log(`Stripe: reading payment ${id} failed: ${redactAddresses((error as Error).message)}`);
        // Stripe unreachable: say only what our own records prove.
        return { state: booking.status === "paid" ? "succeeded" : "processing", ...facts };
      }
      if (intent.status === "succeeded") {
        // The webhook may not have arrived yet: Stripe's answer is proof enough.
        await markPaid(booking.id, intent);
        return { state: "succeeded", ...facts };
      }
      if (intent.status === "processing") return { state: "processing", ...facts };
      return { state: "failed", ...facts };
    },
  };
}
