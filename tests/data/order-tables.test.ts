/**
 * Migration 034 on both databases (docs/decisions/076-order-tables.md): a
 * database at migration 033, holding consultations and course bookings in
 * every status (erased, credited, test payments, card and invoice), is
 * migrated; every row's every value is found again, each kind read through
 * its view, ids kept; the order, its line and its payment hold what the
 * old row held in the one model's words; nothing else is there, and the
 * client secrets' columns are gone.
 */
import { courseBookingTerms } from "~/orders/course-booking/terms.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "~/data/db.server.ts";
import { migrations } from "~/data/migrations/index.ts";
import {
  attachPaymentIntent,
  cardPaymentFailed,
  confirmCardPayment,
} from "~/orders/course-booking/card-payments.server.ts";
import {
  byCard,
  byInvoice,
  createConfirmedCourseBooking,
  createCourseBooking,
  createCourseSession,
  testBooker,
  unique,
} from "../support/factories.ts";
import { markInvoicePaid } from "~/orders/course-booking/team-acts.server.ts";
import { at, consultationBefore034, courseBookingBefore034, later } from "./rows-before-034.ts";
import {
  dialects,
  openDatabaseAt,
  openTestDatabase,
  type DatabaseAtMigration,
  type TestDatabase,
} from "./databases.ts";

const consultations = [
  consultationBefore034("c-pending", {}),
  consultationBefore034("c-started", { payment_intent_id: null }),
  consultationBefore034("c-paid", { status: "paid", paid_at: later, quantity: 1, amount_pence: 450_000 }),
  consultationBefore034("c-failed", { status: "failed", failure_message: "Your card was declined." }),
  consultationBefore034("c-setup", {
    status: "setup_failed",
    payment_intent_id: null,
    failure_message: "Stripe unreachable",
  }),
  consultationBefore034("c-test", { status: "paid", paid_at: later, quantity: null, amount_pence: 100, is_test: 1 }),
  consultationBefore034("c-erased", { status: "paid", paid_at: later, customer_email: "erased" }),
];

const paidByCard = { payment_method: "card", purchase_order: null };
const courseBookings = [
  courseBookingBefore034("b-unconfirmed", { status: "unconfirmed", hold_expires_at: later }),
  courseBookingBefore034("b-invoiced", {}),
  courseBookingBefore034("b-paid-invoice", { status: "paid", paid_at: later }),
  courseBookingBefore034("b-held", {
    ...paidByCard,
    status: "held",
    hold_expires_at: later,
    payment_intent_id: "pi_held",
  }),
  courseBookingBefore034("b-held-new", { ...paidByCard, status: "held", hold_expires_at: later }),
  courseBookingBefore034("b-declined", {
    ...paidByCard,
    status: "held",
    hold_expires_at: later,
    payment_intent_id: "pi_declined",
    payment_failure: "Your card was declined.",
  }),
  courseBookingBefore034("b-paid-card", {
    ...paidByCard,
    status: "paid",
    paid_at: later,
    payment_intent_id: "pi_paid",
  }),
  courseBookingBefore034("b-credited", {
    status: "cancelled",
    cancelled_at: later,
    cancel_reason: "At the customer's request",
    credited_pence: 729_000,
  }),
  courseBookingBefore034("b-expired", {
    ...paidByCard,
    status: "expired",
    hold_expires_at: at,
    payment_intent_id: "pi_expired",
  }),
  courseBookingBefore034("b-lapsed", { status: "lapsed", hold_expires_at: at, price_basis: "early-bird" }),
  courseBookingBefore034("b-erased", { booker_email: "erased", booker_phone: "", job_title: "", erased_at: later }),
  courseBookingBefore034("b-test", {
    ...paidByCard,
    status: "paid",
    paid_at: later,
    payment_intent_id: "pi_test",
    is_test: 1,
  }),
];

const without = <R extends Record<string, unknown>>(row: R, key: string) =>
  Object.fromEntries(Object.entries(row).filter(([column]) => column !== key));

describe.each(dialects)("the order tables' migration on %s", (dialect) => {
  let t: DatabaseAtMigration;
  beforeAll(async () => {
    t = await openDatabaseAt(dialect, "2026-11-29-033-payment-secrets-out-of-records");
    await t.db.insertInto("bookings").values(consultations).execute();
    await t.db.insertInto("course_bookings").values(courseBookings).execute();
    await t.db
      .insertInto("course_invoices")
      .values({
        id: "inv-1",
        booking_id: "b-invoiced",
        kind: "invoice",
        number: "INV-000001",
        issued_at: at,
        document: "{}",
        net_pence: 1_215_000,
        vat_pence: 243_000,
        total_pence: 1_458_000,
        due_date: "2026-12-20",
        related_invoice_id: null,
      })
      .execute();
    await t.migrateRest();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("finds every consultation again, every value, through its view", async () => {
    const rows = await t.db.selectFrom("consultations").selectAll().orderBy("id").execute();
    expect(rows).toEqual(
      consultations
        .map((row) => without(row, "client_secret"))
        .sort((a, b) => String(a.id).localeCompare(String(b.id))),
    );
  });

  it("finds every course booking again, every value, through its view", async () => {
    const rows = await t.db.selectFrom("course_bookings").selectAll().orderBy("id").execute();
    // Migration 035 then gives each the rules of the terms it was accepted with: the terms so far; 039
    // nothing carried, and its card payment's status; 043 not rescheduled.
    const rules = JSON.stringify(courseBookingTerms);
    const cardStatus = (row: (typeof courseBookings)[number]) =>
      row.payment_method !== "card" ? null : row.paid_at ? "succeeded" : row.payment_failure ? "failed" : "pending";
    expect(rows).toEqual(
      courseBookings
        .map((row): Record<string, unknown> => ({
          ...without(row, "client_secret"),
          terms_rules: rules,
          carried_pence: 0,
          payment_status: cardStatus(row),
          rescheduled_at: null,
        }))
        .sort((a, b) => String(a.id).localeCompare(String(b.id))),
    );
  });

  it("holds each as an order with one line, and a payment for each paid through Stripe", async () => {
    const orders = await t.db.selectFrom("orders").selectAll().orderBy("id").execute();
    expect(orders.map((o) => [o.id, o.kind])).toEqual(
      [
        ...consultations.map((c) => [c.id, "consultation"]),
        ...courseBookings.map((b) => [b.id, "course-booking"]),
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    expect(orders.find((o) => o.id === "c-paid")).toEqual({
      id: "c-paid",
      kind: "consultation",
      status: "paid",
      buyer_name: "Buyer c-paid",
      buyer_email: "c-paid@example.test",
      currency: "gbp",
      total_pence: 450_000,
      paid_at: later,
      source_page: "/consultation-payment",
      is_test: 0,
      created_at: at,
      updated_at: later,
    });

    const lines = await t.db.selectFrom("order_lines").selectAll().orderBy("order_id").execute();
    expect(lines.map((l) => [l.order_id, l.position])).toEqual(orders.map((o) => [o.id, 1]));
    expect(lines.find((l) => l.order_id === "c-pending")).toMatchObject({
      description: "Strategy consultation, 2 participants",
      quantity: 2,
      unit_price_pence: 450_000,
      total_pence: 900_000,
    });
    expect(lines.find((l) => l.order_id === "c-test")).toMatchObject({ description: "Test payment", quantity: null });
    // A course booking's line: its description, and the booking's own figures.
    const lapsed = courseBookings.find((b) => b.id === "b-lapsed")!;
    const figures = [
      "quantity",
      "unit_price_pence",
      "discount_pence",
      "net_pence",
      "vat_rate_bp",
      "vat_pence",
      "total_pence",
    ] as const;
    expect(lines.find((l) => l.order_id === "b-lapsed")).toEqual({
      order_id: "b-lapsed",
      position: 1,
      description: "Risk Management, 8 March 2027 to 12 March 2027, London (early-bird price)",
      ...Object.fromEntries(figures.map((column) => [column, lapsed[column]])),
    });

    const payments = await t.db.selectFrom("payments").selectAll().orderBy("order_id").execute();
    const paidByStripe = [...consultations, ...courseBookings.filter((b) => b.payment_method === "card")];
    const paidByTransfer = courseBookings.filter((b) => b.payment_method === "invoice" && b.paid_at !== null);
    expect(payments.map((p) => p.order_id)).toEqual([...paidByStripe, ...paidByTransfer].map((row) => row.id).sort());
    expect(Object.fromEntries(payments.map((p) => [p.order_id, [p.provider, p.provider_reference, p.status]]))).toEqual(
      {
        "b-declined": ["stripe", "pi_declined", "failed"],
        "b-expired": ["stripe", "pi_expired", "pending"],
        "b-held": ["stripe", "pi_held", "pending"],
        "b-held-new": ["stripe", null, "pending"],
        "b-paid-card": ["stripe", "pi_paid", "succeeded"],
        "b-paid-invoice": ["transfer", null, "succeeded"],
        "b-test": ["stripe", "pi_test", "succeeded"],
        "c-erased": ["stripe", "pi_c-erased", "succeeded"],
        "c-failed": ["stripe", "pi_c-failed", "failed"],
        "c-paid": ["stripe", "pi_c-paid", "succeeded"],
        "c-pending": ["stripe", "pi_c-pending", "pending"],
        "c-setup": ["stripe", null, "failed"],
        "c-started": ["stripe", null, "pending"],
        "c-test": ["stripe", "pi_c-test", "succeeded"],
      },
    );
    expect(payments.find((p) => p.order_id === "b-paid-card")).toMatchObject({
      amount_pence: 1_458_000,
      currency: "gbp",
      settled_at: later,
      failure_message: null,
    });
    expect(payments.find((p) => p.order_id === "c-setup")!.failure_message).toBe("Stripe unreachable");
  });

  it("keeps a course booking's own facts apart, and drops the old tables and the secrets' columns", async () => {
    const facts = await t.db
      .selectFrom("course_booking_facts")
      .selectAll()
      .where("id", "=", "b-credited")
      .executeTakeFirstOrThrow();
    expect(facts).toMatchObject({ credited_pence: 729_000, cancel_reason: "At the customer's request" });
    expect(facts).not.toHaveProperty("status");
    expect(facts).not.toHaveProperty("booker_email");
    const invoice = await t.db.selectFrom("course_invoices").select("booking_id").executeTakeFirstOrThrow();
    expect(invoice.booking_id).toBe("b-invoiced");
    await expect(t.db.selectFrom("bookings").selectAll().execute()).rejects.toThrow();
    const columns = await t.db.introspection.getTables();
    expect(columns.flatMap((table) => table.columns.map((c) => c.name))).not.toContain("client_secret");
  });
});

describe.each(dialects)("a payment recorded as a record on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(dialect, "orderpay", { businessSettings: true });
  });
  afterAll(async () => {
    await t?.dispose();
  });
  const paymentOf = (orderId: string) =>
    t.handle.db.selectFrom("payments").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();

  it("a card booking's payment: pending with its PaymentIntent, failed with Stripe's reason, then settled when paid", async () => {
    const db = t.handle.db;
    const session = await createCourseSession(db, { capacity: 4 });
    const booking = await createCourseBooking(db, {
      session,
      booker: testBooker(`${unique("pay")}@example.test`),
      payment: byCard,
    });
    expect(await paymentOf(booking.id)).toMatchObject({
      provider: "stripe",
      provider_reference: null,
      status: "pending",
    });
    const intent = `pi_${unique("card").replace(/[^A-Za-z0-9]/g, "")}`;
    expect(await attachPaymentIntent(db, booking.id, intent)).toBe(true);
    const now = new Date();
    expect(await cardPaymentFailed(db, { paymentIntentId: intent, message: "Your card was declined.", now })).toBe(
      true,
    );
    expect(await paymentOf(booking.id)).toMatchObject({
      provider_reference: intent,
      status: "failed",
      failure_message: "Your card was declined.",
      amount_pence: booking.total_pence,
    });
    const paid = await confirmCardPayment(db, { paymentIntentId: intent, amountPence: booking.total_pence, now });
    expect(paid.outcome).toBe("confirmed");
    expect(await paymentOf(booking.id)).toMatchObject({
      provider_reference: intent,
      status: "succeeded",
      failure_message: null,
      settled_at: now.toISOString(),
    });
    expect(
      await db.selectFrom("orders").select(["status", "paid_at"]).where("id", "=", booking.id).executeTakeFirst(),
    ).toEqual({
      status: "paid",
      paid_at: now.toISOString(),
    });
  });

  it("an invoice booking has no payment record until the team marks its bank transfer arrived: then a settled transfer", async () => {
    const db = t.handle.db;
    const session = await createCourseSession(db, { capacity: 4 });
    const { booking } = await createConfirmedCourseBooking(db, {
      session,
      booker: testBooker(`${unique("inv")}@example.test`),
      payment: byInvoice,
    });
    expect(await db.selectFrom("payments").selectAll().where("order_id", "=", booking.id).execute()).toEqual([]);
    expect(
      await db
        .selectFrom("order_lines")
        .select(["quantity", "total_pence"])
        .where("order_id", "=", booking.id)
        .execute(),
    ).toEqual([{ quantity: booking.quantity, total_pence: booking.total_pence }]);
    const staff = { id: "staff-1" };
    const at = new Date();
    expect((await markInvoicePaid(db, booking.id, { staffId: staff.id, now: at })).ok).toBe(true);
    expect(await db.selectFrom("payments").selectAll().where("order_id", "=", booking.id).execute()).toEqual([
      expect.objectContaining({
        provider: "transfer",
        provider_reference: null,
        amount_pence: booking.total_pence,
        currency: "gbp",
        status: "succeeded",
        settled_at: at.toISOString(),
      }),
    ]);
    // Marked paid twice is refused, and records nothing more.
    expect((await markInvoicePaid(db, booking.id, { staffId: staff.id, now: at })).ok).toBe(false);
    expect(await db.selectFrom("payments").select("id").where("order_id", "=", booking.id).execute()).toHaveLength(1);
  });
});

describe.each(dialects)("the release before the order tables on %s", (dialect) => {
  it("refuses to start on a database they were moved in, so it never writes to the tables that went", async () => {
    const t = await openTestDatabase(dialect, "olderrelease");
    try {
      const before = Object.fromEntries(
        Object.entries(migrations).filter(([name]) => name !== "2026-11-29-034-orders"),
      );
      await expect(migrate(t.handle, before)).rejects.toThrow(/corrupted migrations/);
      // The release itself finds nothing left to do.
      await expect(migrate(t.handle)).resolves.toBeUndefined();
    } finally {
      await t.dispose();
    }
  });
});
