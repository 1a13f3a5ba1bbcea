/**
 * Free business guide PDFs: an A4 document laid out from the guide's text in
 * app/content/guide-documents.ts with pdf-lib and its standard Helvetica
 * fonts. A cover page (organisation, title, subtitle and contents with page
 * numbers) is followed by the introduction, the numbered sections and a
 * closing "Next steps" section with contact links.
 *
 * Laid out with the site's PDF layer (pdf-composer.server.ts), like the
 * course brochure: the same guide and content always give the same bytes.
 * The guide's title and the courses and pillar its closing section names are
 * the published content's (the catalogue, as the site's pages read it), so a
 * course renamed in the editor is named anew.
 */
import type { RGB } from "pdf-lib";
import {
  guideDocument,
  guideTexts,
  type GuideChecklist,
  type GuideDocument,
  type GuideExample,
  type GuideId,
  type GuideLink,
  type GuideSection,
  type GuideTable,
} from "~/content/guide-documents.ts";
import { catalogue } from "~/content/index.server.ts";
import { organisation } from "~/content/organisation.ts";
import { phoneHref, releaseSiteFacts, type SiteContact } from "~/content/site-facts.ts";
import { Composer, createPdf, type Layout, pageHeight, pageWidth } from "~/pdf/pdf-composer.server.ts";
import { colors, toWinAnsi, truncate, type Style } from "~/pdf/pdf-text.server.ts";
import { panelBox, rowPanel } from "~/pdf/row-panel.server.ts";

export type { GuideId };

/* ---- Layout ---- */

const marginX = 62;
const contentWidth = pageWidth - 2 * marginX;
const coverBandHeight = 420;
const runningBandHeight = 34;
/** Where body text starts on pages after the cover. */
const bodyTop = pageHeight - runningBandHeight - 34;
/** Body text never runs below this line; the footer sits under it. */
const bottomLimit = 66;

/** The cover (the first page) is drawn by drawCoverBand and drawCoverContents; the others carry the running band. */
const layout: Layout = {
  marginX,
  bottomLimit,
  body: { size: 10.5, leading: 15.5 },
  paragraphAfter: 7,
  heading: { size: 15, leading: 19, before: 14, after: 12 },
  bullet: { indent: 15, dotX: 4.5, radius: 2, gap: 3.5, after: 3.5 },
  startPage(c, index) {
    if (index === 0) return pageHeight;
    c.runningBand(runningBandHeight);
    return bodyTop;
  },
};

/** A piece of a panel: wrapped lines, optionally behind a bullet or a tick box. */
interface PanelItem {
  lines: string[];
  style: Style;
  marker?: "dot" | "box";
  /** Space after the item. */
  after: number;
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
  const top = panelBox(c, height, colors.panel);
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
    c.rule(c.y, marginX, marginX + contentWidth, 0.5, colors.rule);
  });
  c.space(7);
  if (spec.note) c.paragraph(spec.note, { ...c.small, font: c.fonts.italic }, 0, 8);
  else c.space(4);
}

/** The navy closing panel: one labelled, linked row per contact route. Kept whole on one page. */
function contactPanel(c: Composer, title: string, links: GuideLink[], measureOnly = false): number {
  const label: Style = { font: c.fonts.bold, size: 8.5, color: colors.paleOnNavy, leading: 14 };
  const { height, draw } = rowPanel(
    c,
    links.map((link) => ({ label: link.label, value: link.text, href: link.href })),
    {
      padding: 16,
      labelWidth: Math.max(96, ...links.map((link) => c.width(link.label.toUpperCase(), label) + 16)),
      label,
      value: { ...c.body, size: 10, color: colors.white, leading: 14 },
      fill: colors.navy,
      title: { text: title, style: { font: c.fonts.bold, size: 12.5, color: colors.white, leading: 20 } },
    },
  );
  if (measureOnly) return 6 + height;

  c.space(6);
  c.ensure(height);
  draw();
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
function drawNextSteps(c: Composer, document: GuideDocument, contact: SiteContact): void {
  const { nextSteps } = document;
  const panelTitle = "Find out more or get in touch";
  const links: GuideLink[] = [
    ...nextSteps.links,
    { label: "E-mail", text: contact.email, href: `mailto:${contact.email}` },
    { label: "Phone", text: contact.phone, href: phoneHref(contact.phone) },
  ];
  // Kept on one page: the contact panel is the section's point.
  const height =
    nextSteps.paragraphs.reduce((sum, text) => sum + c.paragraphHeight(text), 0) +
    contactPanel(c, panelTitle, links, true);
  c.heading(nextSteps.heading, undefined, height);
  for (const text of nextSteps.paragraphs) c.paragraph(text);
  contactPanel(c, panelTitle, links);
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

/** The guide as PDF bytes: A4, a cover and a few pages of text. */
export async function renderGuidePdf(
  guideId: GuideId,
  contact: SiteContact = releaseSiteFacts.contact,
): Promise<Uint8Array> {
  const guide = catalogue.guides.find((g) => g.id === guideId);
  const document = Object.hasOwn(guideTexts, guideId) ? guideDocument(guideId, catalogue) : undefined;
  if (!guide || !document) throw new Error(`Unknown guide: ${String(guideId)}`);

  const { doc, fonts } = await createPdf({
    title: guide.title,
    subject: document.subtitle,
    keywords: [guide.title, "free business guide", organisation.name],
  });
  const c = new Composer(doc, fonts, layout, guide.title);
  drawCoverBand(c, guide.title, document);

  c.newPage();
  c.y += 14; // The first heading's space above is not needed at the top of a page.
  c.heading("Introduction");
  const lead: Style = { ...c.body, size: 11.5, leading: 17 };
  for (const text of document.introduction) c.paragraph(text, lead, 0, 8);
  document.sections.forEach((section, index) => drawSection(c, section, index + 1));
  drawNextSteps(c, document, contact);

  drawCoverContents(c, document);
  c.footers(46, 32);
  return doc.save({ useObjectStreams: false });
}
