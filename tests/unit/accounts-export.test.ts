/**
 * The export for the accounts (issue 41, ADR 080): the period asked for, the
 * rows of each document (a discount its own row, VAT shared to the penny),
 * amounts from pence, Xero's and QuickBooks Online's columns, and CSV escaping
 * with formulas neutralised.
 */
import { describe, expect, it } from "vitest";
import {
  byteOrderMark,
  defaultAccountCodes,
  documentRows,
  documentsCsv,
  exportFileName,
  exportRequestMessages,
  lastMonth,
  paymentsCsv,
  periodBounds,
  poundsText,
  quickBooksInvoiceColumns,
  readExportRequest,
  referenceOf,
  share,
  textCell,
  ukDate,
  xeroInvoiceColumns,
  type ExportDocument,
} from "~/orders/course-booking/accounts-export.ts";
import { csvRecords, parseCsv } from "../support/csv.ts";
import { refused } from "../support/refused.ts";

const invoice: ExportDocument = {
  kind: "invoice",
  number: "INV-000007",
  issuedOn: "2027-03-08",
  dueOn: "2027-04-07",
  customer: {
    name: "Ada Lovelace",
    organisation: "Analytical Engines Ltd",
    email: "ada@example.com",
    address: ["1 High Street", "Floor 2", "London", "EC1A 1BB", "United Kingdom"],
  },
  purchaseOrder: "PO-4471",
  lines: [
    {
      description: "Risk Management (5 days), 8 March 2027",
      quantity: 3,
      unitPricePence: 295_000,
      discountPence: 88_500,
      netPence: 796_500,
      vatRateBasisPoints: 2000,
    },
  ],
  totals: { netPence: 796_500, vatPence: 159_300, grossPence: 955_800 },
  currency: "GBP",
};

const creditNote: ExportDocument = {
  kind: "credit-note",
  number: "CN-000002",
  issuedOn: "2027-03-20",
  dueOn: null,
  customer: { name: "Ada Lovelace", address: ["1 High Street", "London", "EC1A 1BB", "United Kingdom"] },
  creditFor: "INV-000007",
  lines: [{ description: "Risk Management (5 days), 8 March 2027", netPence: 398_250, vatRateBasisPoints: 2000 }],
  totals: { netPence: 398_250, vatPence: 79_650, grossPence: 477_900 },
  currency: "GBP",
};

/** The file's rows as cells, after its byte order mark. */
function parse(text: string): string[][] {
  expect(text.startsWith(byteOrderMark)).toBe(true);
  return parseCsv(text.slice(1));
}
const byHeader = csvRecords;

describe("the period asked for", () => {
  const good = { from: "2027-03-01", to: "2027-03-31", package: "xero", file: "invoices" };

  it("reads London dates, both ends included, as a date input posts them or typed day first", () => {
    expect(readExportRequest(good)).toEqual({ ok: true, request: good });
    expect(readExportRequest({ ...good, from: "1/3/2027", to: "31/03/2027" })).toEqual({ ok: true, request: good });
    expect(readExportRequest({ ...good, to: "2027-03-01", from: "2027-03-01" }).ok).toBe(true);
  });

  it("refuses a date that is not one, a last day before the first and a period over 366 days, saying which", () => {
    expect(readExportRequest({ ...good, from: "2027-02-30" })).toEqual(refused({ from: exportRequestMessages.from }));
    expect(readExportRequest({ ...good, to: "yesterday" })).toEqual(refused({ to: exportRequestMessages.to }));
    expect(readExportRequest({ ...good, to: "2027-02-28" })).toEqual(refused({ to: exportRequestMessages.order }));
    // 366 days (a leap year's) is allowed; 367 is not.
    expect(readExportRequest({ ...good, from: "2028-01-01", to: "2028-12-31" }).ok).toBe(true);
    expect(readExportRequest({ ...good, from: "2027-01-01", to: "2028-01-02" })).toEqual(
      refused({ to: exportRequestMessages.length }),
    );
    expect(readExportRequest({})).toEqual(
      refused({
        from: exportRequestMessages.from,
        to: exportRequestMessages.to,
        package: exportRequestMessages.package,
        file: exportRequestMessages.file,
      }),
    );
    expect(readExportRequest({ ...good, package: "sage", file: "toString" }).ok).toBe(false);
  });

  it("runs from the start of its first London day to the start of the day after its last, across the clock change", () => {
    // British Summer Time begins on 28 March 2027: March opens at midnight GMT and April at 23:00 UTC.
    expect(periodBounds({ from: "2027-03-01", to: "2027-03-31" })).toEqual({
      start: "2027-03-01T00:00:00.000Z",
      end: "2027-03-31T23:00:00.000Z",
    });
  });

  it("offers last month first, in London days, whatever its length", () => {
    expect(lastMonth("2027-03-08")).toEqual({ from: "2027-02-01", to: "2027-02-28" });
    expect(lastMonth("2028-03-01")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(lastMonth("2027-01-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(() => lastMonth("2027-02-30")).toThrow(RangeError);
  });

  it("names the file by package, kind and period", () => {
    expect(exportFileName({ from: "2027-03-01", to: "2027-03-31", package: "quickbooks", file: "credit-notes" })).toBe(
      "quickbooks-credit-notes-2027-03-01-to-2027-03-31.csv",
    );
  });
});

describe("amounts and dates", () => {
  it("writes pence as pounds with two decimals from the integer", () => {
    expect(poundsText(955_800)).toBe("9558.00");
    expect(poundsText(5)).toBe("0.05");
    expect(poundsText(-88_500)).toBe("-885.00");
    expect(poundsText(0)).toBe("0.00");
    // No float of pounds: 0.1 + 0.2 would not be 0.30.
    expect(poundsText(10 + 20)).toBe("0.30");
    expect(poundsText(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
    expect(() => poundsText(1.5)).toThrow(RangeError);
  });

  it("writes dates day first, as a UK organisation imports them", () => {
    expect(ukDate("2027-03-08")).toBe("08/03/2027");
    expect(() => ukDate("2027-13-01")).toThrow(RangeError);
  });
});

describe("a document's rows", () => {
  it("shares an amount by weight to the penny, the odd pence to the largest remainders", () => {
    expect(share(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(share(10, [1, 2])).toEqual([3, 7]);
    expect(share(-10, [1, 2])).toEqual([-3, -7]);
    expect(share(7, [0, 0])).toEqual([7, 0]);
  });

  it("gives a discount a row of its own, so quantity × unit amount is each row exactly, and the VAT adds up", () => {
    const rows = documentRows(invoice);
    expect(rows).toEqual([
      {
        description: "Risk Management (5 days), 8 March 2027",
        quantity: 3,
        unitPence: 295_000,
        amountPence: 885_000,
        vatRateBasisPoints: 2000,
        vatPence: 177_000,
      },
      {
        description: "Discount: Risk Management (5 days), 8 March 2027",
        quantity: 1,
        unitPence: -88_500,
        amountPence: -88_500,
        vatRateBasisPoints: 2000,
        vatPence: -17_700,
      },
    ]);
    expect(rows.reduce((s, r) => s + r.amountPence, 0)).toBe(invoice.totals.netPence);
    expect(rows.reduce((s, r) => s + r.vatPence, 0)).toBe(invoice.totals.vatPence);
  });

  it("shares the document's VAT (worked out on its total) over its lines, to the penny", () => {
    const lines = [1, 2, 3].map((n) => ({
      description: `Line ${n}`,
      quantity: 1,
      unitPricePence: 333,
      discountPence: 0,
      netPence: 333,
      vatRateBasisPoints: 2000,
    }));
    // 999 × 20% = 199.8 → 200 on the total; a line's 66.6 each would give 201 rounded per line.
    const rows = documentRows({ ...invoice, lines, totals: { netPence: 999, vatPence: 200, grossPence: 1199 } });
    expect(rows.map((r) => r.vatPence)).toEqual([67, 67, 66]);
  });

  it("writes a line that gives only its amount (a credit note's) as one of that amount", () => {
    expect(documentRows(creditNote)).toEqual([
      {
        description: "Risk Management (5 days), 8 March 2027",
        quantity: 1,
        unitPence: 398_250,
        amountPence: 398_250,
        vatRateBasisPoints: 2000,
        vatPence: 79_650,
      },
    ]);
  });

  it("references the purchase order; a credit note also names the invoice it credits", () => {
    expect(referenceOf(invoice)).toBe("PO-4471");
    expect(referenceOf({ ...invoice, purchaseOrder: undefined })).toBe("");
    expect(referenceOf(creditNote)).toBe("Credits INV-000007");
    expect(referenceOf({ ...creditNote, purchaseOrder: "PO-4471" })).toBe("PO-4471 (credits INV-000007)");
  });
});

describe("Xero's layout", () => {
  it("has Xero's import columns and a row per line, the contact, reference, dates, account code and VAT", () => {
    const rows = parse(documentsCsv("xero", [invoice], defaultAccountCodes));
    expect(rows[0]).toEqual([...xeroInvoiceColumns]);
    const [places, discount] = byHeader(rows);
    expect(places).toMatchObject({
      "*ContactName": "Analytical Engines Ltd",
      EmailAddress: "ada@example.com",
      POAddressLine1: "1 High Street",
      POAddressLine2: "Floor 2",
      POCity: "London",
      POPostalCode: "EC1A 1BB",
      POCountry: "United Kingdom",
      "*InvoiceNumber": "INV-000007",
      Reference: "PO-4471",
      "*InvoiceDate": "08/03/2027",
      "*DueDate": "07/04/2027",
      "*Description": "Risk Management (5 days), 8 March 2027",
      "*Quantity": "3",
      "*UnitAmount": "2950.00",
      "*AccountCode": "200",
      "*TaxType": "20% (VAT on Income)",
      TaxAmount: "1770.00",
      Currency: "GBP",
    });
    expect(discount).toMatchObject({ "*Quantity": "1", "*UnitAmount": "-885.00", TaxAmount: "-177.00" });
  });

  it("writes a credit note with negative amounts (Xero imports a negative total as a credit note), dated and due the day it was issued", () => {
    const [row] = byHeader(parse(documentsCsv("xero", [creditNote], defaultAccountCodes)));
    expect(row).toMatchObject({
      "*ContactName": "Ada Lovelace",
      POAddressLine1: "1 High Street",
      POAddressLine2: "",
      POCity: "London",
      "*InvoiceNumber": "CN-000002",
      Reference: "Credits INV-000007",
      "*InvoiceDate": "20/03/2027",
      "*DueDate": "20/03/2027",
      "*UnitAmount": "-3982.50",
      TaxAmount: "-796.50",
    });
  });

  it("codes lines to the settings' account and VAT name; a line without VAT to No VAT", () => {
    const codes = { ...defaultAccountCodes, salesAccountCode: "4000", xeroTaxType: "20% (VAT on Income) - Training" };
    const zero = { ...creditNote, lines: [{ ...creditNote.lines[0]!, vatRateBasisPoints: 0 }] };
    const [rated] = byHeader(parse(documentsCsv("xero", [creditNote], codes)));
    expect(rated).toMatchObject({ "*AccountCode": "4000", "*TaxType": "20% (VAT on Income) - Training" });
    const [unrated] = byHeader(
      parse(
        documentsCsv("xero", [{ ...zero, totals: { netPence: 398_250, vatPence: 0, grossPence: 398_250 } }], codes),
      ),
    );
    expect(unrated).toMatchObject({ "*TaxType": "No VAT", TaxAmount: "0.00" });
  });

  it("lists documents by number", () => {
    const later = { ...invoice, number: "INV-000010" };
    const rows = byHeader(parse(documentsCsv("xero", [later, invoice], defaultAccountCodes)));
    expect(rows.map((r) => r["*InvoiceNumber"])).toEqual(["INV-000007", "INV-000007", "INV-000010", "INV-000010"]);
  });
});

describe("QuickBooks Online's layout", () => {
  it("has QuickBooks's import columns: number, customer, dates, product, quantity, rate, amount and VAT code", () => {
    const rows = parse(documentsCsv("quickbooks", [invoice], defaultAccountCodes));
    expect(rows[0]).toEqual([...quickBooksInvoiceColumns]);
    const [places, discount] = byHeader(rows);
    expect(places).toMatchObject({
      "*InvoiceNo": "INV-000007",
      "*Customer": "Analytical Engines Ltd",
      "*InvoiceDate": "08/03/2027",
      "*DueDate": "07/04/2027",
      Memo: "PO PO-4471",
      "Item(Product/Service)": "Training courses",
      ItemQuantity: "3",
      ItemRate: "2950.00",
      "*ItemAmount": "8850.00",
      "*ItemTaxCode": "20.0% S",
      ItemTaxAmount: "1770.00",
      Currency: "GBP",
    });
    expect(discount).toMatchObject({ ItemRate: "-885.00", "*ItemAmount": "-885.00", ItemTaxAmount: "-177.00" });
  });

  it("writes a credit note's amounts as positive, for entering as a credit memo, naming its invoice", () => {
    const [row] = byHeader(parse(documentsCsv("quickbooks", [creditNote], defaultAccountCodes)));
    expect(row).toMatchObject({ "*InvoiceNo": "CN-000002", Memo: "Credits INV-000007", "*ItemAmount": "3982.50" });
  });
});

describe("the payments file", () => {
  it("has the invoice number, date paid, amount, method and reference, by date", () => {
    const payments = [
      {
        invoiceNumber: "INV-000009",
        contact: "Babbage & Co",
        paidOn: "2027-03-12",
        amountPence: 354_000,
        currency: "GBP",
        method: "card" as const,
        reference: "pi_3Abc",
      },
      {
        invoiceNumber: "INV-000007",
        contact: "Analytical Engines Ltd",
        paidOn: "2027-03-10",
        amountPence: 955_800,
        currency: "GBP",
        method: "transfer" as const,
        reference: "MB-7KQ4X2PD",
      },
    ];
    const xero = parse(paymentsCsv("xero", payments));
    expect(xero).toEqual([
      ["InvoiceNumber", "ContactName", "PaymentDate", "Amount", "Currency", "Method", "Reference"],
      ["INV-000007", "Analytical Engines Ltd", "10/03/2027", "9558.00", "GBP", "Bank transfer", "MB-7KQ4X2PD"],
      ["INV-000009", "Babbage & Co", "12/03/2027", "3540.00", "GBP", "Card (Stripe)", "pi_3Abc"],
    ]);
    expect(parse(paymentsCsv("quickbooks", payments))[0]).toEqual([
      "InvoiceNo",
      "Customer",
      "PaymentDate",
      "Amount",
      "Currency",
      "Method",
      "Reference",
    ]);
  });
});

describe("CSV escaping", () => {
  it("quotes text, doubles quotes, keeps commas and new lines inside the cell", () => {
    expect(textCell('Smith, "Jones" & Co')).toBe('"Smith, ""Jones"" & Co"');
    expect(textCell("Line one\nLine two")).toBe('"Line one\nLine two"');
  });

  it("neutralises a text cell a spreadsheet would run as a formula, never an amount", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(textCell(`${start}HYPERLINK("x")`)).toBe(`"'${start}HYPERLINK(""x"")"`);
    }
    const hostile = {
      ...creditNote,
      customer: { ...creditNote.customer, name: '=cmd|"/c calc"!A1', organisation: "" },
      lines: [{ ...creditNote.lines[0]!, description: "@SUM(1,1)\r\nEvil" }],
    };
    const text = documentsCsv("xero", [hostile], defaultAccountCodes);
    const [row] = byHeader(parse(text));
    expect(row).toMatchObject({
      "*ContactName": `'=cmd|"/c calc"!A1`,
      "*Description": "'@SUM(1,1)\r\nEvil",
      "*UnitAmount": "-3982.50",
    });
    expect(text).toContain(",-3982.50,");
  });
});
