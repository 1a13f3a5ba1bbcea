/**
 * The paid consultation's card payments with Stripe (docs/decisions/068-one-stripe-module.md).
 * - createPayment: stores the booking as pending, then creates its
 *   PaymentIntent (amount computed on the server, idempotency key per
 *   booking, receipt_email, metadata naming the order: ./stripe/kinds.ts).
 *   The same request repeated within two minutes (a double click) gets the
 *   same booking and, through Stripe's idempotency, the same PaymentIntent.
 * - stripeOrders: what the webhook router (./stripe/router.server.ts) does
 *   with a consultation's payment: marks the booking paid once and queues the
 *   confirmation and team e-mails in the event's transaction; records failures.
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
import { redactAddresses } from "~/observability/redact.ts";
import { consultationDescription, type PaymentRequest } from "./consultation-request.ts";
import { consultationBooking } from "./consultation.ts";
import { stripeChangeEmail } from "./stripe/change-emails.server.ts";
import type { PaidOrderHandler } from "./stripe/handler.ts";
import { orderMetadata } from "./stripe/kinds.ts";
import { settlePayment } from "./stripe/settle.server.ts";
import { createOrder, moveOrder, paidOrder, recordPayment, updateOrder } from "./store.server.ts";

export type PaymentState = "succeeded" | "processing" | "failed" | "missing";
export type PaymentOutcome = { state: PaymentState; amountPence?: number; quantity?: number | null; email?: string };

/** The card processor could not set the payment up; the visitor was not charged. */
export class PaymentSetupError extends Error {}

/** Where the team reads the consultation's bookings (linked from its e-mails and webhook messages). */
export const consultationsPage = "/admin/consultations";

export type ConsultationPaymentsOptions = {
  db: Db;
  mail: MailContext;
  /** The one Stripe client (./stripe/client.server.ts). */
  stripe: Stripe;
  clock?: () => Date;
  onEmailsQueued?: () => void;
  log?: (message: string) => void;
};

export type ConsultationPayments = ReturnType<typeof createConsultationPayments>;

const paymentIntentId = /^pi_[A-Za-z0-9_]{1,200}$/;

export function createConsultationPayments(options: ConsultationPaymentsOptions) {
  const { db, mail, stripe, clock = () => new Date(), onEmailsQueued = () => {}, log = console.error } = options;

  /** Marks the booking paid once and queues its e-mails, inside `trx`; false when nothing changed. */
  async function markPaidIn(trx: Transaction<Database>, bookingId: string, intent: Stripe.PaymentIntent) {
    const now = clock().toISOString();
    const booking = await trx
      .selectFrom("consultations")
      .selectAll()
      .where("id", "=", bookingId)
      .executeTakeFirstOrThrow();
    const unpaid = ["pending", "failed", "setup_failed"] as const;
    if (!(await moveOrder(trx, bookingId, unpaid, { status: "paid", paid_at: now, updated_at: now }))) return false;
    await recordPayment(trx, bookingId, {
      provider_reference: intent.id,
      status: "succeeded",
      failure_message: null,
      settled_at: now,
      updated_at: now,
    });
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
          url: `${mail.siteUrl}${consultationsPage}`,
        },
      },
      clock(),
    );
    return true;
  }

  /** What the webhook router does with a consultation's payment (./stripe/handler.ts). */
  const stripeOrders: PaidOrderHandler = {
    find: (trx, orderId) => paidOrder(trx, "consultation", orderId),
    async succeeded(trx, order, intent) {
      return { queued: await markPaidIn(trx, order.id, intent) };
    },
    async changedInStripe(trx, orderId, change) {
      const booking = await trx
        .selectFrom("consultations")
        .select(["customer_name", "is_test"])
        .where("id", "=", orderId)
        .executeTakeFirst();
      if (!booking) return false;
      const order = {
        name: `The consultation paid by ${booking.customer_name}`,
        path: consultationsPage,
        isTest: booking.is_test === 1,
      };
      await queueEmails(trx, { type: "booking", id: orderId }, [stripeChangeEmail(order, change, mail)], clock());
      return true;
    },
    async failed(trx, order, _intent, message) {
      const at = clock().toISOString();
      if (await moveOrder(trx, order.id, ["pending", "failed"], { status: "failed", updated_at: at }))
        await recordPayment(trx, order.id, { status: "failed", failure_message: message, updated_at: at });
    },
  };

  return {
    stripeOrders,

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
        await createOrder(
          trx,
          {
            id,
            kind: "consultation",
            status: "pending",
            buyer_name: request.customerName,
            buyer_email: request.customerEmail,
            currency: "gbp",
            total_pence: request.amountPence,
            paid_at: null,
            source_page: sourcePage,
            is_test: request.isTest ? 1 : 0,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          },
          [
            {
              description: consultationDescription(request),
              quantity: request.quantity,
              unit_price_pence: request.quantity ? request.amountPence / request.quantity : null,
              total_pence: request.amountPence,
            },
          ],
          { provider: "stripe" },
        );
      });
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amountPence,
            currency: "gbp",
            receipt_email: request.customerEmail,
            description: consultationDescription(request),
            automatic_payment_methods: { enabled: true },
            metadata: {
              ...orderMetadata({ kind: "consultation", id }),
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
        const at = clock().toISOString();
        await db.transaction().execute(async (trx) => {
          if (await moveOrder(trx, id, "pending", { status: "setup_failed", updated_at: at }))
            await recordPayment(trx, id, { status: "failed", failure_message: message.slice(0, 500), updated_at: at });
        });
        throw new PaymentSetupError(message);
      }
      // The checkout has started once Stripe has the payment: the team's tools hear of it then, once
      // (a repeated request gets the same payment, and finds it recorded).
      const started = await db.transaction().execute(async (trx) => {
        const at = clock().toISOString();
        // Its client secret goes to the payer's browser only, never into the record (ADR 075).
        const recorded = await recordPayment(
          trx,
          id,
          { provider_reference: intent.id, updated_at: at },
          { onlyWithoutReference: true },
        );
        if (!recorded) return false;
        await updateOrder(trx, id, { updated_at: at });
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
            adminUrl: `${mail.siteUrl}${consultationsPage}`,
          }),
          now,
        );
        return true;
      });
      if (started) onEmailsQueued();
      return { bookingId: id, paymentIntentId: intent.id, clientSecret: intent.client_secret! };
    },

    async outcome(id: string | null): Promise<PaymentOutcome> {
      if (!id || !paymentIntentId.test(id)) return { state: "missing" };
      const booking = await db
        .selectFrom("consultations")
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
        // The webhook may not have arrived yet: Stripe's answer is proof enough (checked as the webhook's).
        const settled = await db
          .transaction()
          .execute((trx) => settlePayment(trx, stripeOrders, { kind: "consultation", id: booking.id }, intent, log));
        if (settled.outcome === "applied" && settled.queued) onEmailsQueued();
        return { state: "succeeded", ...facts };
      }
      if (intent.status === "processing") return { state: "processing", ...facts };
      return { state: "failed", ...facts };
    },
  };
}
