/**
 * PDFs for the guide upload tests: a real one (made with pdf-lib), one with
 * every hidden detail the site must not pass on, one marked encrypted (its
 * trailer names an /Encrypt dictionary, as a password-protected file's does),
 * a damaged one, and a PNG that only calls itself a PDF.
 */
import { deflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFString, type PDFRef } from "pdf-lib";

/** A real PDF of `pages` pages with `title` written on the first. */
export async function makePdf(title: string, pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  for (let i = 0; i < pages; i++)
    doc.addPage([595, 842]).drawText(i === 0 ? title : `Page ${i + 1}`, { x: 60, y: 760 });
  return doc.save({ useObjectStreams: false });
}

/** The page sizes of `makeLoadedPdf`'s pages (A4, A4 landscape, US letter). */
export const loadedPdfSizes = [
  [595, 842],
  [842, 595],
  [612, 792],
] as const;

/**
 * Text that is in `makeLoadedPdf`'s bytes as written (uncompressed) and must
 * not be in what the site keeps: the document information, XMP metadata (the
 * catalog's, a page's and that of a picture the page uses), an attached file's content and name, JavaScript
 * (on opening, in the name tree, on a page, in a link), a Launch link, the
 * keys that carry them, and a reviewer's comment.
 */
export const hiddenMarkers = [
  "Ann Secret-Author",
  "SecretCreator 9",
  "SecretProducer 7",
  "Secret subject",
  "secret-keyword",
  "D:20240102",
  "GPS-SECRET-51.5",
  "PAGE-XMP-SECRET",
  "XOBJECT-XMP-SECRET",
  "EMBEDDED-SECRET-PAYROLL",
  "payroll.txt",
  "OPENACTION-JS",
  "NAMES-JS",
  "CATALOG-AA-JS",
  "PAGE-AA-JS",
  "LINK-JS",
  "LAUNCH-CALC",
  "REVIEWER-COMMENT",
  "/Author",
  "/Creator",
  "/Producer",
  "/CreationDate",
  "/Metadata",
  "/EmbeddedFile",
  "/Filespec",
  "/FileAttachment",
  "/OpenAction",
  "/JavaScript",
  "/JS",
  "/AA",
  "/Launch",
  "/Outlines",
] as const;

/**
 * A three-page PDF carrying everything `hiddenMarkers` names, written without
 * compression so that each marker is in its bytes; page 1 also has the links
 * the site keeps: a web address, one to page 3 and one to page 2 by a name.
 */
export async function makeLoadedPdf(title = "A guide with hidden details"): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const { context, catalog } = doc;
  const n = PDFName.of;
  const text = (value: string) => PDFString.of(value);
  const js = (code: string) => context.obj({ S: "JavaScript", JS: text(code) });
  const pages = loadedPdfSizes.map(([width, height], i) => {
    const page = doc.addPage([width, height]);
    page.drawText(i === 0 ? title : `Page ${i + 1}`, { x: 60, y: height - 80 });
    return page;
  });
  const [first, second, third] = pages as [(typeof pages)[0], (typeof pages)[0], (typeof pages)[0]];

  context.trailerInfo.Info = context.register(
    context.obj({
      Title: text(title),
      Author: text("Ann Secret-Author"),
      Creator: text("SecretCreator 9"),
      Producer: text("SecretProducer 7"),
      Subject: text("Secret subject"),
      Keywords: text("secret-keyword"),
      CreationDate: text("D:20240102030405Z"),
    }),
  );
  const xmp = (marker: string) =>
    context.register(
      context.stream(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><exif:GPSLatitude>${marker}</exif:GPSLatitude></x:xmpmeta>`, {
        Type: "Metadata",
        Subtype: "XML",
      }),
    );
  catalog.set(n("Metadata"), xmp("GPS-SECRET-51.5"));
  first.node.set(n("Metadata"), xmp("PAGE-XMP-SECRET"));
  const picture = context.stream("", {
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, 1, 1],
    Metadata: xmp("XOBJECT-XMP-SECRET"),
  });
  first.node.newXObject("Picture", context.register(picture));

  // An attached file: once as pdf-lib attaches it (compressed), once written plainly, also on a page.
  await doc.attach(Buffer.from("EMBEDDED-SECRET-PAYROLL (compressed)"), "payroll-compressed.txt", {
    mimeType: "text/plain",
  });
  const file = context.register(
    context.stream("EMBEDDED-SECRET-PAYROLL: Ann 52,000; Bob 48,000", { Type: "EmbeddedFile" }),
  );
  const spec = context.register(context.obj({ Type: "Filespec", F: text("payroll.txt"), EF: { F: file } }));
  const javascript = context.obj({ Names: [text("init"), js("app.alert('NAMES-JS')")] });
  const dests = context.obj({ Names: [text("chapter-2"), context.obj([second.ref, n("Fit")])] });
  catalog.set(
    n("Names"),
    context.obj({ EmbeddedFiles: { Names: [text("payroll.txt"), spec] }, JavaScript: javascript, Dests: dests }),
  );
  catalog.set(n("OpenAction"), js("app.alert('OPENACTION-JS')"));
  catalog.set(n("AA"), context.obj({ WC: js("app.alert('CATALOG-AA-JS')") }));
  catalog.set(n("Outlines"), context.register(context.obj({ Type: "Outlines", Count: 0 })));
  second.node.set(n("AA"), context.obj({ O: js("app.alert('PAGE-AA-JS')") }));

  const rect = (y: number) => [60, y, 300, y + 20];
  const annotation = (fields: Record<string, unknown>): PDFRef =>
    context.register(context.obj({ Type: "Annot", P: first.ref, ...(fields as Record<string, never>) }));
  first.node.set(
    n("Annots"),
    context.obj([
      annotation({ Subtype: "Link", Rect: rect(700), A: { S: "URI", URI: text("https://example.com/good") } }),
      annotation({ Subtype: "Link", Rect: rect(660), Dest: [third.ref, n("XYZ"), 0, 792, 0] }),
      annotation({ Subtype: "Link", Rect: rect(620), A: { S: "GoTo", D: text("chapter-2") } }),
      annotation({ Subtype: "Link", Rect: rect(580), A: js("app.alert('LINK-JS')") }),
      annotation({ Subtype: "Link", Rect: rect(540), A: { S: "Launch", F: text("LAUNCH-CALC.exe") } }),
      annotation({ Subtype: "Link", Rect: rect(500), A: { S: "URI", URI: text("javascript:alert(1)") } }),
      annotation({ Subtype: "FileAttachment", Rect: rect(460), FS: spec }),
      annotation({ Subtype: "Text", Rect: rect(420), T: text("Reviewer"), Contents: text("REVIEWER-COMMENT") }),
    ]),
  );
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
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

/**
 * A "decompression bomb": a real PDF with one more object, an object stream
 * (which pdf-lib expands whole while it reads the file) whose
 * `decodedBytes` of spaces are compressed to about a thousandth of that,
 * through `filters` (outermost first; "hex" wraps the compressed bytes in
 * ASCIIHexDecode, so the bomb hides behind a filter that shrinks).
 */
export async function makeDeflateBomb(decodedBytes: number, filters: "flate" | "hex-flate" = "flate") {
  const base = Buffer.from(await makePdf("A bomb", 1));
  // An object stream holding one object, `1 0` followed by `decodedBytes` of padding.
  const body = Buffer.alloc(decodedBytes, 0x20);
  body.write("9000 0 ", 0, "latin1");
  body.write("null", 8, "latin1");
  let data = deflateSync(body, { level: 9 });
  let filter = "/FlateDecode";
  if (filters === "hex-flate") {
    data = Buffer.from(`${data.toString("hex")}>`, "latin1");
    filter = "[/ASCIIHexDecode /FlateDecode]";
  }
  const object = Buffer.concat([
    Buffer.from(
      `8999 0 obj\n<< /Type /ObjStm /N 1 /First 8 /Filter ${filter} /Length ${data.length} >>\nstream\n`,
      "latin1",
    ),
    data,
    Buffer.from("\nendstream\nendobj\n", "latin1"),
  ]);
  const at = base.lastIndexOf("\nxref");
  return new Uint8Array(Buffer.concat([base.subarray(0, at + 1), object, base.subarray(at + 1)]));
}
