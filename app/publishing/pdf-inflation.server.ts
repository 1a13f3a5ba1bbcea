/**
 * How much an uploaded PDF's compressed streams expand to, counted before
 * anything keeps what they expand to (ADR 062). pdf-lib inflates a PDF's
 * object streams whole, without a limit, while it reads the file: a 100 KB
 * upload could take 100 MB of memory. Here pdf-lib's own parser reads the
 * file (so the streams counted are the ones it sees, where it sees them),
 * and each stream is decoded, as soon as it is read and before pdf-lib
 * decodes any of it, through its filters (Flate by node:zlib with a
 * ceiling on its output; LZW, ASCII85, ASCIIHex and RunLength by pdf-lib's
 * decoders, read a slice at a time) until the total passes the limit.
 * Filters pdf-lib does not decode (pictures: DCT, JPX, JBIG2, CCITT) end a
 * stream's count.
 */
import { constants, inflateSync } from "node:zlib";
import type { PDFDict } from "pdf-lib";
import { decodePDFRawStream, PDFArray, PDFName, PDFParser, PDFRawStream, type PDFObject } from "pdf-lib";

/** Decoded by pdf-lib's own decoders (Flate by node:zlib, which is faster and has an output ceiling). */
const pdfLibFilters = new Set(["LZWDecode", "ASCII85Decode", "ASCIIHexDecode", "RunLengthDecode"]);

class OverLimit extends Error {
  constructor() {
    super("over the decoded limit");
  }
}

const slice = 64 * 1024;

/** `stream`'s filters, outermost first: what pdf-lib would apply to it. */
function filtersOf(dict: PDFDict): { names: string[]; params: (PDFObject | undefined)[] } {
  const filter = dict.lookup(PDFName.of("Filter"));
  const parms = dict.lookup(PDFName.of("DecodeParms"));
  if (filter instanceof PDFName) return { names: [filter.decodeText()], params: [parms] };
  if (filter instanceof PDFArray) {
    const names: string[] = [];
    const params: (PDFObject | undefined)[] = [];
    for (let i = 0; i < filter.size(); i++) {
      const one = filter.lookup(i);
      if (!(one instanceof PDFName)) break;
      names.push(one.decodeText());
      params.push(parms instanceof PDFArray ? parms.lookup(i) : undefined);
    }
    return { names, params };
  }
  return { names: [], params: [] };
}

/**
 * The bytes `stream` decodes to through each of its filters in turn (each
 * stage counted: pdf-lib holds each whole), at most `room` + 1: more means
 * over the limit.
 */
function decodedBytes(stream: PDFRawStream, room: number): number {
  const { names, params } = filtersOf(stream.dict);
  let data: Uint8Array = stream.contents;
  let total = 0;
  for (const [i, name] of names.entries()) {
    let out: Uint8Array;
    if (name === "FlateDecode") {
      try {
        out = inflateSync(data, { maxOutputLength: room - total + 1, finishFlush: constants.Z_SYNC_FLUSH });
      } catch (error) {
        if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") return room + 1;
        return total; // Not Flate data after all: pdf-lib would fail on it, not expand it.
      }
    } else if (pdfLibFilters.has(name)) {
      const dict = stream.dict.context.obj({ Filter: name, ...(params[i] ? { DecodeParms: params[i] } : {}) });
      const decoder = decodePDFRawStream(PDFRawStream.of(dict, data));
      const parts: Uint8Array[] = [];
      let length = 0;
      for (;;) {
        const part = decoder.getBytes(slice);
        if (part.length === 0) break;
        parts.push(new Uint8Array(part));
        length += part.length;
        if (total + length > room) return room + 1;
      }
      out = Buffer.concat(parts);
    } else break;
    total += out.length;
    if (total > room) return room + 1;
    data = out;
  }
  return total;
}

/** pdf-lib's parser, counting each stream's decoded bytes as it reads the stream. */
class CountingParser extends PDFParser {
  decoded = 0;
  private readonly limit: number;
  constructor(bytes: Uint8Array, limit: number) {
    super(bytes, 100, true, false);
    this.limit = limit;
  }

  protected override parseDictOrStream() {
    const object = super.parseDictOrStream();
    if (object instanceof PDFRawStream) {
      this.decoded += decodedBytes(object, this.limit - this.decoded);
      if (this.decoded > this.limit) throw new OverLimit();
    }
    return object;
  }
}

/**
 * Whether `bytes` decodes to more than `limit` bytes in all: "over", or the
 * total; "unreadable" if pdf-lib cannot read it (the caller says so).
 */
export async function decodedStreamBytes(bytes: Uint8Array, limit: number): Promise<number | "over" | "unreadable"> {
  const parser = new CountingParser(bytes, limit);
  try {
    await parser.parseDocument();
    return parser.decoded;
  } catch (error) {
    // pdf-lib catches the error and goes on to one of its own: the count says which it was.
    return error instanceof OverLimit || parser.decoded > limit ? "over" : "unreadable";
  }
}
