/**
 * Reminders to pay invoices (issue 41; app/orders/course-booking/payment-reminders.server.ts)
 * on both databases: each step of the schedule on its London day, once, with
 * the invoice attached and the amount still due; the 30-day one naming
 * statutory interest; none once the invoice is marked paid or credited.
 * Each test has a database of its own: the job reminds every invoice in it.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "~/data/db.server.ts";
import { addDays } from "~/time/london.ts";
import { paymentReminderEvent, sendPaymentReminders } from "~/orders/course-booking/payment-reminders.server.ts";
import { lateInterestText } from "~/orders/course-booking/reminder-emails.server.ts";
import { vatDocumentRef } from "~/orders/course-booking/documents.server.ts";
import { cancelBooking, markInvoicePaid } from "~/orders/course-booking/team-acts.server.ts";
import { transferBooking } from "~/orders/course-booking/transfer.server.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";
import { createConfirmedCourseBooking, createCourseSession, delegate, testBooker } from "../support/factories.ts";
import { courseBookingEvents, testCourseBookingService } from "./fixtures.ts";

/** Booked 10 January 2027 for a course starting 8 March 2027. */
const bookedAt = new Date("2027-01-10T10:00:00.000Z");
/** Noon in London on `date` (GMT in these months). */
const noon = (date: string) => new Date(`${date}T12:00:00.000Z`);

describe.each(dialects)("payment reminders on %s", (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  async function invoicedBooking() {
    t = await openTestDatabase(dialect, "payrem", { businessSettings: true });
    const db = t.handle.db;
    const session = await createCourseSession(db, { key: "reminded", capacity: 6, at: bookedAt });
    const booker = testBooker("ada@example.com");
    const { booking, invoice } = await createConfirmedCourseBooking(db, {
      session,
      booker,
      places: [delegate(1), delegate(2)],
      payment: { method: "invoice", purchaseOrder: "PO-77", vatNumber: null },
      now: bookedAt,
    });
    const service = testCourseBookingService(db, { clock: () => bookedAt });
    const remind = async (date: string) =>
      (await sendPaymentReminders(db, { now: noon(date), compose: service.composeReminder })).sent;
    return { db, booking, invoice: invoice!, remind };
  }

  const reminders = (db: Db, bookingId: string) =>
    db
      .selectFrom("outbox")
      .select(["to_address", "subject", "text_body", "attachments_json"])
      .where("lead_id", "=", bookingId)
      .where("subject", "like", "%: invoice INV-%")
      .orderBy("created_at")
      .execute();

  it("reminds on each step's London day, once each, with the invoice and what is still due; the 30-day one names interest", async () => {
    const { db, booking, invoice, remind } = await invoicedBooking();
    const due = invoice.due_date!;
    expect(due).toBe("2027-02-09");
    expect(await remind(addDays(due, -8))).toEqual([]);
    expect(await remind(addDays(due, -7))).toEqual([{ bookingId: booking.id, number: invoice.number, offset: -7 }]);
    // The same day again, and the days between: nothing more.
    expect(await remind(addDays(due, -7))).toEqual([]);
    expect(await remind(addDays(due, -1))).toEqual([]);
    for (const offset of [0, 7, 14, 30]) {
      expect((await remind(addDays(due, offset))).map((s) => s.offset)).toEqual([offset]);
    }
    expect(await remind(addDays(due, 90))).toEqual([]);

    const sent = await reminders(db, booking.id);
    expect(sent.map((m) => m.subject)).toEqual([
      `Reminder: invoice ${invoice.number}, Strategic Leadership (Meridian Executive Training)`,
      `Reminder: invoice ${invoice.number}, Strategic Leadership (Meridian Executive Training)`,
      ...[7, 14, 30].map(
        () => `Overdue: invoice ${invoice.number}, Strategic Leadership (Meridian Executive Training)`,
      ),
    ]);
    for (const m of sent) {
      expect(m.to_address).toBe("ada@example.com");
      expect(m.text_body).toContain("£10,800.00");
      expect(m.text_body).toContain("9 February 2027");
      expect(JSON.parse(m.attachments_json!)).toEqual([
        expect.objectContaining({ filename: `invoice-${invoice.number}.pdf`, ref: vatDocumentRef(invoice.id) }),
      ]);
    }
    expect(sent.map((m) => m.text_body.includes(lateInterestText))).toEqual([false, false, false, false, true]);
    const timeline = await courseBookingEvents(db, booking.id, [paymentReminderEvent]);
    expect(timeline.map((e) => JSON.parse(e.detail))).toEqual(
      [-7, 0, 7, 14, 30].map((offset) => ({ number: invoice.number, offset, stillDuePence: 1_080_000 })),
    );
  });

  it("stops the moment the invoice is marked paid", async () => {
    const { db, booking, invoice, remind } = await invoicedBooking();
    const due = invoice.due_date!;
    expect(await remind(addDays(due, -7))).toHaveLength(1);
    await markInvoicePaid(db, booking.id, { staffId: "staff-1", now: noon(addDays(due, -3)) });
    for (const offset of [0, 7, 14, 30]) expect(await remind(addDays(due, offset))).toEqual([]);
    expect(await reminders(db, booking.id)).toHaveLength(1);
  });

  it("stops when the booking is cancelled with its credit note", async () => {
    const { db, booking, invoice, remind } = await invoicedBooking();
    const due = invoice.due_date!;
    const cancelled = await cancelBooking(db, booking.id, { now: noon(addDays(due, -2)), staffId: "staff-1" });
    expect(cancelled).toMatchObject({ ok: true, booking: { status: "cancelled" } });
    for (const offset of [-7, 0, 7, 30]) expect(await remind(addDays(due, offset))).toEqual([]);
    expect(await reminders(db, booking.id)).toEqual([]);
  });

  it("after a move to a dearer date, reminds of the invoice that replaced the booking's, on its own schedule", async () => {
    const { db, booking, invoice, remind } = await invoicedBooking();
    expect(await remind(addDays(invoice.due_date!, -7))).toHaveLength(1);
    const dearer = await createCourseSession(db, {
      key: "reminded-dearer",
      capacity: 6,
      at: bookedAt,
      startsAt: new Date("2027-06-14T08:00:00.000Z"),
      endsAt: new Date("2027-06-18T16:00:00.000Z"),
      price: { pricePence: 500_000 },
    });
    const moved = await transferBooking(db, booking.id, {
      target: dearer,
      now: noon("2027-02-04"),
      staffId: "staff-1",
    });
    if (!moved.ok || !moved.invoice) throw new Error("not moved to a new invoice");
    const fresh = moved.invoice;
    expect(fresh.due_date).toBe("2027-03-06");
    // The replaced invoice's steps are over; the new one's first comes 7 days before its own due date.
    for (const date of [invoice.due_date!, addDays(invoice.due_date!, 7), "2027-02-26"])
      expect(await remind(date)).toEqual([]);
    expect(await remind("2027-02-27")).toEqual([{ bookingId: booking.id, number: fresh.number, offset: -7 }]);
    const [, last] = await reminders(db, booking.id);
    expect(last!.subject).toContain(`invoice ${fresh.number}`);
    expect(last!.text_body).toContain("£12,000.00");
    expect(JSON.parse(last!.attachments_json!)).toEqual([
      expect.objectContaining({ filename: `invoice-${fresh.number}.pdf`, ref: vatDocumentRef(fresh.id) }),
    ]);
  });

  it("follows the schedule given, and sends nothing while no business settings (nor schedule) are saved", async () => {
    const { db, booking, invoice, remind } = await invoicedBooking();
    const due = invoice.due_date!;
    const compose = testCourseBookingService(db).composeReminder;
    await db.deleteFrom("business_settings_revisions").execute();
    expect(await remind(addDays(due, -7))).toEqual([]);
    const schedule = { beforeDays: [], afterDays: [3] };
    expect((await sendPaymentReminders(db, { now: noon(due), compose, schedule })).sent).toEqual([]);
    expect((await sendPaymentReminders(db, { now: noon(addDays(due, 3)), compose, schedule })).sent).toEqual([
      { bookingId: booking.id, number: invoice.number, offset: 3 },
    ]);
  });
});
