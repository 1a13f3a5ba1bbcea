/**
 * Reading a PDF that pdf-lib wrote back into text, fonts, positions and
 * links, so that tests can check what a generated document shows
 * (tests/unit/brochure.test.ts, tests/unit/guide-pdf.test.ts).
 */
import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts, type PDFFont } from "pdf-lib";
import { expect } from "vitest";
import { organisation } from "~/content/organisation.ts";

export const a4 = { width: 595.28, height: 841.89 };

/** `bytes` are a PDF (`doc`, read back) of `min` to `max` A4 pages. */
export function expectA4Pages(bytes: Uint8Array, doc: PDFDocument, { min, max }: { min: number; max: number }) {
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  expect(doc.getPageCount()).toBeGreaterThanOrEqual(min);
  expect(doc.getPageCount()).toBeLessThanOrEqual(max);
  for (const page of doc.getPages()) {
    expect(page.getWidth()).toBeCloseTo(a4.width, 2);
    expect(page.getHeight()).toBeCloseTo(a4.height, 2);
  }
}

/** The organisation is the document's author, and it has no clock-based dates (same bytes every time). */
export function expectAuthorWithoutDates(doc: PDFDocument) {
  expect(doc.getAuthor()).toBe(organisation.name);
  expect(doc.getCreationDate()).toBeUndefined();
  expect(doc.getModificationDate()).toBeUndefined();
}

import { textRuns } from "./pdf-text.ts";

export { documentText, joinRuns, pageContent, pageText, textRuns, type TextRun } from "./pdf-text.ts";

/** The targets of every link annotation, page by page. */
export function linkTargets(doc: PDFDocument): string[] {
  return doc.getPages().flatMap((page) =>
    (page.node.Annots()?.asArray() ?? []).map((ref) => {
      const action = page.doc.context.lookup(ref, PDFDict).lookup(PDFName.of("A"), PDFDict);
      const uri = action.lookup(PDFName.of("URI"));
      return uri instanceof PDFString ? uri.decodeText() : String(uri);
    }),
  );
}

/** The three Helvetica faces the documents use, by base font name, to measure text with. */
export async function helveticaFonts(): Promise<Map<string, PDFFont>> {
  const scratch = await PDFDocument.create();
  const names = [StandardFonts.Helvetica, StandardFonts.HelveticaBold, StandardFonts.HelveticaOblique];
  return new Map(await Promise.all(names.map(async (name) => [name, await scratch.embedFont(name)] as const)));
}

/** What the running footer may hold: the page number and the organisation's line. */
const isFooter = (text: string) => /^Page \d+ of \d+$/.test(text) || text.startsWith(organisation.name);

/**
 * Why each run of text falls outside the page's printable area (`margin`
 * left and right), runs into the footer, or (with `checkOverlaps`) overlaps
 * other text, if it does.
 */
export function layoutProblems(
  doc: PDFDocument,
  fonts: Map<string, PDFFont>,
  { margin, checkOverlaps = false }: { margin: number; checkOverlaps?: boolean },
): string[] {
  const problems: string[] = [];
  doc.getPages().forEach((page, index) => {
    const boxes: { where: string; left: number; right: number; bottom: number; top: number }[] = [];
    const runs = textRuns(page);
    if (runs.length === 0) problems.push(`page ${index + 1} has no text`);
    for (const run of runs) {
      const font = fonts.get(run.baseFont);
      if (!font) {
        problems.push(`page ${index + 1}: unexpected font ${run.baseFont}`);
        continue;
      }
      const right = run.x + font.widthOfTextAtSize(run.text, run.size);
      const where = `page ${index + 1}, "${run.text}" at (${run.x}, ${run.y})`;
      if (run.x < margin || right > a4.width - margin) problems.push(`${where} runs ${right.toFixed(1)} wide`);
      if (run.y < 24 || run.y > a4.height - 20) problems.push(`${where} is off the page`);
      if (run.y < 56 && !isFooter(run.text)) problems.push(`${where} runs into the footer`);
      boxes.push({ where, left: run.x, right, bottom: run.y - 0.2 * run.size, top: run.y + 0.72 * run.size });
    }
    if (!checkOverlaps) return;
    boxes.forEach((a, i) => {
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top;
        if (overlap) problems.push(`${a.where} overlaps ${b.where}`);
      }
    });
  });
  return problems;
}
