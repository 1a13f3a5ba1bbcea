/**
 * The framed document of a draft's preview (/admin/content/:type/:key/preview/page):
 * the public page the item lives on, with this item's draft applied to what
 * is published (app/publishing/preview.server.ts). Opened alone, it is the
 * desktop width's page at the window's width.
 */
import type { Route } from "./+types/content-preview-page";
import { contentTypeOf, editorContext } from "~/publishing/editor.server.ts";
import { pageRendererContext, previewDocument } from "~/publishing/preview.server.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = editorContext(context);
  return previewDocument(db, context.get(pageRendererContext), contentTypeOf(params.type), params.key);
}
