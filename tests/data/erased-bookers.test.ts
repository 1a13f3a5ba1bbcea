/**
 * A booking kept for the accounts after its booker was erased on request
 * (its address reads "erased"), on both databases: the payment reminders
 * pass it by and go on to the others, and cancelling its session cancels
 * and credits it with the rest, writing to no one but the team about it.
 */
import { describe, expect, it } from "vitest";
import { addDays } from "~/time/london.ts";
import { sendPaymentReminders } from "~/orders/course-booking/payment-reminders.server.ts";
import { readBooking } from "~/orders/course-booking/booking-store.server.ts";
import { erase } from "~/privacy/requests.server.ts";
import { dialects } from "./databases.ts";
import { testCourseBookingService, useTestDatabase } from "./fixtures.ts";
import { createConfirmedCourseBooking, createCourseSession, delegate, testBooker } from "../support/factories.ts";

const bookedAt = new Date("2027-01-10T10:00:00.000Z");
const noon = (date: string) => new Date(`${date}T12:00:00.000Z`);

describe.each(dialects)("a booking whose booker was erased, on %s", (dialect) => {
  const t = useTestDatabase(dialect, "erasedbk", { businessSettings: true });

  it("gets no reminder and is cancelled with its session; the others are reminded and told", async () => {
    const db = t.handle.db;
    const session = await createCourseSession(db, { key: `erased-${dialect}`, capacity: 6, at: bookedAt });
    const book = (email: string) =>
      createConfirmedCourseBooking(db, {
        session,
        booker: testBooker(email),
        places: [delegate(1)],
        payment: { method: "invoice", purchaseOrder: null, vatNumber: null },
        now: bookedAt,
      });
    // The erased booking is made first, so that the jobs meet it before the other.
    const erased = await book("gone@example.com");
    const kept = await book("stays@example.com");
    expect((await erase(db, "gone@example.com", noon("2027-01-20"))).bookingsKept).toBe(1);
    expect((await readBooking(db, erased.booking.id))!.booker_email).toBe("erased");

    const service = testCourseBookingService(db, { clock: () => noon("2027-02-01") });
    const due = kept.invoice!.due_date!;
    const { sent } = await sendPaymentReminders(db, { now: noon(addDays(due, -7)), compose: service.composeReminder });
    expect(sent.map((s) => s.bookingId)).toEqual([kept.booking.id]);

    expect(await service.cancelSession(session.key, "staff-1", "The trainer is ill")).toEqual({
      cancelled: 2,
      refundErrors: [],
      failed: [],
    });
    for (const { booking } of [erased, kept]) {
      expect((await readBooking(db, booking.id))!.status).toBe("cancelled");
      const notes = await db
        .selectFrom("course_invoices")
        .select("kind")
        .where("booking_id", "=", booking.id)
        .where("kind", "=", "credit-note")
        .execute();
      expect(notes).toHaveLength(1);
    }
    const mail = await db
      .selectFrom("outbox")
      .select(["to_address", "text_body"])
      .where("lead_id", "=", erased.booking.id)
      .where("subject", "like", "%cancelled%")
      .execute();
    expect(mail.map((m) => m.to_address)).toEqual(["team@example.test"]);
    expect(mail[0]!.text_body).toContain("(address erased on request)");
    const told = await db
      .selectFrom("outbox")
      .select("to_address")
      .where("lead_id", "=", kept.booking.id)
      .where("subject", "like", "Booking cancelled%")
      .execute();
    expect(told.map((m) => m.to_address)).toEqual(["stays@example.com"]);
  });
});
