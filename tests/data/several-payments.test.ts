/**
 * Migration 039 on both databases (docs/decisions/087-paid-carried-to-a-new-invoice.md):
 * the payments table is made again without its one-payment-per-provider
 * rule. Every payment is found again, value for value; an order may then
 * take several payments by transfer (what is left to pay after a paid
 * booking moved to a dearer date), never a second by card; nothing is
 * carried on a booking yet.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openDatabaseAt, type DatabaseAtMigration } from "./databases.ts";

const at = "2026-11-20T10:00:00.000Z";
const payment = (id: string, order: string, provider: "stripe" | "transfer", extra: Record<string, unknown> = {}) => ({
  id,
  order_id: order,
  provider,
  provider_reference: provider === "stripe" ? `pi_${id}` : null,
  amount_pence: 540_000,
  currency: "gbp",
  status: "succeeded",
  failure_message: null,
  settled_at: at,
  created_at: at,
  updated_at: at,
  ...extra,
});
const before = [
  payment("p-card", "o-1", "stripe"),
  payment("p-failed", "o-2", "stripe", {
    status: "failed",
    failure_message: "Your card was declined.",
    settled_at: null,
  }),
  payment("p-transfer", "o-3", "transfer"),
  payment("p-pending", "o-4", "stripe", { provider_reference: null, status: "pending", settled_at: null }),
];

describe.each(dialects)("several payments an order on %s", (dialect) => {
  let t: DatabaseAtMigration;
  beforeAll(async () => {
    t = await openDatabaseAt(dialect, "2026-11-30-038-waiting-lists");
    await t.db.insertInto("payments").values(before).execute();
    await t.migrateRest();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("finds every payment again, every value", async () => {
    expect(await t.db.selectFrom("payments").selectAll().orderBy("id").execute()).toEqual(
      [...before].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it("takes a second payment by transfer for an order, whether its first was by transfer or by card", async () => {
    await t.db
      .insertInto("payments")
      .values([payment("p-transfer-2", "o-3", "transfer"), payment("p-card-then-transfer", "o-1", "transfer")])
      .execute();
    const rows = await t.db
      .selectFrom("payments")
      .select(["order_id", "provider"])
      .where("order_id", "in", ["o-1", "o-3"])
      .orderBy("order_id")
      .orderBy("provider")
      .execute();
    expect(rows).toEqual([
      { order_id: "o-1", provider: "stripe" },
      { order_id: "o-1", provider: "transfer" },
      { order_id: "o-3", provider: "transfer" },
      { order_id: "o-3", provider: "transfer" },
    ]);
  });

  it("refuses a second payment by card for an order (its view reads its one card payment), and a reference twice", async () => {
    await expect(
      t.db
        .insertInto("payments")
        .values(payment("p-card-2", "o-1", "stripe"))
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .insertInto("payments")
        .values(payment("p-same-ref", "o-9", "stripe", { provider_reference: "pi_p-card" }))
        .execute(),
    ).rejects.toThrow();
    await t.db
      .insertInto("payments")
      .values(payment("p-card-other", "o-9", "stripe"))
      .execute();
  });
});
