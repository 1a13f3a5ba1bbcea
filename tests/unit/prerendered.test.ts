import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { bootLoader, deferHydration } from "~/page-script/deferred-hydration.server.ts";
import { htmlFileFor, inlineScriptHashes, loadPrerenderedPages } from "../../server/prerendered.ts";
import { loadPrecompressedFiles, precompressDirectory } from "../../server/static-files.ts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes the exact text of each executable inline script", () => {
    const one = "window.__ctx = {\n  a: 1 };";
    const two = ' import("/assets/entry.js"); ';
    const html = `<head><script>${one}</script></head><body><script type="module" async="">${two}</script></body>`;
    expect(inlineScriptHashes(html)).toStrictEqual([sha256(one), sha256(two)]);
  });

  it("ignores external scripts and JSON-LD data", () => {
    const html =
      '<script src="/assets/app.js"></script>' +
      '<script type="module" src="/assets/entry.js"></script>' +
      '<script type="application/ld+json">{"@type":"Organization"}</script>' +
      "<script>run()</script>";
    expect(inlineScriptHashes(html)).toStrictEqual([sha256("run()")]);
  });

  it("lists a script that appears twice only once", () => {
    expect(inlineScriptHashes("<script>a()</script><p></p><script>a()</script>")).toStrictEqual([sha256("a()")]);
  });

  it("allows the loader and the deferred bootstrap the loader re-inserts on a deferred page", () => {
    const code = 'import("/assets/entry.js");';
    const html = deferHydration(
      `<html><head></head><body><script type="module" async="">${code}</script></body></html>`,
    );
    expect(inlineScriptHashes(html)).toStrictEqual([sha256(code), sha256(bootLoader)]);
  });
});

describe("htmlFileFor", () => {
  const dir = "/srv/build/client";

  it("maps a page path to its index.html", () => {
    expect(htmlFileFor(dir, "/about")).toBe(path.join(dir, "about", "index.html"));
    expect(htmlFileFor(dir, "/pillar/strategy")).toBe(path.join(dir, "pillar", "strategy", "index.html"));
  });

  it("maps the home page to the top-level index.html", () => {
    expect(htmlFileFor(dir, "/")).toBe(path.join(dir, "index.html"));
  });

  it("ignores a trailing slash", () => {
    expect(htmlFileFor(dir, "/about/")).toBe(path.join(dir, "about", "index.html"));
  });

  it.each(["/../etc/passwd", "/%2e%2e/x", "/about/%2E%2E/%2e%2e/etc", "/a%00b"])(
    "refuses the path %s, which escapes the build folder",
    (pathname) => {
      expect(htmlFileFor(dir, pathname)).toBeNull();
    },
  );

  it("refuses a malformed percent-encoding", () => {
    expect(htmlFileFor(dir, "/%E0%A4%A")).toBeNull();
  });
});

describe("loadPrerenderedPages", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "prerendered-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const script = 'import("/assets/entry.js");';
  const html = `<html><body>${"<p>About the firm.</p>".repeat(200)}<script type="module">${script}</script></body></html>`;
  mkdirSync(path.join(dir, "about"));
  writeFileSync(path.join(dir, "about", "index.html"), html);
  writeFileSync(path.join(dir, "index.html"), "<html><body>Home</body></html>");

  it("keeps each page's script hashes and the brotli and gzip forms the build wrote", async () => {
    await precompressDirectory(dir);
    const pages = loadPrerenderedPages(dir, ["/", "/about", "/missing"]);
    expect([...pages.keys()]).toStrictEqual(["/", "/about"]);
    const about = pages.get("/about")!;
    expect(about.html).toBe(html);
    expect(about.scriptHashes).toStrictEqual([sha256(script)]);
    expect(about.resource.contentType).toBe("text/html; charset=utf-8");
    expect(about.resource.available).toStrictEqual(["br", "gzip", "identity"]);
    const br = about.resource.representations.br!.body;
    expect(br.equals(readFileSync(path.join(dir, "about", "index.html.br")))).toBe(true);
    expect(zlib.brotliDecompressSync(br).toString("utf8")).toBe(html);
    // The home page is under 1 kB: not compressed, sent as it is.
    expect(pages.get("/")!.resource.available).toStrictEqual(["identity"]);
  });

  it("reuses the files already loaded rather than reading them again", async () => {
    await precompressDirectory(dir);
    const loaded = loadPrecompressedFiles(dir);
    const pages = loadPrerenderedPages(dir, ["/about"], loaded);
    expect(pages.get("/about")!.resource).toBe(loaded.get("/about/index.html"));
  });
});
