/**
 * PDFs for the guide upload tests: a real one (made with pdf-lib), one marked
 * encrypted (its trailer names an /Encrypt dictionary, as a password-protected
 * file's does), a damaged one, and a PNG that only calls itself a PDF.
 */
import { PDFDocument } from "pdf-lib";

/** A real PDF of `pages` pages with `title` written on the first. */
export async function makePdf(title: string, pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  for (let i = 0; i < pages; i++)
    doc.addPage([595, 842]).drawText(i === 0 ? title : `Page ${i + 1}`, { x: 60, y: 760 });
  return doc.save({ useObjectStreams: false });
}

/** A PDF whose trailer says it is encrypted (what a password-protected file carries). */
export async function makeEncryptedPdf(): Promise<Uint8Array> {
  const text = Buffer.from(await makePdf("Protected")).toString("latin1");
  const marked = text.replace(/(trailer\s*<<[\s\S]*?\/Info (\d+) 0 R)/, "$1\n/Encrypt $2 0 R");
  if (marked === text) throw new Error("no trailer to mark");
  return new Uint8Array(Buffer.from(marked, "latin1"));
}

/** A PDF cut off half-way (an unfinished download or export). */
export async function makeDamagedPdf(): Promise<Uint8Array> {
  const bytes = await makePdf("Damaged", 3);
  return bytes.subarray(0, Math.floor(bytes.length / 2));
}

/** A 1×1 PNG: a picture, whatever its file name says. */
export const pngBytes = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);
