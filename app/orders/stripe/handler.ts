/**
 * What an order kind paid by card gives the Stripe module
 * (docs/decisions/068-one-stripe-module.md): how to find the order a
 * payment names, and what a payment that succeeded (its amount and currency
 * already checked against the order, once, by ./settle.server.ts) or failed
 * does to it. Every call runs inside the transaction of the event it applies.
 */
import type { Transaction } from "kysely";
import type Stripe from "stripe";
import type { Database } from "~/data/schema.ts";

/** What the check needs of an order: its id, and what it costs. */
export type PaidOrder = { id: string; amountPence: number; currency: string };

/** What applying a succeeded payment did: `queued` e-mails (the outbox is woken), and work for after the commit. */
export type Applied = { queued: boolean; after?: () => Promise<void> };

/**
 * Money that moved in Stripe rather than through the site (./changes.ts):
 * a refund made in Stripe's dashboard, a refund that failed at the bank
 * (the site's or the dashboard's), a dispute the payer opened with their
 * bank, or its close.
 */
export type StripeChange =
  | { what: "refunded"; amountPence: number; refundId: string }
  | { what: "refund-failed"; amountPence: number; refundId: string; bySite: boolean; reason: string | null }
  | {
      what: "disputed";
      amountPence: number;
      disputeId: string;
      reason: string;
      respondBy: Date | null;
      /** The bank's inquiry (Stripe's `warning_…` statuses): nothing taken yet, and it may become a dispute. */
      inquiry: boolean;
    }
  | { what: "dispute-closed"; amountPence: number; disputeId: string; status: string };

/** An order as the team's e-mail about it names it ("Booking MB-7KQ4X2PD (Ada Booker, Northwind Ltd)") and links it. */
export type OrderForTeam = { name: string; path: string; isTest: boolean };

export type PaidOrderHandler = {
  /** The order `orderId` of this kind that `intent` pays for; null if there is none (unknown, erased, another payment's). */
  find(trx: Transaction<Database>, orderId: string, intent: Stripe.PaymentIntent): Promise<PaidOrder | null>;
  /** The payment succeeded for the amount and currency of `order`: the kind marks it paid (once) and tells whom it tells. */
  succeeded(trx: Transaction<Database>, order: PaidOrder, intent: Stripe.PaymentIntent): Promise<Applied>;
  /** A succeeded payment that is not the order's amount or currency: nothing is paid; the kind may note it for the team. */
  mismatched?(trx: Transaction<Database>, order: PaidOrder, intent: Stripe.PaymentIntent): Promise<void>;
  /**
   * Money moved in Stripe for the order `orderId`: the kind notes it where
   * the team reads the order (a booking's timeline) and queues the team's
   * e-mail (./change-emails.server.ts); false if it has no such order.
   */
  changedInStripe(trx: Transaction<Database>, orderId: string, change: StripeChange): Promise<boolean>;
  /** An attempt failed; `message` is Stripe's, addresses masked, at most 500 characters. */
  failed(trx: Transaction<Database>, order: PaidOrder, intent: Stripe.PaymentIntent, message: string): Promise<void>;
};
