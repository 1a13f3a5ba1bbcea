/**
 * Course brochure PDF: an A4 document of two or three pages generated from a
 * course's content with pdf-lib and its standard Helvetica fonts.
 *
 * Pure: no file system, network or environment access, and no clock or
 * randomness either, so the same input always produces the same bytes (the
 * document carries no creation or modification date, and pdf-lib's resource
 * names come from its own fixed-seed generator).
 */
import { PDFDocument, PDFString, PageSizes, StandardFonts, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { courseFacts, premiumBenefits, pricing, promises } from "~/content/business.ts";
import { formatAddress, organisation } from "~/content/organisation.ts";
import type { Course, Trainer } from "~/content/schema.ts";
import { formatGbp } from "~/lib/money.ts";
import { colors, toWinAnsi, truncate, wrapText, type Fonts, type Style } from "~/lib/pdf-text.server.ts";

export interface CourseBrochureInput {
  course: Course;
  /** Display titles of the course's pillars, home pillar first. */
  pillarTitles: string[];
  /** The course's two instructors. */
  instructors: Trainer[];
}

/* ---- Layout ---- */

const [pageWidth, pageHeight] = PageSizes.A4 as [number, number];
const marginX = 56;
const contentWidth = pageWidth - 2 * marginX;
const coverBandHeight = 96;
const runningBandHeight = 34;
/** Body text never runs below this line; the footer sits under it. */
const bottomLimit = 64;

/** Lays content out top to bottom, starting a new page when the next piece does not fit. */
class Composer {
  readonly doc: PDFDocument;
  readonly fonts: Fonts;
  readonly runningTitle: string;
  readonly pages: PDFPage[] = [];
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
    this.body = { font: fonts.regular, size: 10, color: colors.ink, leading: 14.5 };
    this.small = { font: fonts.regular, size: 9, color: colors.muted, leading: 12.5 };
    this.page = this.newPage();
  }

  newPage(): PDFPage {
    const page = this.doc.addPage(PageSizes.A4);
    this.pages.push(page);
    this.page = page;
    if (this.pages.length === 1) {
      page.drawRectangle({
        x: 0,
        y: pageHeight - coverBandHeight,
        width: pageWidth,
        height: coverBandHeight,
        color: colors.navy,
      });
      page.drawRectangle({ x: 0, y: pageHeight - coverBandHeight, width: pageWidth, height: 4, color: colors.gold });
      this.drawLine(organisation.name, marginX, pageHeight - 50, {
        ...this.body,
        font: this.fonts.bold,
        size: 20,
        color: colors.white,
      });
      this.drawLine("Course Brochure", marginX, pageHeight - 70, {
        ...this.body,
        size: 10.5,
        color: colors.paleOnNavy,
      });
      const host = new URL(organisation.siteUrl).host;
      const hostStyle = { ...this.small, color: colors.paleOnNavy };
      this.drawLine(host, pageWidth - marginX - this.width(host, hostStyle), pageHeight - 70, hostStyle);
      this.y = pageHeight - coverBandHeight - 34;
    } else {
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
      this.y = pageHeight - runningBandHeight - 30;
    }
    return page;
  }

  width(text: string, style: Pick<Style, "font" | "size">): number {
    return style.font.widthOfTextAtSize(toWinAnsi(text), style.size);
  }

  wrap(text: string, style: Style, width: number): string[] {
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

  /** Draws wrapped lines at the cursor, breaking pages between lines (never leaving a single orphan line). */
  lines(lines: string[], style: Style, indent = 0): void {
    this.ensure(Math.min(lines.length, 2) * style.leading);
    for (const line of lines) {
      this.ensure(style.leading);
      this.drawLine(line, marginX + indent, this.y - style.size, style);
      this.y -= style.leading;
    }
  }

  paragraph(text: string, style: Style = this.body, indent = 0, after = 6): void {
    this.lines(this.wrap(text, style, contentWidth - indent), style, indent);
    this.space(after);
  }

  /** A section heading, kept on the same page as the start of what follows it. */
  heading(text: string): void {
    const style: Style = { font: this.fonts.bold, size: 14, color: colors.navy, leading: 18 };
    this.space(10);
    this.ensure(style.leading + 10 + 3 * this.body.leading);
    this.drawLine(text, marginX, this.y - style.size, style);
    this.y -= style.leading + 2;
    this.page.drawRectangle({ x: marginX, y: this.y, width: 36, height: 2, color: colors.gold });
    this.y -= 10;
  }

  bullets(items: readonly string[], style: Style = this.body, indent = 0): void {
    const textIndent = indent + 14;
    for (const item of items) {
      const lines = this.wrap(item, style, contentWidth - textIndent);
      this.ensure(Math.min(lines.length, 2) * style.leading);
      this.page.drawCircle({ x: marginX + indent + 4, y: this.y - style.size * 0.68, size: 1.9, color: colors.gold });
      this.lines(lines, style, textIndent);
      this.space(2.5);
    }
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

interface Row {
  label: string;
  value: string;
  /** Makes the value a link to this URI. */
  href?: string;
}

/**
 * A panel of label/value rows, kept whole on one page. Returns nothing; the
 * cursor ends below the panel.
 */
function panel(
  c: Composer,
  rows: Row[],
  options: {
    title?: string;
    fill: RGB;
    labelColor: RGB;
    valueColor: RGB;
    titleColor?: RGB;
    note?: string;
    noteColor?: RGB;
  },
): void {
  const padding = 14;
  const labelWidth = 112;
  const valueWidth = contentWidth - 2 * padding - labelWidth;
  const label: Style = { font: c.fonts.bold, size: 9, color: options.labelColor, leading: 14 };
  const value: Style = { ...c.body, color: options.valueColor, leading: 14 };
  const titleStyle: Style = {
    font: c.fonts.bold,
    size: 12.5,
    color: options.titleColor ?? options.valueColor,
    leading: 20,
  };
  const noteStyle: Style = { ...c.small, color: options.noteColor ?? options.valueColor };
  const rowGap = 5;

  const wrapped = rows.map((row) => c.wrap(row.value, value, valueWidth));
  const noteLines = options.note ? c.wrap(options.note, noteStyle, contentWidth - 2 * padding) : [];
  const height =
    2 * padding +
    (options.title ? titleStyle.leading + 4 : 0) +
    wrapped.reduce((sum, lines) => sum + Math.max(lines.length, 1) * value.leading + rowGap, -rowGap) +
    (noteLines.length ? 8 + noteLines.length * noteStyle.leading : 0);

  c.ensure(height);
  const top = c.y;
  c.page.drawRectangle({ x: marginX, y: top - height, width: contentWidth, height, color: options.fill });
  c.page.drawRectangle({ x: marginX, y: top - height, width: 3, height, color: colors.gold });

  let y = top - padding;
  const x = marginX + padding;
  if (options.title) {
    c.drawLine(options.title, x, y - titleStyle.size, titleStyle);
    y -= titleStyle.leading + 4;
  }
  rows.forEach((row, index) => {
    const lines = wrapped[index] ?? [];
    c.drawLine(row.label.toUpperCase(), x, y - value.size, label);
    lines.forEach((line, lineIndex) => {
      const baseline = y - value.size - lineIndex * value.leading;
      c.drawLine(line, x + labelWidth, baseline, value);
      if (row.href) c.link(row.href, x + labelWidth, baseline - 3, c.width(line, value), value.size + 5);
    });
    y -= Math.max(lines.length, 1) * value.leading + rowGap;
  });
  if (noteLines.length) {
    y -= 8 - rowGap;
    for (const line of noteLines) {
      c.drawLine(line, x, y - noteStyle.size, noteStyle);
      y -= noteStyle.leading;
    }
  }
  c.y = top - height;
}

function theoryPracticeText(split: Course["theoryPracticeSplit"]): string {
  const [theory, practice] = split.split("/");
  return `${theory}% theory, ${practice}% hands-on practice`;
}

/** The course's brochure as PDF bytes: A4, two or three pages. */
export async function courseBrochurePdf(input: CourseBrochureInput): Promise<Uint8Array> {
  const { course, pillarTitles, instructors } = input;
  const courseUrl = `${organisation.siteUrl}/courses/${course.id}`;

  // updateMetadata: false keeps pdf-lib from stamping the current time (and its own name) into the document.
  const doc = await PDFDocument.create({ updateMetadata: false });
  // Metadata strings are stored as UTF-16, so unlike page text they need no WinAnsi clean-up.
  doc.setTitle(`${course.title} - Course Brochure`, { showInWindowTitleBar: true });
  doc.setAuthor(organisation.name);
  doc.setCreator(organisation.name);
  doc.setProducer(organisation.name);
  doc.setSubject(course.subtitle);
  doc.setKeywords([course.title, ...pillarTitles, "course brochure"]);
  doc.setLanguage("en-GB");

  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const c = new Composer(doc, fonts, course.title);

  // Title block.
  if (pillarTitles.length > 0) {
    c.paragraph(
      pillarTitles.join("  \u00b7  ").toUpperCase(),
      { font: fonts.bold, size: 9.5, color: colors.gold, leading: 13 },
      0,
      4,
    );
  }
  c.paragraph(course.title, { font: fonts.bold, size: 24, color: colors.navy, leading: 29 }, 0, 4);
  c.paragraph(course.subtitle, { font: fonts.italic, size: 12.5, color: colors.muted, leading: 17 }, 0, 10);
  c.paragraph(course.shortDescription, { ...c.body, size: 11, leading: 16 }, 0, 12);

  // Key facts.
  panel(
    c,
    [
      { label: "Duration", value: courseFacts.durationText },
      { label: "Group size", value: `Up to ${course.groupSize ?? courseFacts.defaultGroupSize} participants` },
      { label: "Certification", value: course.certification },
      { label: "Investment", value: `${formatGbp(pricing.coursePriceGbp)} per person` },
      { label: "Learning style", value: theoryPracticeText(course.theoryPracticeSplit) },
    ],
    {
      title: "Key facts",
      fill: colors.panel,
      labelColor: colors.muted,
      valueColor: colors.ink,
      titleColor: colors.navy,
    },
  );

  c.heading("Course overview");
  for (const paragraph of course.overview) c.paragraph(paragraph);

  c.heading("Five-day curriculum");
  const dayStyle: Style = { font: fonts.bold, size: 11, color: colors.navy, leading: 15 };
  for (const day of course.curriculum) {
    const title = c.wrap(`Day ${day.day}: ${day.title}`, dayStyle, contentWidth);
    c.space(4);
    c.ensure(title.length * dayStyle.leading + 2 + 2 * c.body.leading);
    c.lines(title, dayStyle);
    c.space(2);
    c.bullets(day.topics, c.body, 2);
  }

  c.heading("Key benefits");
  c.bullets(course.benefits);

  c.heading("Who should attend");
  c.bullets(course.targetAudience);

  c.heading("Included with every course");
  const benefitTitle: Style = { ...c.body, font: fonts.bold };
  const benefitText: Style = { ...c.body, color: colors.muted };
  for (const benefit of premiumBenefits) {
    const titleLines = c.wrap(benefit.title, benefitTitle, contentWidth - 14);
    c.ensure((titleLines.length + 1) * c.body.leading);
    c.page.drawCircle({ x: marginX + 4, y: c.y - c.body.size * 0.68, size: 1.9, color: colors.gold });
    c.lines(titleLines, benefitTitle, 14);
    c.paragraph(benefit.description, benefitText, 14, 5);
  }

  // Instructors, side by side.
  c.heading("Your instructors");
  const gutter = 24;
  const columnWidth = (contentWidth - gutter) / 2;
  const nameStyle: Style = { font: fonts.bold, size: 11, color: colors.ink, leading: 15 };
  const roleStyle: Style = { ...c.small };
  const columns = instructors.map((trainer) => ({
    name: c.wrap(trainer.name, nameStyle, columnWidth),
    role: c.wrap(trainer.title, roleStyle, columnWidth),
  }));
  for (let start = 0; start < columns.length; start += 2) {
    const pair = columns.slice(start, start + 2);
    const height = Math.max(
      ...pair.map((col) => col.name.length * nameStyle.leading + col.role.length * roleStyle.leading),
    );
    c.ensure(height);
    pair.forEach((col, index) => {
      const x = marginX + index * (columnWidth + gutter);
      let y = c.y;
      for (const line of col.name) {
        c.drawLine(line, x, y - nameStyle.size, nameStyle);
        y -= nameStyle.leading;
      }
      for (const line of col.role) {
        c.drawLine(line, x, y - roleStyle.size, roleStyle);
        y -= roleStyle.leading;
      }
    });
    c.y -= height + 6;
  }

  // Contact.
  c.space(14);
  panel(
    c,
    [
      { label: "Phone", value: organisation.phone.display, href: organisation.phone.href },
      { label: "E-mail", value: organisation.email, href: `mailto:${organisation.email}` },
      { label: "Address", value: formatAddress() },
      { label: "Course page", value: courseUrl, href: courseUrl },
    ],
    {
      title: "Book your place or ask a question",
      fill: colors.navy,
      labelColor: colors.paleOnNavy,
      valueColor: colors.white,
      note: `Lines are open ${promises.businessHours}. We reply to every enquiry ${promises.contactResponse}.`,
      noteColor: colors.paleOnNavy,
    },
  );

  // Footers, now that the page count is known.
  const footer: Style = { ...c.small, size: 8 };
  c.pages.forEach((page, index) => {
    c.page = page;
    page.drawLine({
      start: { x: marginX, y: 44 },
      end: { x: pageWidth - marginX, y: 44 },
      thickness: 0.5,
      color: colors.rule,
    });
    c.drawLine(`${organisation.name}  |  ${new URL(organisation.siteUrl).host}`, marginX, 30, footer);
    const number = `Page ${index + 1} of ${c.pages.length}`;
    c.drawLine(number, pageWidth - marginX - c.width(number, footer), 30, footer);
  });

  return doc.save({ useObjectStreams: false });
}
