/**
 * The PDF layer both of the site's documents are laid out with: the course
 * brochure (brochure.server.ts) and the free guides (guide-pdf.server.ts).
 * A document with the organisation's metadata and the standard Helvetica
 * fonts (createPdf), and a Composer that flows text top to bottom over A4
 * pages: wrapped paragraphs that never leave a single line of a block alone
 * at the foot or the top of a page, headings kept with what follows them,
 * bullets, links, the running band across the top of a page and the footers
 * with page numbers. Each document gives its measures (Layout) and draws
 * its own covers and panels.
 *
 * Pure: no file system, network, environment, clock or randomness, so the
 * same input always produces the same bytes (the document carries no
 * creation or modification date, and pdf-lib's resource names come from its
 * own fixed-seed generator). Text is encoded for the standard fonts by
 * pdf-text.server.ts.
 */
import { PDFDocument, PDFString, PageSizes, StandardFonts, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { organisation } from "~/content/organisation.ts";
import { colors, toWinAnsi, truncate, wrapText, type Fonts, type Style } from "./pdf-text.server.ts";

export const [pageWidth, pageHeight] = PageSizes.A4 as [number, number];

/** A document's measures, in points. */
export type Layout = {
  marginX: number;
  /** Body text never runs below this line; the footer sits under it. */
  bottomLimit: number;
  body: { size: number; leading: number };
  /** Space after a paragraph. */
  paragraphAfter: number;
  heading: { size: number; leading: number; before: number; after: number };
  /** Bullets: the text's indent, the dot's centre from the indent, its radius, space after an item and after a list. */
  bullet: { indent: number; dotX: number; radius: number; gap: number; after: number };
  /** Draws a new page's furniture (index from 0) and returns where its text starts (y). */
  startPage: (c: Composer, index: number) => number;
};

/** Where a heading landed, for a table of contents. */
export type ContentsEntry = { number?: number; text: string; page: number };

/** An empty PDF with the organisation as author, its title, subject and keywords, and its fonts. */
export async function createPdf(meta: {
  title: string;
  subject: string;
  keywords: string[];
}): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  // updateMetadata: false keeps pdf-lib from stamping the current time (and its own name) into the document.
  const doc = await PDFDocument.create({ updateMetadata: false });
  // Metadata strings are stored as UTF-16, so unlike page text they need no WinAnsi clean-up.
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setAuthor(organisation.name);
  doc.setCreator(organisation.name);
  doc.setProducer(organisation.name);
  doc.setSubject(meta.subject);
  doc.setKeywords(meta.keywords);
  doc.setLanguage("en-GB");
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  return { doc, fonts };
}

/** Lays content out top to bottom, starting a new page when the next piece does not fit. */
export class Composer {
  readonly doc: PDFDocument;
  readonly fonts: Fonts;
  readonly layout: Layout;
  readonly runningTitle: string;
  readonly pages: PDFPage[] = [];
  readonly contents: ContentsEntry[] = [];
  private readonly pageFonts = new Map<PDFPage, PDFFont>();
  page: PDFPage;
  /** Top of the free space on the current page. */
  y = 0;

  readonly body: Style;
  readonly small: Style;
  readonly marginX: number;
  readonly contentWidth: number;

  constructor(doc: PDFDocument, fonts: Fonts, layout: Layout, runningTitle: string) {
    this.doc = doc;
    this.fonts = fonts;
    this.layout = layout;
    this.runningTitle = runningTitle;
    this.marginX = layout.marginX;
    this.contentWidth = pageWidth - 2 * layout.marginX;
    this.body = { font: fonts.regular, color: colors.ink, ...layout.body };
    this.small = { font: fonts.regular, size: 9, color: colors.muted, leading: 12.5 };
    this.page = this.newPage();
  }

  newPage(): PDFPage {
    const page = this.doc.addPage(PageSizes.A4);
    this.pages.push(page);
    this.page = page;
    this.y = this.layout.startPage(this, this.pages.length - 1);
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
    if (this.y - height < this.layout.bottomLimit) this.newPage();
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
    const room = () => Math.floor((this.y - this.layout.bottomLimit) / style.leading + 1e-9);
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
      this.drawLine(line, this.marginX + indent, this.y - style.size, style);
      this.y -= style.leading;
    });
  }

  paragraph(text: string, style: Style = this.body, indent = 0, after = this.layout.paragraphAfter): void {
    this.lines(this.wrap(text, style, this.contentWidth - indent), style, indent);
    this.space(after);
  }

  /** Height of paragraph(text, style, indent, after). */
  paragraphHeight(text: string, style: Style = this.body, indent = 0, after = this.layout.paragraphAfter): number {
    return this.wrap(text, style, this.contentWidth - indent).length * style.leading + after;
  }

  /** Height of bullets(items, style, indent). */
  bulletsHeight(items: readonly string[], style: Style = this.body, indent = 0): number {
    const { bullet } = this.layout;
    const lines = items.reduce(
      (sum, item) => sum + this.wrap(item, style, this.contentWidth - indent - bullet.indent).length,
      0,
    );
    return lines * style.leading + items.length * bullet.gap + bullet.after;
  }

  /**
   * A section heading, numbered or not, kept on the same page as the start of
   * what follows it: keepWith is the height of that start (three lines of body
   * text unless told). Recorded in `contents`.
   */
  heading(text: string, number?: number, keepWith = 3 * this.body.leading): void {
    const { size, leading, before, after } = this.layout.heading;
    const style: Style = { font: this.fonts.bold, size, color: colors.navy, leading };
    const numberWidth = number === undefined ? 0 : 24;
    const lines = this.wrap(text, style, this.contentWidth - numberWidth);
    this.space(before);
    this.ensure(lines.length * leading + before + keepWith);
    this.contents.push({ number, text, page: this.pages.length });
    if (number !== undefined)
      this.drawLine(String(number), this.marginX, this.y - size, { ...style, color: colors.gold });
    lines.forEach((line, index) =>
      this.drawLine(line, this.marginX + numberWidth, this.y - size - index * leading, style),
    );
    this.y -= lines.length * leading + 2;
    this.page.drawRectangle({ x: this.marginX + numberWidth, y: this.y, width: 36, height: 2, color: colors.gold });
    this.y -= after;
  }

  /** A gold dot beside a line whose first baseline is at the cursor. */
  dot(indent = 0, style: Style = this.body): void {
    const { bullet } = this.layout;
    this.page.drawCircle({
      x: this.marginX + indent + bullet.dotX,
      y: this.y - style.size * 0.68,
      size: bullet.radius,
      color: colors.gold,
    });
  }

  bullets(items: readonly string[], style: Style = this.body, indent = 0): void {
    const { bullet } = this.layout;
    const textIndent = indent + bullet.indent;
    for (const item of items) {
      const lines = this.wrap(item, style, this.contentWidth - textIndent);
      this.lines(lines, style, textIndent, () => this.dot(indent, style));
      this.space(bullet.gap);
    }
    this.space(bullet.after);
  }

  /** A horizontal rule across the current page at `y`, from `fromX` to `toX`. */
  rule(y: number, fromX: number, toX: number, thickness: number, color: RGB): void {
    this.page.drawLine({ start: { x: fromX, y }, end: { x: toX, y }, thickness, color });
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

  /** The navy band across the top of a page after the first: the organisation, and the document's title to its right. */
  runningBand(height: number): void {
    const { page, marginX } = this;
    page.drawRectangle({ x: 0, y: pageHeight - height, width: pageWidth, height, color: colors.navy });
    const nameStyle = { ...this.body, font: this.fonts.bold, size: 10, color: colors.white };
    this.drawLine(organisation.name, marginX, pageHeight - 21, nameStyle);
    const titleStyle = { ...this.small, color: colors.paleOnNavy };
    const room = this.contentWidth - this.width(organisation.name, nameStyle) - 24;
    const title = truncate(toWinAnsi(this.runningTitle), room, (s) => this.width(s, titleStyle));
    this.drawLine(title, pageWidth - marginX - this.width(title, titleStyle), pageHeight - 21, titleStyle);
  }

  /** Every page's footer, once the page count is known: a rule, the organisation and site (linked), "Page n of N". */
  footers(ruleY: number, textY: number): void {
    const { marginX } = this;
    const footer: Style = { ...this.small, size: 8 };
    const host = new URL(organisation.siteUrl).host;
    const before = `${organisation.name}  |  `;
    this.pages.forEach((page, index) => {
      this.page = page;
      this.rule(ruleY, marginX, pageWidth - marginX, 0.5, colors.rule);
      this.drawLine(before + host, marginX, textY, footer);
      this.link(
        organisation.siteUrl,
        marginX + this.width(before, footer),
        textY - 3,
        this.width(host, footer),
        footer.size + 5,
      );
      const number = `Page ${index + 1} of ${this.pages.length}`;
      this.drawLine(number, pageWidth - marginX - this.width(number, footer), textY, footer);
    });
  }
}
