/**
 * The VAT invoice and credit note PDFs (issue 29, ADR 054): every field
 * HMRC lists for a full VAT invoice, read back from the document's text,
 * with the values of a booking of 3 places priced by the booking rules; the
 * same input gives the same bytes; a credit note says so, names the invoice
 * and prints what it credits as negative amounts.
 */
import { PDFDocument, type PDFFont } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { organisation } from "~/content/organisation.ts";
import { parseVatNumber } from "~/orders/course-booking/vat-number.ts";
import { quote } from "~/orders/course-booking/vat.ts";
import { toWinAnsi } from "~/pdf/pdf-text.server.ts";
import { renderVatInvoice, sampleMarking, type VatDocumentInput } from "~/pdf/vat-invoice.server.ts";
import { sampleCreditNote, sampleInvoice, sampleQuote } from "../../scripts/sample-invoice.ts";
import {
  documentText,
  expectA4Pages,
  expectAuthorWithoutDates,
  helveticaFonts,
  layoutProblems,
  textRuns,
  type TextRun,
} from "../support/pdf.ts";
import { groupOfThree } from "../support/unit-fixtures.ts";

let helvetica: Map<string, PDFFont>;
beforeAll(async () => {
  helvetica = await helveticaFonts();
});

async function render(input: VatDocumentInput) {
  const bytes = await renderVatInvoice(input);
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const runs = doc.getPages().flatMap((page) => textRuns(page));
  return { bytes, doc, runs, text: documentText(doc) };
}

/** The texts on the same baseline as the run `label`, to its right, left to right (a row of a table or a panel). */
function beside(runs: TextRun[], label: string): string[] {
  const found = runs.filter((run) => run.text === label);
  expect(found, `one "${label}"`).toHaveLength(1);
  const [at] = found as [TextRun];
  return runs
    .filter((run) => Math.abs(run.y - at.y) < 0.01 && run.x > at.x)
    .toSorted((a, b) => a.x - b.x)
    .map((run) => run.text);
}

const texts = (runs: TextRun[]) => runs.map((run) => run.text);

describe("the sample booking", () => {
  it("is 3 places at £4,500 with the 10% group discount, and VAT at 20% on the net", () => {
    const q = sampleQuote();
    expect(q.lines).toHaveLength(1);
    expect(q.lines[0]).toMatchObject({ ...groupOfThree.line, vatRateBasisPoints: 2000 });
    expect(q).toMatchObject(groupOfThree.totals);
  });
});

describe("the supplier's VAT facts", () => {
  it("are a VAT number that passes HMRC's check and bank details in the legal name", () => {
    expect(parseVatNumber(organisation.vatNumber)).toEqual({ ok: true, value: "GB123456782", kind: "standard" });
    expect(organisation.bank).toEqual({
      accountName: organisation.legalName,
      sortCode: expect.stringMatching(/^\d{2}-\d{2}-\d{2}$/),
      accountNumber: expect.stringMatching(/^\d{8}$/),
    });
  });
});

describe("a VAT invoice", () => {
  it("is one A4 page with the organisation as author, no clock-based dates, and nothing outside the page or overlapping", async () => {
    const { bytes, doc } = await render(sampleInvoice());
    expectA4Pages(bytes, doc, { min: 1, max: 1 });
    expectAuthorWithoutDates(doc);
    expect(doc.getTitle()).toBe("VAT invoice INV-000123");
    expect(layoutProblems(doc, helvetica, { margin: 40, checkOverlaps: true })).toEqual([]);
  });

  it("says it is a VAT invoice and gives its number, date and time of supply (London dates)", async () => {
    const { runs, text } = await render(sampleInvoice());
    expect(texts(runs)).toContain("VAT INVOICE");
    expect(beside(runs, "Invoice number")).toEqual(["INV-000123"]);
    // Issued at 23:30 UTC on 31 March 2027: 00:30 on 1 April in London (British Summer Time).
    expect(beside(runs, "Invoice date")).toEqual(["1 April 2027"]);
    expect(text).not.toContain("31 March 2027");
    // Invoiced before the course: the invoice's date is the tax point.
    expect(beside(runs, "Time of supply (tax point)")).toEqual(["1 April 2027"]);
    expect(beside(runs, "Purchase order")).toEqual(["PO-2027-0419"]);
    expect(text).not.toMatch(/credit/i);
  });

  it("names the supplier with its address, VAT registration number and company number", async () => {
    const { runs, text } = await render(sampleInvoice());
    const all = texts(runs);
    expect(all).toContain(organisation.legalName);
    for (const line of organisation.registeredOffice) expect(all).toContain(line);
    expect(all).toContain("VAT registration number: GB 123 4567 82");
    expect(text).toContain(`Company number ${organisation.companyNumber}, registered in England and Wales`);
  });

  it("prints the supplier it is given (the business settings it was issued with), and a sample as a sample", async () => {
    const supplier = {
      legalName: "Northwind Training Ltd",
      registeredAddress: ["1 High Street", "Edinburgh EH1 1AA"],
      companyNumber: "SC123456",
      registeredIn: "Scotland",
      vatNumber: "GB 999 9999 73",
      bank: { accountName: "Northwind Training Ltd", sortCode: "40-11-62", accountNumber: "31415926" },
      email: "accounts@northwind.example",
      settingsRevision: 4,
    };
    const real = await render({ ...sampleInvoice(), supplier });
    const all = texts(real.runs);
    expect(all).toContain("Northwind Training Ltd");
    expect(all).toContain("Edinburgh EH1 1AA");
    expect(all).toContain("VAT registration number: GB 999 9999 73");
    expect(real.text).toContain("Company number SC123456, registered in Scotland");
    expect(beside(real.runs, "SORT CODE")).toEqual(["40-11-62"]);
    expect(real.text).not.toContain(organisation.legalName);
    expect(real.text).not.toContain("GB 123 4567 82");
    expect(real.text).not.toMatch(/SAMPLE/);

    const sample = await render({ ...sampleInvoice(), supplier: { ...supplier, sample: true } });
    // In the header, above the supplier, and beside the question address.
    expect(texts(sample.runs).filter((t) => t.includes("SAMPLE"))).toEqual([
      sampleMarking,
      sampleMarking,
      `accounts@northwind.example. ${sampleMarking}.`,
    ]);
    expect(sampleMarking).toBe("SAMPLE: not a valid VAT invoice");
  });

  it("names the customer with their organisation, address and VAT number", async () => {
    const { runs } = await render(sampleInvoice());
    const all = texts(runs);
    expect(all).toContain("INVOICE TO");
    for (const line of [
      "Alex Morgan, Head of Risk",
      "Northbank Insurance plc",
      "4th Floor, 30 Gresham Street",
      "London EC2V 7PG",
      "United Kingdom",
      "VAT registration number: GB 980 7806 84",
    ]) {
      expect(all).toContain(line);
    }
  });

  it("describes the supply and gives the line's quantity, unit price without VAT, discount, VAT rate and amount without VAT", async () => {
    const input = sampleInvoice();
    const { runs, text } = await render(input);
    expect(text).toContain(toWinAnsi(input.lines[0]!.description));
    expect(text).toContain("Priya Raman, Tom Okafor, Ewa Nowak");
    expect(beside(runs, "Description")).toEqual(["Qty", "Unit price excl.", "Discount", "VAT", "Amount excl."]);
    expect(text).toMatch(/Unit price excl\. VAT .*VAT rate .*Amount excl\. VAT/);
    expect(beside(runs, "Enterprise Risk Management - 5-day")).toEqual([
      "3",
      "£4,500.00",
      "£1,350.00",
      "20%",
      "£12,150.00",
    ]);
  });

  it("gives the total without VAT, the VAT and the total in sterling, with the pence", async () => {
    const { runs, text } = await render(sampleInvoice());
    expect(beside(runs, "Total excl. VAT")).toEqual(["£12,150.00"]);
    expect(beside(runs, "VAT at 20%")).toEqual(["£2,430.00"]);
    expect(beside(runs, "Total incl. VAT")).toEqual(["£14,580.00"]);
    expect(texts(runs)).toContain("All amounts are in pounds sterling (GBP).");
    expect(beside(runs, "TOTAL DUE")).toEqual([]);
    expect(text).toMatch(/TOTAL DUE £14,580\.00 Due within 30 days, by 1 May 2027/);
  });

  it("gives the payment terms and the bank details, with the invoice number as the reference", async () => {
    const { runs } = await render(sampleInvoice());
    expect(beside(runs, "PAYMENT TERMS")).toEqual(["Due within 30 days, by 1 May 2027"]);
    expect(beside(runs, "ACCOUNT NAME")).toEqual([organisation.legalName]);
    expect(beside(runs, "SORT CODE")).toEqual(["20-00-00"]);
    expect(beside(runs, "ACCOUNT NUMBER")).toEqual(["12345678"]);
    expect(beside(runs, "REFERENCE")).toEqual(["INV-000123"]);
  });

  it("leaves out the purchase order and the customer's VAT number when there are none", async () => {
    const { purchaseOrder: _po, ...input } = sampleInvoice();
    const { vatNumber: _vat, ...customer } = input.customer;
    const { text } = await render({ ...input, customer });
    expect(text).not.toContain("Purchase order");
    expect(text).not.toContain("GB 980 7806 84");
  });

  it("is the same bytes for the same input, and other bytes for another number", async () => {
    const first = await renderVatInvoice(sampleInvoice());
    const second = await renderVatInvoice(sampleInvoice());
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const other = await renderVatInvoice({ ...sampleInvoice(), number: "INV-000124" });
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
  });

  it("runs over more pages for many lines, repeating the table's header, with nothing cut off", async () => {
    const q = quote(
      Array.from({ length: 24 }, (_, i) => ({
        description: `Course ${i + 1}: a session in London with delegates named at length, Priya Raman, Tom Okafor and Ewa Nowak`,
        quantity: 1 + (i % 3),
        unitPricePence: 450_000,
        discountPence: 0,
      })),
    );
    const { doc, runs } = await render({
      ...sampleInvoice(),
      lines: q.lines,
      totals: { netPence: q.netPence, vatPence: q.vatPence, grossPence: q.grossPence },
    });
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(runs.filter((run) => run.text === "Description").length).toBe(doc.getPageCount());
    expect(texts(runs)).toContain("Course 24: a session in London with");
    expect(layoutProblems(doc, helvetica, { margin: 40, checkOverlaps: true })).toEqual([]);
  });

  it("is refused when the amounts do not add up or a line lacks its quantity or unit price", async () => {
    const input = sampleInvoice();
    const line = input.lines[0]!;
    await expect(
      renderVatInvoice({ ...input, totals: { ...input.totals, grossPence: input.totals.grossPence + 1 } }),
    ).rejects.toThrow(RangeError);
    await expect(
      renderVatInvoice({ ...input, totals: { ...input.totals, netPence: input.totals.netPence - 1 } }),
    ).rejects.toThrow(RangeError);
    await expect(
      renderVatInvoice({ ...input, lines: [{ ...line, discountPence: (line.discountPence ?? 0) + 1 }] }),
    ).rejects.toThrow(RangeError);
    await expect(
      renderVatInvoice({ ...input, lines: [{ ...line, quantity: undefined, unitPricePence: undefined }] }),
    ).rejects.toThrow(RangeError);
    await expect(renderVatInvoice({ ...input, issuedAt: new Date(Number.NaN) })).rejects.toThrow(RangeError);
    await expect(
      renderVatInvoice({ ...input, creditFor: { invoiceNumber: "INV-000001", reason: "x" } }),
    ).rejects.toThrow(RangeError);
  });
});

describe("a credit note", () => {
  it("says it is a credit note, names the invoice it credits and why", async () => {
    const { bytes, doc, runs } = await render(sampleCreditNote());
    expectA4Pages(bytes, doc, { min: 1, max: 1 });
    expect(doc.getTitle()).toBe("Credit note CN-000007");
    expect(texts(runs)).toContain("CREDIT NOTE");
    expect(texts(runs)).not.toContain("VAT INVOICE");
    expect(beside(runs, "Credit note number")).toEqual(["CN-000007"]);
    expect(beside(runs, "Credit note date")).toEqual(["2 April 2027"]);
    expect(beside(runs, "Time of supply (tax point)")).toEqual(["2 April 2027"]);
    expect(beside(runs, "Credits invoice")).toEqual(["INV-000123"]);
    expect(beside(runs, "Invoice dated")).toEqual(["1 April 2027"]);
    expect(beside(runs, "REASON")[0]).toMatch(/^Booking cancelled on 2 April 2027, 17 days before the start/);
    expect(layoutProblems(doc, helvetica, { margin: 40, checkOverlaps: true })).toEqual([]);
  });

  it("shows the amounts credited as negative amounts: half the invoice, net and VAT in its proportion", async () => {
    const { runs } = await render(sampleCreditNote());
    expect(beside(runs, "Description")).toEqual(["VAT rate", "Credited excl. VAT"]);
    expect(beside(runs, "Enterprise Risk Management - 5-day course, 19-23 April 2027, in person in")).toEqual([
      "20%",
      "-£6,075.00",
    ]);
    expect(beside(runs, "Total credited excl. VAT")).toEqual(["-£6,075.00"]);
    expect(beside(runs, "VAT at 20% credited")).toEqual(["-£1,215.00"]);
    expect(beside(runs, "Total credited incl. VAT")).toEqual(["-£7,290.00"]);
    expect(texts(runs)).toContain("-£7,290.00");
  });

  it("still names the supplier with its VAT number and the customer, and asks for no payment", async () => {
    const { runs, text } = await render(sampleCreditNote());
    const all = texts(runs);
    expect(all).toContain(organisation.legalName);
    expect(all).toContain("VAT registration number: GB 123 4567 82");
    expect(all).toContain("Northbank Insurance plc");
    expect(text).not.toContain("SORT CODE");
    expect(text).not.toContain("TOTAL DUE");
  });

  it("is refused without the invoice it credits", async () => {
    const { creditFor: _creditFor, ...input } = sampleCreditNote();
    await expect(renderVatInvoice(input)).rejects.toThrow(RangeError);
  });
});
