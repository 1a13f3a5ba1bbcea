/**
 * The suite's accessibility scan against the old one (issues 38, 42): same rules,
 * same findings, how much faster?
 *
 *   npm run build && npm run bench:axe [-- --runs 3] [--only /,/about] [--out NAME]
 *
 * Builds nothing: run `npm run build` first. Starts `node server/index.ts`
 * (the production build) on a free port with a fresh SQLite DATA_DIR
 * (bench/support/runner.ts) and launches Debian's Chromium through Playwright
 * (harness/chromium.ts). For every page of `sitePages` and a 404 path,
 * at desktop (1280 × 720) and phone (Playwright's "Pixel 7") widths, each in
 * a fresh browser context: opens the page and hydrates it as the e2e tests'
 * gotoHydrated does (APP_NEEDED_EVENT, then html[data-hydrated=true]), then
 * scans it both ways, the order alternating from one page to the next (and
 * from one run to the next):
 * - old: the suite's scan before ADR 091, @axe-core/playwright's
 *   `AxeBuilder` in legacy mode, violations only (ADR 064);
 * - suite: `wcagScan(page)` (harness/axe.ts): axe-core's own API, its
 *   script put into the page once (ADR 091).
 * (Issue 38's first version of this bench had axe's default mode as "old":
 * bench/results history in git.)
 * Each scan's time is that of its `analyze()` call. Compared per page and
 * width: the violations (rule ID and node target) and the rules each scan
 * ran: the rule IDs it reports across passes, violations, incomplete and
 * inapplicable (with resultTypes, axe still lists every rule it ran in its
 * category, with at most one node, so the suite's scan reports them too).
 * As a cross-check, the rules the page's axe selects for the tags
 * (`axe.getRules(wcagTags)`) are recorded and compared with both.
 *
 * `--runs N` (3) repeats the whole pass; times are reported as the median
 * (min–max) over the runs of each run's median scan time, and the ratio of
 * old to suite. Records the load average before and after (the machine is
 * shared). Writes bench/results/<out>.{md,json} (default: axe-scan).
 * Exit code: 0 when violations and rule sets are identical everywhere, 2
 * when a difference is found (listed), 1 when the bench fails.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { devices, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { sitePages } from "../app/content/site-map.server.ts";
import { APP_NEEDED_EVENT } from "../app/page-script/deferred-hydration.server.ts";
import { wcagScan, wcagTags } from "../harness/axe.ts";
import {
  benchLog,
  median,
  positiveOption,
  requireBuild,
  runMain,
  selectPages,
  type Spread,
  spread,
} from "./support/runner.ts";
import { withSiteAndBrowser } from "./support/browser.ts";
import { onlyPages, resultsName } from "./support/options.ts";
import { machine, writeResults } from "./support/report.ts";

const log = benchLog("axe-scan");
const NOT_FOUND = "/this-page-does-not-exist";
const HYDRATED_TIMEOUT_MS = 30_000;

const WIDTHS: { name: "desktop" | "phone"; context: BrowserContextOptions }[] = [
  { name: "desktop", context: { viewport: { width: 1280, height: 720 } } },
  { name: "phone", context: { ...devices["Pixel 7"] } },
];

type Way = "old" | "suite";
type Options = { runs: number; only: string[] | null; out: string };

function readOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: "string", default: "3" },
      only: { type: "string" },
      out: { type: "string", default: "axe-scan" },
    },
  });
  const out = resultsName(values.out);
  return { runs: positiveOption("runs", values.runs, true), only: onlyPages(values.only), out };
}

type Scan = { ms: number; violations: string[]; rules: string[] };
type Visit = {
  run: number;
  path: string;
  width: "desktop" | "phone";
  first: Way;
  old: Scan;
  suite: Scan;
  /** The suite's scan once more, axe already in the document (a flow's scan at the phone's width). */
  suiteAgainMs: number;
  /** axe.getRules(wcagTags) in the page: the rules axe selects for the tags. */
  tagRules: string[];
};

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

function scanOf(results: AxeResults, ms: number): Scan {
  const violations = results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`));
  const rules = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map(
    (r) => r.id,
  );
  return { ms, violations: [...new Set(violations)].sort(), rules: [...new Set(rules)].sort() };
}

/** The suite's scan before ADR 091. */
const legacyScan = (page: Page) =>
  new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(wcagTags)
    .setLegacyMode(true);

async function timed(builder: { analyze(): Promise<AxeResults> }): Promise<Scan> {
  const started = performance.now();
  const results = await builder.analyze();
  return scanOf(results, performance.now() - started);
}

async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate((event) => document.dispatchEvent(new Event(event)), APP_NEEDED_EVENT);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached", timeout: HYDRATED_TIMEOUT_MS });
}

async function visit(browser: Browser, base: string, run: number, index: number, pagePath: string): Promise<Visit[]> {
  const visits: Visit[] = [];
  for (const [w, width] of WIDTHS.entries()) {
    const context = await browser.newContext({ ...width.context, baseURL: base });
    try {
      const page = await context.newPage();
      await gotoHydrated(page, pagePath);
      const first: Way = (index + w + run) % 2 === 0 ? "old" : "suite";
      const scans: Partial<Record<Way, Scan>> = {};
      let again = 0;
      for (const way of first === "old" ? (["old", "suite"] as const) : (["suite", "old"] as const)) {
        // Each way's scan is the document's first: no axe left in it by the other way.
        await page.evaluate(() => delete (window as { axe?: unknown }).axe);
        scans[way] = await timed(way === "old" ? legacyScan(page) : wcagScan(page));
        // The suite's scan of the same document again, axe already in it: a flow's phone-width scan.
        if (way === "suite") again = (await timed(wcagScan(page))).ms;
      }
      const tagRules = await page.evaluate(
        (tags) =>
          (window as unknown as { axe: { getRules(t: string[]): { ruleId: string }[] } }).axe
            .getRules(tags)
            .map((r) => r.ruleId),
        wcagTags,
      );
      visits.push({
        run,
        path: pagePath,
        width: width.name,
        first,
        old: scans.old!,
        suite: scans.suite!,
        suiteAgainMs: again,
        tagRules: [...new Set(tagRules)].sort(),
      });
    } finally {
      await context.close();
    }
  }
  return visits;
}

const setDiff = (a: string[], b: string[]) => a.filter((x) => !b.includes(x));

type Difference = { run: number; path: string; width: string; what: string; onlyOld: string[]; onlySuite: string[] };

function differences(visits: Visit[]): Difference[] {
  const found: Difference[] = [];
  for (const v of visits) {
    for (const what of ["violations", "rules"] as const) {
      const onlyOld = setDiff(v.old[what], v.suite[what]);
      const onlySuite = setDiff(v.suite[what], v.old[what]);
      if (onlyOld.length || onlySuite.length)
        found.push({ run: v.run, path: v.path, width: v.width, what, onlyOld, onlySuite });
    }
  }
  return found;
}

const round = (n: number) => Math.round(n);
const fmt = (s: Spread, unit = "ms") => `${round(s.median)} ${unit} (${round(s.min)}–${round(s.max)})`;

type ReportInput = {
  options: Options;
  pages: string[];
  visits: Visit[];
  runsDone: number;
  loadBefore: number;
  startedAt: string;
  chromiumVersion: string;
};

/** Writes bench/results/<out>.{md,json} for the runs done so far; returns whether both ways agreed and the Markdown. */
function report({ options, pages, visits, runsDone, loadBefore, startedAt, chromiumVersion }: ReportInput) {
  const loadAfter = loadavg()[0]!;
  const env = { ...machine(loadBefore, loadAfter), chromium: chromiumVersion };

  // Times: each run's median (and total) per way, then their spread over the runs.
  const runs = Array.from({ length: runsDone }, (_, run) => {
    const mine = visits.filter((v) => v.run === run);
    const old = median(mine.map((v) => v.old.ms));
    const suite = median(mine.map((v) => v.suite.ms));
    const oldTotal = mine.reduce((s, v) => s + v.old.ms, 0);
    const suiteTotal = mine.reduce((s, v) => s + v.suite.ms, 0);
    return {
      run: run + 1,
      oldMedianMs: old,
      suiteMedianMs: suite,
      ratio: old / suite,
      oldTotalMs: oldTotal,
      suiteTotalMs: suiteTotal,
    };
  });
  const byWidth = Object.fromEntries(
    WIDTHS.map(({ name }) => {
      const mine = visits.filter((v) => v.width === name);
      return [name, { old: spread(mine.map((v) => v.old.ms)), suite: spread(mine.map((v) => v.suite.ms)) }];
    }),
  );
  const times = {
    oldMedianMs: spread(runs.map((r) => r.oldMedianMs)),
    suiteMedianMs: spread(runs.map((r) => r.suiteMedianMs)),
    ratio: spread(runs.map((r) => r.ratio)),
    oldTotalMs: spread(runs.map((r) => r.oldTotalMs)),
    suiteTotalMs: spread(runs.map((r) => r.suiteTotalMs)),
    everyScan: { old: spread(visits.map((v) => v.old.ms)), suite: spread(visits.map((v) => v.suite.ms)) },
    suiteAgain: spread(visits.map((v) => v.suiteAgainMs)),
    byWidth,
  };

  const diffs = differences(visits);
  const allRules = (way: Way) => [...new Set(visits.flatMap((v) => v[way].rules))].sort();
  const tagRules = [...new Set(visits.flatMap((v) => v.tagRules))].sort();
  const rules = {
    old: allRules("old"),
    suite: allRules("suite"),
    tagRules,
    oldNotInTagRules: setDiff(allRules("old"), tagRules),
    tagRulesNotRunByOld: setDiff(tagRules, allRules("old")),
  };
  const violationsFound = [...new Set(visits.flatMap((v) => [...v.old.violations, ...v.suite.violations]))].sort();
  const compared = visits.length;

  const result = {
    date: startedAt,
    options,
    env,
    pages: pages.length,
    widths: WIDTHS.map((w) => w.name),
    compared,
    identical: diffs.length === 0,
    differences: diffs,
    violationsFound,
    rules,
    times,
    runs,
    visits,
  };

  const list = (xs: string[]) => (xs.length ? xs.map((x) => `\`${x}\``).join(", ") : "none");
  const md = [
    "# axe scan: the old way against the suite's (issues 38, 42)",
    "",
    `${pages.length} pages (\`sitePages\` and \`${NOT_FOUND}\`) × desktop (1280 × 720) and phone (Pixel 7), hydrated, ` +
      `${runsDone} run(s)${runsDone < options.runs ? ` of ${options.runs} asked (stopped part way)` : ""}: ${compared} page-width scans compared each way, the order alternating.`,
    "",
    "- old: the suite's scan before ADR 091: `AxeBuilder` (@axe-core/playwright) in legacy mode, violations only",
    "- suite: `wcagScan(page)` (harness/axe.ts): axe-core's own API, its script put into the page once (ADR 091)",
    "",
    `**Violations identical on every page and width: ${diffs.some((d) => d.what === "violations") ? "NO" : "yes"}.** ` +
      `Found (either way): ${list(violationsFound)}.`,
    "",
    `**Rule sets equal on every page and width: ${diffs.some((d) => d.what === "rules") ? "NO" : "yes"}** ` +
      `(IDs across passes, violations, incomplete, inapplicable): old ${rules.old.length} rules, suite ${rules.suite.length}; ` +
      `the page's \`axe.getRules(wcagTags)\`: ${tagRules.length} (old runs ${rules.old.length - rules.oldNotInTagRules.length} of them; ` +
      `not run: ${list(rules.tagRulesNotRunByOld)}; run and not listed: ${list(rules.oldNotInTagRules)}).`,
    "",
    "## Time per scan",
    "",
    "Each run's median scan time, then the median (min–max) over the runs.",
    "",
    "| figure | old | suite | old / suite |",
    "| --- | --- | --- | --- |",
    `| median scan | ${fmt(times.oldMedianMs)} | ${fmt(times.suiteMedianMs)} | ${times.ratio.median.toFixed(2)} (${times.ratio.min.toFixed(2)}–${times.ratio.max.toFixed(2)}) |`,
    `| all scans of a run | ${fmt({ median: times.oldTotalMs.median / 1000, min: times.oldTotalMs.min / 1000, max: times.oldTotalMs.max / 1000 }, "s")} | ${fmt({ median: times.suiteTotalMs.median / 1000, min: times.suiteTotalMs.min / 1000, max: times.suiteTotalMs.max / 1000 }, "s")} | ${(times.oldTotalMs.median / times.suiteTotalMs.median).toFixed(2)} |`,
    `| every scan (median, min–max) | ${fmt(times.everyScan.old)} | ${fmt(times.everyScan.suite)} | ${(times.everyScan.old.median / times.everyScan.suite.median).toFixed(2)} |`,
    ...WIDTHS.map(
      ({ name }) =>
        `| ${name} scans | ${fmt(byWidth[name]!.old)} | ${fmt(byWidth[name]!.suite)} | ${(byWidth[name]!.old.median / byWidth[name]!.suite.median).toFixed(2)} |`,
    ),
    "",
    `The suite's scan of a document it has scanned before (axe already in it: a flow's scan at the phone's width), every scan: ${fmt(times.suiteAgain)}; ` +
      "the old way put axe in again for every scan, so its second scan costs what its first does.",
    "",
    "| run | old median | suite median | ratio |",
    "| --- | --- | --- | --- |",
    ...runs.map(
      (r) => `| ${r.run} | ${round(r.oldMedianMs)} ms | ${round(r.suiteMedianMs)} ms | ${r.ratio.toFixed(2)} |`,
    ),
    "",
    "## Differences",
    "",
    ...(diffs.length
      ? [
          "| run | page | width | what | old only | suite only |",
          "| --- | --- | --- | --- | --- | --- |",
          ...diffs.map(
            (d) => `| ${d.run + 1} | ${d.path} | ${d.width} | ${d.what} | ${list(d.onlyOld)} | ${list(d.onlySuite)} |`,
          ),
        ]
      : ["None."]),
    "",
    `Machine (shared; the load average skews the times): ${Object.entries(env)
      .map(([k, v]) => `${k} ${v}`)
      .join("; ")}. Started ${startedAt}.`,
    "",
  ].join("\n");
  writeResults(options.out, result, md);
  log(
    `${diffs.length ? `DIFFERENCES: ${diffs.length}` : `identical on ${compared} page-width scans`}; median scan old ` +
      `${round(times.oldMedianMs.median)} ms, suite ${round(times.suiteMedianMs.median)} ms (× ${times.ratio.median.toFixed(2)})`,
  );
  return { identical: diffs.length === 0, md };
}

async function main(): Promise<number> {
  const options = readOptions(process.argv.slice(2));
  requireBuild(false, log);
  const pages = selectPages(options.only, [...sitePages.map((p) => p.path), NOT_FOUND]);
  return withSiteAndBrowser("bench_axe_scan", async ({ server }, browser) => {
    const chromiumVersion = browser.version();
    log(`server up at ${server.base}; ${pages.length} page(s) × ${WIDTHS.length} widths × ${options.runs} run(s)`);
    const loadBefore = loadavg()[0]!;
    const startedAt = new Date().toISOString();
    const visits: Visit[] = [];
    let last = { identical: true, md: "" };
    for (let run = 0; run < options.runs; run++) {
      const runStarted = performance.now();
      for (const [i, p] of pages.entries()) visits.push(...(await visit(browser, server.base, run, i, p)));
      const mine = visits.filter((v) => v.run === run);
      log(
        `run ${run + 1}/${options.runs} in ${((performance.now() - runStarted) / 1000).toFixed(0)} s: median scan ` +
          `old ${round(median(mine.map((v) => v.old.ms)))} ms, suite ${round(median(mine.map((v) => v.suite.ms)))} ms; ` +
          `load ${loadavg()[0]!.toFixed(1)}`,
      );
      // Written after every run: a pass stopped part way keeps the runs it finished.
      last = report({ options, pages, visits, runsDone: run + 1, loadBefore, startedAt, chromiumVersion });
    }
    process.stdout.write(last.md);
    return last.identical ? 0 : 2;
  });
}

runMain(main, log);
