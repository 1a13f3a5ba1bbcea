/**
 * PDFs the team uploads for a free guide (docs/decisions/050-featured-lists-site-facts-and-guide-files.md).
 *
 * A file is checked before it is kept: at most `maxGuidePdfBytes`, starting
 * as a PDF does, its compressed parts expanding to no more than
 * `decodedLimit` (counted before pdf-lib expands any: pdf-inflation.server.ts), read whole by pdf-lib (strictly: a damaged object is
 * refused), not encrypted, with at least one page. What is kept is not the
 * upload but its pages copied into a new PDF with none of the file's hidden
 * details (author, metadata, attachments, scripts: guide-pdf-clean.server.ts),
 * in the database (guide_files, by the SHA-256 of those bytes), so every
 * instance serves it, with who uploaded it and when. Uploading it, or removing it, changes the guide's
 * draft only (its `pdf` field): visitors get it once the guide is published.
 */
import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { decodedLimit, maxDecodedBytes, maxDecodedRatio, maxGuidePdfBytes } from "~/content/guide-files.ts";
import type { Db } from "~/data/db.server.ts";
import { cleanGuidePdf } from "./guide-pdf-clean.server.ts";
import { decodedStreamBytes } from "./pdf-inflation.server.ts";
import { draftConflict, type ContentActor, type ContentResult } from "./store/core.server.ts";
import { readItem } from "./store/reading.server.ts";
import { saveDraft } from "./store/changes.server.ts";

export type GuideFileInfo = {
  id: string;
  guideId: string;
  fileName: string;
  size: number;
  pages: number;
  uploadedAt: string;
  uploadedBy: string;
};

export type PdfCheck = { ok: true; pages: number } | { ok: false; status: 400 | 413 | 415 | 422; message: string };

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Whether `bytes` is a PDF the site can serve as a guide, and if not, why (in the team's words). */
export async function checkGuidePdf(bytes: Uint8Array): Promise<PdfCheck> {
  if (bytes.length === 0) return { ok: false, status: 400, message: "Choose a PDF file to upload." };
  if (bytes.length > maxGuidePdfBytes) {
    return {
      ok: false,
      status: 413,
      message: `This file is ${megabytes(bytes.length)}: a guide's PDF can be at most ${megabytes(maxGuidePdfBytes)}. Save a smaller copy (for example with images compressed) and upload that.`,
    };
  }
  if (Buffer.from(bytes.subarray(0, 1024)).indexOf("%PDF-") !== 0) {
    return {
      ok: false,
      status: 415,
      message:
        "This file is not a PDF, whatever its name says. Export or save the guide as a PDF and upload that file.",
    };
  }
  const unreadable = {
    ok: false,
    status: 422,
    message: "This PDF could not be read: it may be damaged or unfinished. Export it again and upload the new file.",
  } as const;
  const limit = decodedLimit(bytes.length);
  const decoded = await decodedStreamBytes(bytes, limit);
  if (decoded === "unreadable") return unreadable;
  if (decoded === "over") {
    return {
      ok: false,
      status: 422,
      message: `This PDF's compressed contents expand to more than ${megabytes(limit)} when opened (a guide's PDF may expand to ${maxDecodedRatio} times its size, and at most ${megabytes(maxDecodedBytes)}), so it was not kept: a file built like this can overload whoever opens it. Export the guide again from the program that made it and upload the new file.`,
    };
  }
  let doc: PDFDocument;
  try {
    // Read past the encryption (ignoreEncryption) only to be able to say that it is there.
    doc = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false, ignoreEncryption: true });
  } catch {
    return unreadable;
  }
  if (doc.isEncrypted) {
    return {
      ok: false,
      status: 422,
      message:
        "This PDF is protected by a password or encrypted, so visitors might not be able to open it. Save a copy without protection and upload that.",
    };
  }
  const pages = doc.getPageCount();
  if (pages === 0) return { ok: false, status: 422, message: "This PDF has no pages." };
  return { ok: true, pages };
}

const info = ["id", "guide_id", "file_name", "size", "pages", "uploaded_at", "uploaded_by_name"] as const;

function toInfo(row: {
  id: string;
  guide_id: string;
  file_name: string;
  size: number;
  pages: number;
  uploaded_at: string;
  uploaded_by_name: string;
}): GuideFileInfo {
  return {
    id: row.id,
    guideId: row.guide_id,
    fileName: row.file_name,
    size: Number(row.size),
    pages: Number(row.pages),
    uploadedAt: row.uploaded_at,
    uploadedBy: row.uploaded_by_name,
  };
}

/** A file's details (not its bytes); null if there is none by that id. */
export async function guideFileInfo(db: Db, id: string): Promise<GuideFileInfo | null> {
  const row = await db.selectFrom("guide_files").select(info).where("id", "=", id).executeTakeFirst();
  return row ? toInfo(row) : null;
}

/** A file's bytes and details, to serve it; null if there is none by that id. */
export async function readGuideFile(db: Db, id: string): Promise<{ info: GuideFileInfo; bytes: Uint8Array } | null> {
  const row = await db
    .selectFrom("guide_files")
    .select([...info, "bytes"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { info: toInfo(row), bytes: new Uint8Array(row.bytes) } : null;
}

const guideNotFound = (key: string) =>
  ({ ok: false, reason: "not-found", message: `There is no free guide "${key}".` }) as const;

/** A guide's name for the file it is downloaded as: "sanitised", never a path. */
export function safeFileName(name: string): string {
  const base = name.replace(/^.*[\\/]/, "").replace(/[^A-Za-z0-9._ -]+/g, "");
  return (base.trim() || "guide.pdf").slice(0, 120);
}

/**
 * Keeps an uploaded PDF (already checked), cleaned (`cleanGuidePdf`: its pages
 * in a new PDF titled with the guide's title, nothing else), and names it in
 * the guide's draft (over the draft version the editor started from, like any
 * save). The same file uploaded again is kept once.
 */
export async function uploadGuidePdf(
  db: Db,
  input: {
    key: string;
    fileName: string;
    bytes: Uint8Array;
    baseVersion: number;
    actor: ContentActor;
    now: Date;
  },
): Promise<ContentResult<{ version: number; fileId: string }>> {
  const item = await readItem(db, "guide", input.key);
  if (!item) return guideNotFound(input.key);
  // Over a draft someone saved since the page was opened: refused as that save would be, before the file is kept.
  if (item.draftVersion !== input.baseVersion) return draftConflict(item.draftVersion, item.savedAt);
  let clean: { bytes: Uint8Array; pages: number };
  try {
    clean = await cleanGuidePdf(input.bytes, { title: item.title });
  } catch {
    return {
      ok: false,
      reason: "refused",
      message:
        "This PDF could not be prepared for visitors: it may be damaged. Export it again and upload the new file.",
    };
  }
  const id = createHash("sha256").update(clean.bytes).digest("hex");
  await db
    .insertInto("guide_files")
    .values({
      id,
      guide_id: input.key,
      file_name: safeFileName(input.fileName),
      size: clean.bytes.length,
      pages: clean.pages,
      bytes: clean.bytes,
      uploaded_at: input.now.toISOString(),
      uploaded_by: input.actor.id,
      uploaded_by_name: input.actor.name,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const saved = await chooseGuidePdf(db, { ...input, fileId: id });
  return saved.ok ? { ...saved, fileId: id } : saved;
}

/** Names `fileId` (or, with null, no file: the generated PDF) in the guide's draft. */
export async function chooseGuidePdf(
  db: Db,
  input: { key: string; fileId: string | null; baseVersion: number; actor: ContentActor; now: Date },
): Promise<ContentResult<{ version: number }>> {
  const item = await readItem(db, "guide", input.key);
  if (!item) return guideNotFound(input.key);
  const { pdf: _previous, ...rest } = item.draft as Record<string, unknown>;
  const data = input.fileId ? { ...rest, pdf: input.fileId } : rest;
  return saveDraft(db, {
    type: "guide",
    key: input.key,
    data,
    baseVersion: input.baseVersion,
    actor: input.actor,
    now: input.now,
  });
}
