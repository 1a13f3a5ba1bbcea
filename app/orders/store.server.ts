/**
 * The one order model's writes (docs/decisions/076-order-tables.md): an
 * order with its lines (and its payment, when it is paid through a
 * provider), its status moved by its kind's machine only from the status
 * the caller saw, and its payments recorded. Each kind reads its orders in
 * its own words through its view (`consultations`, `course_bookings`) and
 * writes them here; a kind's own facts (a course booking's session, terms,
 * address) are its own table's.
 */
import { randomUUID } from "node:crypto";
import { sql, type Compilable, type Insertable, type Kysely, type OperationNodeSource, type Updateable } from "kysely";
import { isPostgres } from "~/data/dialect.ts";
import type { Database } from "~/data/schema.ts";
import type { OrderSweepContext } from "./kind.server.ts";
import type { PaidKindName } from "./stripe/kinds.ts";

/** A transaction, or the database for a change that is one statement. */
type Trx = Kysely<Database>;

/** A new order: its kind one of the registry's (./stripe/kinds.ts). */
export type NewOrder = Insertable<Database["orders"]> & { kind: PaidKindName };
export type NewLine = Omit<Insertable<Database["order_lines"]>, "order_id" | "position">;

/** A new order's payment: by its provider, pending (a reference to come) unless said otherwise. */
export type NewPayment = { provider: Database["payments"]["provider"] } & Partial<
  Pick<Insertable<Database["payments"]>, "provider_reference" | "status" | "failure_message" | "settled_at">
>;

/** An insert to run with others (`insertTogether`). */
export type Insert = Compilable & OperationNodeSource;

/**
 * Runs `inserts` as one: on PostgreSQL in one statement (all but the last
 * as data-modifying common table expressions, which PostgreSQL runs to
 * completion: one round trip to the server instead of one each, ADR 076),
 * on SQLite (in the process: no round trip) one after the other. None may
 * read what another writes.
 */
export async function insertTogether(trx: Trx, inserts: readonly Insert[]): Promise<void> {
  if (inserts.length === 0) return;
  if (!isPostgres(trx)) {
    for (const insert of inserts) await trx.executeQuery(insert.compile());
    return;
  }
  const last = inserts[inserts.length - 1]!;
  const before = inserts.slice(0, -1).map((insert, i) => sql`${sql.id(`w${i}`)} as (${insert})`);
  await (before.length ? sql`with ${sql.join(before)} ${last}` : sql`${last}`).execute(trx);
}

/**
 * The inserts of an order, its lines (positions 1, 2, … in the order
 * given) and its payment when it has one: for `insertTogether`, with the
 * kind's own rows.
 */
export function orderInserts(trx: Trx, order: NewOrder, lines: readonly NewLine[], payment?: NewPayment): Insert[] {
  return [
    trx.insertInto("orders").values(order),
    trx.insertInto("order_lines").values(lines.map((line, i) => ({ ...line, order_id: order.id, position: i + 1 }))),
    ...(payment ? [paymentInsert(trx, order, payment)] : []),
  ];
}

/** The insert of `order`'s payment: its whole amount, by `payment.provider`, pending unless said otherwise. */
function paymentInsert(
  trx: Trx,
  order: Pick<NewOrder, "id" | "total_pence" | "currency" | "created_at" | "updated_at">,
  payment: NewPayment,
) {
  return trx.insertInto("payments").values({
    id: randomUUID(),
    order_id: order.id,
    provider: payment.provider,
    provider_reference: payment.provider_reference ?? null,
    amount_pence: order.total_pence,
    currency: order.currency,
    status: payment.status ?? "pending",
    failure_message: payment.failure_message ?? null,
    settled_at: payment.settled_at ?? null,
    created_at: order.created_at,
    updated_at: order.updated_at,
  });
}

/**
 * Records that order `id` was paid in full by bank transfer at `at` (the
 * team saw it arrive): a settled payment, as a card's is.
 */
export async function recordTransfer(
  trx: Trx,
  order: { id: string; total_pence: number; currency: string },
  at: string,
) {
  await paymentInsert(
    trx,
    { ...order, created_at: at, updated_at: at },
    { provider: "transfer", status: "succeeded", settled_at: at },
  ).execute();
}

/**
 * Records a card payment started for an order that had none (an invoice to
 * be paid by card: its PaymentIntent `reference`, pending, for `amountPence`).
 * False if the order already has a card payment.
 */
export async function recordCardPaymentStarted(
  trx: Trx,
  order: { id: string; amountPence: number; currency: string },
  reference: string,
  at: string,
): Promise<boolean> {
  const existing = await trx
    .selectFrom("payments")
    .select("id")
    .where("order_id", "=", order.id)
    .where("provider", "=", "stripe")
    .executeTakeFirst();
  if (existing) return false;
  await paymentInsert(
    trx,
    { id: order.id, total_pence: order.amountPence, currency: order.currency, created_at: at, updated_at: at },
    { provider: "stripe", provider_reference: reference, status: "pending" },
  ).execute();
  return true;
}

/** Writes an order and its lines, and its payment when it has one. */
export async function createOrder(
  trx: Trx,
  order: NewOrder,
  lines: readonly NewLine[],
  payment?: NewPayment,
): Promise<void> {
  await insertTogether(trx, orderInserts(trx, order, lines, payment));
}

type OrderChange = Updateable<Database["orders"]> & { status: string; updated_at: string };

/**
 * Moves order `id` to what `set` says, only if its status is still one of
 * `from`: true if this call did it (the one way an order's status changes).
 */
export async function moveOrder(trx: Trx, id: string, from: string | readonly string[], set: OrderChange) {
  const result = await trx
    .updateTable("orders")
    .set(set)
    .where("id", "=", id)
    .where("status", "in", typeof from === "string" ? [from] : [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Makes every other change to order `id` wait for this transaction (on
 * PostgreSQL its row is locked; SQLite's transactions begin with the lock).
 */
export async function lockOrder(trx: Trx, id: string): Promise<void> {
  if (isPostgres(trx)) await trx.selectFrom("orders").select("id").where("id", "=", id).forUpdate().execute();
}

/** Updates order `id` whatever its status (a time, a buyer's address erased). */
export async function updateOrder(trx: Trx, ids: string | readonly string[], set: Updateable<Database["orders"]>) {
  await trx
    .updateTable("orders")
    .set(set)
    .where("id", "in", typeof ids === "string" ? [ids] : [...ids])
    .execute();
}

type PaymentChange = Omit<Updateable<Database["payments"]>, "id" | "order_id" | "provider"> & { updated_at: string };

/**
 * Records what the provider said of order `orderId`'s payment (its
 * reference, a failure, its settling); `onlyWithoutReference`: only if no
 * reference is recorded yet (true if this call recorded it).
 */
export async function recordPayment(
  trx: Trx,
  orderId: string,
  change: PaymentChange,
  options: { onlyWithoutReference?: boolean } = {},
): Promise<boolean> {
  let update = trx.updateTable("payments").set(change).where("order_id", "=", orderId).where("provider", "=", "stripe");
  if (options.onlyWithoutReference) update = update.where("provider_reference", "is", null);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The order of `kind` a card payment names, with what it costs (what the
 * Stripe module checks a payment against, ../stripe/settle.server.ts);
 * with `reference`, only if its payment has that provider reference, and
 * then what that payment was made for (an order's total, or what an
 * invoice still owed when its payer chose to pay it by card: ADR 084).
 */
export async function paidOrder(trx: Trx, kind: PaidKindName, id: string, reference?: string) {
  const order = await trx
    .selectFrom("orders as o")
    .select(["o.id", "o.total_pence", "o.currency"])
    .where("o.id", "=", id)
    .where("o.kind", "=", kind)
    .executeTakeFirst();
  if (!order) return null;
  if (reference === undefined) return { id: order.id, amountPence: order.total_pence, currency: order.currency };
  const payment = await trx
    .selectFrom("payments")
    .select("amount_pence")
    .where("order_id", "=", id)
    .where("provider_reference", "=", reference)
    .executeTakeFirst();
  return payment ? { id: order.id, amountPence: payment.amount_pence, currency: order.currency } : null;
}

/** The order a provider's payment (a PaymentIntent's id) was recorded for, and its kind; null if none. */
export async function orderOfPayment(trx: Trx, reference: string): Promise<{ id: string; kind: string } | null> {
  const row = await trx
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select(["o.id", "o.kind"])
    .where("p.provider_reference", "=", reference)
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes orders `ids` with their lines and payments (a kind deletes its own facts first). */
export async function deleteOrders(trx: Trx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await trx
    .deleteFrom("payments")
    .where("order_id", "in", [...ids])
    .execute();
  await trx
    .deleteFrom("order_lines")
    .where("order_id", "in", [...ids])
    .execute();
  return Number(
    (
      await trx
        .deleteFrom("orders")
        .where("id", "in", [...ids])
        .executeTakeFirst()
    ).numDeletedRows,
  );
}

/** The order tables whose rows belong to an order: deleted with it. */
export const orderParts = ["order_lines", "payments"] as const;

/** The retention job's part: deletes the lines and payments of orders a kind's rule deleted (or an interrupted run left). */
export async function sweepOrderParts(deleteRows: OrderSweepContext["deleteRows"]): Promise<void> {
  for (const table of orderParts) {
    await deleteRows(table, (rows) =>
      rows.where((eb) =>
        eb.not(eb.exists(eb.selectFrom("orders as o").select("o.id").whereRef("o.id", "=", `${table}.order_id`))),
      ),
    );
  }
}
