import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import zlib from "node:zlib";
import { appPagePath, expect, test } from "./fixtures.ts";
import { ROOT, type SiteServer } from "../../harness/servers.ts";

// Prerendered pages and build assets are compressed once at build time
// (.br and .gz beside each file in build/client) and served in the encoding
// the client takes, with an ETag per encoding and 304 answers
// (docs/decisions/014). Needs the production build (npm run build).

const clientDir = path.join(ROOT, "build", "client");

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request on its own connection; the body exactly as sent (not decoded). */
function raw(site: SiteServer, urlPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: site.port, path: urlPath, method, headers, agent: false },
      (res) => {
        buffer(res).then((body) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }), reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`timed out: ${method} ${urlPath}`)));
    req.on("error", reject);
    req.end();
  });
}

const encodings = [
  { name: "br", accept: "br, gzip", decode: (b: Buffer) => zlib.brotliDecompressSync(b), file: ".br" },
  { name: "gzip", accept: "gzip", decode: (b: Buffer) => zlib.gunzipSync(b), file: ".gz" },
  { name: "identity", accept: "", decode: (b: Buffer) => b, file: "" },
] as const;

let site: SiteServer;
/** [URL path, file in build/client]: a prerendered page and the entry script. */
let targets: [string, string][];

test.beforeAll(async ({ launcher }) => {
  site = await launcher.site({ name: "static-files" });
  const page = await raw(site, appPagePath);
  const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(page.body.toString("utf8"))?.[0];
  expect(entry, `${appPagePath} loads the entry script`).toBeTruthy();
  targets = [
    ["/about", "about/index.html"],
    [entry!, entry!.slice(1)],
  ];
});

test.afterAll(({ launcher }) => launcher.stopAll());

test("br, gzip and identity decode to the build's bytes, each with its own ETag", async () => {
  for (const [urlPath, file] of targets) {
    const original = readFileSync(path.join(clientDir, file));
    const tags = new Set<string>();
    for (const encoding of encodings) {
      const res = await raw(site, urlPath, encoding.accept ? { "Accept-Encoding": encoding.accept } : {});
      const what = `${urlPath} (${encoding.name})`;
      expect(res.status, what).toBe(200);
      expect(res.headers["content-encoding"], what).toBe(encoding.name === "identity" ? undefined : encoding.name);
      expect(res.headers.vary, what).toMatch(/(^|,\s*)Accept-Encoding(\s*,|$)/i);
      expect(res.headers["content-length"], what).toBe(String(res.body.length));
      expect(encoding.decode(res.body).equals(original), what).toBe(true);
      // The build's compressed file, sent as it is: no compression per request.
      expect(res.body.equals(readFileSync(path.join(clientDir, file + encoding.file))), what).toBe(true);
      expect(res.headers.etag, what).toMatch(/^"[^"]+"$/);
      tags.add(res.headers.etag!);
    }
    expect(tags.size, urlPath).toBe(3);
  }
});

test("a matching If-None-Match gets 304 with no body; another encoding's tag does not", async () => {
  for (const [urlPath] of targets) {
    const br = await raw(site, urlPath, { "Accept-Encoding": "br, gzip" });
    const gzip = await raw(site, urlPath, { "Accept-Encoding": "gzip" });
    const notModified = await raw(site, urlPath, { "Accept-Encoding": "br, gzip", "If-None-Match": br.headers.etag! });
    expect(notModified.status, urlPath).toBe(304);
    expect(notModified.body.length, urlPath).toBe(0);
    expect(notModified.headers.etag, urlPath).toBe(br.headers.etag);
    expect(notModified.headers.vary, urlPath).toMatch(/Accept-Encoding/i);
    expect(notModified.headers["cache-control"], urlPath).toBe(br.headers["cache-control"]);
    const list = await raw(site, urlPath, { "Accept-Encoding": "gzip", "If-None-Match": `"x", ${gzip.headers.etag}` });
    expect(list.status, urlPath).toBe(304);
    const crossed = await raw(site, urlPath, { "Accept-Encoding": "gzip", "If-None-Match": br.headers.etag! });
    expect(crossed.status, urlPath).toBe(200);
    expect(crossed.headers.etag, urlPath).toBe(gzip.headers.etag);
  }
});

test("HEAD answers with the representation's headers and no body", async () => {
  for (const [urlPath] of targets) {
    const get = await raw(site, urlPath, { "Accept-Encoding": "br, gzip" });
    const head = await raw(site, urlPath, { "Accept-Encoding": "br, gzip" }, "HEAD");
    expect(head.status, urlPath).toBe(200);
    expect(head.body.length, urlPath).toBe(0);
    expect(head.headers["content-length"], urlPath).toBe(String(get.body.length));
    expect(head.headers["content-encoding"], urlPath).toBe("br");
    expect(head.headers.etag, urlPath).toBe(get.headers.etag);
  }
});

test("the page keeps its headers: 200 at /about without a redirect, hash CSP, caching, security headers", async () => {
  for (const encoding of encodings) {
    const page = await raw(site, "/about", encoding.accept ? { "Accept-Encoding": encoding.accept } : {});
    expect(page.status, encoding.name).toBe(200);
    expect(page.headers.location, encoding.name).toBeUndefined();
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(page.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["strict-transport-security"]).toContain("max-age=");
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
  }
  const tagged = await raw(site, "/about", { "Accept-Encoding": "br" });
  const notModified = await raw(site, "/about", { "Accept-Encoding": "br", "If-None-Match": tagged.headers.etag! });
  expect(notModified.status).toBe(304);
  expect(notModified.headers["content-security-policy"]).toBe(tagged.headers["content-security-policy"]);

  const slash = await raw(site, "/about/", { "Accept-Encoding": "br" });
  expect(slash.status).toBe(200);
  expect(slash.headers.etag).toBe(tagged.headers.etag);

  const [asset] = targets[1]!;
  const script = await raw(site, asset, { "Accept-Encoding": "br, gzip" });
  expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(script.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(script.headers["x-content-type-options"]).toBe("nosniff");
});

test("a page address with a query string is still rendered by the server", async () => {
  const res = await raw(site, "/about?ref=newsletter", { "Accept-Encoding": "br, gzip" });
  expect(res.status).toBe(200);
  expect(res.headers["content-security-policy"]).toMatch(/'nonce-[^']+'/);
  expect(res.headers["content-security-policy"]).not.toContain("'sha256-");
});

test("a prerendered page's HTML file is not a second address of the page: 301 to the page's address", async () => {
  for (const [from, to] of [
    ["/about/index.html", "/about"],
    ["/index.html", "/"],
    ["/pillar/strategy/index.html?ref=mail", "/pillar/strategy?ref=mail"],
  ] as const) {
    for (const accept of ["br, gzip", ""]) {
      const res = await raw(site, from, { "Accept-Encoding": accept });
      expect(res.status, `${from} (${accept || "identity"})`).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  }
});
