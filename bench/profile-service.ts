/**
 * The lead path without HTTP: what storing a lead and sending its e-mails cost in the
 * services of a production build, measured in CPU time so that a busy machine does not
 * blur the comparison.
 *
 *   node bench/profile-service.ts [--variant NAME=DIR]... [--rounds 3] [--leads 3000]
 *        [--concurrency 10] [--db sqlite|postgres] [--kind contact|newsletter] [--tmp DIR]
 *
 * For each variant (a project directory whose build/server/index.js is loaded; default
 * this project) and round, in turn: starts the services (`startServices`: database,
 * migrations, outbox worker, lead service) on a fresh SQLite file or PostgreSQL schema,
 * stops the outbox worker, submits --leads leads through the lead service with
 * --concurrency in flight (phase "store"), then starts the worker again and waits until
 * every e-mail is written (phase "send", e-mail to .eml files in the data directory, under
 * --tmp: /dev/shm keeps a busy disk out of the figures). Reports main-thread CPU ms per lead
 * for each phase (the thread JavaScript runs on) and the wall time.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseConfig } from "../app/config/config.server.ts";
import type * as ServerApp from "../server/app.ts";
import { benchLog, cpuTimes, median, positiveOption, ROOT } from "./support/runner.ts";
import { createSchema, type DbKind, dropSchema, outboxBacklog, type Reader } from "./support/databases.ts";
import { profileCommandLine, type Variant } from "./support/options.ts";

const log = benchLog("profile-service");

function contactInput(email: string) {
  return {
    name: "Bench Visitor",
    email,
    phone: "+44 20 7946 0999",
    company: "Load Test Ltd",
    jobTitle: "Head of Learning",
    serviceInterest: "risk-grc" as const,
    message: "We would like to discuss a risk management programme for our team of twelve.",
    preferredContact: "email" as const,
  };
}

type Row = {
  variant: string;
  round: number;
  storeMsPerLead: number;
  storeWallMs: number;
  sendMsPerLead: number;
  sendWallMs: number;
};

/** CPU ms of this process's main thread (where JavaScript runs); all threads if /proc is missing. */
const cpuMs = () => {
  const times = cpuTimes(process.pid);
  if (times) return times.mainThreadMs;
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function runOnce(
  variant: Variant,
  round: number,
  opts: { leads: number; concurrency: number; db: DbKind; kind: "contact" | "newsletter"; tmp: string },
): Promise<Row> {
  const mod = (await import(pathToFileURL(path.join(variant.root, "build/server/index.js")).href)) as typeof ServerApp;
  const dataDir = mkdtempSync(path.join(opts.tmp, "profile-service-"));
  const pgSchema = opts.db === "postgres" ? await createSchema("profile_service") : null;
  const config = parseConfig({
    NODE_ENV: "production",
    APP_ENV: "test",
    DATA_DIR: dataDir,
    SITE_URL: "http://127.0.0.1:3000",
    ...(pgSchema ? { DATABASE_URL: pgSchema.databaseUrl } : {}),
  });
  const running = await mod.startServices(config);
  const reader: Reader = {
    query: async (sql) =>
      (await (await import("kysely")).sql.raw(sql).execute(running.database.db)).rows as Record<string, unknown>[],
    close: async () => {},
  };
  try {
    await running.worker.stop();
    const runId = randomBytes(3).toString("hex");
    let next = 0;
    const c0 = cpuMs();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (next < opts.leads) {
          const email = `bench-${runId}-${++next}@example.test`;
          if (opts.kind === "contact")
            await running.services.leads.submit("contact", contactInput(email), { sourcePage: "api", isTest: false });
          else await running.services.leads.submit("newsletter", { email }, { sourcePage: "api", isTest: false });
        }
      }),
    );
    const c1 = cpuMs();
    const t1 = performance.now();
    const queued = await outboxBacklog(reader);
    await running.worker.start();
    for (;;) {
      if ((await outboxBacklog(reader)) === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const c2 = cpuMs();
    const t2 = performance.now();
    log(`${variant.name} round ${round}: ${opts.leads} leads, ${queued} e-mails`);
    return {
      variant: variant.name,
      round,
      storeMsPerLead: (c1 - c0) / opts.leads,
      storeWallMs: t1 - t0,
      sendMsPerLead: (c2 - c1) / opts.leads,
      sendWallMs: t2 - t1,
    };
  } finally {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (pgSchema) await dropSchema(pgSchema.schema).catch(() => {});
  }
}

async function main() {
  const { variants, rounds, ...opts } = profileCommandLine(
    "3",
    {
      leads: { type: "string", default: "3000" },
      concurrency: { type: "string", default: "10" },
      kind: { type: "string", default: "contact" },
    },
    (values) => {
      if (values.kind !== "contact" && values.kind !== "newsletter")
        throw new Error("--kind must be contact or newsletter");
      return {
        leads: positiveOption("leads", values.leads, true),
        concurrency: positiveOption("concurrency", values.concurrency, true),
        kind: values.kind as "contact" | "newsletter",
      };
    },
  )(process.argv.slice(2));
  // One variant per process: two builds would share module-level state (and the first
  // loaded gets the JIT warm-up). So each run is a child process of this script.
  if (process.env.PROFILE_SERVICE_CHILD) {
    const row = await runOnce(variants[0]!, rounds, opts);
    process.stdout.write(`${JSON.stringify(row)}\n`);
    return;
  }
  const { execFileSync } = await import("node:child_process");
  const rows: Row[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const v of variants) {
      const out = execFileSync(
        process.execPath,
        [
          import.meta.filename,
          `--variant=${v.name}=${v.root}`,
          `--rounds=${round}`,
          `--leads=${opts.leads}`,
          `--concurrency=${opts.concurrency}`,
          `--db=${opts.db}`,
          `--kind=${opts.kind}`,
          `--tmp=${opts.tmp}`,
        ],
        { env: { ...process.env, PROFILE_SERVICE_CHILD: "1" }, stdio: ["ignore", "pipe", "inherit"], cwd: ROOT },
      ).toString();
      const row = JSON.parse(out.trim().split("\n").at(-1)!) as Row;
      rows.push(row);
      log(
        `${row.variant} #${row.round}: store ${row.storeMsPerLead.toFixed(3)} ms CPU/lead (${(opts.leads / (row.storeWallMs / 1000)).toFixed(0)}/s wall), send ${row.sendMsPerLead.toFixed(3)} ms CPU/lead (${(row.sendWallMs / 1000).toFixed(1)} s)`,
      );
    }
  }
  const lines = [
    `| Variant | store: CPU ms/lead (median, min–max) | send e-mails: CPU ms/lead | total |`,
    `|---|---:|---:|---:|`,
    ...variants.map((v) => {
      const rs = rows.filter((r) => r.variant === v.name);
      const s = rs.map((r) => r.storeMsPerLead);
      const m = rs.map((r) => r.sendMsPerLead);
      const fmt = (xs: number[]) =>
        `${median(xs).toFixed(3)} (${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)})`;
      return `| ${v.name} | ${fmt(s)} | ${fmt(m)} | ${(median(s) + median(m)).toFixed(3)} |`;
    }),
  ];
  process.stdout.write(
    `\n${opts.kind}, ${opts.db}, ${opts.leads} leads, ${opts.concurrency} in flight\n${lines.join("\n")}\n`,
  );
}

main().catch((error: unknown) => {
  log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
