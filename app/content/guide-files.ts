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

/** The editor keeps a field made with this out of sight (set by the PDF page, editor-fields.ts). */
export const keptFieldMeta = { editor: "kept" } as const;

/** The largest PDF the team may upload. */
export const maxGuidePdfBytes = 15 * 1024 * 1024;

export const guideFileIdPattern = /^[0-9a-f]{64}$/;

export const guideContentSchema = guideSchema.extend({
  pdf: z.string().regex(guideFileIdPattern, "must name an uploaded file").optional().meta(keptFieldMeta),
});
export type GuideContent = z.output<typeof guideContentSchema>;
