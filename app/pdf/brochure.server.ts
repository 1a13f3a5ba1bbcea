/**
 * Course brochure PDF: an A4 document of two or three pages generated from a
 * course's content, laid out with the site's PDF layer (pdf-composer.server.ts:
 * pure, the same input always gives the same bytes).
 */
import { markdownToPlainText } from "~/content/rich-text.server.ts";
import type { RGB } from "pdf-lib";
import { courseFacts, premiumBenefits, pricing, promises } from "~/content/business.ts";
import { siteContact } from "~/content/index.server.ts";
import { organisation } from "~/content/organisation.ts";
import { formatContactAddress, phoneHref } from "~/content/site-facts.ts";
import type { Course, Trainer } from "~/content/schema.ts";
import { formatGbp } from "~/format/money.ts";
import { Composer, createPdf, type Layout, pageHeight, pageWidth } from "~/pdf/pdf-composer.server.ts";
import { colors, type Style } from "~/pdf/pdf-text.server.ts";
import { type PanelRow, rowPanel } from "~/pdf/row-panel.server.ts";

export interface CourseBrochureInput {
  course: Course;
  /** Display titles of the course's pillars, home pillar first. */
  pillarTitles: string[];
  /** The course's two instructors. */
  instructors: Trainer[];
}

/* ---- Layout ---- */

const marginX = 56;
const contentWidth = pageWidth - 2 * marginX;
const coverBandHeight = 96;
const runningBandHeight = 34;

/** The first page opens with the cover band (organisation, "Course Brochure", site); the others carry the running band. */
function drawCoverBand(c: Composer): void {
  const { page } = c;
  page.drawRectangle({
    x: 0,
    y: pageHeight - coverBandHeight,
    width: pageWidth,
    height: coverBandHeight,
    color: colors.navy,
  });
  page.drawRectangle({ x: 0, y: pageHeight - coverBandHeight, width: pageWidth, height: 4, color: colors.gold });
  c.drawLine(organisation.name, marginX, pageHeight - 50, {
    ...c.body,
    font: c.fonts.bold,
    size: 20,
    color: colors.white,
  });
  c.drawLine("Course Brochure", marginX, pageHeight - 70, { ...c.body, size: 10.5, color: colors.paleOnNavy });
  const host = new URL(organisation.siteUrl).host;
  const hostStyle = { ...c.small, color: colors.paleOnNavy };
  c.drawLine(host, pageWidth - marginX - c.width(host, hostStyle), pageHeight - 70, hostStyle);
}

const layout: Layout = {
  marginX,
  bottomLimit: 64,
  body: { size: 10, leading: 14.5 },
  paragraphAfter: 6,
  heading: { size: 14, leading: 18, before: 10, after: 10 },
  bullet: { indent: 14, dotX: 4, radius: 1.9, gap: 2.5, after: 0 },
  startPage(c, index) {
    if (index === 0) {
      drawCoverBand(c);
      return pageHeight - coverBandHeight - 34;
    }
    c.runningBand(runningBandHeight);
    return pageHeight - runningBandHeight - 30;
  },
};

/**
 * A panel of label/value rows in the brochure's look, kept whole on one
 * page. Returns nothing; the cursor ends below the panel.
 */
function panel(
  c: Composer,
  rows: PanelRow[],
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
  const { height, draw } = rowPanel(c, rows, {
    padding: 14,
    labelWidth: 112,
    label: { font: c.fonts.bold, size: 9, color: options.labelColor, leading: 14 },
    value: { ...c.body, color: options.valueColor, leading: 14 },
    fill: options.fill,
    title: options.title
      ? {
          text: options.title,
          style: { font: c.fonts.bold, size: 12.5, color: options.titleColor ?? options.valueColor, leading: 20 },
        }
      : undefined,
    note: options.note
      ? { text: options.note, style: { ...c.small, color: options.noteColor ?? options.valueColor } }
      : undefined,
  });
  c.ensure(height);
  draw();
}

function theoryPracticeText(split: Course["theoryPracticeSplit"]): string {
  const [theory, practice] = split.split("/");
  return `${theory}% theory, ${practice}% hands-on practice`;
}

/** The course's brochure as PDF bytes: A4, two or three pages. */
export async function courseBrochurePdf(input: CourseBrochureInput): Promise<Uint8Array> {
  const { course, pillarTitles, instructors } = input;
  const courseUrl = `${organisation.siteUrl}/courses/${course.id}`;

  const { doc, fonts } = await createPdf({
    title: `${course.title} - Course Brochure`,
    subject: course.subtitle,
    keywords: [course.title, ...pillarTitles, "course brochure"],
  });
  const c = new Composer(doc, fonts, layout, course.title);

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
  for (const paragraph of markdownToPlainText(course.overview).split("\n")) c.paragraph(paragraph);

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
    c.lines(titleLines, benefitTitle, 14, () => c.dot());
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
      { label: "Phone", value: siteContact().phone, href: phoneHref(siteContact().phone) },
      { label: "E-mail", value: siteContact().email, href: `mailto:${siteContact().email}` },
      { label: "Address", value: formatContactAddress(siteContact()) },
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
  c.footers(44, 30);

  return doc.save({ useObjectStreams: false });
}
