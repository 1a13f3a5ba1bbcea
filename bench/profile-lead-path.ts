/**
 * Profiles the lead path under load, and compares variants of the server (A/B) on a busy
 * machine by what they cost rather than by requests per second alone.
 *
 *   node bench/profile-lead-path.ts [--variant NAME=DIR[,KEY=VALUE...]]... [--rounds 3]
 *        [--duration 10] [--connections 10] [--db sqlite|postgres] [--scenario contact|newsletter]
 *        [--prof] [--out DIR] [--tmp DIR] [--rate N]
 *
 * A variant is a project directory whose build/ is served (default: this project), with
 * optional environment settings (e.g. `--variant quiet=.,LOG_LEVEL=warn`). Each round runs
 * every variant once, in turn (A, B, A, B ...), each on a fresh server and a fresh database:
 * `node server/index.ts` (production build), autocannon on the scenario's endpoint for
 * --duration seconds, then the outbox is left to drain. Per run it reports requests/s,
 * p50/p99, the outbox backlog when the load stopped and the time to drain it, and the
 * server's CPU time per stored lead on its main thread (the one JavaScript runs on: the
 * limit of one process), during the load and in total (load and drain). CPU per lead is
 * the figure to compare on a machine others are using: it hardly depends on how much CPU
 * the server got.
 *
 * With --prof the server runs with --cpu-prof; the profile (written when the server exits
 * on SIGINT) is summarised by area (bench/profile-summary.ts) into OUT/<variant>-<round>.md.
 * --rate N offers N requests per second in all (autocannon's overallRate) instead of
 * sending each connection's next request when the last is answered: whether the outbox
 * keeps up at a given rate shows in the backlog at the end. OUT defaults to
 * bench/tmp/profile-<time>. Each run's data directory (SQLite file, .eml
 * files) is made under --tmp (default: the system's); /dev/shm keeps a disk that others
 * are busy with out of the comparison.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { formatSummary, readProfile, summarise } from "./profile-summary.ts";
import {
  benchLog,
  cpuTimes,
  freePort,
  median,
  positiveOption,
  ROOT,
  startServer,
  stopServer,
  waitForHealth,
} from "./support/runner.ts";
import {
  createSchema,
  type DbKind,
  dropSchema,
  openReader,
  outboxBacklog,
  type Reader,
  waitForDrain,
} from "./support/databases.ts";
import { runScenario, SCENARIOS } from "./support/load.ts";
import { profileCommandLine, type Variant } from "./support/options.ts";

const log = benchLog("profile");

type RunResult = {
  variant: string;
  round: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  leads: number;
  backlogAtEnd: number;
  drainMs: number | null;
  /** Main-thread CPU ms per stored lead during the load, and in total (load + drain). */
  loadCpuPerLead: number;
  totalCpuPerLead: number;
  /** Whole-process CPU ms per lead (all threads), load + drain. */
  processCpuPerLead: number;
  profile?: string;
};

async function runOnce(
  variant: Variant,
  round: number,
  opts: {
    duration: number;
    connections: number;
    db: DbKind;
    scenario: string;
    prof: boolean;
    out: string;
    tmp: string;
    rate?: number;
  },
): Promise<RunResult> {
  const scenario = SCENARIOS.find((s) => s.name === opts.scenario);
  if (!scenario) throw new Error(`unknown scenario ${opts.scenario}`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(opts.tmp, "profile-lead-"));
  const profDir = path.join(dataDir, "prof");
  const pgSchema = opts.db === "postgres" ? await createSchema("profile_lead") : null;
  const server = startServer({
    port,
    dataDir: path.join(dataDir, "data"),
    databaseUrl: pgSchema?.databaseUrl,
    root: variant.root,
    env: variant.env,
    nodeArgs: opts.prof ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : [],
  });
  let reader: Reader | null = null;
  try {
    await waitForHealth(server);
    reader = await openReader(opts.db, path.join(dataDir, "data"), pgSchema?.databaseUrl);
    const pid = server.child.pid!;
    const runId = randomBytes(3).toString("hex");
    const cpu0 = cpuTimes(pid);
    const { result } = await runScenario(server.base, scenario, {
      connections: opts.connections,
      duration: opts.duration,
      runId,
      rate: opts.rate,
    });
    const backlogAtEnd = await outboxBacklog(reader);
    const cpu1 = cpuTimes(pid);
    const { drainMs } = await waitForDrain(reader, 300_000);
    const cpu2 = cpuTimes(pid);
    const [row] = await reader.query(`SELECT COUNT(*) AS n FROM ${scenario.table} WHERE email LIKE 'bench-${runId}-%'`);
    const leads = Number(row?.n ?? 0);
    await reader.close();
    reader = null;
    await stopServer(server.child, "SIGINT", 30_000);
    let profile: string | undefined;
    if (opts.prof) {
      // One profile per thread (the main thread, and any worker thread the server runs).
      const files = readdirSync(profDir)
        .filter((f) => f.endsWith(".cpuprofile"))
        .sort();
      if (files.length === 0) log(`no profile written by ${variant.name} (output: ${server.output().slice(-500)})`);
      const written: string[] = [];
      files.forEach((file, i) => {
        const summary = summarise(readProfile(path.join(profDir, file)), { root: variant.root, file });
        const name = `${variant.name}-${round}${files.length > 1 ? `-thread${i}` : ""}`;
        copyFileSync(path.join(profDir, file), path.join(opts.out, `${name}.cpuprofile`));
        writeFileSync(
          path.join(opts.out, `${name}.md`),
          `# ${variant.name}, round ${round}: ${scenario.path}, ${opts.db}\n\n${formatSummary(summary, { leads })}`,
        );
        written.push(path.join(opts.out, `${name}.md`));
      });
      profile = written.join(", ");
    }
    const per = (a: number | undefined, b: number | undefined) =>
      a !== undefined && b !== undefined && leads > 0 ? (b - a) / leads : NaN;
    return {
      variant: variant.name,
      round,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok: result["2xx"],
      non2xx: result.non2xx,
      leads,
      backlogAtEnd,
      drainMs,
      loadCpuPerLead: per(cpu0?.mainThreadMs, cpu1?.mainThreadMs),
      totalCpuPerLead: per(cpu0?.mainThreadMs, cpu2?.mainThreadMs),
      processCpuPerLead: per(cpu0?.processMs, cpu2?.processMs),
      profile,
    };
  } finally {
    await reader?.close().catch(() => {});
    await stopServer(server.child, "SIGINT", 30_000);
    rmSync(dataDir, { recursive: true, force: true });
    if (pgSchema) await dropSchema(pgSchema.schema).catch(() => {});
  }
}

const f = (n: number | null, digits = 0) => (n === null || Number.isNaN(n) ? "–" : n.toFixed(digits));

function line(r: RunResult): string {
  return (
    `| ${r.variant} | ${r.round} | ${f(r.rps)} | ${r.p50} | ${r.p99} | ${r.leads} | ${r.non2xx} | ${r.backlogAtEnd} | ${f(r.drainMs === null ? null : r.drainMs / 1000, 1)} ` +
    `| ${f(r.loadCpuPerLead, 3)} | ${f(r.totalCpuPerLead, 3)} | ${f(r.processCpuPerLead, 3)} |`
  );
}

const header =
  "| Variant | Round | Req/s | p50 ms | p99 ms | leads | non-2xx | backlog at end | drain s | main-thread CPU ms/lead (load) | (load + drain) | process CPU ms/lead |\n" +
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|";

async function main() {
  const options = profileCommandLine(
    "1",
    {
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "10" },
      scenario: { type: "string", default: "contact" },
      prof: { type: "boolean", default: false },
      out: { type: "string" },
      rate: { type: "string" },
    },
    (values) => ({
      duration: positiveOption("duration", values.duration),
      connections: positiveOption("connections", values.connections, true),
      scenario: values.scenario,
      prof: values.prof,
      out: path.resolve(values.out ?? path.join(ROOT, "bench", "tmp", `profile-${Date.now()}`)),
      rate: values.rate ? positiveOption("rate", values.rate) : undefined,
    }),
  )(process.argv.slice(2));
  const { variants, rounds, ...opts } = options;
  mkdirSync(opts.out, { recursive: true });
  const results: RunResult[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const variant of variants) {
      log(
        `round ${round}: ${variant.name} (${variant.root}${Object.keys(variant.env).length ? `, ${JSON.stringify(variant.env)}` : ""})`,
      );
      const r = await runOnce(variant, round, opts);
      results.push(r);
      log(line(r) + (r.profile ? ` profile: ${r.profile}` : ""));
    }
  }
  const summaryRows = variants.map((v) => {
    const rs = results.filter((r) => r.variant === v.name);
    const m = (pick: (r: RunResult) => number | null) =>
      median(rs.map(pick).filter((x): x is number => x !== null && !Number.isNaN(x)));
    return {
      v,
      rps: m((r) => r.rps),
      p99: m((r) => r.p99),
      load: m((r) => r.loadCpuPerLead),
      total: m((r) => r.totalCpuPerLead),
      drain: m((r) => r.drainMs),
      backlog: m((r) => r.backlogAtEnd),
    };
  });
  const base = summaryRows[0]!;
  const table = [
    "| Variant | median req/s | median p99 ms | median backlog | median drain s | CPU ms/lead load | CPU ms/lead load+drain | vs first (load+drain) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...summaryRows.map(
      (s) =>
        `| ${s.v.name} | ${f(s.rps)} | ${f(s.p99)} | ${f(s.backlog)} | ${f(s.drain / 1000, 1)} | ${f(s.load, 3)} | ${f(s.total, 3)} | ${f((100 * s.total) / base.total - 100, 1)} % |`,
    ),
  ].join("\n");
  const report = `${header}\n${results.map(line).join("\n")}\n\n${table}\n`;
  writeFileSync(path.join(opts.out, "runs.md"), report);
  writeFileSync(path.join(opts.out, "runs.json"), `${JSON.stringify({ opts, variants, results }, null, 2)}\n`);
  process.stdout.write(`\n${report}\nwritten to ${opts.out}\n`);
}

main().catch((error: unknown) => {
  log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
