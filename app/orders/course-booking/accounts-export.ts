/**
 * The export for the accounts (issue 41, docs/decisions/080-accounts-export.md):
 * the VAT invoices, credit notes and payments of a period as CSV files that
 * Xero and QuickBooks Online import, so finance no longer re-types them.
 * Pure: the server module (./accounts-export.server.ts) reads the rows.
 *
 * The rules:
 * - A period is London calendar days, both ends included, at most
 *   `maxPeriodDays` long; a document is in it by the London date it was
 *   issued, a payment by the London date it was settled.
 * - One file per kind (invoices, credit notes, payments) and package, each in
 *   the columns that package's import names. Dates as a UK organisation's
 *   import reads them (DD/MM/YYYY).
 * - Amounts from whole pence, exactly: pounds with two decimals written from
 *   the integer, never through a float. A line with a discount is two rows
 *   (the places at their unit price, and the discount as a negative amount),
 *   so quantity × unit amount is always the line exactly. Each row carries
 *   its VAT, shared from the document's VAT (which ADR 052 works out on the
 *   document's total) so the rows add up to the document to the penny.
 * - A credit note is a row set of its own file. For Xero its amounts are
 *   negative (Xero imports a document whose total is negative as a credit
 *   note); for QuickBooks they are positive, for entering as a credit memo.
 * - The account code and VAT names are the business settings' (the team's
 *   chart of accounts, not ours): a zero-rated line gets "No VAT".
 * - CSV as RFC 4180: text quoted, quotes doubled; a text cell that a
 *   spreadsheet would run as a formula (=, +, -, @, tab, carriage return
 *   first) gets a leading apostrophe. Amounts are ours and not neutralised
 *   (a credit is "-120.00").
 */
import type { VatDocumentLine } from "~/pdf/vat-document-line.ts";
import { addDays } from "~/time/london.ts";
import { isLocalDate, startOfLondonDay } from "./days.ts";
import { mulDivHalfUp } from "./pence.ts";

/* ---- What the team chooses ---- */

/** The packages, by the name the screen shows. */
export const accountsPackages = { xero: "Xero", quickbooks: "QuickBooks Online" } as const;
export type AccountsPackage = keyof typeof accountsPackages;

/** The files, by the name the screen shows. */
export const accountsFiles = { invoices: "Invoices", "credit-notes": "Credit notes", payments: "Payments" } as const;
export type AccountsFile = keyof typeof accountsFiles;

/** The longest period one export covers, in days (a leap year). */
export const maxPeriodDays = 366;

/** A period of London dates ("YYYY-MM-DD"), both included. */
export type Period = { from: string; to: string };
export type ExportRequest = Period & { package: AccountsPackage; file: AccountsFile };
export type ExportRequestField = keyof ExportRequest;

export const exportRequestMessages = {
  from: "Enter the first day of the period as a date, such as 1 March 2027",
  to: "Enter the last day of the period as a date, such as 31 March 2027",
  order: "The last day must be the same as the first day or after it",
  length: `Choose a period of at most ${maxPeriodDays} days`,
  package: "Choose Xero or QuickBooks Online",
  file: "Choose invoices, credit notes or payments",
} as const;

/** A date as a date input posts it ("2027-03-01") or as typed ("01/03/2027"); null if it is not a real date. */
function readDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const date = dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, "0")}-${dmy[1]!.padStart(2, "0")}` : trimmed;
  return isLocalDate(date) ? date : null;
}

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** Reads the screen's query: the export asked for, or a message for each field that is wrong. */
export function readExportRequest(
  query: Partial<Record<string, unknown>>,
): { ok: true; request: ExportRequest } | { ok: false; problems: Partial<Record<ExportRequestField, string>> } {
  const problems: Partial<Record<ExportRequestField, string>> = {};
  const from = readDate(query.from);
  const to = readDate(query.to);
  if (from === null) problems.from = exportRequestMessages.from;
  if (to === null) problems.to = exportRequestMessages.to;
  if (from !== null && to !== null) {
    const days = daysBetween(from, to) + 1;
    if (days < 1) problems.to = exportRequestMessages.order;
    else if (days > maxPeriodDays) problems.to = exportRequestMessages.length;
  }
  const pkg = query.package;
  if (typeof pkg !== "string" || !Object.hasOwn(accountsPackages, pkg))
    problems.package = exportRequestMessages.package;
  const file = query.file;
  if (typeof file !== "string" || !Object.hasOwn(accountsFiles, file)) problems.file = exportRequestMessages.file;
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    request: { from: from!, to: to!, package: pkg as AccountsPackage, file: file as AccountsFile },
  };
}

/** The period the screen offers first: the London calendar month before `today`'s ("YYYY-MM-DD"), what finance closes. */
export function lastMonth(today: string): Period {
  if (!isLocalDate(today)) throw new RangeError(`"${today}" is not a date written YYYY-MM-DD`);
  const to = addDays(`${today.slice(0, 8)}01`, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** The instants a period runs between: from the start of its first London day to the start of the day after its last (excluded). */
export function periodBounds({ from, to }: Period): { start: string; end: string } {
  return { start: startOfLondonDay(from).toISOString(), end: startOfLondonDay(addDays(to, 1)).toISOString() };
}

/** The file's name: "xero-invoices-2027-03-01-to-2027-03-31.csv". */
export function exportFileName({ from, to, package: pkg, file }: ExportRequest): string {
  return `${pkg}-${file}-${from}-to-${to}.csv`;
}

/* ---- What is exported ---- */

/** The account codes and VAT names of the team's accounts (business settings). */
export type AccountCodes = {
  /** Xero: the sales account the lines are coded to ("200"). */
  salesAccountCode: string;
  /** Xero: the standard rate's name as Xero shows it ("20% (VAT on Income)"). */
  xeroTaxType: string;
  /** QuickBooks: the product or service the lines are sold as (its income account is QuickBooks's). */
  quickBooksItem: string;
  /** QuickBooks: the standard rate's VAT code ("20.0% S"). */
  quickBooksTaxCode: string;
};

export const defaultAccountCodes: AccountCodes = {
  salesAccountCode: "200",
  xeroTaxType: "20% (VAT on Income)",
  quickBooksItem: "Training courses",
  quickBooksTaxCode: "20.0% S",
};

/** The VAT name both packages give a line without VAT. */
export const noVat = "No VAT";

/** A line as the stored document has it (./documents.server.ts, pdf/vat-invoice.server.ts). */
export type ExportLine = VatDocumentLine;

/** An issued invoice or credit note, as the server module reads it. */
export type ExportDocument = {
  kind: "invoice" | "credit-note";
  number: string;
  /** London date of issue, "YYYY-MM-DD". */
  issuedOn: string;
  /** "YYYY-MM-DD"; null for one paid when issued (a card's receipt) and for a credit note. */
  dueOn: string | null;
  customer: { name: string; organisation?: string; email?: string; address: readonly string[] };
  purchaseOrder?: string;
  /** A credit note's invoice. */
  creditFor?: string;
  lines: readonly ExportLine[];
  totals: { netPence: number; vatPence: number; grossPence: number };
  currency: string;
};

/** A payment received against an invoice. */
export type ExportPayment = {
  invoiceNumber: string;
  contact: string;
  /** London date it was settled, "YYYY-MM-DD". */
  paidOn: string;
  amountPence: number;
  currency: string;
  method: "card" | "transfer";
  /** The card payment's id at Stripe, or the booking's reference for a transfer. */
  reference: string;
};

/** Whole pence as pounds with two decimals, from the integer: -12345 → "-123.45". */
export function poundsText(amountPence: number): string {
  if (!Number.isSafeInteger(amountPence))
    throw new RangeError(`An amount in pence is a whole number (got ${amountPence})`);
  const abs = Math.abs(amountPence);
  return `${amountPence < 0 ? "-" : ""}${(abs - (abs % 100)) / 100}.${String(abs % 100).padStart(2, "0")}`;
}

/** "2027-03-08" → "08/03/2027", as a UK organisation's import reads dates. */
export function ukDate(date: string): string {
  if (!isLocalDate(date)) throw new RangeError(`"${date}" is not a date written YYYY-MM-DD`);
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** A row of a document: what one line of the package's import says, in pence (negative for a discount). */
export type DocumentRow = {
  description: string;
  quantity: number;
  unitPence: number;
  amountPence: number;
  vatRateBasisPoints: number;
  vatPence: number;
};

/** `total` shared over `weights` (non-negative) in proportion, whole pence, the odd pence to the largest remainders (first first on a tie). */
export function share(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const sign = total < 0 ? -1 : 1;
  const whole = Math.abs(total);
  const floors = weights.map((w) => {
    const product = BigInt(whole) * BigInt(w);
    return { floor: Number(product / BigInt(sum)), rest: product % BigInt(sum) };
  });
  let left = whole - floors.reduce((a, f) => a + f.floor, 0);
  const order = floors
    .map((_, i) => i)
    .sort((a, b) => (floors[b]!.rest > floors[a]!.rest ? 1 : floors[b]!.rest < floors[a]!.rest ? -1 : a - b));
  const out = floors.map((f) => f.floor);
  for (const i of order) {
    if (left === 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out.map((n) => sign * n);
}

/**
 * A document's rows: each line at its quantity and unit price, a discount as
 * a row of its own, a line that gives only its amount (a credit note's) as 1
 * × that amount; the document's VAT shared over its lines by their nets,
 * and a discounted line's VAT between its two rows. The rows' amounts add up
 * to the document's net and their VAT to its VAT, exactly.
 */
export function documentRows(doc: ExportDocument): DocumentRow[] {
  const lineVat = share(
    doc.totals.vatPence,
    doc.lines.map((l) => (l.vatRateBasisPoints > 0 ? l.netPence : 0)),
  );
  return doc.lines.flatMap((line, i): DocumentRow[] => {
    const vat = lineVat[i]!;
    const rate = line.vatRateBasisPoints;
    const { quantity, unitPricePence, discountPence = 0 } = line;
    if (quantity === undefined || unitPricePence === undefined) {
      return [
        {
          description: line.description,
          quantity: 1,
          unitPence: line.netPence,
          amountPence: line.netPence,
          vatRateBasisPoints: rate,
          vatPence: vat,
        },
      ];
    }
    const gross = quantity * unitPricePence;
    const places = {
      description: line.description,
      quantity,
      unitPence: unitPricePence,
      amountPence: gross,
      vatRateBasisPoints: rate,
    };
    if (discountPence === 0) return [{ ...places, vatPence: vat }];
    const placesVat = line.netPence > 0 ? mulDivHalfUp(vat, gross, line.netPence) : 0;
    return [
      { ...places, vatPence: placesVat },
      {
        description: `Discount: ${line.description}`,
        quantity: 1,
        unitPence: -discountPence,
        amountPence: -discountPence,
        vatRateBasisPoints: rate,
        vatPence: vat - placesVat,
      },
    ];
  });
}

/* ---- CSV ---- */

/** An amount cell: written as it is (never neutralised, never quoted). */
type Amount = { amount: string };
type Cell = string | Amount;
const amount = (pence: number): Amount => ({ amount: poundsText(pence) });
const count = (n: number): Amount => ({ amount: String(n) });

/** UTF-8's byte order mark: Excel reads the file as UTF-8 with it (Xero and QuickBooks accept it). */
export const byteOrderMark = "\uFEFF";

const formulaStart = /^[=+\-@\t\r]/;

/** A text cell: neutralised if a spreadsheet could run it as a formula, then quoted. */
export function textCell(value: string): string {
  const text = formulaStart.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

function csv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const line = (cells: readonly Cell[]) =>
    `${cells.map((c) => (typeof c === "string" ? textCell(c) : c.amount)).join(",")}\r\n`;
  return byteOrderMark + line(header) + rows.map(line).join("");
}

/* ---- The layouts ---- */

/** Xero's sales invoice import template, its columns in its order (* as Xero marks those it requires). */
export const xeroInvoiceColumns = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TaxAmount",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;

/** QuickBooks Online's invoice import, the columns it maps by name (* those it requires). */
export const quickBooksInvoiceColumns = [
  "*InvoiceNo",
  "*Customer",
  "*InvoiceDate",
  "*DueDate",
  "Terms",
  "Memo",
  "Item(Product/Service)",
  "ItemDescription",
  "ItemQuantity",
  "ItemRate",
  "*ItemAmount",
  "*ItemTaxCode",
  "ItemTaxAmount",
  "Currency",
] as const;

/** The payments file, in each package's words for the invoice and the customer. */
export const paymentColumns: Readonly<Record<AccountsPackage, readonly string[]>> = {
  xero: ["InvoiceNumber", "ContactName", "PaymentDate", "Amount", "Currency", "Method", "Reference"],
  quickbooks: ["InvoiceNo", "Customer", "PaymentDate", "Amount", "Currency", "Method", "Reference"],
};

/** Who the document is to, as the accounts name the contact: the organisation, else the person. */
export const contactName = (doc: Pick<ExportDocument, "customer">) =>
  doc.customer.organisation?.trim() || doc.customer.name;

/** The reference: the purchase order; a credit note's also names the invoice it credits. */
export function referenceOf(doc: ExportDocument): string {
  const po = doc.purchaseOrder?.trim() ?? "";
  if (doc.kind === "invoice" || !doc.creditFor) return po;
  return po ? `${po} (credits ${doc.creditFor})` : `Credits ${doc.creditFor}`;
}

/** The address as Xero's four lines, city, postcode and country (the document keeps line 1, line 2, city, postcode, country). */
function postalAddress(address: readonly string[]) {
  const lines = [...address];
  if (lines.length < 4) return { lines: [...lines, "", "", "", ""].slice(0, 4), city: "", postcode: "", country: "" };
  const country = lines.pop()!;
  const postcode = lines.pop()!;
  const city = lines.pop()!;
  const four = [...lines, "", "", "", ""].slice(0, 4);
  if (lines.length > 4) four[3] = lines.slice(3).join(", ");
  return { lines: four, city, postcode, country };
}

function xeroRows(doc: ExportDocument, codes: AccountCodes): Cell[][] {
  const sign = doc.kind === "credit-note" ? -1 : 1;
  const address = postalAddress(doc.customer.address);
  const dueOn = doc.dueOn ?? doc.issuedOn;
  return documentRows(doc).map((row) => [
    contactName(doc),
    doc.customer.email ?? "",
    ...address.lines,
    address.city,
    "",
    address.postcode,
    address.country,
    doc.number,
    referenceOf(doc),
    ukDate(doc.issuedOn),
    ukDate(dueOn),
    "",
    row.description,
    count(row.quantity),
    amount(sign * row.unitPence),
    "",
    codes.salesAccountCode,
    row.vatRateBasisPoints > 0 ? codes.xeroTaxType : noVat,
    amount(sign * row.vatPence),
    "",
    "",
    "",
    "",
    doc.currency,
    "",
  ]);
}

function quickBooksRows(doc: ExportDocument, codes: AccountCodes): Cell[][] {
  const dueOn = doc.dueOn ?? doc.issuedOn;
  const reference = referenceOf(doc);
  const memo = doc.kind === "invoice" && reference ? `PO ${reference}` : reference;
  return documentRows(doc).map((row) => [
    doc.number,
    contactName(doc),
    ukDate(doc.issuedOn),
    ukDate(dueOn),
    "",
    memo,
    codes.quickBooksItem,
    row.description,
    count(row.quantity),
    amount(row.unitPence),
    amount(row.amountPence),
    row.vatRateBasisPoints > 0 ? codes.quickBooksTaxCode : noVat,
    amount(row.vatPence),
    doc.currency,
  ]);
}

/** The invoices or credit notes file for `pkg`: a row per line (a discount its own row), documents by number. */
export function documentsCsv(pkg: AccountsPackage, docs: readonly ExportDocument[], codes: AccountCodes): string {
  const sorted = [...docs].sort((a, b) => a.number.localeCompare(b.number));
  if (pkg === "xero")
    return csv(
      xeroInvoiceColumns,
      sorted.flatMap((d) => xeroRows(d, codes)),
    );
  return csv(
    quickBooksInvoiceColumns,
    sorted.flatMap((d) => quickBooksRows(d, codes)),
  );
}

const methodNames = { card: "Card (Stripe)", transfer: "Bank transfer" } as const;

/** The payments file for `pkg`: a row per payment, by date then invoice number. */
export function paymentsCsv(pkg: AccountsPackage, payments: readonly ExportPayment[]): string {
  const sorted = [...payments].sort(
    (a, b) => a.paidOn.localeCompare(b.paidOn) || a.invoiceNumber.localeCompare(b.invoiceNumber),
  );
  return csv(
    paymentColumns[pkg],
    sorted.map((p) => [
      p.invoiceNumber,
      p.contact,
      ukDate(p.paidOn),
      amount(p.amountPence),
      p.currency,
      methodNames[p.method],
      p.reference,
    ]),
  );
}
