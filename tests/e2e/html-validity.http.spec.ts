import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { sitePages } from "../../app/content/site-map.server.ts";
import { expect, test } from "./fixtures.ts";

// Every page's HTML, as the site serves it, through the Nu HTML checker
// (npm vnu-jar: vnu.jar, run on the machine's Java; `bash .ci/run` installs
// Debian's default-jre-headless where `java` is missing). One run of the
// checker for all pages (one JVM start, a few seconds). Needs the
// production build (npm run build).

/** vnu.jar's path: the vnu-jar package exports it (as a String object). */
const vnuJar = String(createRequire(import.meta.url)("vnu-jar") as string);

/** Every page of the site (/contact among them), and /consultation-payment, rendered per request. */
const paths = [...new Set([...sitePages.map((p) => p.path), "/consultation-payment", "/contact"])];

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
  firstColumn?: number;
};

/**
 * The messages let through: "CSS: ..." ones, and one about the render-
 * blocking `expect` link (ADR 021).
 *
 * "CSS: ..." messages: They are about the
 * stylesheet inlined in a <style> element (Tailwind 4's output), not the
 * HTML: the checker's CSS validator does not know CSS that browsers
 * support, such as `@property`, `position-area`, `position-try-fallbacks`,
 * `margin-trim` or custom properties in `transition-property`. Everything
 * else the checker reports fails the test.
 */
const isUnknownCss = (m: VnuMessage) => m.type === "error" && m.message.startsWith("CSS: ");

/**
 * The checker predates `blocking` on `<link rel="expect">`, which the HTML
 * standard allows (ADR 021, the link to the end-of-page marker): exactly
 * that element, and only that message about it, is let through.
 */
const isExpectLink = (m: VnuMessage) =>
  m.type === "error" &&
  m.message ===
    "A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”." &&
  (m.extract ?? "").includes('<link rel="expect" href="#page-end" blocking="render"/>');

/**
 * Each page inlines its first screen's styles (ADR 089); checking them on
 * every page took half the checker's time and can only add "CSS:" messages,
 * which are let through anyway. So the first page keeps its styles, and on
 * the others each style element's text is blanked to spaces (same length and
 * line breaks: positions in messages stay right).
 */
function blankStylesAfterTheFirstPage(html: string, pagesSeen: number): string {
  if (pagesSeen === 0) return html;
  return html.replace(
    /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g,
    (_element, open: string, css: string, close: string) => open + css.replace(/[^\n]/g, " ") + close,
  );
}

function runVnu(files: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // A short run: the JVM's first-tier compiler only (half the CPU time of
  // the default), which needs a larger thread stack than the 512 KB the
  // checker asks for (it stops with a StackOverflowError otherwise).
  const jvm = ["-XX:TieredStopAtLevel=1", "-Xss64m"];
  const args = [...jvm, "-jar", vnuJar, "--errors-only", "--format", "json", "--skip-non-html", ...files];
  return new Promise((resolve, reject) => {
    execFile("java", args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      // Exit status 1 means "errors found"; anything that kept it from running is a failure.
      if (error && typeof error.code !== "number") {
        reject(new Error(`could not run java -jar vnu.jar (${error.message}); is Java installed?`));
        return;
      }
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

test("every page is valid HTML (Nu HTML checker, errors only)", async ({ request }) => {
  const dir = mkdtempSync(path.join(tmpdir(), "html-validity-"));
  try {
    /** file name -> URL path */
    const pageOf = new Map<string, string>();
    for (const urlPath of paths) {
      const response = await request.get(urlPath, { maxRedirects: 0 });
      expect(response.status(), urlPath).toBe(200);
      expect(response.headers()["content-type"], urlPath).toContain("text/html");
      const file = `${urlPath === "/" ? "index" : urlPath.slice(1).replaceAll("/", "__")}.html`;
      writeFileSync(path.join(dir, file), blankStylesAfterTheFirstPage(await response.text(), pageOf.size));
      pageOf.set(file, urlPath);
    }

    const files = [...pageOf.keys()].map((file) => path.join(dir, file));
    const run = await runVnu(files);
    // The JSON report goes to stderr; exit status 1 means messages were reported (judged below).
    const output = run.stderr || run.stdout;
    let report: { messages: VnuMessage[] };
    try {
      report = JSON.parse(output) as typeof report;
    } catch {
      throw new Error(`vnu.jar exited with ${run.code} without a JSON report:\n${output.slice(0, 2_000)}`);
    }
    expect([0, 1], `vnu.jar's exit status`).toContain(run.code);
    const problems = report.messages
      .filter((m) => !isUnknownCss(m) && !isExpectLink(m))
      .map((m) => ({
        page: pageOf.get(path.basename(m.url ?? "")) ?? m.url,
        type: m.subType ? `${m.type}/${m.subType}` : m.type,
        message: m.message,
        at: m.lastLine === undefined ? undefined : `${m.lastLine}:${m.firstColumn ?? ""}`,
        extract: m.extract,
      }));
    expect(problems).toEqual([]);
    console.log(`html validity: ${files.length} pages checked, 0 errors`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the stylesheet has no rule made from text outside the app", async ({ request }) => {
  // Tailwind scans only app/ (app/app.css: source(none) and @source): text
  // in bench/, such as the log prefix "[bench:api]", once became a rule
  // `.\[bench\:api\]{bench:api}` on every page.
  const html = await (await request.get("/")).text();
  const href = /<link rel="stylesheet" href="([^"]+)"[^>]*data-site-css/.exec(html)?.[1];
  expect(href, "the home page links the stylesheet").toMatch(/^\/assets\/app-[\w-]+\.css$/);
  const styles = await (await request.get(href!)).text();
  expect(styles.length, "the whole stylesheet").toBeGreaterThan(30_000);
  // No rule mentions bench (if one does, the failure lists the rules).
  expect(styles.match(/[^{}]*bench[^{}]*\{[^}]*\}/g) ?? []).toEqual([]);
  expect(styles).not.toContain("bench");
});
