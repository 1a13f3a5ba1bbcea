/**
 * A VAT invoice or a credit note as an A4 PDF (issue 29), laid out with the
 * site's PDF layer (pdf-composer.server.ts): pure, so the same input always
 * gives the same bytes (no clock: every date is in the input; the document
 * carries no creation or modification date).
 *
 * It shows every field HMRC lists for a full VAT invoice (gov.uk, "VAT
 * invoices"): a unique number, the supplier's name and address and VAT
 * registration number, the invoice date, the time of supply (tax point), the
 * customer's name and address, a description of the supply, and for each
 * line the quantity, the unit price without VAT, any discount, the VAT rate
 * and the amount without VAT; the total without VAT, the VAT and the total
 * with VAT, in sterling. Besides: the purchase order, the payment terms and
 * the bank details. A credit note says so, names the invoice it credits and
 * why, and prints what it credits as negative amounts.
 *
 * The input is plain data (the quote's lines and totals, from
 * orders/course-booking/vat.ts and credit-note.ts): this module computes no
 * price, it checks that the amounts it is given add up and prints them.
 * See docs/decisions/054-vat-invoices.md.
 */
import { organisation } from "~/content/organisation.ts";
import { formatDate } from "~/format/dates.ts";
import { formatPenceGbp } from "~/format/money.ts";
import { Composer, createPdf, type Layout, pageHeight, pageWidth } from "~/pdf/pdf-composer.server.ts";
import { colors, type Style } from "~/pdf/pdf-text.server.ts";
import { type PanelRow, rowPanel } from "~/pdf/row-panel.server.ts";
import type { VatDocumentLine } from "~/pdf/vat-document-line.ts";

export type VatDocumentKind = "invoice" | "credit-note";

/**
 * The supplier as the document prints it: the business settings in force
 * when it was issued (docs/decisions/066-business-settings.md), kept with
 * the document, so a later change of the settings never alters it.
 */
export type VatSupplier = {
  legalName: string;
  registeredAddress: readonly string[];
  companyNumber: string;
  registeredIn: string;
  vatNumber: string;
  bank: { accountName: string; sortCode: string; accountNumber: string };
  /** Where questions about the document go. */
  email: string;
  /** The settings' revision it was issued with (none: issued before the settings existed). */
  settingsRevision?: number;
  /** Issued with sample settings (the embedded default's demo data): printed as a sample, not a valid VAT invoice. */
  sample?: boolean;
};

/** What a sample document says across its header and at its foot. */
export const sampleMarking = "SAMPLE: not a valid VAT invoice";

export type VatDocumentInput = {
  kind: VatDocumentKind;
  supplier: VatSupplier;
  /** Its number in its series: "INV-000123", "CN-000007". */
  number: string;
  /** The invoice's (or credit note's) date. */
  issuedAt: Date;
  /** The time of supply (tax point): the course's first day or the payment date, as the caller decides. */
  timeOfSupply: Date;
  customer: { name: string; organisation?: string; address: readonly string[]; vatNumber?: string };
  purchaseOrder?: string;
  lines: readonly VatDocumentLine[];
  /** What the document charges (or, for a credit note, credits), as positive amounts. */
  totals: { netPence: number; vatPence: number; grossPence: number };
  /** "Due within 30 days, by 26 April 2027", "Paid by card on 3 March 2027", how a credit is settled. */
  paymentTerms: string;
  /** A credit note's invoice and its reason (required for a credit note, refused on an invoice). */
  creditFor?: { invoiceNumber: string; invoiceDate?: Date; reason: string };
};

/* ---- Checks ---- */

function wholePence(value: number | undefined, what: string): number {
  if (value === undefined || !Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of pence (got ${value})`);
  }
  return value;
}

function validDate(value: Date, what: string): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new RangeError(`${what} is not a valid date`);
  return value;
}

/** Refuses an input whose amounts do not add up or that lacks what its kind needs: the PDF prints what it is given. */
function check(input: VatDocumentInput): void {
  const { kind, lines, totals } = input;
  if (input.number.trim() === "") throw new RangeError("A VAT document has a number");
  if (!input.supplier || input.supplier.legalName.trim() === "" || input.supplier.vatNumber.trim() === "") {
    throw new RangeError("A VAT document names its supplier and the supplier's VAT registration number");
  }
  validDate(input.issuedAt, "The date of issue");
  validDate(input.timeOfSupply, "The time of supply");
  if (input.customer.name.trim() === "" || input.customer.address.length === 0) {
    throw new RangeError("A VAT document names the customer and their address");
  }
  if (lines.length === 0) throw new RangeError("A VAT document has at least one line");
  if (kind === "credit-note" && !input.creditFor) throw new RangeError("A credit note names the invoice it credits");
  if (kind === "invoice" && input.creditFor) throw new RangeError("An invoice credits no other invoice");
  for (const line of lines) {
    const net = wholePence(line.netPence, `"${line.description}": the net`);
    if (!Number.isSafeInteger(line.vatRateBasisPoints) || line.vatRateBasisPoints < 0) {
      throw new RangeError(`"${line.description}": the VAT rate must be whole basis points`);
    }
    const priced = line.quantity !== undefined || line.unitPricePence !== undefined;
    if (kind === "invoice" || priced) {
      if (line.quantity === undefined || !Number.isSafeInteger(line.quantity) || line.quantity < 1) {
        throw new RangeError(`"${line.description}": a quantity of at least 1 is needed`);
      }
      const unit = wholePence(line.unitPricePence, `"${line.description}": the unit price`);
      const discount = wholePence(line.discountPence ?? 0, `"${line.description}": the discount`);
      if (line.quantity * unit - discount !== net) {
        throw new RangeError(`"${line.description}": quantity × unit price − discount is not the net`);
      }
    }
  }
  const net = wholePence(totals.netPence, "The total net");
  const vat = wholePence(totals.vatPence, "The total VAT");
  if (lines.reduce((sum, line) => sum + line.netPence, 0) !== net) {
    throw new RangeError("The lines' nets do not add up to the total net");
  }
  if (net + vat !== wholePence(totals.grossPence, "The total")) {
    throw new RangeError("The total net and VAT do not add up to the total");
  }
}

/* ---- Formats ---- */

/** A Date as the invoice prints it: "8 March 2027", the London date. */
const londonDay = (date: Date) => formatDate(date.toISOString());

/** 2000 basis points: "20%"; 1250: "12.5%". */
export const formatVatRate = (basisPoints: number) => `${basisPoints / 100}%`;

/* ---- Layout ---- */

const marginX = 48;
const contentWidth = pageWidth - 2 * marginX;
const headerHeight = 80;
const runningBandHeight = 34;
const columnGap = 24;
const leftColumnWidth = 250;
const rightColumnX = marginX + leftColumnWidth + columnGap;
const rightColumnWidth = contentWidth - leftColumnWidth - columnGap;

type Piece = { text: string; style: Style; after?: number };

/** A column of wrapped pieces at x: its height, and a function that draws it from the cursor down. */
function column(c: Composer, x: number, width: number, pieces: readonly Piece[]) {
  const wrapped = pieces.map((piece) => ({ ...piece, lines: c.wrap(piece.text, piece.style, width) }));
  const height = wrapped.reduce((sum, p) => sum + p.lines.length * p.style.leading + (p.after ?? 0), 0);
  const draw = (top: number) => {
    let y = top;
    for (const piece of wrapped) {
      for (const line of piece.lines) {
        c.drawLine(line, x, y - piece.style.size, piece.style);
        y -= piece.style.leading;
      }
      y -= piece.after ?? 0;
    }
  };
  return { height, draw };
}

/** Label/value rows in a column: labels on the left, values wrapped beside them. */
function facts(c: Composer, x: number, width: number, rows: readonly [string, string][], label: Style, value: Style) {
  const labelWidth = 122;
  const gap = 6;
  const laid = rows.map(([l, v]) => ({
    label: c.wrap(l, label, labelWidth),
    value: c.wrap(v, value, width - labelWidth - gap),
  }));
  const rowGap = 4;
  const rowHeight = (row: (typeof laid)[number]) =>
    Math.max(row.label.length * label.leading, row.value.length * value.leading);
  const height = laid.reduce((sum, row) => sum + rowHeight(row) + rowGap, -rowGap);
  const draw = (top: number) => {
    let y = top;
    for (const row of laid) {
      row.label.forEach((line, i) => c.drawLine(line, x, y - value.size - i * label.leading, label));
      row.value.forEach((line, i) => c.drawLine(line, x + labelWidth + gap, y - value.size - i * value.leading, value));
      y -= rowHeight(row) + rowGap;
    }
  };
  return { height, draw };
}

type TableColumn = {
  header: string;
  width: number;
  align: "left" | "right";
  cell: (line: VatDocumentLine) => string;
};

/** The VAT document as PDF bytes: A4, one page for a booking's few lines, more as its lines need. */
export async function renderVatInvoice(input: VatDocumentInput): Promise<Uint8Array> {
  check(input);
  const credit = input.kind === "credit-note";
  const title = credit ? "Credit note" : "VAT invoice";
  const signed = (amountPence: number) => formatPenceGbp(credit ? -amountPence : amountPence);
  const host = new URL(organisation.siteUrl).host;
  const { supplier } = input;

  const { doc, fonts } = await createPdf({
    title: `${title} ${input.number}`,
    subject: `${title} ${input.number} from ${supplier.legalName} to ${input.customer.organisation ?? input.customer.name}`,
    keywords: [
      title,
      input.number,
      ...(supplier.sample ? [sampleMarking] : []),
      ...(input.creditFor ? [input.creditFor.invoiceNumber] : []),
    ],
  });

  const layout: Layout = {
    marginX,
    bottomLimit: 64,
    body: { size: 10, leading: 13.5 },
    paragraphAfter: 6,
    heading: { size: 12, leading: 16, before: 8, after: 8 },
    bullet: { indent: 14, dotX: 4, radius: 1.9, gap: 2.5, after: 0 },
    startPage(c, index) {
      if (index > 0) {
        c.runningBand(runningBandHeight);
        return pageHeight - runningBandHeight - 28;
      }
      // The header: the supplier's trading name and site on the left, what the document is and its number on the right.
      c.page.drawRectangle({
        x: 0,
        y: pageHeight - headerHeight,
        width: pageWidth,
        height: headerHeight,
        color: colors.navy,
      });
      c.page.drawRectangle({ x: 0, y: pageHeight - headerHeight, width: pageWidth, height: 4, color: colors.gold });
      const name: Style = { font: fonts.bold, size: 18, color: colors.white, leading: 22 };
      const pale: Style = { font: fonts.regular, size: 9.5, color: colors.paleOnNavy, leading: 12 };
      const docTitle: Style = { font: fonts.bold, size: 20, color: colors.white, leading: 24 };
      const number: Style = { font: fonts.regular, size: 10.5, color: colors.paleOnNavy, leading: 13 };
      const right = pageWidth - marginX;
      c.drawLine(organisation.name, marginX, pageHeight - 40, name);
      c.drawLine(title.toUpperCase(), right - c.width(title.toUpperCase(), docTitle), pageHeight - 40, docTitle);
      c.drawLine(host, marginX, pageHeight - 59, pale);
      c.drawLine(input.number, right - c.width(input.number, number), pageHeight - 59, number);
      if (supplier.sample) {
        const mark: Style = { font: fonts.bold, size: 9.5, color: colors.gold, leading: 12 };
        c.drawLine(sampleMarking, right - c.width(sampleMarking, mark), pageHeight - 74, mark);
      }
      return pageHeight - headerHeight - 26;
    },
  };
  const c = new Composer(doc, fonts, layout, `${title} ${input.number}`);

  const label: Style = { font: fonts.bold, size: 8, color: colors.muted, leading: 12 };
  const body: Style = c.body;
  const strong: Style = { ...body, font: fonts.bold };
  const small: Style = { ...body, size: 9, leading: 12.5, color: colors.muted };
  const factLabel: Style = { ...small, color: colors.muted };

  // From (the supplier) on the left; the document's number, dates and references on the right.
  const supplierBlock = column(c, marginX, leftColumnWidth, [
    { text: "FROM", style: label, after: 2 },
    ...(supplier.sample ? [{ text: sampleMarking, style: strong, after: 2 }] : []),
    { text: supplier.legalName, style: strong },
    ...supplier.registeredAddress.map((line) => ({ text: line, style: body })),
    { text: `VAT registration number: ${supplier.vatNumber}`, style: body, after: 2 },
    {
      text: `Company number ${supplier.companyNumber}, registered in ${supplier.registeredIn}`,
      style: small,
    },
    { text: supplier.email, style: small },
  ]);
  const numberLabel = credit ? "Credit note number" : "Invoice number";
  const factRows: [string, string][] = [
    [numberLabel, input.number],
    [credit ? "Credit note date" : "Invoice date", londonDay(input.issuedAt)],
    ["Time of supply (tax point)", londonDay(input.timeOfSupply)],
  ];
  if (input.creditFor) {
    factRows.push(["Credits invoice", input.creditFor.invoiceNumber]);
    if (input.creditFor.invoiceDate) factRows.push(["Invoice dated", londonDay(input.creditFor.invoiceDate)]);
  }
  if (input.purchaseOrder) factRows.push(["Purchase order", input.purchaseOrder]);
  const docFacts = facts(c, rightColumnX, rightColumnWidth, factRows, factLabel, strong);
  {
    const top = c.y;
    supplierBlock.draw(top);
    docFacts.draw(top - label.leading - 2);
    c.y = top - Math.max(supplierBlock.height, docFacts.height + label.leading + 2);
  }
  c.space(14);

  // To (the customer) on the left; what is due (or credited) on the right.
  const { customer } = input;
  const customerBlock = column(c, marginX, leftColumnWidth, [
    { text: credit ? "CREDITED TO" : "INVOICE TO", style: label, after: 2 },
    { text: customer.name, style: strong },
    ...(customer.organisation ? [{ text: customer.organisation, style: body }] : []),
    ...customer.address.map((line) => ({ text: line, style: body })),
    ...(customer.vatNumber ? [{ text: `VAT registration number: ${customer.vatNumber}`, style: body }] : []),
  ]);
  const duePadding = 12;
  const dueBlock = column(c, rightColumnX + duePadding, rightColumnWidth - 2 * duePadding, [
    { text: credit ? "TOTAL CREDITED" : "TOTAL DUE", style: label, after: 2 },
    {
      text: signed(input.totals.grossPence),
      style: { font: fonts.bold, size: 18, color: colors.navy, leading: 24 },
      after: 2,
    },
    { text: input.paymentTerms, style: small },
  ]);
  {
    const top = c.y;
    const boxHeight = dueBlock.height + 2 * duePadding;
    c.ensure(Math.max(customerBlock.height, boxHeight));
    customerBlock.draw(top);
    c.page.drawRectangle({
      x: rightColumnX,
      y: top - boxHeight,
      width: rightColumnWidth,
      height: boxHeight,
      color: colors.panel,
    });
    c.page.drawRectangle({ x: rightColumnX, y: top - boxHeight, width: 3, height: boxHeight, color: colors.gold });
    dueBlock.draw(top - duePadding);
    c.y = top - Math.max(customerBlock.height, boxHeight);
  }
  c.space(18);

  // The lines.
  const anyQuantity = input.lines.some((line) => line.quantity !== undefined);
  const numeric: TableColumn[] = credit
    ? [
        ...(anyQuantity
          ? [
              {
                header: "Qty",
                width: 34,
                align: "right" as const,
                cell: (l: VatDocumentLine) => String(l.quantity ?? ""),
              },
            ]
          : []),
        { header: "VAT rate", width: 52, align: "right", cell: (l) => formatVatRate(l.vatRateBasisPoints) },
        { header: "Credited excl. VAT", width: 96, align: "right", cell: (l) => signed(l.netPence) },
      ]
    : [
        { header: "Qty", width: 30, align: "right", cell: (l) => String(l.quantity) },
        {
          header: "Unit price excl. VAT",
          width: 74,
          align: "right",
          cell: (l) => formatPenceGbp(l.unitPricePence ?? 0),
        },
        { header: "Discount", width: 66, align: "right", cell: (l) => formatPenceGbp(l.discountPence ?? 0) },
        { header: "VAT rate", width: 44, align: "right", cell: (l) => formatVatRate(l.vatRateBasisPoints) },
        { header: "Amount excl. VAT", width: 78, align: "right", cell: (l) => formatPenceGbp(l.netPence) },
      ];
  const columns: TableColumn[] = [
    {
      header: "Description",
      width: contentWidth - numeric.reduce((sum, col) => sum + col.width, 0),
      align: "left",
      cell: (l) => l.description,
    },
    ...numeric,
  ];
  const cellPadding = 6;
  const headerStyle: Style = { font: fonts.bold, size: 8.5, color: colors.navy, leading: 11 };
  const cellStyle: Style = body;
  const textWidth = (col: TableColumn) => col.width - 2 * cellPadding;

  /** Draws a row of wrapped cells at the cursor, with a fill behind it or a rule under it. */
  const row = (cells: string[], style: Style, look: "header" | "body") => {
    const wrapped = cells.map((text, i) => c.wrap(text, style, textWidth(columns[i]!)));
    const padY = look === "header" ? 6 : 7;
    const height = Math.max(...wrapped.map((lines) => lines.length)) * style.leading + 2 * padY;
    return {
      height,
      draw: () => {
        const top = c.y;
        if (look === "header") {
          c.page.drawRectangle({ x: marginX, y: top - height, width: contentWidth, height, color: colors.panel });
        }
        let x = marginX;
        wrapped.forEach((lines, i) => {
          const col = columns[i]!;
          lines.forEach((line, n) => {
            const baseline = top - padY - style.size - n * style.leading;
            const lineX = col.align === "left" ? x + cellPadding : x + col.width - cellPadding - c.width(line, style);
            c.drawLine(line, lineX, baseline, style);
          });
          x += col.width;
        });
        c.rule(
          top - height,
          marginX,
          marginX + contentWidth,
          look === "header" ? 1 : 0.5,
          look === "header" ? colors.navy : colors.rule,
        );
        c.y = top - height;
      },
    };
  };
  const header = row(
    columns.map((col) => col.header),
    headerStyle,
    "header",
  );
  const bodyRows = input.lines.map((line) =>
    row(
      columns.map((col) => col.cell(line)),
      cellStyle,
      "body",
    ),
  );
  c.ensure(header.height + (bodyRows[0]?.height ?? 0));
  header.draw();
  for (const bodyRow of bodyRows) {
    if (c.y - bodyRow.height < layout.bottomLimit) {
      c.newPage();
      header.draw();
    }
    bodyRow.draw();
  }
  c.space(12);

  // The totals, right-aligned under the table; in sterling.
  const rates = [...new Set(input.lines.map((line) => line.vatRateBasisPoints))];
  const vatLabel = rates.length === 1 ? `VAT at ${formatVatRate(rates[0]!)}` : "VAT";
  const totalsRows: [string, string, Style][] = credit
    ? [
        ["Total credited excl. VAT", signed(input.totals.netPence), body],
        [`${vatLabel} credited`, signed(input.totals.vatPence), body],
        ["Total credited incl. VAT", signed(input.totals.grossPence), { ...strong, size: 11, leading: 15 }],
      ]
    : [
        ["Total excl. VAT", formatPenceGbp(input.totals.netPence), body],
        [vatLabel, formatPenceGbp(input.totals.vatPence), body],
        ["Total incl. VAT", formatPenceGbp(input.totals.grossPence), { ...strong, size: 11, leading: 15 }],
      ];
  const totalsWidth = 250;
  const totalsX = marginX + contentWidth - totalsWidth;
  const totalsHeight = totalsRows.reduce((sum, [, , style]) => sum + style.leading + 4, 0) + 6 + small.leading;
  c.ensure(totalsHeight);
  totalsRows.forEach(([text, amount, style], index) => {
    if (index === totalsRows.length - 1) {
      c.space(3);
      c.rule(c.y, totalsX, marginX + contentWidth, 1, colors.navy);
      c.space(3);
    }
    c.drawLine(text, totalsX + cellPadding, c.y - style.size, style);
    c.drawLine(amount, marginX + contentWidth - cellPadding - c.width(amount, style), c.y - style.size, style);
    c.space(style.leading + 4);
  });
  const currencyNote = "All amounts are in pounds sterling (GBP).";
  c.drawLine(
    currencyNote,
    marginX + contentWidth - cellPadding - c.width(currencyNote, small),
    c.y - small.size,
    small,
  );
  c.space(small.leading + 14);

  // Payment: the terms and, on an invoice, where to pay; on a credit note, why and how it is settled.
  const rows: PanelRow[] = credit
    ? [
        { label: "Reason", value: input.creditFor?.reason ?? "" },
        { label: "Settlement", value: input.paymentTerms },
      ]
    : [
        { label: "Payment terms", value: input.paymentTerms },
        { label: "Account name", value: supplier.bank.accountName },
        { label: "Sort code", value: supplier.bank.sortCode },
        { label: "Account number", value: supplier.bank.accountNumber },
        { label: "Reference", value: input.number },
      ];
  const panel = rowPanel(c, rows, {
    padding: 12,
    labelWidth: 112,
    label: { font: fonts.bold, size: 8, color: colors.muted, leading: 13 },
    value: { ...body, leading: 13 },
    fill: colors.panel,
    title: {
      text: credit ? "About this credit note" : "How to pay",
      style: { font: fonts.bold, size: 11, color: colors.navy, leading: 16 },
    },
    note: credit
      ? undefined
      : {
          text: `Please quote ${input.number} as the reference of your bank transfer. Questions about this invoice: ${supplier.email}.${supplier.sample ? ` ${sampleMarking}.` : ""}`,
          style: small,
        },
  });
  c.ensure(panel.height);
  panel.draw();

  c.footers(44, 30);
  return doc.save({ useObjectStreams: false });
}
