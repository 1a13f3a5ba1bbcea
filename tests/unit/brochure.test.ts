import { markdownToPlainText } from "~/content/rich-text.server.ts";
import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { courseFacts, premiumBenefits } from "~/content/business.ts";
import { catalogue, getPillar, requireCourse } from "~/content/index.server.ts";
import { organisation } from "~/content/organisation.ts";
import { formatContactAddress, phoneHref, releaseSiteFacts } from "~/content/site-facts.ts";
import type { Course, Trainer } from "~/content/schema.ts";
import { courseBrochurePdf } from "~/pdf/brochure.server.ts";
import { toWinAnsi, wrapText } from "~/pdf/pdf-text.server.ts";
import {
  documentText,
  expectA4Pages,
  expectAuthorWithoutDates,
  helveticaFonts,
  layoutProblems as layoutProblemsWith,
  linkTargets,
  pageContent,
  pageText,
} from "../support/pdf.ts";

function trainer(id: string): Trainer {
  const found = catalogue.trainers.find((t) => t.id === id);
  if (!found) throw new Error(`no trainer ${id}`);
  return found;
}

function inputFor(course: Course) {
  return {
    course,
    pillarTitles: course.pillars.map((id) => {
      const pillar = getPillar(id);
      if (!pillar) throw new Error(`no pillar ${id}`);
      return pillar.title;
    }),
    instructors: course.instructorIds.map(trainer),
  };
}

let helvetica: Map<string, PDFFont>;
beforeAll(async () => {
  helvetica = await helveticaFonts();
});

/** Why each run of text falls outside the page's printable area, if it does. */
const layoutProblems = (doc: PDFDocument) => layoutProblemsWith(doc, helvetica, { margin: 40 });

/* ---- Tests ---- */

describe("toWinAnsi", () => {
  it("writes typographic punctuation as plain ASCII", () => {
    expect(
      toWinAnsi("\u201cRisk\u201d isn\u2019t \u2018optional\u2019 \u2013 or \u2014 is it\u2026 \u201esure\u201c"),
    ).toBe('"Risk" isn\'t \'optional\' - or - is it... "sure"');
  });

  it("keeps text WinAnsi can encode", () => {
    const text = "£4,500 · café, naïve, Zürich, € ™ © ß × ½ Œuvre Š";
    expect(toWinAnsi(text)).toBe(text);
  });

  it("turns characters with no WinAnsi form into one ? each", () => {
    expect(toWinAnsi("Ω 😀 中文")).toBe("? ? ??");
  });

  it("falls back to the unaccented or compatibility form where that is encodable", () => {
    expect(toWinAnsi("Łódź, Őrség, ﬁnance")).toBe("?ódz, Orség, finance");
    expect(toWinAnsi("e\u0301")).toBe("é");
  });

  it("turns odd spaces into spaces and drops invisible characters", () => {
    expect(toWinAnsi("a\tb\nc\u2009d\u00a0e")).toBe("a b c d\u00a0e");
    expect(toWinAnsi("zero\u200bwidth soft\u00adhyphen \u2764\ufe0f")).toBe("zerowidth softhyphen ?");
  });

  it("produces only characters Helvetica can encode, whatever the input", () => {
    const charset = new Set(helvetica.get(StandardFonts.Helvetica)?.getCharacterSet());
    let input = "";
    for (let cp = 0; cp < 0x3000; cp++) if (cp < 0xd800 || cp > 0xdfff) input += String.fromCodePoint(cp);
    input += "😀👍🏽\u{1d400}\u{10ffff}";
    const output = toWinAnsi(input);
    const bad = [...output].filter((c) => !charset.has(c.codePointAt(0) ?? -1)).map((c) => c.codePointAt(0));
    expect(bad).toEqual([]);
    expect(() => helvetica.get(StandardFonts.Helvetica)?.encodeText(output)).not.toThrow();
  });

  it("changes no WinAnsi character except the typographic ones it normalises", () => {
    const charset = helvetica.get(StandardFonts.Helvetica)?.getCharacterSet() ?? [];
    expect(charset.length).toBeGreaterThan(200);
    const changed = charset.filter((cp) => toWinAnsi(String.fromCodePoint(cp)) !== String.fromCodePoint(cp));
    expect(changed.toSorted((a, b) => a - b)).toEqual([
      0xad, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2026,
    ]);
  });
});

describe("wrapText", () => {
  const length = (s: string) => s.length;

  it("breaks lines at spaces so that none is wider than the limit", () => {
    expect(wrapText("aaa bbb ccc dd", 7, length)).toEqual(["aaa bbb", "ccc dd"]);
  });

  it("collapses runs of spaces and gives no lines for empty text", () => {
    expect(wrapText("  a   b  ", 10, length)).toEqual(["a b"]);
    expect(wrapText("   ", 10, length)).toEqual([]);
  });

  it("splits a word wider than a line between characters", () => {
    expect(wrapText("abcdefghij xy", 4, length)).toEqual(["abcd", "efgh", "ij", "xy"]);
  });

  it("keeps every word, in order, within the width measured in Helvetica", () => {
    const font = helvetica.get(StandardFonts.Helvetica);
    if (!font) throw new Error("no font");
    const paragraph = markdownToPlainText(requireCourse("risk-management").overview).split("\n")[0] ?? "";
    const lines = wrapText(paragraph, 200, (s) => font.widthOfTextAtSize(s, 10));
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
    expect(lines.join(" ")).toBe(paragraph);
  });
});

describe("courseBrochurePdf", () => {
  const course = requireCourse("risk-management");
  let bytes: Uint8Array;
  let doc: PDFDocument;
  let text: string;

  beforeAll(async () => {
    bytes = await courseBrochurePdf(inputFor(course));
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
    text = documentText(doc);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("is a PDF of two or three A4 pages", () => {
    expectA4Pages(bytes, doc, { min: 2, max: 3 });
  });

  it("carries the brochure title and the organisation as author, and no clock-based dates", () => {
    expect(doc.getTitle()).toBe(`${course.title} - Course Brochure`);
    expect(doc.getCreator()).toBe(organisation.name);
    expectAuthorWithoutDates(doc);
  });

  it("shows the course: title, pillar, facts and the five days' curriculum", () => {
    expect(text).toContain(organisation.name);
    expect(text).toContain(course.title);
    expect(text).toContain(course.subtitle);
    expect(text).toContain(course.shortDescription);
    expect(text).toContain("RISK (GRC)");
    expect(text).toContain(courseFacts.durationText);
    expect(text).toContain("Up to 12 participants");
    expect(text).toContain(course.certification);
    expect(text).toContain("£4,500 per person");
    expect(text).toContain("30% theory, 70% hands-on practice");
    for (const paragraph of markdownToPlainText(course.overview).split("\n")) expect(text).toContain(paragraph);
    expect(text).toContain("Day 1");
    for (const day of course.curriculum) {
      expect(text).toContain(`Day ${day.day}: ${day.title}`);
      for (const topic of day.topics) expect(text).toContain(topic);
    }
  });

  it("writes the price in WinAnsi, as pdf-lib's hex text", () => {
    // "£4,500" is A3 34 2C 35 30 30 in Windows-1252.
    const content = doc.getPages().map(pageContent).join("\n");
    expect(content).toMatch(/<A3342C353030[0-9A-F]*> Tj/);
  });

  it("lists benefits, audience, premium benefits, instructors and contact details", () => {
    for (const item of [...course.benefits, ...course.targetAudience]) expect(text).toContain(item);
    for (const benefit of premiumBenefits) {
      expect(text).toContain(benefit.title);
      expect(text).toContain(benefit.description);
    }
    for (const instructor of course.instructorIds.map(trainer)) {
      expect(text).toContain(instructor.name);
      expect(text).toContain(instructor.title);
    }
    expect(text).toContain(releaseSiteFacts.contact.phone);
    expect(text).toContain(releaseSiteFacts.contact.email);
    expect(text).toContain(formatContactAddress(releaseSiteFacts.contact));
    expect(text).toContain(`${organisation.siteUrl}/courses/risk-management`);
  });

  it("links the phone number, e-mail address and course page, and the site in every page's footer", () => {
    expect(linkTargets(doc).toSorted()).toEqual(
      [
        phoneHref(releaseSiteFacts.contact.phone),
        `mailto:${releaseSiteFacts.contact.email}`,
        `${organisation.siteUrl}/courses/risk-management`,
        ...doc.getPages().map(() => organisation.siteUrl),
      ].toSorted(),
    );
  });

  it("uses a course's own group size where it sets one", async () => {
    const override = catalogue.courses.find(
      (c) => c.groupSize !== undefined && c.groupSize !== courseFacts.defaultGroupSize,
    );
    if (!override?.groupSize) throw new Error("no course overrides the group size");
    const overrideText = documentText(await PDFDocument.load(await courseBrochurePdf(inputFor(override))));
    expect(overrideText).toContain(`Up to ${override.groupSize} participants`);
    expect(overrideText).not.toContain(`Up to ${courseFacts.defaultGroupSize} participants`);
  });

  it("fits every catalogue course on two or three pages, inside the margins", async () => {
    for (const each of catalogue.courses) {
      const eachDoc = await PDFDocument.load(await courseBrochurePdf(inputFor(each)));
      expect([2, 3], each.id).toContain(eachDoc.getPageCount());
      expect(layoutProblems(eachDoc), each.id).toEqual([]);
    }
  });

  it("starts new pages as content grows, keeping text off the footer", async () => {
    const long: Course = {
      ...course,
      overview: Array.from({ length: 6 }, () => course.overview).join("\n\n"),
      benefits: [...course.benefits, ...course.benefits, ...course.benefits],
    };
    const longDoc = await PDFDocument.load(await courseBrochurePdf(inputFor(long)));
    const pages = longDoc.getPages();
    expect(pages.length).toBeGreaterThan(doc.getPageCount());
    expect(layoutProblems(longDoc)).toEqual([]);
    pages.forEach((page, index) => expect(pageText(page)).toContain(`Page ${index + 1} of ${pages.length}`));
    const last = pages.at(-1);
    if (!last) throw new Error("no pages");
    expect(pageText(last)).toContain(`${organisation.siteUrl}/courses/${course.id}`);
  });

  it("draws text the standard fonts cannot encode by replacing it", async () => {
    const odd: Course = { ...course, title: "Risk \u201cAppetite\u201d \u2013 Board\u2026 \u03a9 \u{1f600}" };
    const oddDoc = await PDFDocument.load(await courseBrochurePdf(inputFor(odd)), { updateMetadata: false });
    expect(documentText(oddDoc)).toContain('Risk "Appetite" - Board... ? ?');
    // Metadata is UTF-16, so the title there keeps its own characters.
    expect(oddDoc.getTitle()).toBe(`${odd.title} - Course Brochure`);
  });

  it("gives identical bytes for the same course, whatever the clock or Math.random say", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2021-03-04T05:06:07Z"));
    const random = vi.spyOn(Math, "random").mockReturnValue(0.1);
    const first = await courseBrochurePdf(inputFor(course));
    vi.setSystemTime(new Date("2034-11-12T13:14:15Z"));
    random.mockReturnValue(0.9);
    const second = await courseBrochurePdf(inputFor(course));
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(Buffer.from(first).equals(Buffer.from(bytes))).toBe(true);
  });

  it("gives different bytes for different courses", async () => {
    const other = await courseBrochurePdf(inputFor(requireCourse("third-party-risk")));
    expect(Buffer.from(other).equals(Buffer.from(bytes))).toBe(false);
    expect(documentText(await PDFDocument.load(other))).toContain("Third-Party Risk Management");
  });
});
