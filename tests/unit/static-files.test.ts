import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  entityTag,
  etagMatches,
  isNotModified,
  loadPrecompressedFiles,
  negotiateEncoding,
  precompressDirectory,
  resourceFrom,
  serveAs,
  serveFiles,
  servePrecompressed,
  type Encoding,
} from "../../server/static-files.ts";

const all: Encoding[] = ["br", "gzip", "identity"];

describe("negotiateEncoding", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, br", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["BR", "br"],
    ["deflate", "identity"],
    ["identity", "identity"],
    ["*", "br"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.0, gzip;q=0.8", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["br;q=0.5, identity", "identity"],
    ["gzip;q=0, br;q=0", "identity"],
    ["*;q=0, gzip", "gzip"],
    ["*;q=0.1, br;q=0", "gzip"],
    ["br;q=2, gzip", "gzip"],
    ["br;q=abc, gzip", "gzip"],
    ["br ; q = 0.9 , gzip ; q=0.8", "br"],
  ] as const)("Accept-Encoding %j → %s", (header, expected) => {
    expect(negotiateEncoding(header, all)).toBe(expected);
  });

  it("sends identity without the header, or with an empty one", () => {
    expect(negotiateEncoding(undefined, all)).toBe("identity");
    expect(negotiateEncoding("", all)).toBe("identity");
    expect(negotiateEncoding("  ", all)).toBe("identity");
  });

  it("chooses only among the representations that exist", () => {
    expect(negotiateEncoding("br, gzip", ["gzip", "identity"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip", "identity"])).toBe("identity");
    expect(negotiateEncoding("br, gzip", ["identity"])).toBe("identity");
  });

  it("sends identity when the client refuses everything we have (rather than 406)", () => {
    expect(negotiateEncoding("identity;q=0, br;q=0, gzip;q=0", all)).toBe("identity");
    expect(negotiateEncoding("*;q=0", all)).toBe("identity");
  });
});

describe("entityTag", () => {
  const bytes = Buffer.from("<html>page</html>");

  it("is a strong, quoted tag with one suffix per encoding", () => {
    const tags = all.map((e) => entityTag(bytes, e));
    for (const tag of tags) expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(new Set(tags).size).toBe(3);
    expect(tags[0]).toMatch(/-br"$/);
    expect(tags[1]).toMatch(/-gzip"$/);
  });

  it("changes when the content changes", () => {
    expect(entityTag(Buffer.from("<html>other</html>"), "br")).not.toBe(entityTag(bytes, "br"));
    expect(entityTag(Buffer.from(bytes), "br")).toBe(entityTag(bytes, "br"));
  });
});

describe("etagMatches", () => {
  const tag = '"abc123-br"';

  it("matches the tag alone, in a list, and in its weak form", () => {
    expect(etagMatches('"abc123-br"', tag)).toBe(true);
    expect(etagMatches('"zzz", "abc123-br" , "yyy"', tag)).toBe(true);
    expect(etagMatches('W/"abc123-br"', tag)).toBe(true);
    expect(etagMatches("*", tag)).toBe(true);
  });

  it("does not match another representation's tag, or nothing", () => {
    expect(etagMatches('"abc123-gzip"', tag)).toBe(false);
    expect(etagMatches('"abc123"', tag)).toBe(false);
    expect(etagMatches('"abc123-br-x"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
    expect(etagMatches("", tag)).toBe(false);
    expect(etagMatches("abc123-br", tag)).toBe(false);
  });
});

describe("isNotModified", () => {
  const modified = new Date("2026-11-20T10:00:00Z").toUTCString();
  const tag = '"abc-gzip"';

  it("answers from If-None-Match when it is sent, whatever If-Modified-Since says", () => {
    expect(isNotModified({ "if-none-match": tag }, tag, modified)).toBe(true);
    expect(isNotModified({ "if-none-match": '"other"', "if-modified-since": modified }, tag, modified)).toBe(false);
  });

  it("falls back to If-Modified-Since", () => {
    expect(isNotModified({ "if-modified-since": modified }, tag, modified)).toBe(true);
    expect(isNotModified({ "if-modified-since": "Sat, 21 Nov 2026 00:00:00 GMT" }, tag, modified)).toBe(true);
    expect(isNotModified({ "if-modified-since": "Thu, 19 Nov 2026 00:00:00 GMT" }, tag, modified)).toBe(false);
    expect(isNotModified({ "if-modified-since": "yesterday" }, tag, modified)).toBe(false);
    expect(isNotModified({}, tag, modified)).toBe(false);
  });
});

/** Text that compresses well, of about `size` bytes. */
const text = (size: number) =>
  Array.from({ length: Math.ceil(size / 40) }, (_, i) => `<p class="line">Line ${i} of the page</p>\n`)
    .join("")
    .slice(0, size);

describe("precompressDirectory and loadPrecompressedFiles", () => {
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "precompress-"));
    mkdirSync(path.join(dir, "assets"));
    mkdirSync(path.join(dir, "about"));
    writeFileSync(path.join(dir, "about", "index.html"), text(20_000));
    writeFileSync(path.join(dir, "about.data"), text(5_000));
    writeFileSync(path.join(dir, "assets", "entry-abc.js"), text(30_000));
    writeFileSync(path.join(dir, "assets", "tiny.js"), text(1_000));
    // Already compressed, or not worth it:
    writeFileSync(path.join(dir, "assets", "font.woff2"), randomBytes(4_000));
    writeFileSync(path.join(dir, "assets", "random.js"), randomBytes(4_000));
    await precompressDirectory(dir);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes brotli and gzip beside compressible files that shrink, decoding to the same bytes", () => {
    for (const file of ["about/index.html", "about.data", "assets/entry-abc.js"]) {
      const original = readFileSync(path.join(dir, file));
      const br = readFileSync(path.join(dir, `${file}.br`));
      const gz = readFileSync(path.join(dir, `${file}.gz`));
      expect(br.length).toBeLessThan(original.length);
      expect(gz.length).toBeLessThan(original.length);
      expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
    }
  });

  it("skips files under 1 kB, formats that are compressed already, and files that do not shrink", () => {
    for (const file of ["assets/tiny.js", "assets/font.woff2", "assets/random.js"]) {
      expect(existsSync(path.join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(path.join(dir, `${file}.gz`)), file).toBe(false);
    }
  });

  it("loads the precompressed files by URL path, with all three representations", () => {
    const files = loadPrecompressedFiles(dir);
    expect([...files.keys()].sort()).toStrictEqual(["/about.data", "/about/index.html", "/assets/entry-abc.js"]);
    const entry = files.get("/assets/entry-abc.js")!;
    expect(entry.available).toStrictEqual(["br", "gzip", "identity"]);
    expect(entry.contentType).toBe("text/javascript; charset=utf-8");
    expect(entry.representations.identity.body.equals(readFileSync(path.join(dir, "assets", "entry-abc.js")))).toBe(
      true,
    );
    expect(entry.representations.br!.body.equals(readFileSync(path.join(dir, "assets", "entry-abc.js.br")))).toBe(true);
    expect(files.get("/about.data")!.contentType).toBe("application/octet-stream");
  });
});

describe("servePrecompressed behind the compression middleware", () => {
  const body = Buffer.from(text(50_000));
  const br = zlib.brotliCompressSync(body);
  const gz = zlib.gzipSync(body, { level: 9 });
  const resource = resourceFrom(body, { br, gzip: gz }, "text/javascript; charset=utf-8", new Date());
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    const app = express();
    app.use(compression({ threshold: 1024 }));
    app.use(
      servePrecompressed(
        serveFiles(new Map([["/assets/app.js", resource]]), () => ({
          "Cache-Control": "public, max-age=31536000, immutable",
        })),
      ),
    );
    app.use((_req, res) => void res.status(404).send("not here"));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (urlPath: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path: urlPath, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });

  it("sends the build's brotli bytes as they are (not compressed again)", async () => {
    const res = await get("/assets/app.js", { "Accept-Encoding": "br, gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.body.equals(br)).toBe(true);
    expect(res.headers["content-length"]).toBe(String(br.length));
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.headers.etag).toBe(resource.representations.br!.etag);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends gzip, or the plain bytes, to clients that take only those", async () => {
    const gzip = await get("/assets/app.js", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body.equals(gz)).toBe(true);
    const plain = await get("/assets/app.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(body)).toBe(true);
    expect(plain.headers["content-length"]).toBe(String(body.length));
    expect(plain.headers.vary).toBe("Accept-Encoding");
  });

  it("answers 304 to the representation's own ETag only, and HEAD without a body", async () => {
    const tag = resource.representations.gzip!.etag;
    const notModified = await get("/assets/app.js", { "Accept-Encoding": "gzip", "If-None-Match": tag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(tag);
    const otherEncoding = await get("/assets/app.js", { "Accept-Encoding": "br", "If-None-Match": tag });
    expect(otherEncoding.status).toBe(200);
    const head = await get("/assets/app.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(br.length));
  });

  it("passes on other paths and methods", async () => {
    expect((await get("/assets/other.js")).status).toBe(404);
    expect((await get("/assets/app.js", {}, "POST")).status).toBe(404);
    expect((await get("/assets/%E0%A4%A")).status).toBe(404);
  });

  it("passes on a .data request with a query string (the server renders it)", async () => {
    const data = resourceFrom(body, { br }, "application/octet-stream", new Date(statSync(tmpdir()).mtime));
    const app = servePrecompressed(
      new Map([["/training.data", serveAs(data, { "Cache-Control": "public, max-age=3600" })]]),
    );
    let passed = 0;
    const res = { setHeader() {}, getHeader() {}, end() {} } as unknown as http.ServerResponse;
    app({ method: "GET", url: "/training.data?pillar=strategy", headers: {} } as http.IncomingMessage, res, () => {
      passed++;
    });
    expect(passed).toBe(1);
  });
});
