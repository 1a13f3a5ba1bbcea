/**
 * Cache-miss render benchmark (issue 28): how long a public page takes when it
 * is not in the page cache (the first request after a publish: rendered,
 * compressed, kept), against a cached hit of the same page.
 *
 *   npm run bench:page-render -- [--rounds 5] [--out page-render]
 *
 * Starts the production server (`node server/index.ts`, SQLite in a fresh
 * DATA_DIR, a free port; builds first when build/ is missing), then for each
 * round publishes a change to one webinar through the content store on the
 * same database file (as the editor does), waits until the server serves the
 * new version (its pages are then all misses), and asks for every kept page
 * once (a miss), then once more (a hit), one request at a time. Reports the
 * miss and hit times (p50, p99, max) over all rounds and pages, and writes
 * bench/results/<out>.{md,json}.
 */
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sitePages } from "../app/content/site-map.server.ts";
import { openDatabase } from "../app/data/db.server.ts";
import { publishChange } from "./publish.ts";
import { build, percentile, ROOT, startSite } from "./support/runner.ts";
import { writeResults } from "./support/report.ts";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "5" }, out: { type: "string", default: "page-render" } },
});
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50)
  throw new Error("--rounds must be a whole number from 1 to 50");

if (!existsSync(path.join(ROOT, "build", "server"))) build((m) => console.log(m));
const site = await startSite("sqlite", "page_render");
const base = site.server.base;
const pages = sitePages.filter((p) => p.prerender).map((p) => p.path);
const misses: number[] = [];
const hits: number[] = [];
const timed = async (url: string) => {
  const started = performance.now();
  const response = await fetch(url, { headers: { "Accept-Encoding": "br, gzip" } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
};

try {
  const db = await openDatabase({ dataDir: site.dataDir });
  for (let round = 1; round <= rounds; round++) {
    await publishChange(db.db, base, `round ${round}`);
    for (const page of pages) misses.push(await timed(base + page));
    for (const page of pages) hits.push(await timed(base + page));
  }
  await db.close();
} finally {
  await site.stop();
}

const summary = (times: number[]) => ({
  p50: Number(percentile(times, 50).toFixed(1)),
  p99: Number(percentile(times, 99).toFixed(1)),
  max: Number(Math.max(...times).toFixed(1)),
  n: times.length,
});
const result = {
  date: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? "?"}`,
  load: loadavg()
    .map((l) => l.toFixed(1))
    .join(" "),
  rounds,
  pages: pages.length,
  miss: summary(misses),
  hit: summary(hits),
};
const md = [
  `# Cache-miss render (bench/page-render.ts)`,
  ``,
  `${result.date} · ${result.machine} · load ${result.load} · ${rounds} rounds × ${pages.length} pages, one request at a time, Accept-Encoding: br, gzip`,
  ``,
  `| | p50 (ms) | p99 (ms) | max (ms) | requests |`,
  `|---|---:|---:|---:|---:|`,
  `| miss (first request after a publish: render, compress, keep) | ${result.miss.p50} | ${result.miss.p99} | ${result.miss.max} | ${result.miss.n} |`,
  `| hit (the same page again) | ${result.hit.p50} | ${result.hit.p99} | ${result.hit.max} | ${result.hit.n} |`,
  ``,
].join("\n");
writeResults(values.out!, result, md);
console.log(md);
