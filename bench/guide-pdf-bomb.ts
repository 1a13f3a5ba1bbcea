/**
 * Memory taken by an uploaded guide PDF that is a "decompression bomb"
 * (issue 37, ADR 062): about 100 KB whose object stream expands to 100 MB.
 *
 * - before: what the upload did until now, pdf-lib reading the file
 *   (`PDFDocument.load`, as `checkGuidePdf` did first);
 * - after: `checkGuidePdf` as it is now (the streams counted, and the file
 *   refused, before pdf-lib expands anything).
 *
 * Each run is a fresh Node process; the figure is the rise of its peak
 * resident memory (maxRSS) over what it held before the step, median of
 * RUNS runs (default 5) with the spread. Writes
 * bench/results/guide-pdf-bomb.{json,md}.
 *
 *   node --import ./scripts/aliases.ts bench/guide-pdf-bomb.ts
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { checkGuidePdf } from "~/publishing/guide-files.server.ts";
import { makeDeflateBomb } from "../harness/guide-pdfs.ts";
import { gitCommit, repeatRuns, ROOT, spread } from "./support/runner.ts";
import { writeResults } from "./support/report.ts";

const decodedBytes = 100 * 1024 * 1024;
const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;

if (process.argv[2] === "--child") {
  const [, , , step, file] = process.argv;
  const bytes = new Uint8Array(readFileSync(file!));
  globalThis.gc?.();
  const before = process.resourceUsage().maxRSS;
  const started = performance.now();
  let outcome: string;
  if (step === "before") {
    const doc = await PDFDocument.load(bytes, {
      throwOnInvalidObject: true,
      updateMetadata: false,
      ignoreEncryption: true,
    });
    outcome = `read, ${doc.getPageCount()} page(s)`;
  } else {
    const check = await checkGuidePdf(bytes);
    outcome = check.ok ? "taken" : `refused (${check.status})`;
  }
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ riseKb: process.resourceUsage().maxRSS - before, ms, outcome }));
  process.exit(0);
}

const runs = Number(process.env.RUNS ?? 5);
const dir = mkdtempSync(path.join(tmpdir(), "pdf-bomb-"));
const file = path.join(dir, "bomb.pdf");
const bomb = await makeDeflateBomb(decodedBytes);
writeFileSync(file, bomb);

type Run = { riseKb: number; ms: number; outcome: string };
const results: Record<string, Run[]> = { before: [], after: [] };
await repeatRuns(runs, async () => {
  for (const step of ["before", "after"] as const) {
    const out = execFileSync(
      process.execPath,
      ["--expose-gc", "--import", "./scripts/aliases.ts", "bench/guide-pdf-bomb.ts", "--child", step, file],
      { cwd: ROOT, encoding: "utf8" },
    );
    results[step]!.push(JSON.parse(out) as Run);
  }
});
rmSync(dir, { recursive: true, force: true });

const summary = Object.fromEntries(
  Object.entries(results).map(([step, rs]) => {
    const rise = spread(rs.map((r) => mb(r.riseKb)));
    const ms = spread(rs.map((r) => Math.round(r.ms)));
    return [
      step,
      {
        outcome: rs[0]!.outcome,
        peakRiseMbMedian: rise.median,
        peakRiseMbMin: rise.min,
        peakRiseMbMax: rise.max,
        msMedian: ms.median,
        msMin: ms.min,
        msMax: ms.max,
      },
    ];
  }),
) as unknown as Record<"before" | "after", Record<string, number | string>>;

const report = {
  when: new Date().toISOString(),
  commit: gitCommit(),
  node: process.version,
  fileBytes: bomb.length,
  decodedBytes,
  runs,
  ...summary,
};
const row = (step: "before" | "after", what: string) => {
  const s = summary[step];
  return `| ${what} | ${s.outcome} | ${s.peakRiseMbMedian} MB (${s.peakRiseMbMin}–${s.peakRiseMbMax}) | ${s.msMedian} ms (${s.msMin}–${s.msMax}) |`;
};
writeResults(
  "guide-pdf-bomb",
  report,
  [
    "# A guide PDF that is a deflate bomb (issue 37, ADR 062)",
    "",
    `${(bomb.length / 1024).toFixed(0)} KB of PDF whose object stream expands to ${decodedBytes / 1024 / 1024} MB. Each run in a fresh Node ${process.version} process; the rise of its peak resident memory over what it held before the step; median of ${runs} runs (min–max). Commit ${report.commit ?? "?"}, ${report.when}.`,
    "",
    "| Step | Outcome | Peak memory rise | Time |",
    "| --- | --- | --- | --- |",
    row("before", "before: pdf-lib reads the upload (`PDFDocument.load`)"),
    row("after", "after: `checkGuidePdf` (streams counted first)"),
    "",
    "Re-run: `node --import ./scripts/aliases.ts bench/guide-pdf-bomb.ts` (RUNS=n).",
    "",
  ].join("\n"),
);
console.log(JSON.stringify(report, null, 2));
