/**
 * The page behind a free guide's PDF in the editor
 * (/admin/content/guide/:key/pdf; docs/decisions/050-featured-lists-site-facts-and-guide-files.md):
 * what visitors download now, what the draft names, and the forms to upload
 * a PDF to the draft or take the upload out of it (back to the generated
 * PDF). Publishing the guide, on its own page, puts the choice on the site.
 */
import { data } from "react-router";
import { maxGuidePdfBytes } from "~/content/guide-files.ts";
import { readItem } from "./store/reading.server.ts";
import type { ContentRefusal } from "./store/core.server.ts";
import type { EditorContext } from "./editor.server.ts";
import {
  checkGuidePdf,
  chooseGuidePdf,
  guideFileInfo,
  uploadGuidePdf,
  type GuideFileInfo,
} from "./guide-files.server.ts";

export const maxGuidePdfText = `${maxGuidePdfBytes / (1024 * 1024)} MB`;

const pdfOf = (item: unknown): string | null => {
  const pdf = (item as { pdf?: unknown } | null)?.pdf;
  return typeof pdf === "string" ? pdf : null;
};

export type GuidePdfPage = {
  key: string;
  title: string;
  draftVersion: number;
  /** What visitors download now (null: the generated PDF). */
  live: GuideFileInfo | null;
  /** What the draft names (null: the generated PDF). */
  draft: GuideFileInfo | null;
  /** The draft's choice differs from the live one: publishing the guide changes the download. */
  changed: boolean;
};

export async function guidePdfPage(ctx: Pick<EditorContext, "db">, key: string): Promise<GuidePdfPage> {
  const item = await readItem(ctx.db, "guide", key);
  if (!item) throw data("There is no such guide.", { status: 404 });
  const live = item.status === "live" ? pdfOf(item.published) : null;
  const draft = pdfOf(item.draft);
  return {
    key,
    title: item.title,
    draftVersion: item.draftVersion,
    live: live ? await guideFileInfo(ctx.db, live) : null,
    draft: draft ? await guideFileInfo(ctx.db, draft) : null,
    changed: live !== draft,
  };
}

export type GuidePdfAnswer = { done?: string; message?: string; conflict?: boolean };

function refused(result: ContentRefusal) {
  const status = { "not-found": 404, invalid: 400, conflict: 409, refused: 409 }[result.reason];
  return data<GuidePdfAnswer>(
    {
      message:
        result.reason === "conflict"
          ? "Someone else saved this guide after you opened this page: reload it and try again."
          : result.message,
      ...(result.reason === "conflict" ? { conflict: true } : {}),
    },
    { status },
  );
}

const publishHint = "Publish the guide to make it what visitors download.";

/** The page's forms: `upload` (a PDF into the draft) and `remove` (the draft back to the generated PDF). */
export async function guidePdfAction(ctx: EditorContext, key: string, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const baseVersion = Number(form.get("version"));
  const actor = { id: ctx.user.id, name: ctx.user.name };
  const now = new Date();
  const target = `content:guide:${key}`;
  if (intent === "upload") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      return data<GuidePdfAnswer>({ message: "Choose a PDF file to upload." }, { status: 400 });
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const check = await checkGuidePdf(bytes);
    if (!check.ok) return data<GuidePdfAnswer>({ message: check.message }, { status: check.status });
    const saved = await uploadGuidePdf(ctx.db, {
      key,
      fileName: file.name,
      bytes,
      baseVersion,
      actor,
      now,
    });
    if (!saved.ok) return refused(saved);
    await ctx.audit({ action: "content-saved", target, detail: { version: saved.version, pdfBytes: bytes.length } });
    return data<GuidePdfAnswer>({
      done: `Uploaded to the draft (${check.pages} page${check.pages === 1 ? "" : "s"}). ${publishHint}`,
    });
  }
  if (intent === "remove") {
    const saved = await chooseGuidePdf(ctx.db, { key, fileId: null, baseVersion, actor, now });
    if (!saved.ok) return refused(saved);
    await ctx.audit({ action: "content-saved", target, detail: { version: saved.version, pdfBytes: 0 } });
    return data<GuidePdfAnswer>({
      done: `The draft uses the PDF the site lays out from the guide's text again. ${publishHint}`,
    });
  }
  return data<GuidePdfAnswer>({ message: "This form's action is not known here." }, { status: 400 });
}
