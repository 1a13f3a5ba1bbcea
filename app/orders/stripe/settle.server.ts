/**
 * A payment Stripe says succeeded, applied to its order: the one place where
 * its amount and currency are checked against the order, for every kind
 * (docs/decisions/068-one-stripe-module.md). The webhook router
 * (./router.server.ts) and the return pages (a kind that asks Stripe when its
 * payer comes back) both come here.
 */
import type { Transaction } from "kysely";
import type Stripe from "stripe";
import type { Database } from "~/data/schema.ts";
import type { Applied, PaidOrderHandler } from "./handler.ts";
import type { OrderRef } from "./kinds.ts";

export type Settled =
  | ({ outcome: "applied" } & Applied)
  /** Nothing changed: no such order, or a payment that is not its amount or currency (logged, noted by the kind). */
  | { outcome: "unchanged"; reason: "unknown-order" | "amount-mismatch" | "currency-mismatch" };

/** Applies the succeeded `intent` to the order `ref` names, through its kind's `handler`, inside `trx`. */
export async function settlePayment(
  trx: Transaction<Database>,
  handler: PaidOrderHandler,
  ref: OrderRef,
  intent: Stripe.PaymentIntent,
  log: (message: string) => void,
): Promise<Settled> {
  const order = await handler.find(trx, ref.id, intent);
  if (!order) {
    // Money taken for an order that is gone (erased, swept) or for a payment it no longer records: kept by
    // no one's books, so it is said where the operators look (the webhook router refunds it).
    log(
      `Payment ${intent.id} of ${intent.amount} ${intent.currency} succeeded for ${ref.kind} ${ref.id}, which has no such payment (the order is gone, or paid otherwise)`,
    );
    return { outcome: "unchanged", reason: "unknown-order" };
  }
  // Stripe's currency codes are lower case; an order's is compared the same way.
  const reason =
    intent.currency.toLowerCase() !== order.currency.toLowerCase()
      ? "currency-mismatch"
      : intent.amount !== order.amountPence
        ? "amount-mismatch"
        : null;
  if (reason) {
    await handler.mismatched?.(trx, order, intent);
    log(
      `Payment ${intent.id} for ${ref.kind} ${order.id}: ${intent.amount} ${intent.currency} does not match the order's ${order.amountPence} ${order.currency}; refused (${reason})`,
    );
    return { outcome: "unchanged", reason };
  }
  return { outcome: "applied", ...(await handler.succeeded(trx, order, intent)) };
}
