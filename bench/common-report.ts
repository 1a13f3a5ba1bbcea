/**
 * What the load benchmarks (api.ts, scale.ts) share around their runs: the
 * production build they need, the machine they ran on, autocannon's figures
 * as they record them, and how they end (exit 2 when a check failed).
 */
import { existsSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import type autocannon from "autocannon";
import { build, gitCommit, ROOT } from "./common.ts";

/** Builds first when asked (--build); throws when there is no production build to run. */
export function requireBuild(rebuild: boolean, log: (msg: string) => void): void {
  if (rebuild) build(log);
  if (!existsSync(path.join(ROOT, "build", "server", "index.js")))
    throw new Error("no production build: run `npm run build` first (or pass --build)");
}

/**
 * Node, the CPUs, the 1-minute load average before and after (other work on
 * the machine skews the figures) and the commit measured.
 */
export function machine(loadBefore: number, loadAfter: number): Record<string, string> {
  const cpuList = cpus();
  const env: Record<string, string> = {
    node: process.version,
    cpus: `${cpuList.length} × ${cpuList[0]?.model.trim() ?? "CPU"}`,
    load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
  };
  const commit = gitCommit();
  if (commit) env.commit = commit;
  return env;
}

/** autocannon's latency percentiles (ms) and answers, by status code too. */
export function loadFigures(result: autocannon.Result) {
  const byCode: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) byCode[code] = Number(stat.count ?? 0);
  return {
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    status: {
      "2xx": result["2xx"],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      byCode,
    },
  };
}

/** The exit code: 2 and the failed runs named, or 0 and `passed`. */
export function verdict(failed: string[], passed: string, log: (msg: string) => void): number {
  if (failed.length) {
    log(`FAIL: ${failed.join(", ")}`);
    return 2;
  }
  log(`PASS: ${passed}`);
  return 0;
}

/** Runs a benchmark's main and exits with its code (1 if it threw). */
export function runMain(main: () => Promise<number>, log: (msg: string) => void): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
