/**
 * Precompressed static files: compressed once at build time (`buildEnd` in
 * react-router.config.ts writes `.br` and `.gz` beside each compressible
 * file in build/client), loaded into memory at start-up, and served per
 * request by picking a representation from Accept-Encoding, with a strong
 * ETag per representation and 304 answers. No compression work per request.
 * See docs/decisions/014-precompressed-static-files.md.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** The server's preference when the client weighs codings equally. */
const preference: readonly Encoding[] = ["br", "gzip", "identity"];

/** File suffix of each compressed representation on disk. */
const suffix = { br: ".br", gzip: ".gz" } as const;

/** Files worth compressing: text formats (fonts and images are compressed already). */
export const compressibleExtensions = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".webmanifest",
  ".xml",
  ".txt",
  ".data",
]);

/** Smaller files are not compressed (a few hundred bytes saved cost a file and a header). */
export const minCompressBytes = 1024;

/** The Content-Type express.static (send + mime-types) gives each extension, so nothing changes. */
const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
};

export function contentTypeFor(file: string): string {
  return contentTypes[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

// ---------------------------------------------------------------------------
// Negotiation and validators (pure)
// ---------------------------------------------------------------------------

/** Accept-Encoding as coding → weight (lower-cased; `x-gzip` counts as gzip). Entries with a bad weight are dropped. */
export function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    if (!name) continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const match = /^q\s*=\s*(.*)$/i.exec(param);
      if (!match) continue;
      const weight = match[1] ?? "";
      if (/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(weight)) q = Number(weight);
      else valid = false;
    }
    if (!valid) continue;
    const coding = name.toLowerCase() === "x-gzip" ? "gzip" : name.toLowerCase();
    // The first mention of a coding wins (as in the negotiator package).
    if (!weights.has(coding)) weights.set(coding, q);
  }
  return weights;
}

/**
 * The representation to send, from those `available`: the highest weight the
 * client gives, br before gzip before identity when weights tie; a coding
 * with q=0 is never chosen. No header (or an empty one): identity. identity
 * is acceptable unless `identity;q=0`, or `*;q=0` without an identity entry
 * (RFC 9110, 12.5.3); unnamed, it weighs as little as the least wanted coding
 * named (as in the negotiator package, which the compression middleware
 * uses), so `gzip;q=0.8` still gets gzip. When the client accepts nothing we
 * have, identity is sent anyway (a readable answer beats 406 Not Acceptable).
 */
export function negotiateEncoding(header: string | undefined, available: readonly Encoding[]): Encoding {
  if (!header || !header.trim()) return "identity";
  const weights = parseAcceptEncoding(header);
  const star = weights.get("*");
  const named = [...weights.values()].filter((q) => q > 0);
  const implicitIdentity = named.length > 0 ? Math.min(...named) : 1;
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const coding of preference) {
    if (!available.includes(coding)) continue;
    const q = weights.get(coding) ?? star ?? (coding === "identity" ? implicitIdentity : 0);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best ?? "identity";
}

/**
 * A strong entity tag: a hash of the file's (uncompressed) bytes, with the
 * coding as a suffix so that each representation has its own tag.
 */
export function entityTag(identityBytes: Buffer, encoding: Encoding): string {
  const hash = createHash("sha256").update(identityBytes).digest("base64url").slice(0, 27);
  return `"${hash}${encoding === "identity" ? "" : `-${encoding}`}"`;
}

/** Does If-None-Match name this tag? Weak comparison (RFC 9110, 13.1.2): `W/` is ignored; `*` matches. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  for (const match of ifNoneMatch.matchAll(/(?:W\/)?("[^"]*")/g)) {
    if (match[1] === opaque) return true;
  }
  return false;
}

/**
 * Whether a GET/HEAD may be answered 304: If-None-Match decides when sent;
 * otherwise If-Modified-Since against the file's modification time.
 */
export function isNotModified(headers: IncomingHttpHeaders, etag: string, lastModified: string): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const since = headers["if-modified-since"];
  if (!since) return false;
  const sinceMs = Date.parse(since);
  const modifiedMs = Date.parse(lastModified);
  return Number.isFinite(sinceMs) && Number.isFinite(modifiedMs) && modifiedMs <= sinceMs;
}

// ---------------------------------------------------------------------------
// Resources in memory
// ---------------------------------------------------------------------------

export type Representation = { encoding: Encoding; body: Buffer; etag: string };

export type StaticResource = {
  contentType: string;
  /** HTTP date of the file's modification time. */
  lastModified: string;
  /** What exists, in the server's order of preference. */
  available: Encoding[];
  representations: { identity: Representation } & Partial<Record<"br" | "gzip", Representation>>;
};

export function resourceFrom(
  identity: Buffer,
  compressed: Partial<Record<"br" | "gzip", Buffer>>,
  contentType: string,
  modified: Date,
): StaticResource {
  const representations: StaticResource["representations"] = {
    identity: { encoding: "identity", body: identity, etag: entityTag(identity, "identity") },
  };
  for (const encoding of ["br", "gzip"] as const) {
    const body = compressed[encoding];
    if (body) representations[encoding] = { encoding, body, etag: entityTag(identity, encoding) };
  }
  return {
    contentType,
    lastModified: modified.toUTCString(),
    available: preference.filter((e) => representations[e] !== undefined),
    representations,
  };
}

/** A file and whichever of its `.br` and `.gz` siblings exist, read now. */
export function loadResource(file: string, contentType = contentTypeFor(file)): StaticResource {
  const compressed: Partial<Record<"br" | "gzip", Buffer>> = {};
  for (const encoding of ["br", "gzip"] as const) {
    const sibling = file + suffix[encoding];
    if (existsSync(sibling)) compressed[encoding] = readFileSync(sibling);
  }
  return resourceFrom(readFileSync(file), compressed, contentType, statSync(file).mtime);
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Every file under `clientDir` that has a precompressed sibling, keyed by its
 * URL path (`/assets/entry-abc.js`, `/about/index.html`). Files without one
 * (small, or not compressible) are left to express.static.
 */
export function loadPrecompressedFiles(clientDir: string): Map<string, StaticResource> {
  const files = new Map<string, StaticResource>();
  if (!existsSync(clientDir)) return files;
  for (const file of walk(clientDir)) {
    if (file.endsWith(suffix.br) || file.endsWith(suffix.gzip)) continue;
    if (!existsSync(file + suffix.br) && !existsSync(file + suffix.gzip)) continue;
    const urlPath = "/" + path.relative(clientDir, file).split(path.sep).join("/");
    files.set(urlPath, loadResource(file));
  }
  return files;
}

// ---------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------

type Req = IncomingMessage & { method?: string };
type Headers = Readonly<Record<string, string>>;

/** One representation's answer, its headers written once at start-up. */
export type Answer = {
  encoding: Encoding;
  etag: string;
  body: Buffer;
  /** The 200's headers: the resource's, Vary, ETag, Last-Modified, Content-Type, -Encoding and -Length. */
  ok: Headers;
  /** The 304's: the same without the body's own (Content-Type, -Encoding, -Length). */
  notModified: Headers;
};

/** A resource as it is served: an answer per representation, and what negotiation needs. */
export type ServedResource = {
  lastModified: string;
  /** What exists, in the server's order of preference. */
  available: Encoding[];
  answers: { identity: Answer } & Partial<Record<"br" | "gzip", Answer>>;
};

/**
 * The answers for `resource`, each carrying `headers` (security headers,
 * Cache-Control, CSP…) and its representation's own, so that a request costs
 * one `writeHead` with a ready object. Content-Encoding is set, so the
 * compression middleware leaves the body alone ("already encoded").
 */
export function serveAs(resource: StaticResource, headers: Headers): ServedResource {
  const answer = ({ encoding, body, etag }: Representation): Answer => {
    const notModified = {
      ...headers,
      ...(resource.available.length > 1 ? { Vary: "Accept-Encoding" } : {}),
      ETag: etag,
      "Last-Modified": resource.lastModified,
    };
    const ok = {
      ...notModified,
      "Content-Type": resource.contentType,
      ...(encoding !== "identity" ? { "Content-Encoding": encoding } : {}),
      "Content-Length": String(body.length),
    };
    return { encoding, etag, body, ok, notModified };
  };
  const { identity, br, gzip } = resource.representations;
  return {
    lastModified: resource.lastModified,
    available: resource.available,
    answers: {
      identity: answer(identity),
      ...(br ? { br: answer(br) } : {}),
      ...(gzip ? { gzip: answer(gzip) } : {}),
    },
  };
}

/** The representation the request's Accept-Encoding asks for. */
export function answerFor(req: Req, served: ServedResource): Answer {
  const encoding = negotiateEncoding(req.headers["accept-encoding"], served.available);
  return served.answers[encoding] ?? served.answers.identity;
}

/**
 * Sends `answer`, or 304 when the request's validators match it, in one
 * `writeHead`; HEAD gets the headers alone. `first`: headers of this
 * request's own (its id), written before the answer's.
 */
export function sendAnswer(req: Req, res: ServerResponse, served: ServedResource, answer: Answer, first?: Headers) {
  const notModified = isNotModified(req.headers, answer.etag, served.lastModified);
  const headers = notModified ? answer.notModified : answer.ok;
  res.writeHead(notModified ? 304 : 200, first ? { ...first, ...headers } : headers);
  if (notModified || req.method === "HEAD") res.end();
  else res.end(answer.body);
}

/** Sends the representation the request asks for (or 304). */
export function sendResource(req: Req, res: ServerResponse, served: ServedResource): void {
  sendAnswer(req, res, served, answerFor(req, served));
}

// ---------------------------------------------------------------------------
// Build step
// ---------------------------------------------------------------------------

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type PrecompressReport = { files: number; bytes: number; brBytes: number; gzipBytes: number };

/** Brotli at its highest quality, and gzip -9: each file is compressed once, at build. */
export async function compressBoth(bytes: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/**
 * Writes `.br` and `.gz` beside every compressible file of at least
 * `minCompressBytes` under `dir`, each only if it is smaller than the file.
 * A sibling left from an earlier run that no longer pays is removed.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, bytes: 0, brBytes: 0, gzipBytes: 0 };
  const candidates = [...walk(dir)].filter(
    (file) => compressibleExtensions.has(path.extname(file).toLowerCase()) && statSync(file).size >= minCompressBytes,
  );
  await Promise.all(
    candidates.map(async (file) => {
      const bytes = await readFile(file);
      const compressed = await compressBoth(bytes);
      let wrote = false;
      for (const encoding of ["br", "gzip"] as const) {
        const body = compressed[encoding];
        if (body.length < bytes.length) {
          await writeFile(file + suffix[encoding], body);
          report[encoding === "br" ? "brBytes" : "gzipBytes"] += body.length;
          wrote = true;
        } else {
          rmSync(file + suffix[encoding], { force: true });
        }
      }
      if (wrote) {
        report.files++;
        report.bytes += bytes.length;
      }
    }),
  );
  return report;
}

// ---------------------------------------------------------------------------
// Middleware
// ---------------------------------------------------------------------------

/** Each file's served form, with the headers `headersFor` gives for its URL path. */
export function serveFiles(
  files: ReadonlyMap<string, StaticResource>,
  headersFor: (urlPath: string) => Headers,
): Map<string, ServedResource> {
  return new Map([...files].map(([urlPath, resource]) => [urlPath, serveAs(resource, headersFor(urlPath))]));
}

/**
 * Serves the files in `files` (keyed by URL path) from memory, GET and HEAD
 * only. Anything else goes on to `next`. A `.data` request with a query
 * string is not the prerendered file (the server renders it), so it goes on
 * too.
 */
export function servePrecompressed(files: ReadonlyMap<string, ServedResource>) {
  return (req: Req, res: ServerResponse, next: () => void): void => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const rawPath = query === -1 ? url : url.slice(0, query);
    if (query !== -1 && rawPath.endsWith(".data")) return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(rawPath);
    } catch {
      return next();
    }
    const file = files.get(urlPath);
    if (!file) return next();
    sendResource(req, res, file);
  };
}
