/**
 * Prerendered pages: the HTML that `react-router build` wrote for pages
 * whose content is the same for every visitor. Each file is read once at
 * start-up with the hashes of its inline scripts, so its Content-Security-
 * Policy can allow exactly those scripts (a nonce cannot be baked into a file).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export type PrerenderedPage = { html: string; scriptHashes: string[] };

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

export function loadPrerenderedPages(clientDir: string, paths: string[]): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  for (const pagePath of paths) {
    const file = htmlFileFor(clientDir, pagePath);
    if (!file || !existsSync(file)) continue;
    const html = readFileSync(file, "utf8");
    pages.set(pagePath, { html, scriptHashes: inlineScriptHashes(html) });
  }
  return pages;
}
