/**
 * Public pages as the published content has them: rendered once per content
 * version, compressed once, and served from memory like the build's
 * prerendered pages (an ETag per encoding, 304, a CSP that allows the page's
 * inline scripts by hash) (docs/decisions/045-content-in-the-database.md).
 *
 * While the site serves the release's content, the build's pages stand for
 * it. Once the team publishes a change, every page is rendered again on its
 * first request after the change (a render is shared by the requests that
 * wait for it), and kept until the next change. Only a 200 is kept: a page
 * that is gone (unpublished) is answered by the router each time.
 *
 * A page's version is the caller's per path: the content version for most,
 * and for the pages that show course sessions also the places and the
 * sessions' schedule (docs/decisions/055-course-sessions-as-content.md), so
 * a booking or a session starting renders that page again, not the others.
 * A kept page the build did not prerender (those pages: the build has no
 * places) is rendered on its first request, also under the release's content.
 */
import zlib from "node:zlib";
import { promisify } from "node:util";
import { inlineScriptHashes } from "./prerendered.ts";
import { resourceFrom, serveAs, type ServedResource } from "./static-files.ts";

type Headers = Record<string, string>;

export type PageCacheOptions = {
  /** The build's prerendered pages, by path: the release's content. */
  prerendered: ReadonlyMap<string, ServedResource>;
  /** Renders the page at `path` as the server renders it, without a nonce. */
  render(path: string): Promise<{ status: number; html: string }>;
  /** The headers of a page whose inline scripts have these hashes. */
  headers(scriptHashes: string[]): Headers;
  /** The version of the page at `path` served now (the content's, and for some pages more): a page is kept for one version. */
  version(path: string): string;
  /** Whether what is served now is the release's content (the build's pages stand for it). */
  servesRelease(): boolean;
  /** Whether `path` is a page kept in the cache now (a page the same for every visitor). */
  keeps(path: string): boolean;
};

export type PageCache = {
  /** The page at `path` for the content served now, if it is ready. */
  get(path: string): ServedResource | undefined;
  /** Renders and keeps the page at `path`, or null when it is not kept (not a kept page, not a 200). */
  fill(path: string): Promise<ServedResource | null>;
  keeps(path: string): boolean;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Quick settings: a page is compressed on its first request, not at build. */
async function compress(bytes: Buffer) {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: 6 }),
  ]);
  return { br, gzip: gz };
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { prerendered, render, headers, version, servesRelease, keeps } = options;
  const kept = new Map<string, { version: string; served: ServedResource }>();
  const rendering = new Map<string, Promise<ServedResource | null>>();

  const get = (path: string): ServedResource | undefined => {
    if (servesRelease() && prerendered.has(path)) return prerendered.get(path);
    if (!keeps(path)) return undefined;
    const page = kept.get(path);
    return page && page.version === version(path) ? page.served : undefined;
  };

  const renderAndKeep = async (path: string, forVersion: string): Promise<ServedResource | null> => {
    const { status, html } = await render(path);
    if (status !== 200) return null;
    const identity = Buffer.from(html, "utf8");
    const served = serveAs(
      resourceFrom(identity, await compress(identity), "text/html; charset=utf-8", new Date()),
      headers(inlineScriptHashes(html)),
    );
    // A change during the render (a publish, a booking): this page is already out of date; the next request renders again.
    if (version(path) === forVersion) kept.set(path, { version: forVersion, served });
    return served;
  };

  const fill = async (path: string): Promise<ServedResource | null> => {
    const ready = get(path);
    if (ready) return ready;
    if (!keeps(path)) return null;
    const forVersion = version(path);
    const key = `${forVersion} ${path}`;
    let pending = rendering.get(key);
    if (!pending) {
      pending = renderAndKeep(path, forVersion).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  };

  return { get, fill, keeps };
}
