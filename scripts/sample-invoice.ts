/**
 * A sample VAT invoice and credit note (issue 29, ADR 054): a booking of
 * three places on a five-day course with the group discount, priced by the
 * booking rules (priceBooking, quote), and the credit note for its
 * cancellation 17 days before the start (50% under the booking terms).
 * tests/unit/vat-invoice.test.ts reads the same inputs.
 *
 *   node --import ./scripts/aliases.ts scripts/sample-invoice.ts
 *
 * writes both PDFs to a temporary folder and their first pages as
 * docs/images/sample-vat-invoice.png and docs/images/sample-credit-note.png
 * (with pdftoppm, from poppler-utils).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { creditNote } from "~/orders/course-booking/credit-note.ts";
import { legacySupplier } from "~/orders/course-booking/documents.server.ts";
import { formatInvoiceNumber } from "~/orders/course-booking/invoice-numbers.server.ts";
import { priceBooking } from "~/orders/course-booking/price.ts";
import { cancellationRefund } from "~/orders/course-booking/terms.ts";
import { quote } from "~/orders/course-booking/vat.ts";
import { formatVatNumber, parseVatNumber } from "~/orders/course-booking/vat-number.ts";
import { renderVatInvoice, type VatDocumentInput, type VatSupplier } from "~/pdf/vat-invoice.server.ts";

const delegates = ["Priya Raman", "Tom Okafor", "Ewa Nowak"];

/** Booked and invoiced at 00:30 on 1 April 2027 in London (British Summer Time: still 31 March in UTC). */
export const sampleBookedAt = new Date("2027-03-31T23:30:00Z");
/** The session's first day, 09:00 in London. */
export const sampleFirstDay = new Date("2027-04-19T08:00:00Z");

/** The booking's quote: 3 places at £4,500 with the 10% group discount, VAT at 20%. */
export function sampleQuote() {
  const line = priceBooking({
    session: {},
    places: delegates.map((name) => ({ name })),
    bookedAt: sampleBookedAt,
  });
  return quote([
    {
      description: `Enterprise Risk Management - 5-day course, 19-23 April 2027, in person in London (Meridian House, 12 Finsbury Square, EC2A 1AS); group discount of 10% for 3 or more delegates; delegates: ${delegates.join(", ")}`,
      quantity: line.quantity,
      unitPricePence: line.unitPricePence,
      discountPence: line.discountPence,
    },
  ]);
}

const customerVatNumber = parseVatNumber("GB980780684");

export const sampleCustomer: VatDocumentInput["customer"] = {
  name: "Alex Morgan, Head of Risk",
  organisation: "Northbank Insurance plc",
  address: ["4th Floor, 30 Gresham Street", "London EC2V 7PG", "United Kingdom"],
  vatNumber: customerVatNumber.ok && customerVatNumber.value ? formatVatNumber(customerVatNumber.value) : undefined,
};

/** The supplier, as business settings would give it (the release's illustrative facts). */
export const sampleSupplier: VatSupplier = { ...legacySupplier, settingsRevision: 1 };

export function sampleInvoice(): VatDocumentInput {
  const q = sampleQuote();
  return {
    kind: "invoice",
    supplier: sampleSupplier,
    number: formatInvoiceNumber("INV", 123),
    issuedAt: sampleBookedAt,
    // A VAT invoice issued before the course is run makes its own date the tax point (HMRC, VAT guide, tax points).
    timeOfSupply: sampleBookedAt,
    customer: sampleCustomer,
    purchaseOrder: "PO-2027-0419",
    lines: q.lines,
    totals: { netPence: q.netPence, vatPence: q.vatPence, grossPence: q.grossPence },
    paymentTerms: "Due within 30 days, by 1 May 2027",
  };
}

/** The credit note for cancelling the booking on 2 April 2027, 17 days before the start: 50% credited. */
export function sampleCreditNote(): VatDocumentInput {
  const q = sampleQuote();
  const issuedAt = new Date("2027-04-02T10:15:00Z");
  // The booking terms' tier for a cancellation on that day (17 days before the start: 50%).
  const { tier } = cancellationRefund({
    paidOrInvoicedGrossPence: q.grossPence,
    netPence: q.netPence,
    vatPence: q.vatPence,
    sessionStart: sampleFirstDay,
    cancelledAt: issuedAt,
  });
  const credit = creditNote(q, { basisPoints: tier.creditBasisPoints });
  return {
    kind: "credit-note",
    supplier: sampleSupplier,
    number: formatInvoiceNumber("CN", 7),
    issuedAt,
    timeOfSupply: issuedAt,
    customer: sampleCustomer,
    purchaseOrder: "PO-2027-0419",
    lines: credit.lines,
    totals: { netPence: credit.netPence, vatPence: credit.vatPence, grossPence: credit.grossPence },
    paymentTerms: "Set against invoice INV-000123, which leaves £7,290.00 to pay by 1 May 2027",
    creditFor: {
      invoiceNumber: formatInvoiceNumber("INV", 123),
      invoiceDate: sampleBookedAt,
      reason: "Booking cancelled on 2 April 2027, 17 days before the start: 50% credited under the booking terms",
    },
  };
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, "..");
  const dir = mkdtempSync(path.join(tmpdir(), "sample-invoice-"));
  for (const [name, input] of [
    ["sample-vat-invoice", sampleInvoice()],
    ["sample-credit-note", sampleCreditNote()],
  ] as const) {
    const pdf = path.join(dir, `${name}.pdf`);
    writeFileSync(pdf, await renderVatInvoice(input));
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", pdf, path.join(dir, name)]);
    copyFileSync(path.join(dir, `${name}.png`), path.join(root, "docs/images", `${name}.png`));
    console.log(`${pdf} -> docs/images/${name}.png`);
  }
}
