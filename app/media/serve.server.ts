/**
 * Sends the library's images at their content-addressed addresses
 * (`/media/<id>-<width>.<ext>`, app/media/image-rules.ts): an address names
 * bytes that never change, so the answer is cached by browsers and proxies
 * for a year (`immutable`), with an ETag (304 to a matching If-None-Match).
 * Each variant is read from the database, then sent from this process's
 * memory for `mediaMemoryMs` (up to `maxCachedBytes`, the least recently
 * used dropped first), so an image deleted from the library stops being
 * served by every instance within that time.
 * An address that names no variant: 404.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "~/data/db.server.ts";
import { mimeTypeOf, parseMediaFile, type VariantFormat } from "./image-rules.ts";
import { readVariant } from "./images.server.ts";

export const maxCachedBytes = 96 * 1024 * 1024;
/** How long a variant is sent from memory before the database is asked again (an image deleted from the library goes then). */
export const mediaMemoryMs = 5 * 60_000;
export const immutableCaching = "public, max-age=31536000, immutable";

type Kept = { body: Buffer; etag: string; type: string; readAt: number };
type Log = { error(details: object, message: string): void };
/** How much and how long variants are kept in memory, and the clock that says so. */
type MediaMemory = { maxBytes?: number; memoryMs?: number; clock?: () => number };

/** Express middleware, mounted at /media (so `req.url` is `/<file>`). */
export function serveMedia(
  db: Db,
  log: Log,
  { maxBytes = maxCachedBytes, memoryMs = mediaMemoryMs, clock = Date.now }: MediaMemory = {},
) {
  const kept = new Map<string, Kept>();
  const reading = new Map<string, Promise<Kept | null>>();
  let keptBytes = 0;

  const keep = (file: string, entry: Kept) => {
    kept.set(file, entry);
    keptBytes += entry.body.length;
    for (const [oldest, old] of kept) {
      if (keptBytes <= maxBytes) break;
      kept.delete(oldest);
      keptBytes -= old.body.length;
    }
  };

  const load = (file: string, v: { id: string; width: number; format: VariantFormat }) => {
    let pending = reading.get(file);
    if (!pending) {
      pending = readVariant(db, v)
        .then((bytes) => {
          if (!bytes) return null;
          const entry = { body: Buffer.from(bytes), etag: `"${file}"`, type: mimeTypeOf[v.format], readAt: clock() };
          keep(file, entry);
          return entry;
        })
        .finally(() => reading.delete(file));
      reading.set(file, pending);
    }
    return pending;
  };

  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const file = (query === -1 ? url : url.slice(0, query)).replace(/^\//, "");
    const variant = parseMediaFile(file);
    const send = (entry: Kept) => {
      const fresh = req.headers["if-none-match"] === entry.etag;
      res.writeHead(fresh ? 304 : 200, {
        "Content-Type": entry.type,
        ...(fresh ? {} : { "Content-Length": entry.body.length }),
        "Cache-Control": immutableCaching,
        ETag: entry.etag,
        // A browser takes the type as sent, never guesses another from the bytes.
        "X-Content-Type-Options": "nosniff",
      });
      res.end(fresh || req.method === "HEAD" ? undefined : entry.body);
    };
    const notFound = () => {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" });
      res.end(req.method === "HEAD" ? undefined : "No such image.");
    };
    if (!variant) return notFound();
    const hit = kept.get(file);
    if (hit && clock() - hit.readAt > memoryMs) {
      kept.delete(file);
      keptBytes -= hit.body.length;
    } else if (hit) {
      // Most recently used last, so the oldest is dropped first.
      kept.delete(file);
      kept.set(file, hit);
      return send(hit);
    }
    load(file, variant).then(
      (entry) => (entry ? send(entry) : notFound()),
      (error: unknown) => {
        log.error({ err: error, file }, "Images: a variant could not be read");
        if (res.headersSent) return void res.destroy();
        res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
        res.end("The image cannot be sent just now. Please try again shortly.");
      },
    );
  };
}
