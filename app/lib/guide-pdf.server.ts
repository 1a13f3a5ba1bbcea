/**
 * Free business guide PDFs: an A4 document laid out from the guide's text in
 * app/content/guide-documents.ts with pdf-lib and its standard Helvetica
 * fonts. A cover page (organisation, title, subtitle and contents with page
 * numbers) is followed by the introduction, the numbered sections and a
 * closing "Next steps" section with contact links.
 *
 * Pure: no file system, network or environment access, and no clock or
 * randomness either, so the same guide always produces the same bytes (the
 * document carries no creation or modification date; see brochure.server.ts,
 * whose text encoding and word wrapping this reuses).
 */
import { PDFDocument, PDFString, PageSizes, StandardFonts, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import {
  guideDocuments,
  type GuideChecklist,
  type GuideDocument,
  type GuideExample,
  type GuideId,
  type GuideLink,
  type GuideSection,
  type GuideTable,
} from "~/content/guide-documents.ts";
import { guides } from "~/content/guides.ts";
import { organisation } from "~/content/organisation.ts";
import { colors, toWinAnsi, truncate, wrapText, type Fonts, type Style } from "~/lib/pdf-text.server.ts";

export type { GuideId };

/* ---- Layout ---- */

const [pageWidth, pageHeight] = PageSizes.A4 as [number, number];
const marginX = 62;
const contentWidth = pageWidth - 2 * marginX;
const coverBandHeight = 420;
const runningBandHeight = 34;
/** Where body text starts on pages after the cover. */
const bodyTop = pageHeight - runningBandHeight - 34;
/** Body text never runs below this line; the footer sits under it. */
const bottomLimit = 66;
const footerRuleY = 46;
const footerTextY = 32;

/** A piece of a panel: wrapped lines, optionally behind a bullet or a tick box. */
interface PanelItem {
  lines: string[];
  style: Style;
  marker?: "dot" | "box";
  /** Space after the item. */
  after: number;
}

/** Where a heading landed, for the contents list. */
interface ContentsEntry {
  number?: number;
  text: string;
  page: number;
}

/** Lays content out top to bottom, starting a new page when the next piece does not fit. */
class Composer {
  readonly doc: PDFDocument;
  readonly fonts: Fonts;
  readonly runningTitle: string;
  readonly pages: PDFPage[] = [];
  readonly contents: ContentsEntry[] = [];
  private readonly pageFonts = new Map<PDFPage, PDFFont>();
  page: PDFPage;
  /** Top of the free space on the current page. */
  y = 0;

  readonly body: Style;
  readonly small: Style;

  constructor(doc: PDFDocument, fonts: Fonts, runningTitle: string) {
    this.doc = doc;
    this.fonts = fonts;
    this.runningTitle = runningTitle;
    this.body = { font: fonts.regular, size: 10.5, color: colors.ink, leading: 15.5 };
    this.small = { font: fonts.regular, size: 9, color: colors.muted, leading: 12.5 };
    this.page = this.addPage();
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage(PageSizes.A4);
    this.pages.push(page);
    this.page = page;
    return page;
  }

  /** A body page, with the running band across its top. */
  newPage(): PDFPage {
    const page = this.addPage();
    page.drawRectangle({
      x: 0,
      y: pageHeight - runningBandHeight,
      width: pageWidth,
      height: runningBandHeight,
      color: colors.navy,
    });
    const nameStyle = { ...this.body, font: this.fonts.bold, size: 10, color: colors.white };
    this.drawLine(organisation.name, marginX, pageHeight - 21, nameStyle);
    const titleStyle = { ...this.small, color: colors.paleOnNavy };
    const room = contentWidth - this.width(organisation.name, nameStyle) - 24;
    const title = truncate(toWinAnsi(this.runningTitle), room, (s) => this.width(s, titleStyle));
    this.drawLine(title, pageWidth - marginX - this.width(title, titleStyle), pageHeight - 21, titleStyle);
    this.y = bodyTop;
    return page;
  }

  width(text: string, style: Pick<Style, "font" | "size">): number {
    return style.font.widthOfTextAtSize(toWinAnsi(text), style.size);
  }

  wrap(text: string, style: Pick<Style, "font" | "size">, width: number): string[] {
    return wrapText(toWinAnsi(text), width, (s) => style.font.widthOfTextAtSize(s, style.size));
  }

  /** Draws one line with its baseline at y. */
  drawLine(text: string, x: number, y: number, style: Pick<Style, "font" | "size" | "color">): void {
    // Passing `font` to drawText adds two font resources per call; switching the page font only when it changes does not.
    if (this.pageFonts.get(this.page) !== style.font) {
      this.page.setFont(style.font);
      this.pageFonts.set(this.page, style.font);
    }
    this.page.drawText(toWinAnsi(text), { x, y, size: style.size, color: style.color });
  }

  /** Starts a new page unless height fits above the bottom limit. */
  ensure(height: number): void {
    if (this.y - height < bottomLimit) this.newPage();
  }

  space(height: number): void {
    this.y -= height;
  }

  /**
   * Draws wrapped lines at the cursor, breaking pages between lines but never
   * leaving a single line of a block alone at the foot of one page or the top
   * of the next. onStart runs once the first line's page is settled (to draw a
   * bullet beside it).
   */
  lines(lines: string[], style: Style, indent = 0, onStart?: () => void): void {
    const room = () => Math.floor((this.y - bottomLimit) / style.leading + 1e-9);
    let fit = room();
    if (fit < Math.min(lines.length, 2) || (lines.length - fit === 1 && fit < 3)) {
      this.newPage();
      fit = room();
    }
    const breakAt = fit >= lines.length ? -1 : lines.length - fit === 1 ? fit - 1 : fit;
    onStart?.();
    lines.forEach((line, index) => {
      if (index === breakAt) this.newPage();
      else this.ensure(style.leading);
      this.drawLine(line, marginX + indent, this.y - style.size, style);
      this.y -= style.leading;
    });
  }

  paragraph(text: string, style: Style = this.body, indent = 0, after = 7): void {
    this.lines(this.wrap(text, style, contentWidth - indent), style, indent);
    this.space(after);
  }

  private headingLayout(text: string, number?: number) {
    const style: Style = { font: this.fonts.bold, size: 15, color: colors.navy, leading: 19 };
    const numberWidth = number === undefined ? 0 : 24;
    const lines = this.wrap(text, style, contentWidth - numberWidth);
    return { style, numberWidth, lines };
  }

  /** Height of paragraph(text, style, indent, after). */
  paragraphHeight(text: string, style: Style = this.body, indent = 0, after = 7): number {
    return this.wrap(text, style, contentWidth - indent).length * style.leading + after;
  }

  /** Height of bullets(items, style, indent). */
  bulletsHeight(items: readonly string[], style: Style = this.body, indent = 0): number {
    const lines = items.reduce((sum, item) => sum + this.wrap(item, style, contentWidth - indent - 15).length, 0);
    return lines * style.leading + items.length * 3.5 + 3.5;
  }

  /**
   * A section heading, numbered or not, kept on the same page as the start of
   * what follows it: keepWith is the height of that start (three lines of body
   * text unless told).
   */
  heading(text: string, number?: number, keepWith = 3 * this.body.leading): void {
    const { style, numberWidth, lines } = this.headingLayout(text, number);
    this.space(14);
    this.ensure(lines.length * style.leading + 14 + keepWith);
    this.contents.push({ number, text, page: this.pages.length });
    if (number !== undefined)
      this.drawLine(String(number), marginX, this.y - style.size, { ...style, color: colors.gold });
    lines.forEach((line, index) =>
      this.drawLine(line, marginX + numberWidth, this.y - style.size - index * style.leading, style),
    );
    this.y -= lines.length * style.leading + 2;
    this.page.drawRectangle({ x: marginX + numberWidth, y: this.y, width: 36, height: 2, color: colors.gold });
    this.y -= 12;
  }

  bullets(items: readonly string[], style: Style = this.body, indent = 0): void {
    const textIndent = indent + 15;
    for (const item of items) {
      const lines = this.wrap(item, style, contentWidth - textIndent);
      this.lines(lines, style, textIndent, () =>
        this.page.drawCircle({ x: marginX + indent + 4.5, y: this.y - style.size * 0.68, size: 2, color: colors.gold }),
      );
      this.space(3.5);
    }
    this.space(3.5);
  }

  /** Adds a clickable link over a rectangle of the current page. */
  link(uri: string, x: number, y: number, width: number, height: number): void {
    const { context } = this.doc;
    const annotation = context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [x, y, x + width, y + height],
      Border: [0, 0, 0],
      A: { Type: "Action", S: "URI", URI: PDFString.of(uri) },
    });
    this.page.node.addAnnot(context.register(annotation));
  }
}

/* ---- Panels, tables and the closing contact panel ---- */

const panelPadding = 14;
const markerIndent = 15;

function itemHeight(item: PanelItem): number {
  return item.lines.length * item.style.leading + item.after;
}

function drawMarker(c: Composer, item: PanelItem, x: number, top: number): void {
  const { size } = item.style;
  if (item.marker === "dot") c.page.drawCircle({ x: x + 4.5, y: top - size * 0.68, size: 2, color: colors.gold });
  if (item.marker === "box") {
    const box = 8;
    c.page.drawRectangle({
      x: x + 0.5,
      y: top - size * 0.68 - box / 2,
      width: box,
      height: box,
      color: colors.white,
      borderColor: colors.navy,
      borderWidth: 0.8,
    });
  }
}

/** The lines of a panel (its title first) and its height. */
function panelLayout(c: Composer, title: string, items: PanelItem[]) {
  const innerWidth = contentWidth - 2 * panelPadding;
  const titleStyle: Style = { font: c.fonts.bold, size: 11, color: colors.navy, leading: 15 };
  const titleItem: PanelItem = { lines: c.wrap(title, titleStyle, innerWidth), style: titleStyle, after: 5 };
  const all = [titleItem, ...items];
  const last = all.at(-1);
  const height = 2 * panelPadding + all.reduce((sum, item) => sum + itemHeight(item), 0) - (last?.after ?? 0);
  return { all, height };
}

/** Height panel() takes, including the space around it. */
function panelHeight(c: Composer, title: string, items: PanelItem[]): number {
  return 4 + panelLayout(c, title, items).height + 14;
}

/**
 * A shaded panel with a gold edge, kept whole on one page. Should it ever be
 * taller than a page, its items flow from page to page without the shading.
 */
function panel(c: Composer, title: string, items: PanelItem[]): void {
  const { all, height } = panelLayout(c, title, items);
  c.space(4);
  if (height > bodyTop - bottomLimit) {
    for (const item of all) {
      const indent = item.marker ? markerIndent : 0;
      c.lines(item.lines, item.style, indent, () => drawMarker(c, item, marginX, c.y));
      c.space(item.after);
    }
    c.space(10);
    return;
  }

  c.ensure(height);
  const top = c.y;
  c.page.drawRectangle({ x: marginX, y: top - height, width: contentWidth, height, color: colors.panel });
  c.page.drawRectangle({ x: marginX, y: top - height, width: 3, height, color: colors.gold });
  let y = top - panelPadding;
  const x = marginX + panelPadding;
  for (const item of all) {
    const indent = item.marker ? markerIndent : 0;
    drawMarker(c, item, x, y);
    item.lines.forEach((line, index) =>
      c.drawLine(line, x + indent, y - item.style.size - index * item.style.leading, item.style),
    );
    y -= itemHeight(item);
  }
  c.y = top - height - 14;
}

function exampleItems(c: Composer, example: GuideExample): PanelItem[] {
  const innerWidth = contentWidth - 2 * panelPadding;
  const style: Style = { ...c.body, size: 10, leading: 14.5 };
  return [
    ...example.paragraphs.map((text) => ({ lines: c.wrap(text, style, innerWidth), style, after: 6 })),
    ...(example.bullets ?? []).map((text) => ({
      lines: c.wrap(text, style, innerWidth - markerIndent),
      style,
      marker: "dot" as const,
      after: 3.5,
    })),
  ];
}

function checklistItems(c: Composer, checklist: GuideChecklist): PanelItem[] {
  const innerWidth = contentWidth - 2 * panelPadding;
  const style: Style = { ...c.body, size: 10, leading: 14.5 };
  return checklist.items.map((text) => ({
    lines: c.wrap(text, style, innerWidth - markerIndent),
    style,
    marker: "box" as const,
    after: 5,
  }));
}

/** A table with a navy header row, repeated at the top of each page it runs onto. */
function table(c: Composer, spec: GuideTable): void {
  const cellPadding = 6;
  const weights = spec.widths ?? spec.columns.map(() => 1);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const widths = weights.map((w) => (contentWidth * w) / total);
  const xs = widths.map((_, index) => marginX + widths.slice(0, index).reduce((sum, w) => sum + w, 0));
  const headStyle: Style = { font: c.fonts.bold, size: 9, color: colors.white, leading: 12.5 };
  const cellStyle: Style = { ...c.body, size: 9.5, leading: 13 };
  const firstCellStyle: Style = { ...cellStyle, font: c.fonts.bold, color: colors.navy };

  const layoutRow = (cells: string[], styleFor: (index: number) => Style) => {
    const wrapped = cells.map((cell, index) => c.wrap(cell, styleFor(index), (widths[index] ?? 0) - 2 * cellPadding));
    const height =
      2 * cellPadding + Math.max(...wrapped.map((lines, index) => lines.length * styleFor(index).leading)) - 3;
    return { wrapped, height };
  };
  const drawRow = (row: ReturnType<typeof layoutRow>, styleFor: (index: number) => Style, fill: RGB | undefined) => {
    if (fill)
      c.page.drawRectangle({ x: marginX, y: c.y - row.height, width: contentWidth, height: row.height, color: fill });
    row.wrapped.forEach((lines, index) => {
      const style = styleFor(index);
      lines.forEach((line, lineIndex) =>
        c.drawLine(
          line,
          (xs[index] ?? marginX) + cellPadding,
          c.y - cellPadding - style.size + 1.5 - lineIndex * style.leading,
          style,
        ),
      );
    });
    c.y -= row.height;
  };

  const head = layoutRow(spec.columns, () => headStyle);
  const rows = spec.rows.map((cells) => layoutRow(cells, (index) => (index === 0 ? firstCellStyle : cellStyle)));
  const drawHead = () => drawRow(head, () => headStyle, colors.navy);

  c.space(4);
  c.ensure(head.height + (rows[0]?.height ?? 0));
  drawHead();
  rows.forEach((row, index) => {
    if (c.y - row.height < bottomLimit) {
      c.newPage();
      drawHead();
    }
    drawRow(row, (i) => (i === 0 ? firstCellStyle : cellStyle), index % 2 === 1 ? colors.panel : undefined);
    c.page.drawLine({
      start: { x: marginX, y: c.y },
      end: { x: marginX + contentWidth, y: c.y },
      thickness: 0.5,
      color: colors.rule,
    });
  });
  c.space(7);
  if (spec.note) c.paragraph(spec.note, { ...c.small, font: c.fonts.italic }, 0, 8);
  else c.space(4);
}

/** The navy closing panel: one labelled, linked row per contact route. Kept whole on one page. */
function contactPanel(c: Composer, title: string, links: GuideLink[], measureOnly = false): number {
  const padding = 16;
  const label: Style = { font: c.fonts.bold, size: 8.5, color: colors.paleOnNavy, leading: 14 };
  const labelWidth = Math.max(96, ...links.map((link) => c.width(link.label.toUpperCase(), label) + 16));
  const valueWidth = contentWidth - 2 * padding - labelWidth;
  const value: Style = { ...c.body, size: 10, color: colors.white, leading: 14 };
  const titleStyle: Style = { font: c.fonts.bold, size: 12.5, color: colors.white, leading: 20 };
  const rowGap = 5;
  const wrapped = links.map((link) => c.wrap(link.text, value, valueWidth));
  const height =
    2 * padding +
    titleStyle.leading +
    4 +
    wrapped.reduce((sum, lines) => sum + Math.max(lines.length, 1) * value.leading + rowGap, -rowGap);
  if (measureOnly) return 6 + height;

  c.space(6);
  c.ensure(height);
  const top = c.y;
  c.page.drawRectangle({ x: marginX, y: top - height, width: contentWidth, height, color: colors.navy });
  c.page.drawRectangle({ x: marginX, y: top - height, width: 3, height, color: colors.gold });
  let y = top - padding;
  const x = marginX + padding;
  c.drawLine(title, x, y - titleStyle.size, titleStyle);
  y -= titleStyle.leading + 4;
  links.forEach((link, index) => {
    const lines = wrapped[index] ?? [];
    c.drawLine(link.label.toUpperCase(), x, y - value.size, label);
    lines.forEach((line, lineIndex) => {
      const baseline = y - value.size - lineIndex * value.leading;
      c.drawLine(line, x + labelWidth, baseline, value);
      c.link(link.href, x + labelWidth, baseline - 3, c.width(line, value), value.size + 5);
    });
    y -= Math.max(lines.length, 1) * value.leading + rowGap;
  });
  c.y = top - height;
  return 6 + height;
}

/* ---- Cover ---- */

/** The cover's navy band: organisation, title and subtitle. */
function drawCoverBand(c: Composer, title: string, document: GuideDocument): void {
  const { page } = c;
  const bandBottom = pageHeight - coverBandHeight;
  page.drawRectangle({ x: 0, y: bandBottom, width: pageWidth, height: coverBandHeight, color: colors.navy });
  page.drawRectangle({ x: 0, y: bandBottom, width: pageWidth, height: 5, color: colors.gold });

  const nameStyle = { font: c.fonts.bold, size: 13, color: colors.white };
  c.drawLine(organisation.name, marginX, pageHeight - 64, nameStyle);
  const host = new URL(organisation.siteUrl).host;
  const hostStyle = { ...c.small, color: colors.paleOnNavy };
  c.drawLine(host, pageWidth - marginX - c.width(host, hostStyle), pageHeight - 64, hostStyle);
  page.drawRectangle({
    x: marginX,
    y: pageHeight - 80,
    width: contentWidth,
    height: 0.6,
    color: colors.paleOnNavy,
    opacity: 0.4,
  });

  // Eyebrow, title and subtitle, sitting on the bottom of the band.
  const eyebrow: Style = { font: c.fonts.bold, size: 10, color: colors.gold, leading: 22 };
  const titleStyle: Style = { font: c.fonts.bold, size: 30, color: colors.white, leading: 36 };
  const subtitleStyle: Style = { font: c.fonts.regular, size: 13, color: colors.paleOnNavy, leading: 19 };
  const titleLines = c.wrap(title, titleStyle, contentWidth);
  const subtitleLines = c.wrap(document.subtitle, subtitleStyle, contentWidth - 40);
  const gap = 14;
  const blockHeight =
    eyebrow.leading + titleLines.length * titleStyle.leading + gap + subtitleLines.length * subtitleStyle.leading;
  let y = bandBottom + 52 + blockHeight;
  c.drawLine("FREE BUSINESS GUIDE", marginX, y - eyebrow.size, eyebrow);
  y -= eyebrow.leading;
  for (const line of titleLines) {
    c.drawLine(line, marginX, y - titleStyle.size, titleStyle);
    y -= titleStyle.leading;
  }
  page.drawRectangle({ x: marginX, y: y - gap / 2 + 1, width: 48, height: 2.5, color: colors.gold });
  y -= gap;
  for (const line of subtitleLines) {
    c.drawLine(line, marginX, y - subtitleStyle.size, subtitleStyle);
    y -= subtitleStyle.leading;
  }
}

/** The cover's lower half: contents with page numbers (known once the body is laid out) and the disclaimer. */
function drawCoverContents(c: Composer, document: GuideDocument): void {
  c.page = c.pages[0] ?? c.page;
  let y = pageHeight - coverBandHeight - 40;
  const headingStyle: Style = { font: c.fonts.bold, size: 13, color: colors.navy, leading: 17 };
  c.drawLine("In this guide", marginX, y - headingStyle.size, headingStyle);
  y -= headingStyle.leading + 2;
  c.page.drawRectangle({ x: marginX, y, width: 36, height: 2, color: colors.gold });
  y -= 12;

  const entryStyle: Style = { ...c.body, size: 10.5, leading: 18.5 };
  const numberStyle: Style = { ...entryStyle, font: c.fonts.bold, color: colors.gold };
  const pageStyle: Style = { ...entryStyle, color: colors.muted };
  for (const entry of c.contents) {
    const pageText = String(entry.page);
    const room = contentWidth - 24 - 40;
    const text = truncate(toWinAnsi(entry.text), room, (s) => c.width(s, entryStyle));
    if (entry.number !== undefined) c.drawLine(String(entry.number), marginX, y - entryStyle.size, numberStyle);
    c.drawLine(text, marginX + 24, y - entryStyle.size, entryStyle);
    c.drawLine(pageText, pageWidth - marginX - c.width(pageText, pageStyle), y - entryStyle.size, pageStyle);
    y -= entryStyle.leading;
  }

  const note: Style = { ...c.small, size: 8.5, leading: 12 };
  const lines = c.wrap(document.disclaimer, note, contentWidth);
  let noteY = bottomLimit + 4 + lines.length * note.leading;
  if (noteY > y - 8) throw new Error(`guide-pdf: the cover of ${document.id} has no room for its disclaimer`);
  for (const line of lines) {
    c.drawLine(line, marginX, noteY - note.size, note);
    noteY -= note.leading;
  }
}

/* ---- The document ---- */

/** The closing section: its paragraphs, then the contact panel. */
function drawNextSteps(c: Composer, document: GuideDocument): void {
  const { nextSteps } = document;
  const panelTitle = "Find out more or get in touch";
  // Kept on one page: the contact panel is the section's point.
  const height =
    nextSteps.paragraphs.reduce((sum, text) => sum + c.paragraphHeight(text), 0) +
    contactPanel(c, panelTitle, nextSteps.links, true);
  c.heading(nextSteps.heading, undefined, height);
  for (const text of nextSteps.paragraphs) c.paragraph(text);
  contactPanel(c, panelTitle, nextSteps.links);
}

function drawSection(c: Composer, section: GuideSection, number: number): void {
  let keepWith: number | undefined;
  if (section.checklist && !section.table && !section.example) {
    // A checklist is read with the text that introduces it: keep the whole section on one page where it fits.
    const height =
      section.paragraphs.reduce((sum, text) => sum + c.paragraphHeight(text), 0) +
      (section.bullets ? c.bulletsHeight(section.bullets) : 0) +
      panelHeight(c, section.checklist.title, checklistItems(c, section.checklist));
    if (height <= bodyTop - bottomLimit - 60) keepWith = height;
  }
  c.heading(section.heading, number, keepWith);
  for (const text of section.paragraphs) c.paragraph(text);
  if (section.table) table(c, section.table);
  if (section.bullets) c.bullets(section.bullets);
  if (section.example) panel(c, section.example.title, exampleItems(c, section.example));
  if (section.checklist) panel(c, section.checklist.title, checklistItems(c, section.checklist));
  for (const text of section.closing ?? []) c.paragraph(text);
}

function drawFooters(c: Composer): void {
  const footer: Style = { ...c.small, size: 8 };
  const host = new URL(organisation.siteUrl).host;
  const left = `${organisation.name}  |  ${host}`;
  c.pages.forEach((page, index) => {
    c.page = page;
    page.drawLine({
      start: { x: marginX, y: footerRuleY },
      end: { x: pageWidth - marginX, y: footerRuleY },
      thickness: 0.5,
      color: colors.rule,
    });
    c.drawLine(left, marginX, footerTextY, footer);
    const hostX = marginX + c.width(`${organisation.name}  |  `, footer);
    c.link(organisation.siteUrl, hostX, footerTextY - 3, c.width(host, footer), footer.size + 5);
    const number = `Page ${index + 1} of ${c.pages.length}`;
    c.drawLine(number, pageWidth - marginX - c.width(number, footer), footerTextY, footer);
  });
}

/** The guide as PDF bytes: A4, a cover and a few pages of text. */
export async function renderGuidePdf(guideId: GuideId): Promise<Uint8Array> {
  const guide = guides.find((g) => g.id === guideId);
  const document = Object.hasOwn(guideDocuments, guideId) ? guideDocuments[guideId] : undefined;
  if (!guide || !document) throw new Error(`Unknown guide: ${String(guideId)}`);

  // updateMetadata: false keeps pdf-lib from stamping the current time (and its own name) into the document.
  const doc = await PDFDocument.create({ updateMetadata: false });
  // Metadata strings are stored as UTF-16, so unlike page text they need no WinAnsi clean-up.
  doc.setTitle(guide.title, { showInWindowTitleBar: true });
  doc.setAuthor(organisation.name);
  doc.setCreator(organisation.name);
  doc.setProducer(organisation.name);
  doc.setSubject(document.subtitle);
  doc.setKeywords([guide.title, "free business guide", organisation.name]);
  doc.setLanguage("en-GB");

  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const c = new Composer(doc, fonts, guide.title);
  drawCoverBand(c, guide.title, document);

  c.newPage();
  c.y += 14; // The first heading's space above is not needed at the top of a page.
  c.heading("Introduction");
  const lead: Style = { ...c.body, size: 11.5, leading: 17 };
  for (const text of document.introduction) c.paragraph(text, lead, 0, 8);
  document.sections.forEach((section, index) => drawSection(c, section, index + 1));
  drawNextSteps(c, document);

  drawCoverContents(c, document);
  drawFooters(c);
  return doc.save({ useObjectStreams: false });
}
