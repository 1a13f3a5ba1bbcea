/**
 * The inbox at scale: 50 rows from 1,000,000 stored leads, on SQLite and on
 * PostgreSQL (issue 13: under 100 ms server time).
 *
 *   npm run bench:inbox -- [--leads 1000000] [--requests 30] [--rounds 3] [--only sqlite|postgres] [--out inbox]
 *
 * For each database: a fresh one (SQLite file in a temporary directory, or
 * a fresh schema in the PostgreSQL database `test`) gets N leads in the
 * inbox's index (`leads`, with its full-text index), spread over two years
 * with a realistic mix of kinds, statuses, owners, pillars and words; an
 * administrator account and a signed-in session are made the way the app
 * makes them. Then the production server (build/, run `npm run build`
 * first) serves /admin/leads for each scenario below: 5 requests to warm
 * up, then `--requests` one after another, each timed from request to the
 * last byte of the page (on 127.0.0.1, so that is the server's time plus
 * well under a millisecond). The same queries are also timed in this
 * process (listLeads alone, no HTTP, no rendering). All scenarios are
 * measured in `--rounds` rounds, one after another (so a noisy moment of a
 * shared machine falls on every scenario, not on one). Reports the median,
 * p90, min and max of all requests, and the spread of the rounds' medians;
 * writes bench/results/<out>.{md,json}.
 *
 * Exit code: 0 done (the figures say whether the target is met); 1 the bench failed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { TOTP, Secret } from "otpauth";
import { openDatabase, type DatabaseHandle } from "../app/data/db.server.ts";
import type { Database } from "../app/data/schema.ts";
import { noFilters, parseFilters } from "../app/inbox/filters.ts";
import { listLeads } from "../app/inbox/query.server.ts";
import { searchText } from "../app/data/search-text.ts";
import type { leadStatuses } from "../app/data/lead-statuses.ts";
import { acceptInvitation, createInvitation, findInvitation, startSession } from "../app/staff/accounts.server.ts";
import { loadKeyring } from "../app/secrets/keys.server.ts";
import { sessionCookieHeader } from "../app/staff/request.server.ts";
import {
  freePort,
  gitCommit,
  median,
  percentile,
  positiveOption,
  startServer,
  stopServer,
  waitForHealth,
  warmUp,
} from "./support/runner.ts";
import { createSchema, type DbKind, dropSchema } from "./support/databases.ts";
import { databaseBenchCommandLine } from "./support/options.ts";
import { writeResults, databaseName } from "./support/report.ts";

const options = databaseBenchCommandLine(
  "inbox",
  {
    leads: { type: "string", default: "1000000" },
    requests: { type: "string", default: "30" },
    rounds: { type: "string", default: "3" },
  },
  (values) => ({
    total: positiveOption("leads", values.leads, true),
    requests: positiveOption("requests", values.requests, true),
    rounds: positiveOption("rounds", values.rounds, true),
  }),
)(process.argv.slice(2));
const { total, requests, rounds, databases: dialects } = options;
const log = (message: string) => console.log(`[bench:inbox] ${message}`);

// ---------------------------------------------------------------------------
// Seed data: deterministic (a fixed pseudo-random sequence)
// ---------------------------------------------------------------------------

let state = 42;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const weighted = <T>(items: readonly [T, number][]): T => {
  let r = random();
  for (const [item, weight] of items) if ((r -= weight) < 0) return item;
  return items.at(-1)![0];
};

const firstNames =
  "Ada Ben Cara Dev Eli Fay Gus Hana Ivo Jade Kai Lena Milo Nia Omar Pia Quin Rosa Sami Tara Uma Vik Wren Xena Yusuf Zoe Alba Bruno Chloe Dario Elena Felix Greta Hugo Iris Jonas Kira Luca Maya Nico Olga Pedro Rhea Sven Tess Ugo Vera Will Yara Zain".split(
    " ",
  );
const lastNames =
  "Smith Jones Patel Khan Brown Taylor Wilson Evans Thomas Roberts Walker Wright Hughes Green Hall Wood Clarke Hill Scott Moore Lee King Baker Harris Cooper Ward Morris Turner Bell Cook Murphy Ali Shah Singh Ahmed Rossi Muller Novak Silva Costa Dubois Martin Bernard Garcia Lopez Kowalski Nagy Horvat Jensen Larsen".split(
    " ",
  );
const companyWords = Array.from({ length: 200 }, (_, i) => `Co${i.toString(36)}${"xyzwvq"[i % 6]}`);
const words = Array.from({ length: 500 }, (_, i) => `word${i}`);
const kinds: [Database["leads"]["kind"], number][] = [
  ["contact", 0.35],
  ["guideRequest", 0.25],
  ["resourceDownload", 0.2],
  ["newsletter", 0.12],
  ["webinarRegistration", 0.08],
];
const statuses: [(typeof leadStatuses)[number], number][] = [
  ["new", 0.4],
  ["contacted", 0.25],
  ["qualified", 0.1],
  ["won", 0.05],
  ["lost", 0.1],
  ["archived", 0.1],
];
const pillars = ["risk-grc", "accounting-auditing", "strategy", "sustainability"] as const;
const owners = ["owner-1", "owner-2", "owner-3", "owner-4", "owner-5"];
/** A word only one contact enquiry in 10,000 has (about 35 leads in a million). */
const rareWord = "zephyrine";

const spanMs = 730 * 86_400_000;
const end = Date.parse("2026-11-24T12:00:00.000Z");
const start = end - spanMs;

function lead(i: number): Database["leads"] {
  const kind = weighted(kinds);
  const createdMs = start + Math.floor((i / total) * spanMs) + Math.floor(random() * 60_000);
  const created_at = new Date(createdMs).toISOString();
  const named = kind !== "newsletter" && kind !== "resourceDownload";
  const name = named ? `${pick(firstNames)} ${pick(lastNames)}` : "";
  const company = named ? `${pick(companyWords)} Ltd` : "";
  const email = `person${i}@${pick(companyWords).toLowerCase()}.example`;
  const message =
    kind === "contact"
      ? [...Array.from({ length: 12 }, () => pick(words)), ...(i % 10_000 === 7 ? [rareWord] : [])].join(" ")
      : "";
  return {
    id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`,
    kind,
    created_at,
    is_test: random() < 0.01 ? 1 : 0,
    source_page: pick(["/contact", "/", "/resources", "/get-guide", "/courses/corporate-finance"]),
    name,
    email,
    company,
    subject: kind === "contact" ? pick(pillars) : "",
    pillar: random() < 0.8 ? pick(pillars) : null,
    status: weighted(statuses),
    owner_id: random() < 0.5 ? null : pick(owners),
    updated_at: created_at,
    deadline_at: kind === "contact" ? new Date(createdMs + 3 * 86_400_000).toISOString() : null,
    search: searchText({ name, email, company, message }),
    landing_page: null,
    referrer: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
  };
}

async function seed(handle: DatabaseHandle) {
  const { db } = handle;
  const now = new Date().toISOString();
  await db
    .insertInto("staff_users")
    .values(
      owners.map((id, n) => ({
        id,
        email: `${id}@example.test`,
        name: `Owner ${n + 1}`,
        role: "leads" as const,
        password_hash: "x",
        totp_secret: "JBSWY3DPEHPK3PXP",
        totp_last_step: 0,
        created_at: now,
        updated_at: now,
        disabled_at: null,
      })),
    )
    .execute();
  state = 42;
  const batch = 1000;
  const started = Date.now();
  for (let from = 0; from < total; from += batch * 10) {
    await db.transaction().execute(async (trx) => {
      for (let b = from; b < Math.min(total, from + batch * 10); b += batch) {
        const rows = Array.from({ length: Math.min(batch, total - b) }, (_, k) => lead(b + k));
        await trx.insertInto("leads").values(rows).execute();
      }
    });
    if ((from / (batch * 10)) % 20 === 0) log(`  ${from.toLocaleString("en-GB")} leads stored`);
  }
  if (handle.dialect === "postgres") await handle.pgPool!.query("analyze leads");
  else handle.sqlite!.exec("analyze");
  return (Date.now() - started) / 1000;
}

/** An administrator, set up and signed in as the app does it; returns the Cookie header. */
async function signedIn(handle: DatabaseHandle, dataDir: string): Promise<{ cookie: string; userId: string }> {
  const now = new Date();
  // The key the site started on the same data folder uses (DATA_DIR/secrets.key).
  const { keys } = loadKeyring({ dataDir });
  const { token } = await createInvitation(
    handle.db,
    keys,
    { email: "bench-admin@example.test", name: "Bench Admin", role: "admin", invitedBy: null },
    now,
  );
  const invitation = (await findInvitation(handle.db, keys, token, now))!;
  const code = new TOTP({ secret: Secret.fromBase32(invitation.totpSecret) }).generate({ timestamp: now.getTime() });
  const outcome = await acceptInvitation(
    handle.db,
    keys,
    token,
    { password: "a bench password, long enough", code },
    now,
  );
  if (!("user" in outcome)) throw new Error(outcome.problem.message);
  const session = await startSession(handle.db, outcome.user, "full", { ip: "127.0.0.1", userAgent: "bench" }, now);
  const header = await sessionCookieHeader(session.token, session.expiresAt);
  return { cookie: header.split(";")[0]!, userId: outcome.user.id };
}

type Scenario = { name: string; query: string };

async function scenarios(handle: DatabaseHandle): Promise<Scenario[]> {
  // A cursor half way down: page 10,000 of 20,000.
  const middle = await handle.db
    .selectFrom("leads")
    .select(["created_at", "id"])
    .where("is_test", "=", 0)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(Math.floor(total / 2))
    .limit(1)
    .executeTakeFirst();
  const yearAgo = new Date(end - 365 * 86_400_000).toISOString().slice(0, 10);
  const monthLater = new Date(end - 335 * 86_400_000).toISOString().slice(0, 10);
  return [
    { name: "Newest 50", query: "" },
    { name: "Half way down (by keyset)", query: `?after=${encodeURIComponent(`${middle!.created_at}~${middle!.id}`)}` },
    { name: "Kind: webinar registrations", query: "?kind=webinarRegistration" },
    { name: "Status: won", query: "?status=won" },
    { name: "Owner and status", query: "?owner=owner-1&status=new" },
    { name: "Pillar and a month", query: `?pillar=strategy&from=${yearAgo}&to=${monthLater}` },
    { name: "Search: a common word (~9% of leads)", query: "?q=word42" },
    { name: "Search: a rare word (~35 leads)", query: `?q=${rareWord}` },
    { name: "Search: a name and a company", query: `?q=${encodeURIComponent("Zoe Co1")}` },
    { name: "Open enquiries by deadline", query: "?sort=deadline" },
    { name: "Test submissions", query: "?test=1" },
  ];
}

type Figures = { median: number; p90: number; min: number; max: number };
const figures = (samples: number[]): Figures => ({
  median: median(samples),
  p90: percentile(samples, 90),
  min: Math.min(...samples),
  max: Math.max(...samples),
});

type Result = {
  scenario: string;
  rows: number;
  http: Figures;
  query: Figures;
  /** Each round's page median, in order. */
  roundMedians: number[];
};

async function measure(kind: DbKind): Promise<{ seedSeconds: number; results: Result[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-inbox-"));
  const schema = kind === "postgres" ? await createSchema("bench_inbox") : null;
  const handle = await openDatabase({ dataDir, databaseUrl: schema?.databaseUrl });
  let server: ReturnType<typeof startServer> | null = null;
  try {
    log(`${kind}: storing ${total.toLocaleString("en-GB")} leads`);
    const seedSeconds = await seed(handle);
    log(`${kind}: stored in ${seedSeconds.toFixed(0)} s`);
    const { cookie, userId } = await signedIn(handle, dataDir);
    const list = await scenarios(handle);
    server = startServer({ port: await freePort(), dataDir, databaseUrl: schema?.databaseUrl });
    await waitForHealth(server);
    const samples = list.map(() => ({ http: [] as number[], query: [] as number[], rounds: [] as number[], rows: 0 }));
    for (let round = 1; round <= rounds; round++) {
      for (const [index, scenario] of list.entries()) {
        const url = `${server.base}/admin/leads${scenario.query}`;
        const get = async () => {
          const started = performance.now();
          const res = await fetch(url, { headers: { Cookie: cookie } }).catch((error: unknown) => {
            throw new Error(`${url}: ${String(error)}\nServer output:\n${server!.output()}`);
          });
          const html = await res.text();
          const ms = performance.now() - started;
          if (res.status !== 200) throw new Error(`${url}: ${res.status}\n${html.slice(0, 500)}`);
          return { ms, rows: (html.match(/data-status="/g) ?? []).length };
        };
        const kept = samples[index]!;
        await warmUp(5, get);
        const http: number[] = [];
        for (let i = 0; i < requests; i++) {
          const { ms, rows: n } = await get();
          http.push(ms);
          kept.rows = n;
        }
        const params = new URLSearchParams(scenario.query);
        const filters = scenario.query ? parseFilters(params) : noFilters;
        for (let i = 0; i < requests + 5; i++) {
          const started = performance.now();
          await listLeads(handle.db, filters, userId, params.get("after"));
          if (i >= 5) kept.query.push(performance.now() - started);
        }
        kept.http.push(...http);
        kept.rounds.push(median(http));
        log(
          `${kind}: round ${round}: ${scenario.name}: ${kept.rows} rows, page ${median(http).toFixed(1)} ms (median)`,
        );
      }
    }
    const results: Result[] = list.map((scenario, index) => {
      const kept = samples[index]!;
      return {
        scenario: scenario.name,
        rows: kept.rows,
        http: figures(kept.http),
        query: figures(kept.query),
        roundMedians: kept.rounds,
      };
    });
    return { seedSeconds, results };
  } finally {
    if (server) await stopServer(server.child);
    await handle.close();
    if (schema) await dropSchema(schema.schema);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs: Record<string, { seedSeconds: number; results: Result[] }> = {};
for (const kind of dialects) runs[kind] = await measure(kind);

const ms = (v: number) => v.toFixed(1);
const lines = [
  `# The inbox at ${total.toLocaleString("en-GB")} leads`,
  "",
  `Commit ${gitCommit() ?? "unknown"}, ${new Date().toISOString()}; ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")} at the end. Written by \`npm run bench:inbox\` (bench/inbox.ts).`,
  "",
  `Each scenario, in each of ${rounds} rounds over all scenarios: 5 requests to warm up, then ${requests} one after another. **Page**: GET /admin/leads signed in, from request to the last byte of the HTML (the production server on 127.0.0.1: its time plus well under a millisecond). **Query**: the inbox's query alone (listLeads), in the bench's own process. Milliseconds: median, p90 and min–max of all ${rounds * requests} requests; **rounds** is the spread of the ${rounds} rounds' medians (lowest–highest).`,
  "",
];
for (const [kind, run] of Object.entries(runs)) {
  lines.push(`## ${databaseName(kind)} (stored in ${run.seedSeconds.toFixed(0)} s)`, "");
  lines.push(
    "| Scenario | Rows | Page median | Rounds' medians | Page p90 | Page min–max | Query median | Query p90 |",
  );
  lines.push("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of run.results) {
    const spread = `${ms(Math.min(...r.roundMedians))}–${ms(Math.max(...r.roundMedians))}`;
    lines.push(
      `| ${r.scenario} | ${r.rows} | ${ms(r.http.median)} | ${spread} | ${ms(r.http.p90)} | ${ms(r.http.min)}–${ms(r.http.max)} | ${ms(r.query.median)} | ${ms(r.query.p90)} |`,
    );
  }
  lines.push("");
}
writeResults(options.out, { commit: gitCommit(), leads: total, requests, rounds, runs }, lines.join("\n"));
log(`wrote bench/results/${options.out}.md`);
