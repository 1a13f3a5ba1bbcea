/**
 * Scale-out benchmark: the production layout (harness/cluster.ts) with
 * 1, 2 and 3 instances of the production build behind nginx (deploy/nginx/),
 * all on one PostgreSQL schema, e-mail to a real SMTP server in this process.
 *
 *   node bench/scale.ts [--instances 1,2,3] [--runs 3] [--duration 10] [--connections 20]
 *                       [--warmup 2] [--mail-timeout 60] [--build] [--out scale]
 *
 * For each cluster size: a fresh cluster (fresh schema, no rate limit, no bot
 * timer, APP_ENV=production), a short warm-up, then `--runs` runs of
 * autocannon on POST /api/contact through nginx, every request with its own
 * e-mail address. Each run reports leads per second (2xx answers per second)
 * and latency p50/p99, then checks:
 *
 * - stored rows = 2xx answers: every 2xx is stored exactly once, nothing is
 *   stored that was not sent, and the only extra rows are requests still in
 *   flight when the load stopped (at most one per connection);
 * - e-mail keeps up: every stored enquiry's two e-mails reach the SMTP
 *   server within --mail-timeout seconds of the end of the load (the time
 *   it took is reported), none of them twice (by Message-ID).
 *
 * Reports the median and spread (min–max) of leads/s and p99 per cluster
 * size, and the speed-up over one instance. Writes bench/results/<out>.{md,json}.
 * Exit code: 0 when every check passes, 2 when a check fails, 1 when the bench itself fails.
 *
 * PostgreSQL: postgres://postgres@127.0.0.1:5432/test unless TEST_DATABASE_URL is set.
 * The figures depend on the machine: the 1-minute load average before and
 * after is recorded; take them on a quiet machine.
 */
import { randomBytes } from "node:crypto";
import { startCluster, type Cluster } from "../harness/cluster.ts";
import { pollUntil } from "../harness/servers.ts";
import { benchLog, positiveOption, requireBuild, runMain, verdict } from "./support/runner.ts";
import { loadFigures, runScenario, SCENARIOS } from "./support/load.ts";
import { loadBenchCommandLine, type LoadBenchOptions } from "./support/options.ts";
import { measureOnMachine, writeResults, machineNote } from "./support/report.ts";

const EMAILS_PER_LEAD = 2;

type Options = LoadBenchOptions & { instances: number[]; warmup: number; mailTimeout: number };

type RunResult = {
  run: number;
  durationS: number;
  requests: number;
  leadsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  status: { "2xx": number; non2xx: number; errors: number; timeouts: number; byCode: Record<string, number> };
  check: {
    rows: number;
    missing: number;
    unknown: number;
    duplicateRows: number;
    inFlightStored: number;
    emailsExpected: number;
    /** E-mails not yet handed to the SMTP server when the load stopped. */
    backlogAtEnd: number;
    emailsReceived: number;
    emailsMissing: number;
    emailsTwice: number;
    /** From the end of the load until every e-mail of the run had arrived (null: not within --mail-timeout). */
    mailDrainS: number | null;
    pass: boolean;
    notes: string[];
  };
};

type SizeResult = {
  instances: number;
  runs: RunResult[];
  leadsPerSecond: Spread;
  p99Ms: Spread;
};

type Spread = { median: number; min: number; max: number };

const log = benchLog("bench:scale");

const parseOptions: (argv: string[]) => Options = loadBenchCommandLine(
  { duration: "10", connections: "20", runs: "3", out: "scale" },
  {
    instances: { type: "string", default: "1,2,3" },
    warmup: { type: "string", default: "2" },
    "mail-timeout": { type: "string", default: "60" },
  },
  (values) => ({
    instances: values.instances.split(",").map((v) => positiveOption("instances", v.trim(), true)),
    warmup: values.warmup === "0" ? 0 : positiveOption("warmup", values.warmup),
    mailTimeout: positiveOption("mail-timeout", values["mail-timeout"]),
  }),
);

const contact = SCENARIOS.find((s) => s.name === "contact")!;

/** autocannon through nginx; every request a new address (bench-<prefix>-contact-<n>), tracked by its answer. */
const load = (base: string, prefix: string, seconds: number, connections: number) =>
  runScenario(base, contact, { connections, duration: seconds, runId: prefix });

/** The addresses of one run's enquiries, for LIKE. */
const addressesOf = (prefix: string) => `bench-${prefix}-${contact.name}-%`;

async function countUnsent(cluster: Cluster, prefix: string): Promise<number> {
  const [row] = await cluster.read(
    "SELECT COUNT(*) AS n FROM outbox o JOIN contact_enquiries c ON c.id = o.lead_id WHERE c.email LIKE ? AND o.sent_at IS NULL",
    [addressesOf(prefix)],
  );
  return Number(row?.n ?? 0);
}

async function oneRun(cluster: Cluster, run: number, options: Options): Promise<RunResult> {
  const prefix = `scale-${randomBytes(4).toString("hex")}-r${run}`;
  const receivedBefore = cluster.received();
  const { result, tracking } = await load(cluster.baseURL, prefix, options.duration, options.connections);
  const loadEnded = Date.now();
  const backlogAtEnd = await countUnsent(cluster, prefix);

  // E-mail keeps up: every e-mail of this run's stored enquiries arrives. The
  // expected set is re-read each time: a request still in flight when the
  // load stopped may add its enquiry (and e-mails) just after.
  const expected = async () =>
    new Set(
      (
        await cluster.read(
          "SELECT o.id AS id FROM outbox o JOIN contact_enquiries c ON c.id = o.lead_id WHERE c.email LIKE ?",
          [addressesOf(prefix)],
        )
      ).map((r) => String(r.id)),
    );
  const receivedIds = async () => {
    const counts = new Map<string, number>();
    for (const m of await cluster.allMail()) {
      const id = String(m.headers["message-id"] ?? "")
        .replace(/^<|>$/g, "")
        .split("@")[0]!;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  };
  let expectedIds = new Set<string>();
  let received = new Map<string, number>();
  const drained = await pollUntil(
    async () => {
      // Cheap first: only parse mail once the SMTP server has seen enough messages.
      if ((await countUnsent(cluster, prefix)) > 0) return false;
      expectedIds = await expected();
      if (cluster.received() - receivedBefore < expectedIds.size) return false;
      received = await receivedIds();
      return [...expectedIds].every((id) => received.has(id));
    },
    options.mailTimeout * 1000,
    200,
  );
  const mailDrainS = drained ? (Date.now() - loadEnded) / 1000 : null;
  if (!drained) {
    expectedIds = await expected();
    received = await receivedIds();
  }

  const rows = (
    await cluster.read("SELECT email FROM contact_enquiries WHERE email LIKE ?", [addressesOf(prefix)])
  ).map((r) => String(r.email));
  const counts = new Map<string, number>();
  for (const e of rows) counts.set(e, (counts.get(e) ?? 0) + 1);
  const missing = [...tracking.ok].filter((e) => !counts.has(e));
  const unknown = rows.filter((e) => !tracking.sent.has(e));
  const duplicateRows = [...counts.values()].filter((c) => c > 1).reduce((sum, c) => sum + c, 0);
  const inFlightStored = [...counts.keys()].filter((e) => !tracking.answered.has(e)).length;
  const storedAfterNon2xx = [...counts.keys()].filter((e) => tracking.answered.has(e) && !tracking.ok.has(e)).length;
  const emailsMissing = [...expectedIds].filter((id) => !received.has(id)).length;
  const emailsTwice = [...expectedIds].filter((id) => (received.get(id) ?? 0) > 1).length;

  const notes: string[] = [];
  if (missing.length) notes.push(`${missing.length} answered 2xx but not stored`);
  if (unknown.length) notes.push(`${unknown.length} stored rows were never sent`);
  if (duplicateRows) notes.push(`${duplicateRows} rows share an e-mail address`);
  if (storedAfterNon2xx) notes.push(`${storedAfterNon2xx} stored although answered non-2xx`);
  if (inFlightStored > options.connections)
    notes.push(`${inFlightStored} rows beyond the answers, more than the ${options.connections} connections`);
  if (tracking.ok.size !== result["2xx"])
    notes.push(`tracked ${tracking.ok.size} 2xx answers, autocannon counted ${result["2xx"]}`);
  if (expectedIds.size !== rows.length * EMAILS_PER_LEAD)
    notes.push(`${expectedIds.size} e-mails queued for ${rows.length} enquiries (expected ${EMAILS_PER_LEAD} each)`);
  if (!drained) notes.push(`${emailsMissing} e-mails not delivered ${options.mailTimeout} s after the load`);
  if (emailsTwice) notes.push(`${emailsTwice} e-mails delivered twice`);

  return {
    run,
    durationS: result.duration,
    requests: result.requests.total,
    leadsPerSecond: result["2xx"] / result.duration,
    ...loadFigures(result),
    check: {
      rows: rows.length,
      missing: missing.length,
      unknown: unknown.length,
      duplicateRows,
      inFlightStored,
      emailsExpected: expectedIds.size,
      backlogAtEnd,
      emailsReceived: [...expectedIds].filter((id) => received.has(id)).length,
      emailsMissing,
      emailsTwice,
      mailDrainS,
      pass: notes.length === 0,
      notes,
    },
  };
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

async function benchSize(instances: number, options: Options): Promise<SizeResult> {
  log(`${instances} instance(s): starting the cluster`);
  const cluster = await startCluster({
    name: `bench-scale-${instances}`,
    instances,
    env: {
      APP_ENV: "production",
      RATE_LIMIT_MAX: "1000000000",
      BOOKING_RATE_LIMIT_MAX: "1000000000",
      FORM_MIN_FILL_SECONDS: "0",
      MAIL_RETRY_MAX_SECONDS: "2",
    },
    startTimeoutMs: 60_000,
  });
  try {
    log(`${instances} instance(s): nginx at ${cluster.baseURL} → ${cluster.instances.map((s) => s.port).join(", ")}`);
    if (options.warmup > 0) {
      log(`${instances} instance(s): warm-up ${options.warmup} s`);
      await load(cluster.baseURL, `warmup-${randomBytes(3).toString("hex")}`, options.warmup, options.connections);
    }
    const runs: RunResult[] = [];
    for (let run = 1; run <= options.runs; run++) {
      const r = await oneRun(cluster, run, options);
      runs.push(r);
      const c = r.check;
      log(
        `${instances} instance(s) run ${run}: ${r.leadsPerSecond.toFixed(0)} leads/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, ` +
          `non-2xx ${r.status.non2xx}, errors ${r.status.errors}; rows ${c.rows}; e-mail backlog at end ${c.backlogAtEnd}, ` +
          `all ${c.emailsExpected} delivered ${c.mailDrainS === null ? "NOT in time" : `${c.mailDrainS.toFixed(1)} s after the load`} → ` +
          (c.pass ? "PASS" : `FAIL: ${c.notes.join("; ")}`),
      );
    }
    return {
      instances,
      runs,
      leadsPerSecond: spread(runs.map((r) => r.leadsPerSecond)),
      p99Ms: spread(runs.map((r) => r.latencyMs.p99)),
    };
  } finally {
    await cluster.stop();
  }
}

const fmt = (n: number, digits = 0): string => n.toFixed(digits);
const range = (s: Spread, digits = 0): string =>
  `${fmt(s.median, digits)} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;

function markdownTable(results: SizeResult[]): string {
  const base = results.find((r) => r.instances === 1)?.leadsPerSecond.median;
  const rows = results.map((r) => {
    const drains = r.runs.map((run) => run.check.mailDrainS);
    const drain = drains.every((d) => d !== null) ? `${fmt(Math.max(...(drains as number[])), 1)} s` : "not in time";
    const pass = r.runs.every((run) => run.check.pass);
    const notes = r.runs.flatMap((run) => run.check.notes.map((n) => `run ${run.run}: ${n}`));
    return (
      `| ${r.instances} | ${range(r.leadsPerSecond)} | ${base ? `${fmt(r.leadsPerSecond.median / base, 2)}×` : "–"} | ${range(r.p99Ms)} ` +
      `| ${r.runs.map((run) => run.status.non2xx + run.status.errors).join(" / ")} | ${r.runs.map((run) => run.check.backlogAtEnd).join(" / ")} ` +
      `| ${drain} | ${pass ? "✅ PASS" : `❌ FAIL: ${notes.join("; ")}`} |`
    );
  });
  return [
    "| Instances | Leads/s, median (min–max) | vs 1 | p99 ms, median (min–max) | non-2xx + errors per run | e-mails unsent at end of load | all e-mails sent after (slowest run) | rows = 2xx, e-mails once |",
    "|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows,
  ].join("\n");
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  requireBuild(options.build, log);
  const { results, date, env } = await measureOnMachine(async () => {
    const sizes: SizeResult[] = [];
    for (const n of options.instances) sizes.push(await benchSize(n, options));
    return sizes;
  });
  const intro =
    `${date} · autocannon through nginx (deploy/nginx/) on POST /api/contact, ${options.connections} connections, ` +
    `${options.runs} runs × ${options.duration} s per cluster size after a ${options.warmup} s warm-up, every request a new e-mail address · ` +
    `production build, PostgreSQL (one schema shared by the instances), no rate limit, no bot timer, e-mail to an SMTP server in the benchmark's process · ` +
    machineNote(env);
  const how =
    "**Leads/s**: 2xx answers per second. **rows = 2xx, e-mails once**: every 2xx answer is stored exactly once, nothing is stored " +
    "that was not sent, the only rows beyond the answers are requests in flight when the load stopped (at most one per connection), " +
    `every stored enquiry has its ${EMAILS_PER_LEAD} e-mails queued, and each reaches the SMTP server once (by Message-ID) within ` +
    `${options.mailTimeout} s of the end of the load. All instances, nginx, PostgreSQL and the load generator share this machine's cores: ` +
    "more instances than cores cannot scale here; the figures show the overhead and correctness, not what more machines would give.";
  writeResults(
    options.out,
    { date, options, environment: env, results },
    `# Scale-out benchmark\n\n${intro}\n\n${markdownTable(results)}\n\n${how}\n`,
  );
  process.stdout.write(`\n${markdownTable(results)}\n`);
  log(`wrote bench/results/${options.out}.{json,md}`);
  const failed = results.filter((r) => r.runs.some((run) => !run.check.pass)).map((r) => `${r.instances} instance(s)`);
  return verdict(failed, "stored rows match the 2xx answers; every e-mail sent once, in time", log);
}

runMain(main, log);
