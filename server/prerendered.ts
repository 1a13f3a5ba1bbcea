/**
 * Prerendered pages: the HTML that `react-router build` wrote for pages
 * whose content is the same for every visitor. Each file is read once at
 * start-up with the hashes of its inline scripts, so its Content-Security-
 * Policy can allow exactly those scripts (a nonce cannot be baked into a file),
 * together with its brotli and gzip forms written at build time
 * (server/static-files.ts), so a page is never compressed per request.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { loadResource, type StaticResource } from "./static-files.ts";

export type PrerenderedPage = {
  html: string;
  scriptHashes: string[];
  /** The page's bytes as sent: identity, and .br/.gz when the build wrote them. */
  resource: StaticResource;
};

const inlineScript = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** Hashes of the inline scripts the browser executes (JSON-LD is data, not code). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScript)) {
    const attributes = match[1] ?? "";
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/** The file a URL path's prerendered HTML lives in, inside the client build. */
export function htmlFileFor(clientDir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const trimmed = decoded.replace(/\/+$/, "");
  if (trimmed.includes("\0") || trimmed.split("/").includes("..")) return null;
  return path.join(clientDir, trimmed, "index.html");
}

/**
 * The prerendered pages among `paths`, keyed by path. `loaded` (the files
 * already in memory, by URL path such as /about/index.html) is reused rather
 * than read again.
 */
export function loadPrerenderedPages(
  clientDir: string,
  paths: string[],
  loaded: ReadonlyMap<string, StaticResource> = new Map(),
): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  for (const pagePath of paths) {
    const file = htmlFileFor(clientDir, pagePath);
    if (!file || !existsSync(file)) continue;
    const urlPath = "/" + path.relative(clientDir, file).split(path.sep).join("/");
    const resource = loaded.get(urlPath) ?? loadResource(file, "text/html; charset=utf-8");
    const html = resource.representations.identity.body.toString("utf8");
    pages.set(pagePath, { html, scriptHashes: inlineScriptHashes(html), resource });
  }
  return pages;
}
