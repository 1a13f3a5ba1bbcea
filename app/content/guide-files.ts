/**
 * A free guide as the team edits it: today's guide, and optionally the PDF
 * the team uploaded for it (docs/decisions/050-featured-lists-site-facts-and-guide-files.md).
 * `pdf` names an uploaded file (its SHA-256, stored in guide_files); without
 * it, visitors download the PDF the site lays out from guide-documents.ts.
 * The file is chosen in the guide's draft, so publishing the guide publishes
 * the choice, and a revision restores the file it had.
 */
import { z } from "zod";
import { guideSchema } from "./schema.ts";

/** The editor keeps a field made with this out of sight (set by the PDF page, publishing/editor-fields.ts). */
export const keptFieldMeta = { editor: "kept" } as const;

/** The largest PDF the team may upload. */
export const maxGuidePdfBytes = 15 * 1024 * 1024;

/**
 * How far an uploaded PDF's compressed parts may expand when read (ADR 062):
 * at most `maxDecodedRatio` times the file's size, though never less than
 * `decodedFloorBytes` (a small text-only PDF expands a lot, and harmlessly),
 * and never more than `maxDecodedBytes` in all. Beyond that it is a
 * "decompression bomb" (100 KB that becomes 100 MB), not a guide.
 */
export const maxDecodedRatio = 100;
export const decodedFloorBytes = 10 * 1024 * 1024;
export const maxDecodedBytes = 100 * 1024 * 1024;

/** The most an upload of `size` bytes may expand to. */
export function decodedLimit(size: number): number {
  return Math.min(maxDecodedBytes, Math.max(decodedFloorBytes, maxDecodedRatio * size));
}

export const guideFileIdPattern = /^[0-9a-f]{64}$/;

export const guideContentSchema = guideSchema.extend({
  pdf: z.string().regex(guideFileIdPattern, "must name an uploaded file").optional().meta(keptFieldMeta),
});
export type GuideContent = z.output<typeof guideContentSchema>;
