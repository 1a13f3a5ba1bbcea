/**
 * Static-file load benchmark: the production server against nginx, serving the same build.
 *
 *   node bench/static.ts [--runs 5] [--duration 5] [--connections 10] [--accept "br, gzip"]
 *                        [--build] [--note "busy machine"] [--out static]
 *
 * Builds first when build/ is missing or was built without the precompressed files
 * (`--build` always builds). Starts `node server/index.ts` (NODE_ENV=production,
 * APP_ENV=test, a fresh DATA_DIR, a free port; its log goes to a file) and nginx
 * (/usr/sbin/nginx, started by tests/support/nginx.ts: in the foreground, one worker, its
 * own config, pid file, logs and temp paths in a temp folder, a free port) serving
 * build/client with `gzip_static on` (and `brotli_static on` when Debian's
 * libnginx-mod-http-brotli-static is installed).
 * Then drives `/about` (a prerendered page) and the entry script (/assets/entry.client-….js)
 * on each with autocannon, side by side and alternating (server first in odd runs, nginx
 * first in even ones): a 1 s warm-up, then N runs of D seconds, C connections, with the
 * given Accept-Encoding. Default: `br, gzip` (what browsers send) and, when nginx cannot
 * serve brotli, also `gzip` (both then send the same bytes). Reports requests/s (median and
 * min–max), the ratio server/nginx, and whether the server reaches half of nginx's rate.
 * Writes bench/results/<out>.{md,json} (default: static).
 *
 * Exit code: 0 when every row reaches the target, 2 when one does not, 1 when the bench fails.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { NGINX_BIN, startNginxSite, type NginxSite } from "../tests/support/nginx.ts";
import { benchLog, build, freePort, loadBenchCommandLine, ROOT, type LoadBenchOptions } from "./common.ts";

const RESULTS_DIR = path.join(ROOT, "bench", "results");
const CLIENT_DIR = path.join(ROOT, "build", "client");
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
const START_TIMEOUT_MS = 30_000;
/** The server must reach at least this share of nginx's rate. */
const TARGET_RATIO = 0.5;

type Options = LoadBenchOptions & { accept: string[] | null; note: string | null };

type ContenderName = "server" | "nginx";
type Sample = { rps: number; mbPerS: number; p50: number; p99: number; non2xx: number; errors: number };
type Series = { runs: Sample[]; median: number; min: number; max: number };
type Probe = { status: number; encoding: string; bytes: number; etag: string | null };
type Row = {
  accept: string;
  target: string;
  path: string;
  probe: Record<ContenderName, Probe>;
  server: Series;
  nginx: Series;
  ratio: number;
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

/** build/client as static files: what nginx serves here (started by tests/support/nginx.ts). */
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

/** `nginx -v` prints "nginx version: nginx/1.22.1" on stderr. */
function nginxVersion(): string {
  const res = spawnSync(NGINX_BIN, ["-v"], { encoding: "utf8" });
  return `${res.stderr ?? ""}${res.stdout ?? ""}`.replace(/^nginx version:\s*/, "").trim() || "nginx";
}

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

/** One GET on its own connection: status, Content-Encoding and the bytes on the wire. */
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
        let bytes = 0;
        res.on("data", (c: Buffer) => (bytes += c.length));
        res.on("error", reject);
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers["content-encoding"] ?? "identity"),
            bytes,
            etag: res.headers.etag ?? null,
          }),
        );
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`timed out: GET ${urlPath}`)));
    req.on("error", reject);
    req.end();
  });
}

async function load(base: string, urlPath: string, accept: string, seconds: number, connections: number) {
  const result = await autocannon({
    url: `${base}${urlPath}`,
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    headers: { "accept-encoding": accept },
  });
  const sample: Sample = {
    rps: result.requests.average,
    mbPerS: result.throughput.average / 1e6,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  return sample;
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

function markdownTable(rows: Row[]): string {
  const lines = rows.map((r) => {
    const cell = (s: Series) => `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})`;
    const sent = (p: Probe) => `${p.encoding}, ${fmt(p.bytes / 1024, 1)} kB`;
    return (
      `| \`${r.accept}\` | ${r.target} | ${cell(r.server)} | ${cell(r.nginx)} | ${fmt(r.ratio, 2)} | ` +
      `${sent(r.probe.server)} | ${sent(r.probe.nginx)} | ${r.targetMet ? "✅" : "❌"} |`
    );
  });
  return [
    `| Accept-Encoding | Target | Server req/s, median (min–max) | nginx req/s, median (min–max) | Server / nginx | Server sends | nginx sends | ≥ ${TARGET_RATIO} |`,
    "|---|---|---:|---:|---:|---|---|---|",
    ...lines,
  ].join("\n");
}

function markdownReport(rows: Row[], meta: Record<string, string>, options: Options): string {
  const intro =
    `${meta.date} · autocannon, ${options.connections} connections, ${options.runs} runs × ${options.duration} s per target and server, ` +
    `alternating (server first in odd runs, nginx first in even ones), after a 1 s warm-up each · ` +
    `production server (\`node server/index.ts\`, NODE_ENV=production, APP_ENV=test, its request log to a file) · ` +
    `${meta.nginx}, 1 worker, gzip_static${meta.brotli === "yes" ? " and brotli_static" : ""}, access log off · ` +
    `127.0.0.1 · Node ${meta.node} · ${meta.cpus} · load average ${meta.load}${meta.commit ? ` · commit ${meta.commit}` : ""}`;
  const note = options.note ? `\n\n**${options.note}**` : "";
  const brotli =
    meta.brotli === "yes"
      ? "nginx serves brotli (`brotli_static`), so both send the same encodings."
      : "nginx here has no brotli module (Debian's `libnginx-mod-http-brotli-static` is not installed), so with " +
        "`br, gzip` nginx sends its `.gz` file while the server sends `.br` (smaller, same work per request); " +
        "the `gzip` rows compare the same bytes.";
  return (
    `# Static files: server against nginx\n\n${intro}${note}\n\n${markdownTable(rows)}\n\n` +
    `Targets: \`${meta.page}\` (a prerendered page) and \`${meta.asset}\` (the entry script). ${brotli} ` +
    `Target: the server at least ${TARGET_RATIO * 100}% of nginx's median rate.\n`
  );
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
  try {
    const server = await startServer();
    running.push(server);
    const nginx = await startNginx(brotli);
    running.push(nginx);
    log(`server at ${server.base}, nginx at ${nginx.base} (brotli: ${brotli ? "yes" : "no"})`);
    const home = await (await fetch(`${server.base}/`)).text();
    const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(home)?.[0];
    if (!entry) throw new Error("the home page names no /assets/entry.client-….js");
    targets.push({ name: "page", path: "/about" }, { name: "script", path: entry });
    for (const accept of accepts) {
      for (const target of targets) {
        const probes = {
          server: await probe(server.base, target.path, accept),
          nginx: await probe(nginx.base, target.path, accept),
        };
        for (const [name, p] of Object.entries(probes))
          if (p.status !== 200) throw new Error(`${name} answered ${p.status} to GET ${target.path}`);
        for (const contender of [server, nginx])
          await load(contender.base, target.path, accept, 1, options.connections);
        const samples: Record<ContenderName, Sample[]> = { server: [], nginx: [] };
        for (let run = 1; run <= options.runs; run++) {
          const order = run % 2 ? [server, nginx] : [nginx, server];
          for (const contender of order) {
            const sample = await load(contender.base, target.path, accept, options.duration, options.connections);
            if (sample.non2xx || sample.errors)
              throw new Error(
                `${contender.name}: ${sample.non2xx} non-2xx answers and ${sample.errors} errors on ${target.path}`,
              );
            samples[contender.name].push(sample);
            log(`${accept} · ${target.path} · run ${run} · ${contender.name}: ${fmt(sample.rps)} req/s`);
          }
        }
        const s = series(samples.server);
        const n = series(samples.nginx);
        const ratio = s.median / n.median;
        rows.push({
          accept,
          target: target.name,
          path: target.path,
          probe: probes,
          server: s,
          nginx: n,
          ratio,
          targetMet: ratio >= TARGET_RATIO,
        });
        log(
          `${accept} · ${target.path}: server ${fmt(s.median)} req/s, nginx ${fmt(n.median)} req/s, ratio ${fmt(ratio, 2)}`,
        );
      }
    }
  } finally {
    for (const r of running.reverse()) {
      await stop(r.child);
      rmSync(r.dir, { recursive: true, force: true });
    }
  }
  const loadAfter = loadavg()[0]!;
  const cpuList = cpus();
  const meta: Record<string, string> = {
    date: new Date().toISOString(),
    node: process.version,
    nginx: nginxVersion(),
    brotli: brotli ? "yes" : "no",
    cpus: `${cpuList.length} × ${cpuList[0]?.model.trim() ?? "CPU"}`,
    load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    page: targets[0]?.path ?? "",
    asset: targets[1]?.path ?? "",
  };
  const commit = gitCommit();
  if (commit) meta.commit = commit;
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = { ...meta, note: options.note, options, targetRatio: TARGET_RATIO, rows };
  writeFileSync(path.join(RESULTS_DIR, `${options.out}.json`), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(path.join(RESULTS_DIR, `${options.out}.md`), markdownReport(rows, meta, options));
  process.stdout.write(`\n${markdownTable(rows)}\n`);
  log(`wrote ${path.relative(ROOT, RESULTS_DIR)}/${options.out}.{json,md}`);
  const missed = rows.filter((r) => !r.targetMet);
  if (missed.length) {
    log(`BELOW TARGET: ${missed.map((r) => `${r.accept} ${r.path} (${fmt(r.ratio, 2)})`).join(", ")}`);
    return 2;
  }
  log(`PASS: the server reaches at least ${TARGET_RATIO * 100}% of nginx's rate everywhere`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
