/**
 * A PDF that pdf-lib wrote, read back as text (lines with their fonts and
 * positions): no test runner's API here, so browser tests read invoices with
 * it too (tests/support/pdf.ts adds the unit tests' checks).
 */
import { inflateSync } from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFPage } from "pdf-lib";

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

/** A PDF's text, every page's runs joined by spaces. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return documentText(await PDFDocument.load(bytes));
}
