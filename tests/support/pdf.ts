/**
 * Reading a PDF that pdf-lib wrote back into text, fonts, positions and
 * links, so that tests can check what a generated document shows
 * (tests/unit/brochure.test.ts, tests/unit/guide-pdf.test.ts).
 */
import { inflateSync } from "node:zlib";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFString,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from "pdf-lib";
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

/**
 * pdf-lib always Flate-compresses page content streams (PDFContentStream is
 * created with encode = true; save({ useObjectStreams: false }) only affects
 * how objects are laid out), so content is inflated here.
 */
function streamBytes(page: PDFPage, object: unknown): Uint8Array {
  const stream = object instanceof PDFRef ? page.doc.context.lookup(object) : object;
  if (!(stream instanceof PDFRawStream)) throw new Error("page content is not a stream");
  const filter = stream.dict.get(PDFName.of("Filter"));
  if (filter === undefined) return stream.getContents();
  if (filter === PDFName.of("FlateDecode")) return inflateSync(stream.getContents());
  throw new Error(`unexpected stream filter ${String(filter)}`);
}

/** A page's content stream(s), inflated, as Latin-1 text. */
export function pageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  const parts = contents instanceof PDFArray ? contents.asArray() : [contents];
  return parts.map((part) => Buffer.from(streamBytes(page, part)).toString("latin1")).join("\n");
}

/**
 * pdf-lib writes text with the standard fonts as hex strings of WinAnsi
 * (Windows-1252) codes: "£4,500" is <A3342C353030>.
 */
function decodeWinAnsiHex(hex: string): string {
  return new TextDecoder("windows-1252").decode(Buffer.from(hex, "hex"));
}

function baseFontOf(page: PDFPage, key: string): string {
  const fonts = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
  const base = fonts?.lookup(PDFName.of(key), PDFDict).get(PDFName.of("BaseFont"));
  if (!(base instanceof PDFName)) throw new Error(`page has no font ${key}`);
  return base.decodeText();
}

export interface TextRun {
  text: string;
  baseFont: string;
  size: number;
  x: number;
  y: number;
}

/** Every line of text on a page with its font and position (pdf-lib sets both before each line it shows). */
export function textRuns(page: PDFPage): TextRun[] {
  const token = /\/(\S+) ([\d.]+) Tf|(?:[-\d.]+ ){4}([-\d.]+) ([-\d.]+) Tm|<([0-9A-Fa-f]*)> Tj/g;
  const runs: TextRun[] = [];
  let baseFont = "";
  let size = Number.NaN;
  let x = Number.NaN;
  let y = Number.NaN;
  for (const match of pageContent(page).matchAll(token)) {
    if (match[1] !== undefined) {
      baseFont = baseFontOf(page, match[1]);
      size = Number(match[2]);
    } else if (match[3] !== undefined) {
      x = Number(match[3]);
      y = Number(match[4]);
    } else {
      runs.push({ text: decodeWinAnsiHex(match[5] ?? ""), baseFont, size, x, y });
    }
  }
  return runs;
}

/** The runs' text, joined by spaces. */
export const joinRuns = (runs: TextRun[]) => runs.map((run) => run.text).join(" ");
export const pageText = (page: PDFPage) => joinRuns(textRuns(page));
export const documentText = (doc: PDFDocument) => doc.getPages().map(pageText).join(" ");

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
