/**
 * Business settings (issue 39, ADR 066) on both databases: each save is a
 * numbered revision (who, when) and the newest is in force; a database
 * without any refuses every booking (no places held, no invoice number
 * taken); an invoice keeps the settings it was issued with, so a later
 * save leaves it (and its PDF) as issued while the next invoice prints the
 * new ones; a credit note takes the settings in force when it is issued.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/data/db.server.ts";
import { type BookingPayment } from "~/orders/course-booking/booking-store.server.ts";
import { confirmBooking } from "~/orders/course-booking/placing.server.ts";
import { cancelBooking } from "~/orders/course-booking/team-acts.server.ts";
import { invoicePdf, storedDocument } from "~/orders/course-booking/documents.server.ts";
import { placesLeft } from "~/orders/course-booking/places.server.ts";
import type { BookableSession } from "~/orders/course-booking/session.ts";
import {
  BusinessSettingsMissing,
  currentBusinessSettings,
  listBusinessSettingsRevisions,
  sampleBusinessSettings,
  saveBusinessSettings,
  settingsForInvoice,
} from "~/settings/business-settings.server.ts";
import { testBusinessSettings } from "../../harness/business-settings.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";
import {
  byCard,
  byInvoice,
  courseBookingIds,
  courseBookingRow,
  createCourseSession,
  delegate,
  placeCourseBooking,
} from "../support/factories.ts";

const early = new Date("2027-01-10T10:00:00.000Z");
const later = new Date("2027-01-11T10:00:00.000Z");
let sessions = 0;

describe.each(dialects)("business settings on %s", (dialect) => {
  let t: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    // As the release ships: no business settings.
    t = await openTestDatabase(dialect, "bizset");
    db = t.handle.db;
  });
  afterAll(async () => {
    await t.dispose();
  });

  const newSession = (capacity: number) =>
    createCourseSession(db, { key: `bs-${dialect}-${++sessions}`, capacity, at: early });
  const book = (session: BookableSession, email: string, payment: BookingPayment = byInvoice, now = early) =>
    placeCourseBooking(db, { session, booker: email, places: [delegate(1)], payment, now });
  const invoiceNumbersTaken = async () =>
    (await db.selectFrom("invoice_sequences").select("last_number").where("series", "=", "INV").executeTakeFirst())
      ?.last_number ?? 0;
  const pdfText = async (invoiceId: string) => Buffer.from((await invoicePdf(db, invoiceId))!.bytes).toString("latin1");

  it("refuses every booking while none are saved: no places held, no invoice number taken", async () => {
    expect(await currentBusinessSettings(db)).toBeNull();
    await expect(settingsForInvoice(db)).rejects.toBeInstanceOf(BusinessSettingsMissing);
    const session = await newSession(5);
    for (const payment of [byInvoice, byCard]) {
      expect(await book(session, `unset-${dialect}@example.com`, payment)).toEqual({
        ok: false,
        reason: "invoices-unavailable",
      });
    }
    expect((await placesLeft(db, [session.key])).get(session.key)).toBe(5);
    expect(await courseBookingIds(db)).toEqual([]);
    expect(await invoiceNumbersTaken()).toBe(0);
  });

  it("a booking held before any were saved (a site upgraded) is not confirmed until they are: still held, no number taken", async () => {
    await saveBusinessSettings(db, testBusinessSettings, { by: { id: "staff-1", name: "Ada Admin" }, now: early });
    const session = await newSession(3);
    const placed = await book(session, `upgraded-${dialect}@example.com`);
    if (!placed.ok) throw new Error(placed.reason);
    // As on a site whose bookings predate its settings.
    await db.deleteFrom("business_settings_revisions").execute();
    expect(await confirmBooking(db, placed.booking.id, early)).toEqual({ ok: false, reason: "invoices-unavailable" });
    const row = await courseBookingRow(db, placed.booking.id);
    expect(row.status).toBe("unconfirmed");
    expect((await placesLeft(db, [session.key])).get(session.key)).toBe(2);
    expect(await invoiceNumbersTaken()).toBe(0);
  });

  it("keeps every save as a numbered revision with who and when; the newest is in force", async () => {
    const first = await saveBusinessSettings(db, sampleBusinessSettings, {
      by: { id: null, name: "Sample data" },
      now: early,
      sample: true,
    });
    const second = await saveBusinessSettings(db, testBusinessSettings, {
      by: { id: "staff-1", name: "Ada Admin" },
      now: later,
    });
    expect([first, second]).toEqual([1, 2]);
    const revisions = await listBusinessSettingsRevisions(db);
    expect(revisions.map((r) => [r.revision, r.savedByName, r.savedBy, r.savedAt, r.sample])).toEqual([
      [2, "Ada Admin", "staff-1", later.toISOString(), false],
      [1, "Sample data", null, early.toISOString(), true],
    ]);
    expect(revisions[1]!.settings).toEqual(sampleBusinessSettings);
    expect(await currentBusinessSettings(db)).toMatchObject({ revision: 2, settings: testBusinessSettings });
  });

  it("an invoice keeps the settings it was issued with; a later save changes only the next invoice", async () => {
    const session = await newSession(5);
    const placed = await book(session, `first-${dialect}@example.com`);
    if (!placed.ok) throw new Error(placed.reason);
    const confirmed = await confirmBooking(db, placed.booking.id, early);
    if (!confirmed.ok) throw new Error(confirmed.reason);
    const issued = confirmed.invoice;
    expect(storedDocument(issued).supplier).toMatchObject({
      vatNumber: "GB 123 4567 82",
      settingsRevision: 2,
      registeredIn: "England and Wales",
    });
    expect(issued.due_date).toBe("2027-02-09");
    const before = await pdfText(issued.id);

    const revision = await saveBusinessSettings(
      db,
      {
        ...testBusinessSettings,
        vatNumber: "GB 999 9999 73",
        paymentTermsDays: 14,
        bank: { ...testBusinessSettings.bank, sortCode: "40-11-62" },
      },
      { by: { id: "staff-1", name: "Ada Admin" }, now: later },
    );
    expect(revision).toBe(3);

    // The issued invoice is as it was: its stored row, its supplier and its PDF's bytes.
    const row = await db
      .selectFrom("course_invoices")
      .selectAll()
      .where("id", "=", issued.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(issued);
    expect(storedDocument(row).supplier.vatNumber).toBe("GB 123 4567 82");
    expect(await pdfText(issued.id)).toBe(before);

    // The next invoice prints the new settings, and its terms.
    const next = await book(session, `second-${dialect}@example.com`, byInvoice, later);
    if (!next.ok) throw new Error(next.reason);
    const nextConfirmed = await confirmBooking(db, next.booking.id, later);
    if (!nextConfirmed.ok) throw new Error(nextConfirmed.reason);
    expect(storedDocument(nextConfirmed.invoice).supplier).toMatchObject({
      vatNumber: "GB 999 9999 73",
      bank: { sortCode: "40-11-62" },
      settingsRevision: 3,
    });
    expect(nextConfirmed.invoice.due_date).toBe("2027-01-25");

    // A credit note against the first invoice is issued with the settings in force now.
    const cancelled = await cancelBooking(db, placed.booking.id, { now: later, staffId: "staff-1", reason: "Asked" });
    if (!cancelled.ok) throw new Error(cancelled.reason);
    expect(cancelled.creditNote && storedDocument(cancelled.creditNote).supplier.settingsRevision).toBe(3);
  });
});
