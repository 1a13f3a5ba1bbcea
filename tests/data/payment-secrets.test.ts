/**
 * A payment's client secret is never kept (docs/decisions/075): migration
 * 033 removes the ones kept before from both kinds' rows, on both
 * databases, and changes nothing else (migration 034 then dropped the
 * columns: tests/data/order-tables.test.ts); a consultation's payment
 * started now is recorded by its id alone.
 */
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "~/data/migrations/index.ts";
import { unique } from "../support/factories.ts";
import { at, consultationBefore034, courseBookingBefore034 } from "./rows-before-034.ts";
import { dialects, openDatabaseAt } from "./databases.ts";
import { usePaymentService } from "./fixtures.ts";

const migration = migrations["2026-11-29-033-payment-secrets-out-of-records"]!;

describe.each(dialects)("payment secrets on %s", (dialect) => {
  const app = usePaymentService(dialect, {}, { secretKey: "sk_test_secrets", log: () => {} });

  it("migration 033 removes every kept client secret and leaves the rest of each row as it was", async () => {
    // On a database as migration 032 left it: its tables are the ones 033 ran on.
    const at032 = await openDatabaseAt(dialect, "2026-11-29-032-business-settings");
    try {
      const db = at032.db;
      await db
        .insertInto("bookings")
        .values([
          consultationBefore034("paid", { status: "paid", paid_at: at, client_secret: "pi_paid_secret_abc" }),
          consultationBefore034("pending", { client_secret: "pi_pending_secret_def" }),
        ])
        .execute();
      const held = { payment_method: "card", status: "held", hold_expires_at: at, payment_intent_id: "pi_held" };
      await db
        .insertInto("course_bookings")
        .values(courseBookingBefore034("held", { ...held, client_secret: "pi_x_secret_ghi" }))
        .execute();
      const before = {
        bookings: await db.selectFrom("bookings").selectAll().orderBy("id").execute(),
        course: await db.selectFrom("course_bookings").selectAll().execute(),
      };

      await migration.up(db as unknown as Kysely<unknown>);

      const after = {
        bookings: await db.selectFrom("bookings").selectAll().orderBy("id").execute(),
        course: await db.selectFrom("course_bookings").selectAll().execute(),
      };
      expect(after.bookings.map((r) => r.client_secret)).toEqual([null, null]);
      expect(after.course.map((r) => r.client_secret)).toEqual([null]);
      expect(after).toEqual({
        bookings: before.bookings.map((r) => ({ ...r, client_secret: null })),
        course: before.course.map((r) => ({ ...r, client_secret: null })),
      });
    } finally {
      await at032.dispose();
    }
  });

  it("a consultation's payment is recorded by its id, its client secret only handed to the payer", async () => {
    const started = await app.payments.createPayment(
      {
        customerName: "Sam Secret",
        customerEmail: `${unique("sam")}@example.test`,
        quantity: 1,
        amountPence: 450_000,
        isTest: false,
      },
      "/consultation-payment",
    );
    const secret = app.fake.intents.get(started.paymentIntentId)!.client_secret;
    expect(started.clientSecret).toBe(secret);
    const payment = await app.t.handle.db
      .selectFrom("payments")
      .selectAll()
      .where("order_id", "=", started.bookingId)
      .executeTakeFirstOrThrow();
    expect(payment.provider_reference).toBe(started.paymentIntentId);
    // No column of the order, its line or its payment holds the secret.
    const order = await app.t.handle.db.selectFrom("orders").selectAll().where("id", "=", started.bookingId).execute();
    const lines = await app.t.handle.db
      .selectFrom("order_lines")
      .selectAll()
      .where("order_id", "=", started.bookingId)
      .execute();
    expect(JSON.stringify([order, lines, payment])).not.toContain(secret);
  });
});
