/**
 * The export for the accounts (issue 41, ADR 080) on both databases, from
 * bookings made through the bookings module: an invoice booking confirmed,
 * then marked paid; a card booking paid, then cancelled with its credit
 * note; a booking issued late on 31 March (London's 1 April); and a test
 * booking left out. Each file lists the documents and payments of the London
 * days asked for, in the package's columns, with the business settings'
 * account codes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/data/db.server.ts";
import {
  accountsExportFile,
  documentsIssued,
  exportCounts,
  paymentsSettled,
} from "~/orders/course-booking/accounts-export.server.ts";
import { attachPaymentIntent, confirmCardPayment } from "~/orders/course-booking/card-payments.server.ts";
import { cancelBooking, markInvoicePaid } from "~/orders/course-booking/team-acts.server.ts";
import { transferBooking } from "~/orders/course-booking/transfer.server.ts";
import { readBusinessSettings, settingsAsForm } from "~/settings/business-settings.ts";
import { currentBusinessSettings, saveBusinessSettings } from "~/settings/business-settings.server.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";
import { csvRecords, parseCsv } from "../support/csv.ts";
import {
  byCard,
  createConfirmedCourseBooking,
  createCourseSession,
  delegate,
  testBooker,
} from "../support/factories.ts";

const at = (iso: string) => new Date(iso);
/** The file's records, its byte order mark checked and taken off. */
const records = (csv: string) => {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  return csvRecords(parseCsv(csv.slice(1)));
};

describe.each(dialects)("the export for the accounts on %s", (dialect) => {
  let t: TestDatabase;
  let db: Db;
  const made = {} as Record<"invoiced" | "card" | "late" | "test", { id: string; reference: string; invoice: string }>;
  let creditNote: string;

  beforeAll(async () => {
    t = await openTestDatabase(dialect, "accexp", { businessSettings: true });
    db = t.handle.db;
    // The team's own account codes, saved as the settings screen saves them.
    const current = (await currentBusinessSettings(db))!;
    const read = readBusinessSettings({
      ...settingsAsForm(current.settings),
      salesAccountCode: "4000",
      xeroTaxType: "20% (VAT on Income)",
      quickBooksItem: "Courses",
      quickBooksTaxCode: "20.0% S",
    });
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    await saveBusinessSettings(db, read.settings, { by: { id: null, name: "Test" }, now: at("2027-01-01T09:00:00Z") });

    const march = await createCourseSession(db, { capacity: 20, at: at("2027-01-01T09:00:00Z") });
    const june = await createCourseSession(db, {
      capacity: 20,
      at: at("2027-01-01T09:00:00Z"),
      startsAt: at("2027-06-07T08:00:00.000Z"),
      endsAt: at("2027-06-11T16:00:00.000Z"),
      firstDay: "2027-06-07",
      lastDay: "2027-06-11",
    });
    const invoiceOf = async (bookingId: string) =>
      (
        await db
          .selectFrom("course_invoices")
          .select("number")
          .where("booking_id", "=", bookingId)
          .where("kind", "=", "invoice")
          .executeTakeFirstOrThrow()
      ).number;

    // By invoice, three places with a purchase order, on 10 January; the transfer arrives on 1 February.
    const invoiced = await createConfirmedCourseBooking(db, {
      session: march,
      booker: testBooker("ada@example.com", { organisation: 'Analytical, "Engines" Ltd' }),
      places: [delegate(1), delegate(2), delegate(3)],
      payment: { method: "invoice", purchaseOrder: "PO-4471", vatNumber: null },
      now: at("2027-01-10T10:00:00Z"),
    });
    made.invoiced = {
      id: invoiced.booking.id,
      reference: invoiced.booking.reference,
      invoice: invoiced.invoice!.number,
    };
    await markInvoicePaid(db, invoiced.booking.id, { staffId: "staff-1", now: at("2027-02-01T11:00:00Z") });

    // By card on 20 January, paid at once; cancelled on 25 January with a credit note.
    const card = await createConfirmedCourseBooking(db, {
      session: march,
      booker: testBooker("grace@example.com", { organisation: "=Hopper Systems" }),
      places: [delegate(4)],
      payment: byCard,
      now: at("2027-01-20T10:00:00Z"),
    });
    expect(await attachPaymentIntent(db, card.booking.id, `pi_${card.booking.id}`)).toBe(true);
    const paid = await confirmCardPayment(db, {
      paymentIntentId: `pi_${card.booking.id}`,
      amountPence: card.booking.total_pence,
      now: at("2027-01-20T10:05:00Z"),
    });
    expect(paid.outcome).toBe("confirmed");
    made.card = { id: card.booking.id, reference: card.booking.reference, invoice: await invoiceOf(card.booking.id) };
    const cancelled = await cancelBooking(db, card.booking.id, { now: at("2027-01-25T10:00:00Z"), staffId: "staff-1" });
    if (!cancelled.ok) throw new Error(cancelled.reason);
    creditNote = cancelled.creditNote!.number;

    // Issued at 23:30 UTC on 31 March 2027: 00:30 on 1 April in London (summer time).
    const late = await createConfirmedCourseBooking(db, {
      session: june,
      places: [delegate(5)],
      now: at("2027-03-31T23:30:00Z"),
    });
    made.late = { id: late.booking.id, reference: late.booking.reference, invoice: late.invoice!.number };

    // A test booking (from /test-forms) in January: never in the accounts.
    const test = await createConfirmedCourseBooking(db, {
      session: march,
      places: [delegate(6)],
      now: at("2027-01-15T10:00:00Z"),
      isTest: true,
    });
    made.test = { id: test.booking.id, reference: test.booking.reference, invoice: test.invoice!.number };
  });
  afterAll(async () => {
    await t.dispose();
  });

  const january = { from: "2027-01-01", to: "2027-01-31" };

  it("lists the invoices issued on the London days asked for, test bookings left out", async () => {
    expect((await documentsIssued(db, january, "invoice")).map((d) => d.number)).toEqual(
      [made.invoiced.invoice, made.card.invoice].sort(),
    );
    expect(
      (await documentsIssued(db, { from: "2027-03-01", to: "2027-03-31" }, "invoice")).map((d) => d.number),
    ).toEqual([]);
    expect((await documentsIssued(db, { from: "2027-04-01", to: "2027-04-01" }, "invoice")).map((d) => d)).toEqual([
      expect.objectContaining({ number: made.late.invoice, issuedOn: "2027-04-01" }),
    ]);
    expect(await exportCounts(db, january)).toEqual({ invoices: 2, creditNotes: 1, payments: 1 });
    expect(await exportCounts(db, { from: "2027-01-01", to: "2027-04-30" })).toEqual({
      invoices: 3,
      creditNotes: 1,
      payments: 2,
    });
  });

  it("writes Xero's invoices file: contact, number, reference (the PO), dates, lines, VAT and the settings' codes", async () => {
    const file = await accountsExportFile(db, { ...january, package: "xero", file: "invoices" });
    expect(file.fileName).toBe("xero-invoices-2027-01-01-to-2027-01-31.csv");
    const rows = records(file.csv);
    const booking = await db
      .selectFrom("course_bookings")
      .selectAll()
      .where("id", "=", made.invoiced.id)
      .executeTakeFirstOrThrow();
    const invoiceRows = rows.filter((r) => r["*InvoiceNumber"] === made.invoiced.invoice);
    expect(invoiceRows[0]).toMatchObject({
      "*ContactName": 'Analytical, "Engines" Ltd',
      EmailAddress: "ada@example.com",
      POAddressLine1: "1 King Street",
      POCity: "London",
      POPostalCode: "EC2V 8AU",
      POCountry: "United Kingdom",
      Reference: "PO-4471",
      "*InvoiceDate": "10/01/2027",
      "*DueDate": "09/02/2027",
      "*Quantity": "3",
      "*UnitAmount": (booking.unit_price_pence / 100).toFixed(2),
      "*AccountCode": "4000",
      "*TaxType": "20% (VAT on Income)",
      Currency: "GBP",
    });
    // The rows add up to the invoice, to the penny: net and VAT.
    const pence = (text: string) => Math.round(Number(text) * 100);
    const net = invoiceRows.reduce((s, r) => s + Number(r["*Quantity"]) * pence(r["*UnitAmount"]!), 0);
    const vat = invoiceRows.reduce((s, r) => s + pence(r.TaxAmount!), 0);
    expect([net, vat]).toEqual([booking.net_pence, booking.vat_pence]);
    // Three places take the group discount: a row of its own, negative.
    expect(booking.discount_pence).toBeGreaterThan(0);
    expect(invoiceRows).toHaveLength(2);
    expect(invoiceRows[1]).toMatchObject({
      "*Description": expect.stringMatching(/^Discount: /),
      "*Quantity": "1",
      "*UnitAmount": `-${(booking.discount_pence / 100).toFixed(2)}`,
      "*AccountCode": "4000",
    });

    // The card booking's receipt: due the day it was issued (it was paid then); its organisation neutralised.
    expect(rows.find((r) => r["*InvoiceNumber"] === made.card.invoice)).toMatchObject({
      "*ContactName": "'=Hopper Systems",
      "*InvoiceDate": "20/01/2027",
      "*DueDate": "20/01/2027",
      Reference: "",
    });
    expect(rows.some((r) => r["*InvoiceNumber"] === made.test.invoice)).toBe(false);
  });

  it("writes the credit notes apart: negative for Xero, positive for QuickBooks, naming the invoice credited", async () => {
    const xero = records((await accountsExportFile(db, { ...january, package: "xero", file: "credit-notes" })).csv);
    expect(xero).toEqual([
      expect.objectContaining({
        "*InvoiceNumber": creditNote,
        Reference: `Credits ${made.card.invoice}`,
        "*InvoiceDate": "25/01/2027",
        "*UnitAmount": "-4500.00",
        TaxAmount: "-900.00",
      }),
    ]);
    const quickbooks = records(
      (await accountsExportFile(db, { ...january, package: "quickbooks", file: "credit-notes" })).csv,
    );
    expect(quickbooks).toEqual([
      expect.objectContaining({
        "*InvoiceNo": creditNote,
        Memo: `Credits ${made.card.invoice}`,
        "Item(Product/Service)": "Courses",
        "*ItemAmount": "4500.00",
        "*ItemTaxCode": "20.0% S",
        ItemTaxAmount: "900.00",
      }),
    ]);
  });

  it("writes QuickBooks's invoices file with its columns", async () => {
    const rows = records((await accountsExportFile(db, { ...january, package: "quickbooks", file: "invoices" })).csv);
    expect(rows.find((r) => r["*InvoiceNo"] === made.invoiced.invoice)).toMatchObject({
      "*Customer": 'Analytical, "Engines" Ltd',
      "*InvoiceDate": "10/01/2027",
      "*DueDate": "09/02/2027",
      Memo: "PO PO-4471",
      ItemQuantity: "3",
      "*ItemTaxCode": "20.0% S",
    });
  });

  it("lists the payments settled on the days asked for: the card's in January, the transfer's in February", async () => {
    expect(await paymentsSettled(db, january)).toEqual([
      {
        invoiceNumber: made.card.invoice,
        contact: "=Hopper Systems",
        paidOn: "2027-01-20",
        amountPence: 540_000,
        currency: "GBP",
        method: "card",
        reference: `pi_${made.card.id}`,
      },
    ]);
    const february = records(
      (await accountsExportFile(db, { from: "2027-02-01", to: "2027-02-28", package: "xero", file: "payments" })).csv,
    );
    const invoiced = await db
      .selectFrom("course_bookings")
      .select("total_pence")
      .where("id", "=", made.invoiced.id)
      .executeTakeFirstOrThrow();
    expect(february).toEqual([
      {
        InvoiceNumber: made.invoiced.invoice,
        ContactName: 'Analytical, "Engines" Ltd',
        PaymentDate: "01/02/2027",
        Amount: (invoiced.total_pence / 100).toFixed(2),
        Currency: "GBP",
        Method: "Bank transfer",
        Reference: made.invoiced.reference,
      },
    ]);
  });

  it("lists a payment once, against the invoice that stands, after a move to a dearer date replaced the invoice", async () => {
    const at = (iso: string) => new Date(iso);
    const july = await createCourseSession(db, {
      capacity: 20,
      at: at("2027-05-01T09:00:00Z"),
      startsAt: at("2027-07-05T08:00:00.000Z"),
      endsAt: at("2027-07-09T16:00:00.000Z"),
    });
    const september = await createCourseSession(db, {
      capacity: 20,
      at: at("2027-05-01T09:00:00Z"),
      startsAt: at("2027-09-06T08:00:00.000Z"),
      endsAt: at("2027-09-10T16:00:00.000Z"),
      price: { pricePence: 500_000 },
    });
    const booked = await createConfirmedCourseBooking(db, {
      session: july,
      booker: testBooker("emmy@example.com", { organisation: "Noether Rings Ltd" }),
      places: [delegate(7)],
      now: at("2027-05-03T10:00:00Z"),
    });
    const moved = await transferBooking(db, booked.booking.id, {
      target: september,
      now: at("2027-05-04T10:00:00Z"),
      staffId: "staff-1",
    });
    if (!moved.ok || !moved.invoice) throw new Error("not moved to a new invoice");
    await markInvoicePaid(db, booked.booking.id, { staffId: "staff-1", now: at("2027-05-10T11:00:00Z") });
    const may = { from: "2027-05-01", to: "2027-05-31" };
    expect((await documentsIssued(db, may, "invoice")).map((d) => d.number)).toEqual([
      booked.invoice!.number,
      moved.invoice.number,
    ]);
    expect(await paymentsSettled(db, may)).toEqual([
      expect.objectContaining({ invoiceNumber: moved.invoice.number, amountPence: 600_000, method: "transfer" }),
    ]);
  });
});
