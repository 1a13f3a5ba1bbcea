/**
 * What the last Playwright run cost, read from its JSON report
 * (reports/playwright.json, written by playwright.config.ts): the wall time
 * of the run, each project's tests and the time they took (summed over
 * tests, so two workers' time counts twice), and the 15 slowest files. A
 * report, never a test: nothing here passes or fails on a time.
 *
 *   node scripts/test-report.ts [report.json] [--top N]
 */
import { existsSync, readFileSync } from "node:fs";

type Result = { duration: number; status: string };
type ReportTest = { projectName: string; results: Result[] };
type Spec = { title: string; file: string; tests: ReportTest[] };
type Suite = { title: string; file: string; specs?: Spec[]; suites?: Suite[] };
type Report = {
  suites: Suite[];
  stats: { startTime: string; duration: number; expected: number; unexpected: number; flaky: number; skipped: number };
};

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args[topAt + 1]) : 15;
const file = args.find((a, i) => !a.startsWith("--") && i !== topAt + 1) ?? "reports/playwright.json";
if (!existsSync(file)) {
  console.log(`No Playwright report at ${file}: run the end-to-end tests first.`);
  process.exit(0);
}
const report = JSON.parse(readFileSync(file, "utf8")) as Report;

const byProject = new Map<string, { tests: number; ms: number }>();
const byFile = new Map<string, { tests: number; ms: number; projects: Map<string, number> }>();
function walk(suite: Suite) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests) {
      const ms = t.results.reduce((sum, r) => sum + r.duration, 0);
      const p = byProject.get(t.projectName) ?? { tests: 0, ms: 0 };
      byProject.set(t.projectName, { tests: p.tests + 1, ms: p.ms + ms });
      const f = byFile.get(spec.file) ?? { tests: 0, ms: 0, projects: new Map() };
      f.tests += 1;
      f.ms += ms;
      f.projects.set(t.projectName, (f.projects.get(t.projectName) ?? 0) + ms);
      byFile.set(spec.file, f);
    }
  }
  for (const child of suite.suites ?? []) walk(child);
}
for (const suite of report.suites) walk(suite);

const min = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
const s = report.stats;
console.log(
  `Playwright run: ${min(s.duration)} wall (started ${s.startTime}); ${s.expected} passed, ${s.unexpected} failed, ${s.flaky} flaky, ${s.skipped} skipped`,
);
console.log("\nPer project (test time summed over workers):");
for (const [name, p] of [...byProject].sort((a, b) => b[1].ms - a[1].ms)) {
  console.log(`  ${name.padEnd(8)} ${String(p.tests).padStart(4)} tests  ${min(p.ms).padStart(9)}`);
}
console.log(`\nThe ${top} slowest files (summed over their tests and projects):`);
for (const [name, f] of [...byFile].sort((a, b) => b[1].ms - a[1].ms).slice(0, top)) {
  const parts = [...f.projects].map(([project, ms]) => `${project} ${(ms / 1000).toFixed(0)} s`).join(", ");
  console.log(`  ${min(f.ms).padStart(9)}  ${String(f.tests).padStart(3)} tests  ${name}  (${parts})`);
}
