/**
 * VAT invoices and credit notes are never changed or deleted (issue 29,
 * ADR 056): no code of the app updates course_invoices or deletes from it,
 * but the retention sweep of the course booking order kind, after the
 * accounting period. (The database also refuses an update:
 * tests/data/course-bookings.test.ts.)
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const appDir = path.resolve(import.meta.dirname, "../../app");
const files = (readdirSync(appDir, { recursive: true }) as string[])
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => ({ file: f.split(path.sep).join("/"), text: readFileSync(path.join(appDir, f), "utf8") }));

/** Where the app may name the table, and what for. */
const allowed: Record<string, string> = {
  "data/schema.ts": "its type",
  "data/migrations/025-course-bookings.ts": "its creation",
  "orders/course-booking/documents.server.ts": "writing an invoice or credit note once, reading one",
  "orders/course-booking/booking-reads.server.ts": "reading a booking's invoices",
  "orders/course-booking/payment-reminders.server.ts": "reading the invoices awaiting payment, to remind their bookers",
  "orders/course-booking/accounts-export.server.ts":
    "reading the invoices and credit notes of a period, for the accounts",
  "orders/course-booking.server.ts":
    "the accounting-record test, an access request's documents (read) and the retention sweep",
  "orders/kind.server.ts": "the order tables' type (the sweep's deleteRows)",
};

describe("invoices are never changed or deleted", () => {
  it("no code updates course_invoices or deletes from it directly", () => {
    const writes = files.filter(({ text }) =>
      /(updateTable|deleteFrom)\(\s*["'`]course_invoices|(update|delete\s+from)\s+course_invoices/i.test(text),
    );
    expect(writes.map((f) => f.file)).toEqual([]);
  });

  it("only the modules listed name the table", () => {
    const naming = files.filter(({ text }) => text.includes("course_invoices")).map((f) => f.file);
    expect(naming.sort()).toEqual(Object.keys(allowed).sort());
  });

  it("the order kind deletes invoices only in its retention sweep", () => {
    const kind = files.find((f) => f.file === "orders/course-booking.server.ts")!.text;
    const beforeSweep = kind.slice(0, kind.indexOf("async sweep("));
    // Before the sweep, the table is only read (is a booking an accounting record? an access request's
    // documents), and named in the list of a booking's parts the sweep deletes after its order.
    expect(beforeSweep.match(/course_invoices[^"]*"/g)).toEqual([
      'course_invoices as inv"',
      'course_invoices"',
      'course_invoices"',
    ]);
    expect(beforeSweep).toMatch(/selectFrom\("course_invoices as inv"\)/);
    expect(beforeSweep).toMatch(/\.selectFrom\("course_invoices"\)\s*\.select\(\[/);
    expect(beforeSweep).not.toMatch(/of parts\b/);
  });
});
