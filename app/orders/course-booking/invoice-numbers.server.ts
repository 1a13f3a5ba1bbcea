/**
 * Invoice and credit note numbers (issue 29: HMRC asks for a unique number
 * in one unbroken sequence). Each series ("INV", "CN") counts on its own in
 * invoice_sequences.
 *
 * The number is taken by one upsert in the transaction that writes the
 * invoice: the series' row stays locked until that transaction ends, so a
 * concurrent invoice waits for it, and a transaction that rolls back gives
 * its number back (the next one gets it). The numbers that are committed
 * therefore run 1, 2, 3… without a gap or a repeat. The price is that
 * invoices of one series are written one at a time: take the number last,
 * just before the transaction commits. A PostgreSQL SEQUENCE would not wait,
 * but a rolled-back nextval is never given back (a gap).
 * See docs/decisions/053-places-and-invoice-numbers.md.
 */
import type { Transaction } from "kysely";
import type { Database } from "~/data/schema.ts";

const seriesPattern = /^[A-Z]{1,8}$/;

function checkSeries(series: string): string {
  if (!seriesPattern.test(series))
    throw new RangeError(`An invoice series is 1 to 8 capital letters (got "${series}")`);
  return series;
}

/**
 * The series' next number (the first is 1), inside the caller's transaction:
 * the one that writes the invoice or credit note.
 */
export async function nextNumber(trx: Transaction<Database>, series: string): Promise<number> {
  const row = await trx
    .insertInto("invoice_sequences")
    .values({ series: checkSeries(series), last_number: 1 })
    .onConflict((oc) =>
      oc.column("series").doUpdateSet((eb) => ({ last_number: eb("invoice_sequences.last_number", "+", 1) })),
    )
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** How a number is printed on the invoice: "INV-000123" (six digits at least). */
export function formatInvoiceNumber(series: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`An invoice number is a whole number from 1 (got ${n})`);
  return `${checkSeries(series)}-${String(n).padStart(6, "0")}`;
}
