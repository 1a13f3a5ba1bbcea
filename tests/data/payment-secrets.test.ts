/**
 * A payment's client secret is never kept (docs/decisions/075): migration
 * 033 removes the ones kept before from both kinds' rows, on both
 * databases, and changes nothing else; a consultation's payment started
 * now is recorded by its id alone.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "~/data/migrations/index.ts";
import { attachPaymentIntent } from "~/orders/course-booking/card-payments.server.ts";
import { byCard, createConsultation, createCourseBooking, createCourseSession, testBooker, unique } from "../support/factories.ts";
import { dialects, type TestDatabase } from "./databases.ts";
import { openPaymentService } from "./fixtures.ts";
import type { FakeStripe } from "../../harness/fake-stripe.ts";
import type { ConsultationPayments } from "~/orders/consultation-payments.server.ts";

const migration = migrations["2026-11-29-033-payment-secrets-out-of-records"]!;

describe.each(dialects)("payment secrets on %s", (dialect) => {
  let t: TestDatabase;
  let fake: FakeStripe;
  let payments: ConsultationPayments;
  beforeAll(async () => {
    ({ t, fake, payments } = await openPaymentService(dialect, {}, { secretKey: "sk_test_secrets", log: () => {} }));
  });
  afterAll(async () => {
    await fake?.close();
    await t?.dispose();
  });

  const secretsOf = async (table: "bookings" | "course_bookings", ids: string[]) =>
    (
      await t.handle.db
        .selectFrom(table)
        .select(["id", "client_secret"])
        .where("id", "in", ids)
        .orderBy("id")
        .execute()
    ).map((r) => r.client_secret);

  it("migration 033 removes every kept client secret and leaves the rest of each row as it was", async () => {
    const db = t.handle.db;
    const at = "2026-11-20T10:00:00.000Z";
    const [paid, pending] = [unique("secret-paid"), unique("secret-pending")];
    await createConsultation(db, { id: paid, status: "paid", at, clientSecret: `pi_${paid}_secret_abc` });
    await createConsultation(db, { id: pending, status: "pending", at, clientSecret: `pi_${pending}_secret_def` });
    const session = await createCourseSession(db, { capacity: 4 });
    const held = await createCourseBooking(db, { session, booker: testBooker(`${unique("held")}@example.test`), payment: byCard });
    await attachPaymentIntent(db, held.id, `pi_${held.id.slice(0, 8)}`);
    await db.updateTable("course_bookings").set({ client_secret: "pi_x_secret_ghi" }).where("id", "=", held.id).execute();
    const before = {
      bookings: await db.selectFrom("bookings").selectAll().where("id", "in", [paid, pending]).orderBy("id").execute(),
      course: await db.selectFrom("course_bookings").selectAll().where("id", "=", held.id).execute(),
    };

    await migration.up(db as unknown as Kysely<unknown>);

    expect(await secretsOf("bookings", [paid, pending])).toEqual([null, null]);
    expect(await secretsOf("course_bookings", [held.id])).toEqual([null]);
    const after = {
      bookings: await db.selectFrom("bookings").selectAll().where("id", "in", [paid, pending]).orderBy("id").execute(),
      course: await db.selectFrom("course_bookings").selectAll().where("id", "=", held.id).execute(),
    };
    expect(after).toEqual({
      bookings: before.bookings.map((r) => ({ ...r, client_secret: null })),
      course: before.course.map((r) => ({ ...r, client_secret: null })),
    });
  });

  it("a consultation's payment is recorded by its id, its client secret only handed to the payer", async () => {
    const started = await payments.createPayment(
      { customerName: "Sam Secret", customerEmail: `${unique("sam")}@example.test`, quantity: 1, amountPence: 450_000, isTest: false },
      "/consultation-payment",
    );
    expect(started.clientSecret).toBe(fake.intents.get(started.paymentIntentId)!.client_secret);
    const row = await t.handle.db
      .selectFrom("bookings")
      .select(["payment_intent_id", "client_secret"])
      .where("id", "=", started.bookingId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_intent_id: started.paymentIntentId, client_secret: null });
  });
});
