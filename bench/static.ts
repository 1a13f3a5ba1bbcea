/**
 * Static-file load benchmark: the production server against a bare Node server sending the
 * same bytes from memory, and against nginx serving the same build; and the deployed layout
 * (nginx with deploy/nginx/'s configuration, its cache included, in front of the server)
 * against nginx serving the same bytes as static files.
 *
 *   node bench/static.ts [--runs 5] [--duration 5] [--connections 10] [--accept "br, gzip"]
 *                        [--build] [--note "busy machine"] [--out static]
 *
 * The load comes from wrk (Debian's package, /usr/bin/wrk: one thread, C connections), not
 * autocannon: autocannon, a Node program on the same two cores, tops out near 2,600
 * requests/s, below what any of the three can serve, so its ratios measured itself.
 *
 * Builds first when build/ is missing or was built without the precompressed files
 * (`--build` always builds). Starts `node server/index.ts` (NODE_ENV=production,
 * APP_ENV=test, a fresh DATA_DIR, a free port; its log goes to a file) and nginx
 * (/usr/sbin/nginx, started by harness/nginx.ts: in the foreground, one worker, its
 * own config, pid file, logs and temp paths in a temp folder, a free port) serving
 * build/client with `gzip_static on` (and `brotli_static on` when Debian's
 * libnginx-mod-http-brotli-static is installed).
 * and bench/bare-node-server.ts, given the server's own answers (headers and body) for each
 * target and encoding, and the deployed layout: nginx started by harness/nginx.ts's
 * startNginx with the files of deploy/nginx/ (upstream pool, cache, page views, access log
 * on, as in production) with the server as its one instance. Then drives `/about` (a prerendered page) and the entry script
 * (/assets/entry.client-….js) on each with wrk, side by side, the order turning each run: a
 * 1 s warm-up, then N runs of D seconds, C connections, with the given Accept-Encoding.
 * Default: `br, gzip` (what browsers send) and, when nginx cannot serve brotli, also `gzip`
 * (all then send the same bytes). Reports requests/s (median and min–max), the ratios
 * server/bare Node, server/nginx and deployed/nginx, and whether each reaches its target (the
 * server 0.3 of bare Node, issue 28, and half of nginx, issue 12; the deployed layout half of
 * nginx, issue 28). Writes bench/results/<out>.{md,json} (default: static).
 *
 * Exit code: 0 when every row reaches the target, 2 when one does not, 1 when the bench fails.
 */
import { execFile, execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { promisify } from "node:util";
import { NGINX_BIN, startNginx as startDeployedNginx, startNginxSite, type NginxSite } from "../harness/nginx.ts";
import { benchLog, build, freePort, ROOT } from "./support/runner.ts";
import { loadBenchCommandLine, type LoadBenchOptions } from "./support/options.ts";
import { writeResults, machineNote } from "./support/report.ts";

const CLIENT_DIR = path.join(ROOT, "build", "client");
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
const START_TIMEOUT_MS = 30_000;
const WRK_BIN = "/usr/bin/wrk";
/** The server must reach at least this share of nginx's rate (issue 12)… */
const TARGET_RATIO = 0.5;
/** …and of a bare Node server's sending the same bytes (issue 28). */
const TARGET_BARE_RATIO = 0.3;
/** The deployed layout (nginx with its cache in front of the server) against nginx's static files (issue 28). */
const TARGET_DEPLOYED_RATIO = 0.5;

type Options = LoadBenchOptions & { accept: string[] | null; note: string | null };

type ContenderName = "server" | "bare" | "nginx" | "deployed";
type Sample = { rps: number; mbPerS: number; p50: number; p99: number; non2xx: number; errors: number };
type Series = { runs: Sample[]; median: number; min: number; max: number };
type Probe = {
  status: number;
  encoding: string;
  bytes: number;
  etag: string | null;
  headers: Record<string, string>;
  body: Buffer;
};
type Row = {
  accept: string;
  target: string;
  path: string;
  probe: Record<ContenderName, Probe>;
  server: Series;
  bare: Series;
  nginx: Series;
  deployed: Series;
  /** server / nginx */
  ratio: number;
  /** server / bare Node */
  bareRatio: number;
  /** deployed layout / nginx */
  deployedRatio: number;
  targetMet: boolean;
};

const log = benchLog("bench:static");

const parseOptions: (argv: string[]) => Options = loadBenchCommandLine(
  { duration: "5", connections: "10", runs: "5", out: "static" },
  { accept: { type: "string", multiple: true }, note: { type: "string" } },
  (values) => ({ accept: values.accept ?? null, note: values.note ?? null }),
);

// ---------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------

type Running = { name: ContenderName; base: string; child: ChildProcess; output: () => string; dir: string };

function gone(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stop(child: ChildProcess): Promise<void> {
  if (gone(child)) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

async function waitUntilUp(running: Running, urlPath: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (gone(running.child))
      throw new Error(
        `${running.name} exited (${running.child.exitCode ?? running.child.signalCode}):\n${running.output()}`,
      );
    try {
      const res = await fetch(`${running.base}${urlPath}`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `${running.name} did not answer ${urlPath} within ${START_TIMEOUT_MS / 1000} s:\n${running.output()}`,
  );
}

function readTail(file: string): string {
  try {
    return readFileSync(file, "utf8").slice(-8000);
  } catch {
    return "";
  }
}

async function startServer(): Promise<Running> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "bench-static-server-"));
  const logFile = path.join(dir, "server.log");
  const out = openSync(logFile, "w");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    APP_ENV: "test",
    DATA_DIR: path.join(dir, "data"),
    SITE_URL: `http://127.0.0.1:${port}`,
  };
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // The server's log (one line per request) goes to a file: no pipe for this process to drain.
  const child = spawn(process.execPath, ["server/index.ts"], { cwd: ROOT, env, stdio: ["ignore", out, out] });
  closeSync(out);
  const running: Running = {
    name: "server",
    base: `http://127.0.0.1:${port}`,
    child,
    dir,
    output: () => readTail(logFile),
  };
  await waitUntilUp(running, "/healthz");
  return running;
}

/** build/client as static files: what nginx serves here (started by harness/nginx.ts). */
function staticSite(brotli: boolean): NginxSite {
  return {
    main: brotli ? `load_module ${BROTLI_MODULE};\n` : "",
    http: () => `include /etc/nginx/mime.types;
types { application/octet-stream data; }
default_type application/octet-stream;
access_log off;
sendfile on;
tcp_nopush on;
keepalive_requests 1000000;
gzip off;
gzip_static on;
gzip_vary on;
${brotli ? "brotli_static on;\n" : ""}`,
    server: `root ${CLIENT_DIR};
location /assets/ {
    add_header Cache-Control "public, max-age=31536000, immutable";
    try_files $uri =404;
}
location / {
    add_header Cache-Control "public, max-age=0, must-revalidate";
    try_files $uri $uri/index.html =404;
}
`,
    readyPath: "/about",
    startTimeoutMs: START_TIMEOUT_MS,
  };
}

async function startNginx(brotli: boolean): Promise<Running> {
  const nginx = await startNginxSite(staticSite(brotli));
  return { name: "nginx", base: nginx.baseURL, child: nginx.child, dir: nginx.dir, output: nginx.output };
}

/** The deployed layout: nginx with deploy/nginx/'s files (its cache, access log on) in front of `server`. */
async function startDeployed(server: Running): Promise<Running> {
  const url = new URL(server.base);
  const nginx = await startDeployedNginx({ upstreams: [{ host: url.hostname, port: Number(url.port) }] });
  return { name: "deployed", base: nginx.baseURL, child: nginx.child, dir: nginx.dir, output: nginx.output };
}

/**
 * bench/bare-node-server.ts on a free port, given `answers` (the server's own, by path and
 * Accept-Encoding) to send from memory.
 */
async function startBareNode(answers: { path: string; accept: string; probe: Probe }[]): Promise<Running> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "bench-static-bare-"));
  const file = path.join(dir, "answers.json");
  writeFileSync(
    file,
    JSON.stringify(
      answers.map((a) => ({
        path: a.path,
        accept: a.accept,
        headers: a.probe.headers,
        body: a.probe.body.toString("base64"),
      })),
    ),
  );
  const child = spawn(process.execPath, [path.join(ROOT, "bench", "bare-node-server.ts"), file, String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bare Node did not start:\n${out}`)), START_TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`bare Node exited (${code}):\n${out}`));
    });
  });
  await ready;
  return { name: "bare", base: `http://127.0.0.1:${port}`, child, dir, output: () => out };
}

/** `nginx -v` prints "nginx version: nginx/1.22.1" on stderr. */
function nginxVersion(): string {
  const res = spawnSync(NGINX_BIN, ["-v"], { encoding: "utf8" });
  return `${res.stderr ?? ""}${res.stdout ?? ""}`.replace(/^nginx version:\s*/, "").trim() || "nginx";
}

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

/** Headers that belong to the connection or the moment, not to the answer (the bare server sets its own). */
const hopByHop = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date"]);

/** One GET on its own connection: status, Content-Encoding, the headers and the bytes on the wire. */
function probe(base: string, urlPath: string, accept: string): Promise<Probe> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: urlPath,
        headers: { "Accept-Encoding": accept },
        agent: false,
      },
      (res) => {
        buffer(res).then((body) => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined && !hopByHop.has(name)) headers[name] = String(value);
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers["content-encoding"] ?? "identity"),
            bytes: body.length,
            etag: res.headers.etag ?? null,
            headers,
            body,
          });
        }, reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`timed out: GET ${urlPath}`)));
    req.on("error", reject);
    req.end();
  });
}

/**
 * wrk's report, as one JSON line from its `done` hook: requests, bytes and the run's length
 * (µs), its errors, and the latency percentiles (µs).
 */
const WRK_REPORT = `done = function(summary, latency, requests)
  io.write(string.format('{"requests":%d,"bytes":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.bytes, summary.duration, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.status, summary.errors.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

/** D seconds of wrk (one thread, C connections) on one address with one Accept-Encoding. */
async function load(
  base: string,
  urlPath: string,
  accept: string,
  seconds: number,
  connections: number,
  script: string,
): Promise<Sample> {
  const { stdout } = await promisify(execFile)(
    WRK_BIN,
    ["-t1", `-c${connections}`, `-d${seconds}s`, "-H", `Accept-Encoding: ${accept}`, "-s", script, `${base}${urlPath}`],
    { timeout: (seconds + 30) * 1000 },
  );
  const line = stdout.trim().split("\n").at(-1) ?? "";
  const r = JSON.parse(line) as {
    requests: number;
    bytes: number;
    durationUs: number;
    connect: number;
    read: number;
    write: number;
    status: number;
    timeout: number;
    p50: number;
    p99: number;
  };
  const secondsRun = r.durationUs / 1e6;
  return {
    rps: r.requests / secondsRun,
    mbPerS: r.bytes / secondsRun / 1e6,
    p50: r.p50 / 1000,
    p99: r.p99 / 1000,
    non2xx: r.status,
    errors: r.connect + r.read + r.write + r.timeout,
  };
}

function series(runs: Sample[]): Series {
  const values = runs.map((r) => r.rps).sort((a, b) => a - b);
  const mid = Math.floor(values.length / 2);
  const median = values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
  return { runs, median, min: values[0]!, max: values[values.length - 1]! };
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

const fmt = (n: number, digits = 0): string => n.toFixed(digits);

/** The ratios of a row below their targets, by name. */
function missedTargets(r: Row): string[] {
  return [
    ...(r.bareRatio < TARGET_BARE_RATIO ? ["server/bare Node"] : []),
    ...(r.ratio < TARGET_RATIO ? ["server/nginx"] : []),
    ...(r.deployedRatio < TARGET_DEPLOYED_RATIO ? ["deployed/nginx"] : []),
  ];
}

function markdownTable(rows: Row[]): string {
  const lines = rows.map((r) => {
    const cell = (s: Series) => `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})`;
    const sent = (p: Probe) => `${p.encoding}, ${fmt(p.bytes / 1024, 1)} kB`;
    return (
      `| \`${r.accept}\` | ${r.target} | ${cell(r.server)} | ${cell(r.bare)} | ${cell(r.nginx)} | ${cell(r.deployed)} | ` +
      `${fmt(r.bareRatio, 2)} | ${fmt(r.ratio, 2)} | ${fmt(r.deployedRatio, 2)} | ${sent(r.probe.server)} | ${sent(r.probe.nginx)} | ${r.targetMet ? "✅" : `❌ ${missedTargets(r).join(", ")}`} |`
    );
  });
  return [
    `| Accept-Encoding | Target | Server req/s, median (min–max) | Bare Node req/s | nginx req/s | Deployed layout req/s | Server / bare Node (≥ ${TARGET_BARE_RATIO}) | Server / nginx (≥ ${TARGET_RATIO}) | Deployed / nginx (≥ ${TARGET_DEPLOYED_RATIO}) | Server, bare Node and deployed send | nginx sends | Targets met |`,
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|",
    ...lines,
  ].join("\n");
}

function markdownReport(rows: Row[], meta: Record<string, string>, options: Options): string {
  const intro =
    `${meta.date} · ${meta.wrk}, 1 thread, ${options.connections} connections, ${options.runs} runs × ${options.duration} s per target and contender, ` +
    `side by side, the order turning each run, after a 1 s warm-up each · ` +
    `production server (\`node server/index.ts\`, NODE_ENV=production, APP_ENV=test, its request log to a file) · ` +
    `bare Node (bench/bare-node-server.ts: the server's own answers, headers and bytes, from memory) · ` +
    `${meta.nginx}, 1 worker, gzip_static${meta.brotli === "yes" ? " and brotli_static" : ""}, access log off · ` +
    `deployed layout: the same nginx, 1 worker, with deploy/nginx/'s files (the cache: pages 2 s then revalidated, assets 7 days; the page-view mirror; its JSON access log on, as in production) in front of the server · ` +
    `127.0.0.1 · ${machineNote(meta)}`;
  const note = options.note ? `\n\n**${options.note}**` : "";
  const brotli =
    meta.brotli === "yes"
      ? "nginx serves brotli (`brotli_static`), so all three send the same encodings."
      : "nginx here has no brotli module (Debian's `libnginx-mod-http-brotli-static` is not installed), so with " +
        "`br, gzip` nginx sends its `.gz` file while the server sends `.br` (smaller, same work per request); " +
        "the `gzip` rows compare the same bytes.";
  return (
    `# Static files: server against bare Node and nginx\n\n${intro}${note}\n\n${markdownTable(rows)}\n\n` +
    `Targets: \`${meta.page}\` (a prerendered page) and \`${meta.asset}\` (the entry script). ${brotli} ` +
    `Targets: the server at least ${TARGET_BARE_RATIO * 100}% of bare Node's median rate (issue 28) and ${TARGET_RATIO * 100}% of nginx's (issue 12); ` +
    `the deployed layout at least ${TARGET_DEPLOYED_RATIO * 100}% of nginx's static files (issue 28).\n`
  );
}

/** `wrk -v` prints "wrk debian/4.1.0-3+b2 [epoll] Copyright …" (and exits 1). */
function wrkVersion(): string {
  const res = spawnSync(WRK_BIN, ["-v"], { encoding: "utf8" });
  return /^wrk \S+/.exec(`${res.stdout ?? ""}${res.stderr ?? ""}`)?.[0] ?? "wrk";
}

function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

function needsBuild(): boolean {
  return (
    !existsSync(path.join(ROOT, "build", "server", "index.js")) ||
    !existsSync(path.join(CLIENT_DIR, "about", "index.html.gz")) ||
    !existsSync(path.join(CLIENT_DIR, "about", "index.html.br"))
  );
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.build || needsBuild()) build(log);
  const brotli = existsSync(BROTLI_MODULE);
  const accepts = options.accept ?? (brotli ? ["br, gzip"] : ["br, gzip", "gzip"]);
  const loadBefore = loadavg()[0]!;
  const running: Running[] = [];
  const rows: Row[] = [];
  const targets: { name: string; path: string }[] = [];
  if (!existsSync(WRK_BIN)) throw new Error(`no ${WRK_BIN}: install Debian's wrk (apt-get install wrk)`);
  const scriptDir = mkdtempSync(path.join(tmpdir(), "bench-static-wrk-"));
  const script = path.join(scriptDir, "report.lua");
  writeFileSync(script, WRK_REPORT);
  try {
    const server = await startServer();
    running.push(server);
    const nginx = await startNginx(brotli);
    running.push(nginx);
    const deployed = await startDeployed(server);
    running.push(deployed);
    const home = await (await fetch(`${server.base}/`)).text();
    const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(home)?.[0];
    if (!entry) throw new Error("the home page names no /assets/entry.client-….js");
    targets.push({ name: "page", path: "/about" }, { name: "script", path: entry });
    // The bare server sends what the site's server sends, for every target and encoding.
    const answers = [];
    for (const accept of accepts)
      for (const target of targets)
        answers.push({ path: target.path, accept, probe: await probe(server.base, target.path, accept) });
    const bare = await startBareNode(answers);
    running.push(bare);
    const contenders = [server, bare, nginx, deployed];
    log(
      `server at ${server.base}, bare Node at ${bare.base}, nginx at ${nginx.base} (brotli: ${brotli ? "yes" : "no"}), ` +
        `deployed layout (nginx with deploy/nginx/ in front of the server) at ${deployed.base}`,
    );
    for (const accept of accepts) {
      for (const target of targets) {
        const probes = {
          server: await probe(server.base, target.path, accept),
          bare: await probe(bare.base, target.path, accept),
          nginx: await probe(nginx.base, target.path, accept),
          deployed: await probe(deployed.base, target.path, accept),
        };
        for (const [name, p] of Object.entries(probes))
          if (p.status !== 200) throw new Error(`${name} answered ${p.status} to GET ${target.path}`);
        if (!probes.bare.body.equals(probes.server.body))
          throw new Error(`bare Node does not send the server's bytes for ${target.path}`);
        if (!probes.deployed.body.equals(probes.server.body))
          throw new Error(`the deployed layout does not send the server's bytes for ${target.path}`);
        for (const contender of contenders)
          await load(contender.base, target.path, accept, 1, options.connections, script);
        const samples: Record<ContenderName, Sample[]> = { server: [], bare: [], nginx: [], deployed: [] };
        for (let run = 1; run <= options.runs; run++) {
          // Each run starts with the next contender: none always runs first or last.
          const order = contenders.map((_, i) => contenders[(i + run - 1) % contenders.length]!);
          for (const contender of order) {
            const sample = await load(
              contender.base,
              target.path,
              accept,
              options.duration,
              options.connections,
              script,
            );
            if (sample.non2xx || sample.errors)
              throw new Error(
                `${contender.name}: ${sample.non2xx} non-2xx answers and ${sample.errors} errors on ${target.path}`,
              );
            samples[contender.name].push(sample);
            log(`${accept} · ${target.path} · run ${run} · ${contender.name}: ${fmt(sample.rps)} req/s`);
          }
        }
        const s = series(samples.server);
        const bareSeries = series(samples.bare);
        const n = series(samples.nginx);
        const d = series(samples.deployed);
        const ratio = s.median / n.median;
        const bareRatio = s.median / bareSeries.median;
        const deployedRatio = d.median / n.median;
        rows.push({
          accept,
          target: target.name,
          path: target.path,
          probe: probes,
          server: s,
          bare: bareSeries,
          nginx: n,
          deployed: d,
          ratio,
          bareRatio,
          deployedRatio,
          targetMet: ratio >= TARGET_RATIO && bareRatio >= TARGET_BARE_RATIO && deployedRatio >= TARGET_DEPLOYED_RATIO,
        });
        log(
          `${accept} · ${target.path}: server ${fmt(s.median)} req/s, bare Node ${fmt(bareSeries.median)}, nginx ${fmt(n.median)}, deployed ${fmt(d.median)}; ` +
            `server/bare ${fmt(bareRatio, 2)}, server/nginx ${fmt(ratio, 2)}, deployed/nginx ${fmt(deployedRatio, 2)}`,
        );
      }
    }
  } finally {
    for (const r of running.reverse()) {
      await stop(r.child);
      rmSync(r.dir, { recursive: true, force: true });
    }
    rmSync(scriptDir, { recursive: true, force: true });
  }
  const loadAfter = loadavg()[0]!;
  const cpuList = cpus();
  const meta: Record<string, string> = {
    date: new Date().toISOString(),
    node: process.version,
    nginx: nginxVersion(),
    wrk: wrkVersion(),
    brotli: brotli ? "yes" : "no",
    cpus: `${cpuList.length} × ${cpuList[0]?.model.trim() ?? "CPU"}`,
    load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    page: targets[0]?.path ?? "",
    asset: targets[1]?.path ?? "",
  };
  const commit = gitCommit();
  if (commit) meta.commit = commit;
  // The probes' bodies stay out of the JSON: their size and encoding are kept.
  const kept = rows.map((r) => ({
    ...r,
    probe: Object.fromEntries(
      Object.entries(r.probe).map(([name, { body: _body, headers: _headers, ...rest }]) => [name, rest]),
    ),
  }));
  const json = {
    ...meta,
    note: options.note,
    options,
    targetRatio: TARGET_RATIO,
    targetBareRatio: TARGET_BARE_RATIO,
    targetDeployedRatio: TARGET_DEPLOYED_RATIO,
    rows: kept,
  };
  writeResults(options.out, json, markdownReport(rows, meta, options));
  process.stdout.write(`\n${markdownTable(rows)}\n`);
  log(`wrote bench/results/${options.out}.{json,md}`);
  const missed = rows.filter((r) => !r.targetMet);
  if (missed.length) {
    log(
      `BELOW TARGET: ${missed.map((r) => `${r.accept} ${r.path} (bare ${fmt(r.bareRatio, 2)}, nginx ${fmt(r.ratio, 2)}, deployed/nginx ${fmt(r.deployedRatio, 2)})`).join(", ")}`,
    );
    return 2;
  }
  log(
    `PASS: the server reaches ${TARGET_BARE_RATIO} of bare Node's rate and ${TARGET_RATIO} of nginx's, and the deployed layout ${TARGET_DEPLOYED_RATIO} of nginx's, everywhere`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
