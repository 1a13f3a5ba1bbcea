import { PDFDocument, type PDFFont } from "pdf-lib";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { courseFacts } from "~/content/business.ts";
import { guideDocument, guideTexts, type GuideDocument } from "~/content/guide-documents.ts";
import { catalogue } from "~/content/index.server.ts";
import { organisation } from "~/content/organisation.ts";
import { phoneHref, releaseSiteFacts } from "~/content/site-facts.ts";
import { guideIds } from "~/content/schema.ts";
import { toWinAnsi } from "~/pdf/pdf-text.server.ts";
import { renderGuidePdf, type GuideId } from "~/pdf/guide-pdf.server.ts";
import {
  a4,
  expectA4Pages,
  expectAuthorWithoutDates,
  helveticaFonts,
  joinRuns,
  layoutProblems as layoutProblemsWith,
  linkTargets,
  pageText,
  textRuns,
} from "../support/pdf.ts";

const host = new URL(organisation.siteUrl).host;
/** The guides and pillars the site serves (the release's content here: nothing is published). */
const { guides, pillars } = catalogue;
/** Each guide as the PDF lays it out from that content. */
const guideDocuments = Object.fromEntries(
  Object.keys(guideTexts).map((id) => [id, guideDocument(id as GuideId, catalogue)]),
) as Record<GuideId, GuideDocument>;

/** The text of the pages after the cover without their running header and footer, so that text split across pages reads on. */
function bodyText(doc: PDFDocument): string {
  return doc
    .getPages()
    .slice(1)
    .map((page) => joinRuns(textRuns(page).filter((run) => run.y > 56 && run.y < a4.height - 34)))
    .join(" ");
}

let helvetica: Map<string, PDFFont>;
beforeAll(async () => {
  helvetica = await helveticaFonts();
});

/** Text outside the printable area, running into the footer, or overlapping other text. */
const layoutProblems = (doc: PDFDocument) => layoutProblemsWith(doc, helvetica, { margin: 50, checkOverlaps: true });

/** Every string of a guide's text, in one list; printed: as the PDF shows it (contact labels in capitals). */
function allText(document: GuideDocument, printed = false): string[] {
  return [
    document.subtitle,
    document.disclaimer,
    ...document.introduction,
    ...document.sections.flatMap((section) => [
      section.heading,
      ...section.paragraphs,
      ...(section.table ? [...section.table.columns, ...section.table.rows.flat(), section.table.note ?? ""] : []),
      ...(section.bullets ?? []),
      ...(section.example
        ? [section.example.title, ...section.example.paragraphs, ...(section.example.bullets ?? [])]
        : []),
      ...(section.checklist ? [section.checklist.title, ...section.checklist.items] : []),
      ...(section.closing ?? []),
    ]),
    document.nextSteps.heading,
    ...document.nextSteps.paragraphs,
    ...document.nextSteps.links.flatMap((link) => [printed ? link.label.toUpperCase() : link.label, link.text]),
  ].filter(Boolean);
}

/* ---- Tests ---- */

describe("guideDocuments", () => {
  it("has one document for each guide id, and nothing else", () => {
    expect(Object.keys(guideDocuments).toSorted()).toEqual([...guideIds].toSorted());
    for (const id of guideIds) expect(guideDocuments[id].id).toBe(id);
  });

  it("is written in characters the standard PDF fonts draw as they are", () => {
    for (const document of Object.values(guideDocuments)) {
      for (const text of allText(document)) expect(toWinAnsi(text), document.id).toBe(text);
      for (const text of allText(document)) expect(text, document.id).not.toMatch(/\s{2}|^\s|\s$|lorem|TODO|TBC/i);
    }
  });

  it("gives every section some text and every table row one cell per column", () => {
    for (const document of Object.values(guideDocuments)) {
      expect(document.introduction.length).toBeGreaterThan(0);
      expect(document.sections.length).toBeGreaterThanOrEqual(5);
      for (const section of document.sections) {
        expect(section.paragraphs.length + (section.bullets?.length ?? 0), section.heading).toBeGreaterThan(0);
        for (const row of section.table?.rows ?? []) expect(row).toHaveLength(section.table?.columns.length ?? 0);
        if (section.table?.widths) expect(section.table.widths).toHaveLength(section.table.columns.length);
      }
    }
  });

  it("ends with next steps naming the guide's course pillar and the contact page, from the organisation's details", () => {
    for (const guide of guides) {
      const { nextSteps } = guideDocuments[guide.id];
      const pillar = pillars.find((p) => p.id === guide.pillar);
      if (!pillar) throw new Error(`no pillar ${guide.pillar}`);
      expect(nextSteps.heading).toBe("Next steps");
      const text = nextSteps.paragraphs.join(" ");
      expect(text).toContain(`${courseFacts.days}-day`);
      expect(text).toContain(`${pillar.title} programmes`);
      expect(nextSteps.links.map((link) => link.href)).toEqual([
        `${organisation.siteUrl}/pillar/${pillar.id}`,
        `${organisation.siteUrl}/contact`,
      ]);
    }
  });
});

describe("renderGuidePdf", () => {
  it("puts the contact details it is given (the published site facts) in the closing panel", async () => {
    const contact = { ...releaseSiteFacts.contact, email: "guides@example.co.uk", phone: "+44 20 1234 5678" };
    const doc = await PDFDocument.load(await renderGuidePdf("risk-guide", contact));
    expect(linkTargets(doc)).toEqual(expect.arrayContaining(["mailto:guides@example.co.uk", "tel:+442012345678"]));
  });

  const rendered = new Map<GuideId, { bytes: Uint8Array; doc: PDFDocument }>();

  beforeAll(async () => {
    for (const id of guideIds) {
      const bytes = await renderGuidePdf(id);
      rendered.set(id, { bytes, doc: await PDFDocument.load(bytes, { updateMetadata: false }) });
    }
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function get(id: GuideId) {
    const found = rendered.get(id);
    if (!found) throw new Error(`${id} was not rendered`);
    return found;
  }

  describe.each(guides.map((guide) => [guide.id, guide] as const))("%s", (id, guide) => {
    const document = guideDocuments[id];

    it("is a PDF of four to eight A4 pages", () => {
      const { bytes, doc } = get(id);
      expectA4Pages(bytes, doc, { min: 4, max: 8 });
    });

    it("has the page count that guides.ts shows on the site", () => {
      expect(get(id).doc.getPageCount()).toBe(guide.pages);
    });

    it("carries the guide title and the organisation as author, and no clock-based dates", () => {
      const { doc } = get(id);
      expect(doc.getTitle()).toBe(guide.title);
      expect(doc.getSubject()).toBe(document.subtitle);
      expectAuthorWithoutDates(doc);
    });

    it("has a cover with the organisation, title, subtitle and a contents list", () => {
      const cover = get(id).doc.getPage(0);
      const text = pageText(cover);
      expect(text).toContain(organisation.name);
      expect(text).toContain(guide.title);
      expect(text).toContain(document.subtitle);
      expect(text).toContain("In this guide");
      expect(text).toContain(document.disclaimer);
      document.sections.forEach((section, index) => expect(text).toContain(`${index + 1} ${section.heading}`));
    });

    it("prints every heading, paragraph, list item, table cell and checklist item in the body", () => {
      const text = bodyText(get(id).doc);
      for (const section of document.sections) expect(text).toContain(section.heading);
      expect(text).toContain("Next steps");
      for (const piece of allText(document, true).filter((t) => t !== document.subtitle && t !== document.disclaimer)) {
        expect(text).toContain(piece);
      }
    });

    it("numbers every page and puts the site address in every footer", () => {
      const pages = get(id).doc.getPages();
      pages.forEach((page, index) => {
        const text = pageText(page);
        expect(text).toContain(`Page ${index + 1} of ${pages.length}`);
        expect(text).toContain(`${organisation.name}  |  ${host}`);
      });
    });

    it("links the site, the course pillar, the contact page, the e-mail address and the phone number", () => {
      const { doc } = get(id);
      const targets = linkTargets(doc);
      expect(targets.filter((t) => t === organisation.siteUrl)).toHaveLength(doc.getPageCount());
      expect(targets.filter((t) => t !== organisation.siteUrl)).toEqual([
        ...document.nextSteps.links.map((link) => link.href),
        `mailto:${releaseSiteFacts.contact.email}`,
        phoneHref(releaseSiteFacts.contact.phone),
      ]);
    });

    it("keeps text inside the margins, off the footer and clear of other text", () => {
      expect(layoutProblems(get(id).doc)).toEqual([]);
    });
  });

  it("gives identical bytes for the same guide, whatever the clock or Math.random say", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2021-03-04T05:06:07Z"));
    const random = vi.spyOn(Math, "random").mockReturnValue(0.1);
    const first = await renderGuidePdf("finance-toolkit");
    vi.setSystemTime(new Date("2034-11-12T13:14:15Z"));
    random.mockReturnValue(0.9);
    const second = await renderGuidePdf("finance-toolkit");
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(Buffer.from(first).equals(Buffer.from(get("finance-toolkit").bytes))).toBe(true);
  });

  it("gives identical bytes on every call, and different bytes for different guides", async () => {
    for (const id of guideIds) {
      expect(Buffer.from(await renderGuidePdf(id)).equals(Buffer.from(get(id).bytes)), id).toBe(true);
    }
    const [a, b, c] = guideIds.map((id) => Buffer.from(get(id).bytes));
    expect(a?.equals(b ?? Buffer.alloc(0))).toBe(false);
    expect(b?.equals(c ?? Buffer.alloc(0))).toBe(false);
  });

  it("rejects ids that are not guides, at type level and at run time", async () => {
    // @ts-expect-error: not a guide id
    await expect(renderGuidePdf("unknown-guide")).rejects.toThrow("Unknown guide: unknown-guide");
    for (const id of ["", "toString", "__proto__", "enterprise-risk-management"]) {
      await expect(renderGuidePdf(id as GuideId), id).rejects.toThrow(/^Unknown guide/);
    }
  });
});
