/**
 * The export for the accounts, read from the database (issue 41, ADR 080):
 * the VAT invoices and credit notes issued in a period, and the payments
 * settled in it, of course bookings (test bookings left out), written by
 * ./accounts-export.ts in the layout of the package chosen, with the account
 * codes of the business settings in force.
 */
import type { Db } from "~/data/db.server.ts";
import { accountCodesOf } from "~/settings/business-settings.ts";
import { currentBusinessSettings } from "~/settings/business-settings.server.ts";
import {
  defaultAccountCodes,
  documentsCsv,
  exportFileName,
  paymentsCsv,
  periodBounds,
  type ExportDocument,
  type ExportPayment,
  type ExportRequest,
  type Period,
} from "./accounts-export.ts";
import { londonDate } from "./days.ts";
import { invoiceStands, storedDocument } from "./documents.server.ts";

/** The issued documents of `kind` dated in `period`, as the export reads them. */
export async function documentsIssued(db: Db, period: Period, kind: ExportDocument["kind"]): Promise<ExportDocument[]> {
  const { start, end } = periodBounds(period);
  const rows = await db
    .selectFrom("course_invoices as i")
    .innerJoin("course_bookings as b", "b.id", "i.booking_id")
    .innerJoin("orders as o", "o.id", "i.booking_id")
    .select([
      "i.kind",
      "i.number",
      "i.issued_at",
      "i.due_date",
      "i.document",
      "b.booker_email",
      "b.erased_at",
      "o.currency",
    ])
    .where("i.kind", "=", kind)
    .where("i.issued_at", ">=", start)
    .where("i.issued_at", "<", end)
    .where("b.is_test", "=", 0)
    .orderBy("i.number")
    .execute();
  return rows.map((row): ExportDocument => {
    const doc = storedDocument(row);
    return {
      kind: row.kind,
      number: row.number,
      issuedOn: londonDate(new Date(row.issued_at)),
      dueOn: row.due_date,
      customer: {
        name: doc.customer.name,
        ...(doc.customer.organisation ? { organisation: doc.customer.organisation } : {}),
        ...(row.erased_at === null ? { email: row.booker_email } : {}),
        address: doc.customer.address,
      },
      ...(doc.purchaseOrder ? { purchaseOrder: doc.purchaseOrder } : {}),
      ...(doc.creditFor ? { creditFor: doc.creditFor.invoiceNumber } : {}),
      lines: doc.lines,
      totals: doc.totals,
      currency: row.currency.toUpperCase(),
    };
  });
}

/** The payments settled in `period` against course bookings' invoices. */
export async function paymentsSettled(db: Db, period: Period): Promise<ExportPayment[]> {
  const { start, end } = periodBounds(period);
  const rows = await db
    .selectFrom("payments as p")
    .innerJoin("course_bookings as b", "b.id", "p.order_id")
    .innerJoin("course_invoices as i", (join) =>
      join.onRef("i.booking_id", "=", "p.order_id").on("i.kind", "=", "invoice"),
    )
    .select([
      "i.number",
      "i.document",
      "p.settled_at",
      "p.amount_pence",
      "p.currency",
      "p.provider",
      "p.provider_reference",
      "b.reference",
    ])
    // Against the invoice that stands: one that replaced another takes the booking's payments (ADR 084).
    .where(invoiceStands("i"))
    .where("p.status", "=", "succeeded")
    .where("p.settled_at", ">=", start)
    .where("p.settled_at", "<", end)
    .where("b.is_test", "=", 0)
    .orderBy("p.settled_at")
    .execute();
  return rows.map((row): ExportPayment => {
    const { customer } = storedDocument(row);
    return {
      invoiceNumber: row.number,
      contact: customer.organisation?.trim() || customer.name,
      paidOn: londonDate(new Date(row.settled_at!)),
      amountPence: row.amount_pence,
      currency: row.currency.toUpperCase(),
      method: row.provider === "stripe" ? "card" : "transfer",
      reference: row.provider === "stripe" ? (row.provider_reference ?? row.reference) : row.reference,
    };
  });
}

/** How many of each the period holds (what the screen says before the download). */
export async function exportCounts(
  db: Db,
  period: Period,
): Promise<{ invoices: number; creditNotes: number; payments: number }> {
  const [invoices, creditNotes, payments] = await Promise.all([
    documentsIssued(db, period, "invoice"),
    documentsIssued(db, period, "credit-note"),
    paymentsSettled(db, period),
  ]);
  return { invoices: invoices.length, creditNotes: creditNotes.length, payments: payments.length };
}

/** The file asked for: its name and its CSV text (codes: the business settings in force, else the defaults). */
export async function accountsExportFile(
  db: Db,
  request: ExportRequest,
): Promise<{ fileName: string; csv: string; rows: number }> {
  const current = await currentBusinessSettings(db);
  const codes = current ? accountCodesOf(current.settings) : defaultAccountCodes;
  if (request.file === "payments") {
    const payments = await paymentsSettled(db, request);
    return { fileName: exportFileName(request), csv: paymentsCsv(request.package, payments), rows: payments.length };
  }
  const docs = await documentsIssued(db, request, request.file === "invoices" ? "invoice" : "credit-note");
  return { fileName: exportFileName(request), csv: documentsCsv(request.package, docs, codes), rows: docs.length };
}
