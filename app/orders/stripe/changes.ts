/**
 * Money that moves in Stripe rather than through the site, read from
 * Stripe's events (docs/decisions/099-money-moved-in-stripe.md): a refund
 * made in the dashboard (`refund.created` without the site's metadata), a
 * refund that failed at the bank (`refund.failed`), a dispute opened or
 * closed (`charge.dispute.created`, `charge.dispute.closed`). Pure: the
 * router finds the order, the kind notes it, the team is e-mailed.
 */
import type Stripe from "stripe";
import { formatPenceGbp } from "~/format/money.ts";
import type { StripeChange } from "./handler.ts";
import { orderOf } from "./kinds.ts";

/** The event types this module reads (the webhook endpoint must send them: docs/production.md). */
export const changeEventTypes = [
  "refund.created",
  "refund.failed",
  "charge.dispute.created",
  "charge.dispute.closed",
] as const;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * The change `event` records and the PaymentIntent it is about; null for an
 * event of another type, one about no PaymentIntent, or a refund the site
 * made itself (its own metadata: the site noted it as it made it).
 */
export function stripeChangeOf(event: Stripe.Event): { paymentIntentId: string; change: StripeChange } | null {
  switch (event.type) {
    case "refund.created":
    case "refund.failed": {
      const refund = event.data.object;
      const paymentIntentId = idOf(refund.payment_intent);
      if (!paymentIntentId) return null;
      const bySite = orderOf(refund.metadata) !== null;
      if (event.type === "refund.created")
        return bySite
          ? null
          : { paymentIntentId, change: { what: "refunded", amountPence: refund.amount, refundId: refund.id } };
      return {
        paymentIntentId,
        change: {
          what: "refund-failed",
          amountPence: refund.amount,
          refundId: refund.id,
          bySite,
          reason: refund.failure_reason ?? null,
        },
      };
    }
    case "charge.dispute.created":
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const paymentIntentId = idOf(dispute.payment_intent);
      if (!paymentIntentId) return null;
      if (event.type === "charge.dispute.closed")
        return {
          paymentIntentId,
          change: {
            what: "dispute-closed",
            amountPence: dispute.amount,
            disputeId: dispute.id,
            status: dispute.status,
          },
        };
      const due = dispute.evidence_details?.due_by;
      return {
        paymentIntentId,
        change: {
          what: "disputed",
          amountPence: dispute.amount,
          disputeId: dispute.id,
          reason: dispute.reason,
          respondBy: typeof due === "number" ? new Date(due * 1000) : null,
          inquiry: dispute.status.startsWith("warning_"),
        },
      };
    }
    default:
      return null;
  }
}

/** A dispute's reason as the team reads it (Stripe's codes, in words). */
const disputeReasons: Record<string, string> = {
  fraudulent: "they say they did not make the payment",
  duplicate: "they say they were charged twice",
  product_not_received: "they say they did not receive what they paid for",
  product_unacceptable: "they say what they paid for was not as described",
  credit_not_processed: "they say a refund or credit they were promised was not made",
  subscription_canceled: "they say they had cancelled",
  unrecognized: "they do not recognise the payment",
  general: "no reason given",
};

export const disputeReasonText = (reason: string) =>
  Object.hasOwn(disputeReasons, reason) ? disputeReasons[reason]! : reason.replace(/_/g, " ");

/** How a dispute closed, in words. */
export function disputeOutcomeText(status: string): string {
  if (status === "won") return "decided in your favour: the amount comes back to the Stripe balance";
  if (status === "lost") return "decided for the payer: the amount stays with them";
  if (status === "warning_closed") return "closed by the bank without a dispute";
  return `closed (${status.replace(/_/g, " ")})`;
}

/** The change in a sentence, for a booking's timeline. */
export function changeText(change: StripeChange): string {
  const amount = formatPenceGbp(change.amountPence);
  switch (change.what) {
    case "refunded":
      return `A refund of ${amount} to the card was made in Stripe's dashboard, not by the site`;
    case "refund-failed":
      return `The card refund of ${amount} failed at the bank${change.reason ? ` (${change.reason.replace(/_/g, " ")})` : ""}: the payer has not had it`;
    case "disputed":
      return change.inquiry
        ? `The payer's bank asked about the payment of ${amount} (an inquiry, nothing taken yet): ${disputeReasonText(change.reason)}`
        : `The payer disputed ${amount} with their bank: ${disputeReasonText(change.reason)}`;
    case "dispute-closed":
      return `The dispute of ${amount} was ${disputeOutcomeText(change.status)}`;
  }
}
