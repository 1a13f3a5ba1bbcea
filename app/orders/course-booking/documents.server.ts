/**
 * A course booking's VAT invoices and credit notes (issue 29, ADR 056):
 * written once, inside the booking's transaction, numbered in their own
 * series (INV, CN) there, with the document they are printed from. There is
 * deliberately no function here, or anywhere, that updates or deletes a row
 * of course_invoices: an invoice is corrected by a credit note, and only the
 * retention job removes them after the accounting period (with their booking).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql, type Expression, type Selectable, type SqlBool, type Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { formatDate } from "~/format/dates.ts";
import { formatPenceGbp } from "~/format/money.ts";
import { organisation } from "~/content/organisation.ts";
import { renderVatInvoice, type VatDocumentInput, type VatSupplier } from "~/pdf/vat-invoice.server.ts";
import { currentBusinessSettings, settingsForInvoice, supplierOf } from "~/settings/business-settings.server.ts";
import type { CreditNote, Totals } from "./credit-note.ts";
import { addDays } from "~/time/london.ts";
import { londonDate } from "./days.ts";
import { formatInvoiceNumber, nextNumber } from "./invoice-numbers.server.ts";
import type { Quote, QuoteLine } from "./vat.ts";

/** A VAT invoice or credit note as stored (written once: never updated). */
export type InvoiceRow = Selectable<Database["course_invoices"]>;

/** What a booking's invoice is printed with: its customer and its line. */
export type BillingSnapshot = {
  booker_name: string;
  organisation: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  postcode: string;
  country: string;
  vat_number: string | null;
  purchase_order: string | null;
};

/** Series of the two kinds of document. */
export const invoiceSeries = { invoice: "INV", "credit-note": "CN" } as const;

/** Days an invoice awaiting a transfer is due in, until the business settings say otherwise. */
export const invoiceDueDays = 30;

/**
 * The supplier of a document stored before the business settings existed
 * (issue 39): the release's constants it was printed with then, so its PDF
 * stays the same bytes.
 */
export const legacySupplier: VatSupplier = {
  legalName: organisation.legalName,
  registeredAddress: organisation.registeredOffice,
  companyNumber: organisation.companyNumber,
  registeredIn: organisation.registeredIn,
  vatNumber: organisation.vatNumber,
  bank: { ...organisation.bank },
  email: organisation.bookingsEmail,
};

function customerOf(b: BillingSnapshot): VatDocumentInput["customer"] {
  return {
    name: b.booker_name,
    organisation: b.organisation,
    address: [b.address_line1, b.address_line2, b.city, b.postcode, b.country].filter(
      (line): line is string => !!line && line.trim() !== "",
    ),
    ...(b.vat_number ? { vatNumber: b.vat_number } : {}),
  };
}

/**
 * What an invoice and a credit note both say after their kind, in this order
 * (the stored JSON keeps it): who supplies whom, its number, when, and the
 * lines and totals it is for (issued at the time of supply).
 */
function documentBody(
  booking: BillingSnapshot,
  supplier: VatSupplier,
  number: string,
  now: Date,
  amounts: Quote | CreditNote,
) {
  return {
    supplier,
    number,
    issuedAt: now,
    timeOfSupply: now,
    customer: customerOf(booking),
    ...(booking.purchase_order ? { purchaseOrder: booking.purchase_order } : {}),
    lines: amounts.lines,
    totals: { netPence: amounts.netPence, vatPence: amounts.vatPence, grossPence: amounts.grossPence },
  };
}

/** "YYYY-MM-DD" `days` after the London date of `at` (the invoice's own date, as it prints it). */
export function dateAfter(at: Date, days: number): string {
  return addDays(londonDate(at), days);
}

/**
 * A document ready to be issued but for its number: what is said with it
 * (its e-mails) is composed with `number`, a stand-in no one could type,
 * before `issue` takes the real one (ADR 072), and the stand-in is then
 * replaced (./booking-emails.server.ts's withNumber).
 */
export type DocumentDraft = {
  id: string;
  /** The stand-in for the number until it is taken. */
  number: string;
  dueDate: string | null;
  supplier: VatSupplier;
  /** Takes the number (last, just before the transaction commits: ADR 053) and writes the document. */
  issue: (trx: Transaction<Database>) => Promise<InvoiceRow>;
};

/** A stand-in for a document's number: unguessable, so nothing a visitor typed holds it; letters and digits, so text and HTML print it alike. */
export const numberStandIn = () => `number-to-come-${randomBytes(9).toString("hex")}`;

function draftDocument(
  bookingId: string,
  supplier: VatSupplier,
  build: (number: string) => VatDocumentInput,
  extra: { dueDate: string | null; relatedInvoiceId: string | null },
): DocumentDraft {
  // Built once without its number to refuse a document that does not add up before a number is taken.
  const kind = build("?").kind;
  const id = randomUUID();
  return {
    id,
    number: numberStandIn(),
    dueDate: extra.dueDate,
    supplier,
    async issue(trx) {
      // The number last, just before the transaction commits (ADR 053).
      const number = formatInvoiceNumber(invoiceSeries[kind], await nextNumber(trx, invoiceSeries[kind]));
      const document = build(number);
      const row: InvoiceRow = {
        id,
        booking_id: bookingId,
        kind,
        number,
        issued_at: document.issuedAt.toISOString(),
        document: JSON.stringify(document),
        net_pence: document.totals.netPence,
        vat_pence: document.totals.vatPence,
        total_pence: document.totals.grossPence,
        due_date: extra.dueDate,
        related_invoice_id: extra.relatedInvoiceId,
      };
      await trx.insertInto("course_invoices").values(row).execute();
      return row;
    },
  };
}

/**
 * The booking's VAT invoice, ready to issue: awaiting a transfer (due in
 * the business settings' payment terms, the date of issue is the time of
 * supply) or, for a card, paid (the receipt: the payment's date is the
 * time of supply). It keeps a frozen copy of the business settings in
 * force (its supplier); with none saved it throws BusinessSettingsMissing,
 * and no number is taken.
 */
export async function draftInvoice(
  trx: Transaction<Database>,
  booking: BillingSnapshot & { id: string },
  quoted: Quote,
  { now, paid }: { now: Date; paid: boolean },
): Promise<DocumentDraft> {
  const { supplier, paymentTermsDays } = await settingsForInvoice(trx);
  const dueDate = paid ? null : dateAfter(now, paymentTermsDays);
  return draftDocument(
    booking.id,
    supplier,
    (number) => ({
      kind: "invoice",
      ...documentBody(booking, supplier, number, now, quoted),
      paymentTerms: paid
        ? `Paid by card on ${formatDate(now.toISOString())}. Thank you.`
        : `Due within ${paymentTermsDays} days, by ${formatDate(`${dueDate}T12:00:00Z`)}, by bank transfer quoting ${number}.`,
    }),
    { dueDate, relatedInvoiceId: null },
  );
}

/** Issues the booking's VAT invoice (draftInvoice's), its number taken at once. */
export async function issueInvoice(
  trx: Transaction<Database>,
  booking: BillingSnapshot & { id: string },
  quoted: Quote,
  options: { now: Date; paid: boolean },
): Promise<InvoiceRow> {
  return (await draftInvoice(trx, booking, quoted, options)).issue(trx);
}

/**
 * A credit note against `invoice` for `credit`, saying why and how it is
 * settled, ready to issue (its number taken by `issue`, last: ADR 072): with
 * the business settings in force (a frozen copy), or, if none are saved,
 * with the supplier the invoice was issued with (a credit is never refused
 * for want of settings).
 */
export async function draftCreditNote(
  trx: Transaction<Database>,
  booking: BillingSnapshot & { id: string },
  invoice: InvoiceRow,
  credit: CreditNote,
  { now, reason, settlement }: { now: Date; reason: string; settlement: string },
): Promise<DocumentDraft> {
  const current = await currentBusinessSettings(trx);
  const supplier = current ? supplierOf(current) : storedDocument(invoice).supplier;
  return draftDocument(
    booking.id,
    supplier,
    (number) => ({
      kind: "credit-note",
      ...documentBody(booking, supplier, number, now, credit),
      paymentTerms: settlement,
      creditFor: { invoiceNumber: invoice.number, invoiceDate: new Date(invoice.issued_at), reason },
    }),
    { dueDate: null, relatedInvoiceId: invoice.id },
  );
}

/** Issues a credit note (draftCreditNote's), its number taken at once. */
export async function issueCreditNote(
  trx: Transaction<Database>,
  booking: BillingSnapshot & { id: string },
  invoice: InvoiceRow,
  credit: CreditNote,
  options: { now: Date; reason: string; settlement: string },
): Promise<InvoiceRow> {
  return (await draftCreditNote(trx, booking, invoice, credit, options)).issue(trx);
}

/** The stored document, its dates revived. */
export function storedDocument(row: Pick<InvoiceRow, "document">): VatDocumentInput {
  const doc = JSON.parse(row.document) as Omit<VatDocumentInput, "supplier"> & {
    supplier?: VatSupplier;
    issuedAt: string;
    timeOfSupply: string;
    creditFor?: { invoiceDate?: string };
  };
  return {
    ...doc,
    supplier: doc.supplier ?? legacySupplier,
    issuedAt: new Date(doc.issuedAt),
    timeOfSupply: new Date(doc.timeOfSupply),
    ...(doc.creditFor
      ? {
          creditFor: {
            ...doc.creditFor,
            ...(doc.creditFor.invoiceDate ? { invoiceDate: new Date(doc.creditFor.invoiceDate) } : {}),
          },
        }
      : {}),
  } as VatDocumentInput;
}

/** The PDF of an invoice or credit note, from its stored document (the same bytes each time); null if there is none. */
export async function invoicePdf(
  db: Db,
  invoiceId: string,
): Promise<{ number: string; kind: InvoiceRow["kind"]; bytes: Uint8Array } | null> {
  const row = await db
    .selectFrom("course_invoices")
    .select(["number", "kind", "document"])
    .where("id", "=", invoiceId)
    .executeTakeFirst();
  if (!row) return null;
  return { number: row.number, kind: row.kind, bytes: await renderVatInvoice(storedDocument(row)) };
}

/** How an e-mail names a document for the outbox to attach as it sends (types.ts `Attachment.ref`). */
export const vatDocumentRef = (invoiceId: string) => `vat-document:${invoiceId}`;

/**
 * The outbox's maker of documents named by `vatDocumentRef`: the PDF
 * rendered from the stored document (the same bytes every time), base64;
 * null when there is no such document (anything else is not ours: null).
 * Rendering takes tens of milliseconds, so it happens here, as the e-mail is
 * sent, and not in the transaction that took the places and queued it.
 */
export function vatDocumentAttachments(db: Db): (ref: string) => Promise<string | null> {
  return async (ref) => {
    const id = /^vat-document:([\w-]{1,64})$/.exec(ref)?.[1];
    const pdf = id ? await invoicePdf(db, id) : null;
    return pdf ? Buffer.from(pdf.bytes).toString("base64") : null;
  };
}

/**
 * A booking's invoice that stands: its latest, the one no later invoice
 * replaced (invoiceStands: a move to a dearer date replaces the invoice
 * with a new one, the old one credited in full: ADR 084). Credit notes and
 * what is owed are against it.
 */
export function currentInvoice(db: Db | Transaction<Database>, bookingId: string) {
  return db
    .selectFrom("course_invoices as i")
    .selectAll("i")
    .where("i.booking_id", "=", bookingId)
    .where("i.kind", "=", "invoice")
    .where(invoiceStands("i"))
    .executeTakeFirst();
}

/**
 * Whether the invoice row `alias` of a query is the one its booking stands
 * on: no later invoice of the booking replaced it (later issued, or issued
 * at the same instant with a higher number). One rule for one booking
 * (currentInvoice) and for a query over many (the reminders, the accounts'
 * payments).
 */
export function invoiceStands(alias: string): Expression<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`not exists (select 1 from course_invoices as later where later.booking_id = ${column("booking_id")} and later.kind = 'invoice' and (later.issued_at > ${column("issued_at")} or (later.issued_at = ${column("issued_at")} and later.number > ${column("number")})))`;
}

/**
 * How a credit note against `invoiceNumber` is settled, in the booking's
 * words: refunded when the booking was paid (to the card, or by transfer),
 * else deducted from the invoice (`leftChargedPence` of it still charged),
 * or the invoice cancelled in full. What was paid and carried to the
 * invoice (ADR 087) counts as paid: what it covers is not due, and what it
 * pays beyond what is still charged is refunded.
 */
export function creditSettlement(
  booking: { status: string; payment_method: string; carried_pence: number },
  invoiceNumber: string,
  leftChargedPence: number,
): string {
  const refunded =
    booking.payment_method === "card" ? "refunded to the card the booking was paid with" : "refunded by bank transfer";
  if (booking.status === "paid") return `${refunded[0]!.toUpperCase()}${refunded.slice(1)}.`;
  const carried = booking.carried_pence;
  const due = leftChargedPence - carried;
  if (carried > 0 && due <= 0) {
    const back = due < 0 ? ` ${formatPenceGbp(-due)} of the ${formatPenceGbp(carried)} paid is ${refunded}.` : "";
    return leftChargedPence > 0
      ? `Deducted from invoice ${invoiceNumber}: what was paid towards it covers the ${formatPenceGbp(leftChargedPence)} that remains.${back}`
      : `Invoice ${invoiceNumber} is cancelled in full: nothing is due.${back}`;
  }
  return due > 0
    ? `Deducted from invoice ${invoiceNumber}: ${formatPenceGbp(due)} of it remains due${carried > 0 ? `, after the ${formatPenceGbp(carried)} paid` : ""}.`
    : `Invoice ${invoiceNumber} is cancelled in full: nothing is due.`;
}

/**
 * The booking's invoice that stands (currentInvoice) with what credit notes
 * already took off it, and what it invoiced as a quote (what a new credit
 * note is worked out from): undefined when the booking has no invoice (a
 * card booking never paid).
 */
export async function invoiceWithCredits(trx: Transaction<Database>, bookingId: string) {
  const invoice = await currentInvoice(trx, bookingId);
  if (!invoice) return undefined;
  const earlier = await trx
    .selectFrom("course_invoices")
    .select(["net_pence", "vat_pence"])
    .where("related_invoice_id", "=", invoice.id)
    .execute();
  const already: Totals = {
    netPence: earlier.reduce((sum, r) => sum + r.net_pence, 0),
    vatPence: earlier.reduce((sum, r) => sum + r.vat_pence, 0),
  };
  const doc = storedDocument(invoice);
  const invoiced: Quote = { lines: doc.lines as QuoteLine[], ...doc.totals };
  /** What the invoice still charges: its total less the credit notes against it. */
  const standingPence = invoice.total_pence - already.netPence - already.vatPence;
  return { invoice, already, invoiced, standingPence };
}
