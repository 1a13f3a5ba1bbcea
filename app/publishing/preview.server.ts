/**
 * A draft's preview (/admin/content/:type/:key/preview, docs/decisions/046-preview-rendering.md):
 * the public page the item lives on, rendered by React Router's own handler
 * as the page cache renders it (server/page-cache.ts), but from a catalogue
 * built from what is published with this item's draft in its place. The
 * stand-in catalogue is read only by that render (`withCatalogue`); nothing
 * of it is kept (the page cache, the served catalogue and other requests
 * never see it).
 *
 * The framed document is the back office's: no-store and noindex (as every
 * answer under /admin), framed by this origin only, running no script (the
 * page's scripts would take the back office's address for the page's) and
 * sending no form; its links open the live site in a new tab.
 */
import { createContext as createRouterContext, data } from "react-router";
import { buildCatalogue, ContentError, withCatalogue, type Catalogue } from "~/content/index.server.ts";
import { contentTypes, itemPath, itemTitle, type ContentType } from "~/content/types.server.ts";
import type { Db } from "~/data/db.server.ts";
import { withSiteStylesheetApplied } from "~/page-script/first-screen-css.server.ts";
import { publishedWithDraft } from "./store/going-live.server.ts";
import { readItem } from "./store/reading.server.ts";

/** Renders the public page at `path` as a visitor gets it, without a nonce (server/app.ts's, the page cache's). */
export type PageRenderer = (path: string) => Promise<{ status: number; html: string }>;

/** The page renderer, set by the server for every request (none while prerendering or in a unit test). */
export const pageRendererContext = createRouterContext<PageRenderer | null>(null);

/** The widths a draft is previewed at, in CSS pixels: a laptop's and a phone's. */
export const previewWidths = {
  desktop: { label: "Desktop", width: 1280, height: 800 },
  phone: { label: "Phone", width: 390, height: 844 },
} as const;
export type PreviewWidth = keyof typeof previewWidths;

/**
 * The framed document's policy: its own stylesheet, images and fonts; no
 * script, no form, no connection; framed by the back office only.
 */
export const previewCsp = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "frame-src 'none'",
  "frame-ancestors 'self'",
  "form-action 'none'",
  "object-src 'none'",
].join("; ");

type Built = { catalogue: Catalogue; problem: null } | { catalogue: null; problem: string };

/** The item (or a 404) and the catalogue its draft makes with what is published, or the reason there is none. */
async function draftCatalogue(db: Db, type: ContentType, key: string) {
  const [item, source] = await Promise.all([readItem(db, type, key), publishedWithDraft(db, type, key)]);
  if (!item || !source) throw data("There is no such item.", { status: 404 });
  let built: Built;
  try {
    built = { catalogue: buildCatalogue(source), problem: null };
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    built = { catalogue: null, problem: error.message };
  }
  return { item, path: itemPath(type, key, item.draft), ...built };
}

/** What the preview page shows: the item, the page it previews, the widths, or why the draft cannot be shown. */
export async function previewPage(db: Db, type: ContentType, key: string, width: string | null) {
  const { item, path, problem } = await draftCatalogue(db, type, key);
  const only = width && Object.hasOwn(previewWidths, width) ? (width as PreviewWidth) : null;
  return {
    type,
    key,
    label: contentTypes[type].label,
    title: itemTitle(type, key, item.draft),
    path,
    problem,
    widths: (only ? [only] : (Object.keys(previewWidths) as PreviewWidth[])).map((name) => ({
      name,
      ...previewWidths[name],
    })),
    only,
  };
}

const html = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": previewCsp,
    },
  });

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A short page in the frame instead of the preview. */
const notice = (status: number, title: string, text: string) =>
  html(
    status,
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escape(title)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;margin:2rem;line-height:1.5"><h1>${escape(title)}</h1>` +
      `<p>${escape(text)}</p></body></html>`,
  );

/**
 * The framed document: the public page with the draft applied, whatever its
 * status (a page that is gone shows as gone); a draft that does not build,
 * or makes a page that fails, shows why (409), never a 500.
 */
export async function previewDocument(
  db: Db,
  render: PageRenderer | null,
  type: ContentType,
  key: string,
): Promise<Response> {
  const { path, catalogue, problem } = await draftCatalogue(db, type, key);
  if (!catalogue) return notice(409, "This draft cannot be previewed", problem);
  if (!render) return notice(503, "Preview is not available", "This server cannot render pages.");
  const page = await withCatalogue(catalogue, () => render(path));
  if (page.status >= 500) {
    return notice(409, "This draft cannot be previewed", `The page ${path} could not be rendered with it.`);
  }
  // Links (and anything else that navigates) open in a new tab: the live site, not this preview.
  // No script runs here, so the whole stylesheet applies from the start (ADR 089).
  return html(
    page.status,
    withSiteStylesheetApplied(page.html).replace(/<head(\s[^>]*)?>/i, (head) => `${head}<base target="_blank">`),
  );
}
