/**
 * Summarises a V8 CPU profile of the site (`node --cpu-prof server/index.ts`, written when
 * the process exits) by area of the lead path: Express and its middleware, pino-http,
 * React Router, zod, the lead service, the e-mail templates, Kysely, SQLite, the outbox
 * worker and nodemailer, garbage collection.
 *
 *   node bench/profile-summary.ts FILE.cpuprofile [--leads N] [--top 30] [--json]
 *
 * Each sample is charged to one area: the innermost frame on its stack that belongs to a
 * known area (so Node's own streams, fs and crypto calls count for the code that made
 * them: a .eml write for the mail transport, a hash for the lead service). "Inclusive" is
 * the share of samples with the area anywhere on the stack. Code of ours in the server
 * bundle (build/server/index.js) is placed by its source file: the nearest top-level
 * declaration above the frame's line, looked up in app/ and server/.
 *
 * The profile is split into the load phase (from the first to the last second in which
 * HTTP requests were handled) and what came after (the outbox draining its backlog).
 * With --leads N, times are also given per stored lead.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ROOT } from "./support/runner.ts";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** Where a sample's time went; "path" tells request handling from the outbox worker. */
type Path = "request" | "outbox" | "unattributed";

export type AreaRow = { area: string; selfMs: number; inclusiveMs: number };
export type PhaseSummary = {
  phase: string;
  wallMs: number;
  busyMs: number;
  idleMs: number;
  areas: AreaRow[];
  paths: Record<Path, number>;
};
export type FunctionRow = { name: string; where: string; area: string; selfMs: number };
export type Summary = {
  file: string;
  phases: PhaseSummary[];
  topFunctions: FunctionRow[];
  /** Busy ms per 1-second bucket, and how much of it was request handling. */
  timeline: { second: number; busyMs: number; requestMs: number; outboxMs: number }[];
};

// ---------------------------------------------------------------------------
// Classification
// ---------------------------------------------------------------------------

const IDLE = "(idle)";
const GC = "garbage collection";

/** npm packages (first path segment after node_modules/) → area. */
const packageAreas: [RegExp, string][] = [
  [
    /^(express|router|body-parser|finalhandler|send|serve-static|on-finished|parseurl|path-to-regexp|content-type|type-is|mime-types|media-typer|statuses|http-errors|depd|etag|fresh|range-parser|proxy-addr|forwarded|ipaddr\.js|encodeurl|escape-html|cookie|cookie-signature|merge-descriptors|utils-merge|raw-body|iconv-lite|qs|debug|ms)$/,
    "Express (router, middleware plumbing)",
  ],
  [/^helmet$/, "helmet"],
  [/^(compression|compressible|negotiator|accepts|vary|bytes|on-headers|safe-buffer)$/, "compression"],
  [
    /^(pino|pino-http|@pinojs\/.*|sonic-boom|thread-stream|pino-std-serializers|quick-format-unescaped|atomic-sleep|safe-stable-stringify|on-exit-leak-free|fast-redact|get-caller-file)$/,
    "pino + pino-http (logging)",
  ],
  [/^(prom-client|tdigest|bintrees)$/, "prom-client (metrics)"],
  [
    /^(react-router|@react-router\/.*|cookie-es|set-cookie-parser)$/,
    "React Router (request/response, matching, handler)",
  ],
  [/^zod$/, "zod (validation)"],
  [/^better-sqlite3$/, "SQLite (better-sqlite3: prepare, step, commit)"],
  [/^kysely$/, "Kysely (build, compile, run)"],
  [/^(pg|pg-protocol|pg-pool|pg-types|pg-connection-string|postgres-.*|pgpass|split2)$/, "pg (PostgreSQL client)"],
  [/^nodemailer$/, "nodemailer (MIME building)"],
  [
    /^(rate-limiter-flexible|ioredis|@ioredis\/.*|redis-errors|redis-parser|cluster-key-slot|denque|standard-as-callback)$/,
    "rate limit (rate-limiter-flexible)",
  ],
  [/^(react|react-dom|scheduler)$/, "React rendering"],
];

/** Source files of ours → area. */
const fileAreas: [RegExp, string][] = [
  [/^app\/leads\/service\.server\.ts$|^app\/data\/once\.server\.ts$/, "lead service (fingerprint, storeOnce, rows)"],
  [/^app\/mail\/templates\.server\.ts$|^app\/lib\/dates\.ts$|^app\/content\/organisation\.ts$/, "e-mail templates"],
  [/^app\/leads\/form-action\.server\.ts$|^app\/forms\//, "form action (body, checks, answer)"],
  [/^app\/mail\/outbox\.server\.ts$/, "outbox worker (claim, record)"],
  [/^app\/mail\/transport\.server\.ts$/, "mail transport (.eml files / SMTP)"],
  [/^app\/leads\/rate-limit\.server\.ts$/, "rate limit (rate-limiter-flexible)"],
  [/^app\/observability\//, "observability glue (request id, metrics, log)"],
  [/^server\//, "server glue (Express app, static files)"],
  [/^app\/data\//, "Kysely (build, compile, run)"],
];

const outboxAreas = new Set([
  "outbox worker (claim, record)",
  "mail transport (.eml files / SMTP)",
  "nodemailer (MIME building)",
]);
const requestAreas = new Set([
  "Express (router, middleware plumbing)",
  "helmet",
  "compression",
  "pino + pino-http (logging)",
  "prom-client (metrics)",
  "React Router (request/response, matching, handler)",
  "zod (validation)",
  "lead service (fingerprint, storeOnce, rows)",
  "e-mail templates",
  "form action (body, checks, answer)",
  "observability glue (request id, metrics, log)",
  "server glue (Express app, static files)",
  "rate limit (rate-limiter-flexible)",
  "Node HTTP (parse, write, sockets)",
  "Fetch API (undici Request/Response, streams)",
]);

/**
 * Our code in the server bundle: maps a bundle line to the source file that declared the
 * nearest top-level function, class or const above it.
 */
class BundleMap {
  private readonly cache = new Map<string, (line: number) => string | null>();
  private names: Map<string, string> | null = null;

  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  fileOf(url: string, line: number): string | null {
    let lookup = this.cache.get(url);
    if (!lookup) {
      lookup = this.load(url);
      this.cache.set(url, lookup);
    }
    return lookup(line);
  }

  private declaredNames(): Map<string, string> {
    if (this.names) return this.names;
    const names = new Map<string, string>();
    const ambiguous = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry)) {
          const rel = path.relative(this.root, full).split(path.sep).join("/");
          const text = readFileSync(full, "utf8");
          for (const m of text.matchAll(
            /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?\s+|class\s+|const\s+|let\s+)([A-Za-z_$][\w$]*)/gm,
          )) {
            const name = m[1]!;
            if (names.has(name) && names.get(name) !== rel) ambiguous.add(name);
            else names.set(name, rel);
          }
        }
      }
    };
    for (const dir of ["app", "server"]) if (existsSync(path.join(this.root, dir))) walk(path.join(this.root, dir));
    for (const name of ambiguous) names.delete(name);
    this.names = names;
    return names;
  }

  private load(url: string): (line: number) => string | null {
    let text: string;
    try {
      text = readFileSync(fileURLToPath(url), "utf8");
    } catch {
      return () => null;
    }
    const names = this.declaredNames();
    const lines = text.split("\n");
    // For each line, the source file of the last recognised top-level declaration.
    const owner: (string | null)[] = new Array(lines.length).fill(null);
    let current: string | null = null;
    lines.forEach((line, i) => {
      const m =
        /^(?:export\s+)?(?:async\s+)?(?:function\*?\s+|class\s+|const\s+|let\s+|var\s+)([A-Za-z_$][\w$]*?)(?:\$\d+)?\b/.exec(
          line,
        );
      if (m) {
        const file = names.get(m[1]!);
        if (file) current = file;
      }
      owner[i] = current;
    });
    return (line) => owner[line] ?? null;
  }
}

function packageOf(url: string): string | null {
  const i = url.lastIndexOf("/node_modules/");
  if (i < 0) return null;
  const rest = url.slice(i + "/node_modules/".length).split("/");
  return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
}

function makeClassifier(root: string) {
  const bundle = new BundleMap(root);
  const cache = new Map<string, string | null>();
  return (frame: CallFrame): string | null => {
    const key = `${frame.url}\0${frame.functionName}\0${frame.lineNumber}`;
    if (cache.has(key)) return cache.get(key)!;
    const area = classify(frame);
    cache.set(key, area);
    return area;
  };

  function classify({ functionName, url, lineNumber }: CallFrame): string | null {
    if (functionName === "(idle)") return IDLE;
    if (functionName === "(garbage collector)") return GC;
    if (functionName === "(program)") return "V8 (program: compiling, runtime)";
    if (functionName === "(root)") return null;
    const pkg = packageOf(url);
    if (pkg) {
      // better-sqlite3's statements run in native code called from Kysely's SQLite driver.
      if (pkg === "kysely" && url.includes("/dialect/sqlite/sqlite-driver.js"))
        return "SQLite (better-sqlite3: prepare, step, commit)";
      for (const [re, area] of packageAreas) if (re.test(pkg)) return area;
      return `other package (${pkg})`;
    }
    if (url.startsWith("node:")) {
      if (url.startsWith("node:internal/deps/undici")) return "Fetch API (undici Request/Response, streams)";
      if (url.startsWith("node:internal/webstreams")) return "Fetch API (undici Request/Response, streams)";
      if (/^node:(_http_|internal\/http)/.test(url)) return "Node HTTP (parse, write, sockets)";
      return null; // net, fs, streams, crypto, events, timers: charged to the caller
    }
    if (url.startsWith("file://")) {
      const file = url.includes("/build/server/")
        ? bundle.fileOf(url, lineNumber)
        : path.relative(root, fileURLToPath(url)).split(path.sep).join("/");
      if (file) for (const [re, area] of fileAreas) if (re.test(file)) return area;
      return "app (other)";
    }
    return null;
  }
}

// ---------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------

export function summarise(
  profile: CpuProfile,
  { root = ROOT, file = "", top = 30 }: { root?: string; file?: string; top?: number } = {},
): Summary {
  const classify = makeClassifier(root);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // Per node: the owning area (innermost classified frame), the areas on its stack, its path.
  type NodeInfo = { owner: string; stack: Set<string>; path: Path; selfArea: string | null };
  const info = new Map<number, NodeInfo>();
  const infoOf = (id: number): NodeInfo => {
    const known = info.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const own = classify(node.callFrame);
    const up = parent.has(id) ? infoOf(parent.get(id)!) : null;
    const stack = new Set(up?.stack ?? []);
    if (own && own !== IDLE) stack.add(own);
    let pathOf: Path = up?.path ?? "unattributed";
    if (own && outboxAreas.has(own)) pathOf = "outbox";
    else if (own && requestAreas.has(own)) pathOf = "request";
    const owner = own ?? up?.owner ?? "Node internals (streams, timers, microtasks)";
    const result = { owner, stack, path: pathOf, selfArea: own };
    info.set(id, result);
    return result;
  };

  // Sample times: timeDeltas[i] is the time since the previous sample; charge it to sample i.
  const samples = profile.samples.map((id, i) => ({ id, dt: Math.max(0, profile.timeDeltas[i] ?? 0) }));
  let t = 0;
  const at: number[] = samples.map(({ dt }) => (t += dt));

  // Timeline per second.
  const buckets = new Map<number, { busy: number; request: number; outbox: number }>();
  samples.forEach(({ id, dt }, i) => {
    const s = Math.floor(at[i]! / 1e6);
    const b = buckets.get(s) ?? { busy: 0, request: 0, outbox: 0 };
    const n = infoOf(id);
    if (n.owner !== IDLE) b.busy += dt;
    if (n.path === "request") b.request += dt;
    if (n.path === "outbox") b.outbox += dt;
    buckets.set(s, b);
  });
  const seconds = [...buckets.keys()].sort((a, b) => a - b);
  const timeline = seconds.map((s) => ({
    second: s,
    busyMs: buckets.get(s)!.busy / 1000,
    requestMs: buckets.get(s)!.request / 1000,
    outboxMs: buckets.get(s)!.outbox / 1000,
  }));
  // Load phase: the longest run of seconds with real request handling (over 10 % of a core);
  // start-up (module loading, migrations) is a short burst before it.
  let loadFrom = 0;
  let loadTo = 0;
  for (let i = 0; i < timeline.length; i++) {
    if (timeline[i]!.requestMs <= 100) continue;
    let j = i;
    while (
      j + 1 < timeline.length &&
      timeline[j + 1]!.requestMs > 100 &&
      timeline[j + 1]!.second === timeline[j]!.second + 1
    )
      j++;
    if (timeline[j]!.second + 1 - timeline[i]!.second > loadTo - loadFrom) {
      loadFrom = timeline[i]!.second;
      loadTo = timeline[j]!.second + 1;
    }
    i = j;
  }
  const loaded = loadTo > loadFrom;

  const phase = (name: string, from: number, to: number): PhaseSummary => {
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    const paths: Record<Path, number> = { request: 0, outbox: 0, unattributed: 0 };
    let busy = 0;
    let idle = 0;
    samples.forEach(({ id, dt }, i) => {
      const sec = at[i]! / 1e6;
      if (sec < from || sec >= to) return;
      const n = infoOf(id);
      if (n.owner === IDLE) {
        idle += dt;
        return;
      }
      busy += dt;
      self.set(n.owner, (self.get(n.owner) ?? 0) + dt);
      for (const a of n.stack) inclusive.set(a, (inclusive.get(a) ?? 0) + dt);
      paths[n.path] += dt;
    });
    const areas = [...new Set([...self.keys(), ...inclusive.keys()])]
      .map((area) => ({
        area,
        selfMs: (self.get(area) ?? 0) / 1000,
        inclusiveMs: (inclusive.get(area) ?? 0) / 1000,
      }))
      .sort((a, b) => b.selfMs - a.selfMs);
    return {
      phase: name,
      wallMs: (Math.min(to, (at.at(-1) ?? 0) / 1e6) - from) * 1000,
      busyMs: busy / 1000,
      idleMs: idle / 1000,
      areas,
      paths: { request: paths.request / 1000, outbox: paths.outbox / 1000, unattributed: paths.unattributed / 1000 },
    };
  };
  const end = (at.at(-1) ?? 0) / 1e6 + 1;
  const phases = [phase("whole profile", 0, end)];
  if (loaded) {
    phases.push(phase(`load (s ${loadFrom}-${loadTo})`, loadFrom, loadTo));
    phases.push(phase(`after load (s ${loadTo}-end)`, loadTo, end));
  }

  const fn = new Map<string, FunctionRow>();
  for (const { id, dt } of samples) {
    const node = byId.get(id)!;
    const n = infoOf(id);
    if (n.owner === IDLE) continue;
    const f = node.callFrame;
    const where = f.url
      ? `${f.url.replace(/^.*\/node_modules\//, "").replace(/^file:\/\/.*\/build\/server\//, "build/server/")}:${f.lineNumber + 1}`
      : "(native)";
    const key = `${f.functionName}\0${where}`;
    const row = fn.get(key) ?? { name: f.functionName || "(anonymous)", where, area: n.owner, selfMs: 0 };
    row.selfMs += dt / 1000;
    fn.set(key, row);
  }
  const topFunctions = [...fn.values()].sort((a, b) => b.selfMs - a.selfMs).slice(0, top);
  return { file, phases, topFunctions, timeline };
}

const ms = (n: number) => n.toFixed(0);
const pct = (n: number, of: number) => (of > 0 ? `${((100 * n) / of).toFixed(1)} %` : "–");

export function formatSummary(summary: Summary, { leads }: { leads?: number } = {}): string {
  const out: string[] = [];
  if (summary.file) out.push(`Profile: ${summary.file}`, "");
  for (const p of summary.phases) {
    const perLead = leads ? ` · ${(p.busyMs / leads).toFixed(3)} ms CPU per lead (${leads} leads)` : "";
    out.push(
      `### ${p.phase}: ${ms(p.wallMs)} ms wall, ${ms(p.busyMs)} ms busy, ${ms(p.idleMs)} ms idle${perLead}`,
      "",
      `Busy time by path: request ${ms(p.paths.request)} ms (${pct(p.paths.request, p.busyMs)}), outbox worker ${ms(p.paths.outbox)} ms (${pct(p.paths.outbox, p.busyMs)}), async continuations without either on the stack (mostly Kysely/SQLite) ${ms(p.paths.unattributed)} ms (${pct(p.paths.unattributed, p.busyMs)})`,
      "",
      `| Area | self ms | self % | inclusive ms | inclusive % |${leads ? " self µs/lead |" : ""}`,
      `|---|---:|---:|---:|---:|${leads ? "---:|" : ""}`,
      ...p.areas.map(
        (a) =>
          `| ${a.area} | ${ms(a.selfMs)} | ${pct(a.selfMs, p.busyMs)} | ${ms(a.inclusiveMs)} | ${pct(a.inclusiveMs, p.busyMs)} |${
            leads ? ` ${((a.selfMs * 1000) / leads).toFixed(0)} |` : ""
          }`,
      ),
      "",
    );
  }
  out.push(
    "### Top functions by self time (whole profile)",
    "",
    "| Function | Where | Area | self ms |",
    "|---|---|---|---:|",
    ...summary.topFunctions.map((f) => `| ${f.name} | ${f.where} | ${f.area} | ${ms(f.selfMs)} |`),
    "",
    "### Timeline (busy ms per second: all / request path / outbox path)",
    "",
    summary.timeline.map((b) => `${b.second}s ${ms(b.busyMs)}/${ms(b.requestMs)}/${ms(b.outboxMs)}`).join(" · "),
    "",
  );
  return out.join("\n");
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      leads: { type: "string" },
      top: { type: "string", default: "30" },
      root: { type: "string", default: ROOT },
      json: { type: "boolean", default: false },
    },
  });
  if (positionals.length !== 1) {
    process.stderr.write("usage: node bench/profile-summary.ts FILE.cpuprofile [--leads N] [--top 30] [--json]\n");
    process.exit(1);
  }
  const file = positionals[0]!;
  const summary = summarise(readProfile(file), { root: values.root, file, top: Number(values.top) });
  process.stdout.write(
    values.json
      ? `${JSON.stringify(summary, null, 2)}\n`
      : formatSummary(summary, { leads: values.leads ? Number(values.leads) : undefined }),
  );
}
