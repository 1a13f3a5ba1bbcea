/**
 * Every order kind in the registry, walked through everything that reads it
 * (docs/decisions/042-orders-are-one-domain.md), as tests/data/lead-kinds.test.ts
 * does for lead kinds: the privacy notice shows its row, the retention rules
 * hold its rules and the job cuts its table, an access request returns its
 * rows without its secrets, erasure deletes an unpaid order and keeps a paid
 * one (an accounting record) without the address, and the back office's
 * export lists it. A new kind needs a sample below (a type error until it
 * has one) and then fails here for whatever of these does not know it.
 */
import { paymentStateText } from "~/orders/course-booking/states.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/data/db.server.ts";
import { allOrderKinds, orderExport, orderKinds } from "~/orders/index.server.ts";
import type { OrderKindName } from "~/orders/texts.ts";
import { erase, findEverything } from "~/privacy/requests.server.ts";
import { applyRetention } from "~/retention/job.server.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";
import { expectNoticeAndRules, expectSecretsDeclared } from "./kept-kinds.ts";
import { createConsultation, storeCourseBooking } from "../support/factories.ts";

type Sample = { db: Db; id: string; email: string; paid: boolean; at: Date };

/** Stores an order of each kind, paid or not (a new kind is a type error here until it has one). */
const samples: { [K in OrderKindName]: (order: Sample) => Promise<unknown> } = {
  booking: ({ db, id, email, paid, at }) =>
    createConsultation(db, {
      id,
      status: paid ? "paid" : "pending",
      at: at.toISOString(),
      name: "Olga Order",
      email,
      quantity: 2,
      amountPence: 900000,
    }),
  "course-booking": async ({ db, id, email, paid, at }) => {
    const iso = at.toISOString();
    await storeCourseBooking(db, {
      id,
      status: paid ? "paid" : "expired",
      at,
      name: "Olga Order",
      email,
      paidAt: paid ? at : null,
      holdExpiresAt: paid ? null : at,
    });
    await db
      .insertInto("course_booking_delegates")
      .values({
        id: `${id}-1`,
        booking_id: id,
        position: 1,
        name: "Dee Legate",
        email: `delegate-${id}@orders.example`,
        job_title: "Analyst",
        created_at: iso,
        updated_at: iso,
      })
      .execute();
    await db
      .insertInto("course_booking_events")
      .values({ id: `${id}-e`, booking_id: id, at: iso, kind: "created", actor: null, detail: "{}" })
      .execute();
    // The delegate's joining instructions and questionnaire answers (issue 41, ADR 082).
    await db
      .insertInto("course_joining")
      .values({
        id: `${id}-j`,
        booking_id: id,
        email: `delegate-${id}@orders.example`,
        token_hash: `${id}-hash`,
        instructions_sent_at: iso,
        reminder_sent_at: null,
        objectives: "Chair meetings",
        experience: null,
        access_needs: "Step-free access",
        dietary_needs: "Vegetarian",
        answered_at: iso,
        created_at: iso,
      })
      .execute();
    // The booker's request on a waiting list (ADR 083): confirmed with the paid sample, never confirmed with the other
    // (on a date still to come: the unconfirmed rule alone takes it).
    await db
      .insertInto("course_waiting")
      .values({
        id: `${id}-w`,
        session_key: "sample-session",
        course_id: "strategic-leadership",
        session_starts_at: paid ? iso : "2099-03-08T09:00:00.000Z",
        session_ends_at: paid ? iso : "2099-03-12T17:00:00.000Z",
        name: "Olga Order",
        email,
        organisation: "Order Ltd",
        places: 1,
        state: paid ? "waiting" : "unconfirmed",
        confirm_hash: paid ? null : `${id}-confirm`,
        offer_hash: null,
        offer_expires_at: null,
        booking_id: null,
        created_at: iso,
        confirmed_at: paid ? iso : null,
        offered_at: null,
        ended_at: null,
      })
      .execute();
    if (paid) {
      await db
        .insertInto("course_invoices")
        .values({
          id: `${id}-inv`,
          booking_id: id,
          kind: "invoice",
          number: `INV-${id}`,
          issued_at: iso,
          document: JSON.stringify({ customer: { name: "Olga Order" } }),
          net_pence: 450000,
          vat_pence: 90000,
          total_pence: 540000,
          due_date: null,
          related_invoice_id: null,
        })
        .execute();
    }
  },
};

const now = new Date("2026-11-24T10:00:00.000Z");

describe.each(dialects)("every order kind, on %s", (dialect) => {
  let t: TestDatabase;
  const db = () => t.handle.db;
  const rowsOf = (table: (typeof allOrderKinds)[number]["table"], ids: string[]) =>
    db().selectFrom(table).selectAll().where("id", "in", ids).orderBy("id").execute() as Promise<
      Record<string, unknown>[]
    >;

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
  });
  afterAll(() => t.dispose());

  it.each(allOrderKinds.map((kind) => [kind.kind, kind] as const))("%s", async (name, kind) => {
    expectNoticeAndRules(kind);

    const email = `${name.toLowerCase()}@orders.example`;
    const [paid, unpaid] = [`${name}-paid`, `${name}-unpaid`];
    await samples[kind.kind]({ db: db(), id: paid, email, paid: true, at: now });
    await samples[kind.kind]({ db: db(), id: unpaid, email, paid: false, at: now });

    // Its secrets: every token or secret column of its table is declared.
    const [stored] = await rowsOf(kind.table, [paid]);
    expectSecretsDeclared(kind, stored!);

    // The back office's export lists it, under its own file.
    expect(orderExport(kind.export.file)).toBe(kind.export);
    const exported = [];
    for await (const rows of kind.export.rows(db())) exported.push(...rows);
    expect(exported.map((row) => row.at(-1)).sort()).toEqual([paid, unpaid]);
    for (const row of exported) expect(row).toHaveLength(kind.export.columns.length);
    if (kind.kind === "course-booking") {
      // In the team's words, never a status code.
      const [payment, status] = (["Payment", "Status"] as const).map((column) =>
        (kind.export.columns as readonly string[]).indexOf(column),
      );
      for (const row of exported) {
        expect(["Card", "Invoice"]).toContain(row[payment!]);
        expect(Object.values(paymentStateText)).toContain(row[status!]);
      }
    }

    // An access request returns its rows, without the secrets.
    const holdings = await findEverything(db(), email.toUpperCase());
    // The orders, and (course bookings) the booker's waiting list requests, which are no orders.
    const isWaiting = (row: Record<string, unknown>) => row.role === "waiting-list";
    expect(
      holdings.bookings
        .filter((row) => !isWaiting(row))
        .map((row) => row.id)
        .sort(),
    ).toEqual([paid, unpaid]);
    expect(holdings.bookings.filter(isWaiting).length).toBe(kind.kind === "course-booking" ? 2 : 0);
    for (const row of holdings.bookings)
      for (const secret of kind.secretColumns) expect(row).not.toHaveProperty(secret);

    // Erasure deletes the unpaid order and keeps the paid one, an accounting record, without the address or secrets.
    const erased = await erase(db(), email, now);
    expect([erased.bookingsDeleted, erased.bookingsKept]).toEqual([1, 1]);
    const left = await rowsOf(kind.table, [paid, unpaid]);
    expect(left.map((row) => row.id)).toEqual([paid]);
    expect(Object.values(left[0]!).map((value) => String(value).toLowerCase())).not.toContain(email);
    for (const secret of kind.secretColumns) expect(left[0]![secret]).toBeNull();
    expect((await findEverything(db(), email)).bookings).toEqual([]);

    // The retention job applies its rules: orders made long before every period's cutoff are gone.
    const [oldPaid, oldUnpaid] = [`${name}-old-paid`, `${name}-old-unpaid`];
    const long = new Date("2026-11-23T10:00:00.000Z");
    await samples[kind.kind]({ db: db(), id: oldPaid, email: `old-${email}`, paid: true, at: long });
    await samples[kind.kind]({ db: db(), id: oldUnpaid, email: `old-${email}`, paid: false, at: long });
    const counts = await applyRetention({ db: db() }, new Date("2046-11-24T10:00:00.000Z"));
    for (const rule of kind.retention) expect((counts as Record<string, number>)[rule.rule]).toBeGreaterThan(0);
    expect(await rowsOf(kind.table, [oldPaid, oldUnpaid, paid])).toEqual([]);
    expect(orderKinds[kind.kind]).toBe(kind);
  });
});
