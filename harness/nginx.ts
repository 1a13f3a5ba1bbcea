/**
 * nginx in front of the site's instances, as in production: the test runs
 * the files in deploy/nginx/ themselves, not a copy written by hand.
 *
 * Every file of deploy/nginx/ but the public server blocks
 * (meridian-site.conf) is written to the run's folder with only these
 * changes (deployFiles):
 * - meridian-http.conf (log format, upstream pool, cache path, maps): its
 *   `server` lines are replaced by one per instance (the address changes;
 *   the parameters after it, such as max_fails and fail_timeout, are the
 *   file's);
 * - in every file, /etc/nginx/meridian/ (where production keeps them) names
 *   the run's folder, and the cache folder /var/cache/nginx/meridian its
 *   `cache` folder.
 * meridian-proxy.conf (body limits, request id, /metrics, the cache, page
 * views, failover) is then included in a plain-http server block on a free
 * port (production wraps it in the TLS server block of meridian-site.conf).
 *
 * nginx runs in the foreground (`nginx -c FILE -g 'daemon off;'`) with its
 * pid file, logs, cache and temp paths in a folder of its own; never the
 * system service. startNginxSite() is that launcher for any configuration
 * (the static-file bench, bench/static.ts, serves build/client with it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./ports.ts";
import { HOST, ROOT, pollUntil } from "./servers.ts";

export const NGINX_BIN = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
export const DEPLOY_NGINX = path.join(ROOT, "deploy", "nginx");
/** Where production keeps the files of deploy/nginx/, and nginx's cache. */
const PRODUCTION_DIR = "/etc/nginx/meridian/";
const PRODUCTION_CACHE = "/var/cache/nginx/meridian";
/** The public server blocks (TLS, certificates): checked with `nginx -t` in production only. */
const PUBLIC_SERVER_FILE = "meridian-site.conf";
const START_TIMEOUT_MS = 15_000;
const PORT_ATTEMPTS = 5;

export type Upstream = { host: string; port: number };

export type NginxProxy = {
  port: number;
  baseURL: string;
  /** The run's folder: nginx.conf, meridian-http.conf, logs, temp paths. */
  dir: string;
  child: ChildProcess;
  /** nginx's stderr (start-up errors) and the end of its error log. */
  output(): string;
  /** The access log (format `meridian`: one JSON object a line). */
  accessLog(): Record<string, unknown>[];
  /** Fast shutdown (SIGTERM); resolves when the master has exited. Removes the folder. */
  stop(): Promise<void>;
};

export type NginxOptions = {
  upstreams: Upstream[];
  /** Listen on this port (default: a free one; a taken port is retried on another only when not given). */
  port?: number;
};

/** Every nginx started by this process and still running: none outlives it. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * deploy/nginx/meridian-http.conf with its `server` lines replaced by one
 * per upstream, each with the parameters of the file's first server line.
 */
export function upstreamConfig(
  upstreams: Upstream[],
  source = readFileSync(path.join(DEPLOY_NGINX, "meridian-http.conf"), "utf8"),
): string {
  if (upstreams.length === 0) throw new Error("nginx needs at least one upstream");
  const serverLine = /^([ \t]*)server[ \t]+(\S+?)([ \t][^;\n]*)?;[^\n]*\n?/gm;
  const lines = [...source.matchAll(serverLine)];
  const first = lines[0];
  if (!first) throw new Error("deploy/nginx/meridian-http.conf has no `server` line in its upstream block");
  const indent = first[1] ?? "    ";
  const params = first[3] ?? "";
  const ours = upstreams.map((u) => `${indent}server ${u.host}:${u.port}${params};\n`).join("");
  let done = false;
  return source.replace(serverLine, () => {
    if (done) return "";
    done = true;
    return ours;
  });
}

/**
 * The files of deploy/nginx/ (but meridian-site.conf) for a run in `dir`,
 * by name: the upstream pool's addresses replaced, and production's folders
 * (/etc/nginx/meridian/, /var/cache/nginx/meridian) pointed at the run's.
 */
export function deployFiles(upstreams: Upstream[], dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(DEPLOY_NGINX)) {
    if (!name.endsWith(".conf") || name === PUBLIC_SERVER_FILE) continue;
    let text = readFileSync(path.join(DEPLOY_NGINX, name), "utf8");
    if (name === "meridian-http.conf") text = upstreamConfig(upstreams, text);
    files[name] = text.replaceAll(PRODUCTION_DIR, `${dir}/`).replaceAll(PRODUCTION_CACHE, path.join(dir, "cache"));
  }
  return files;
}

/** What nginx serves: the parts of its configuration that are not the launcher's. */
export type NginxSite = {
  /** Main-context lines before the launcher's (load_module …). */
  main?: string;
  /** http-context lines after the temp paths; `file(name)` is `name` in the run's folder. */
  http(file: (name: string) => string): string;
  /** The server block's lines after its `listen` (the port) and `server_name _`; `file(name)` as above. */
  server: string | ((file: (name: string) => string) => string);
  /** Files written to the run's folder before nginx starts, by name (given the run's folder). */
  files?: (dir: string) => Record<string, string>;
  /** Up when a GET of this path answers 200. */
  readyPath: string;
  /** What a 200 on readyPath shows, for the error when it does not come (default: "answer <readyPath>"). */
  ready?: string;
  /** Listen on this port (default: a free one; a taken port is retried on another only when not given). */
  port?: number;
  /** How long nginx has to pass the ready check (default 15 s). */
  startTimeoutMs?: number;
};

/** The main configuration: this run's pid file, logs and temp paths around the site's own parts. */
function mainConfig(dir: string, port: number, site: NginxSite, token: string): string {
  const p = (name: string) => path.join(dir, name);
  const indent = (text: string) => text.replace(/^(?=.)/gm, "    ");
  return `# Written by harness/nginx.ts for one run.
${site.main ?? ""}worker_processes 1;
pid ${p("nginx.pid")};
error_log ${p("error.log")} warn;
lock_file ${p("nginx.lock")};

events {
    worker_connections 1024;
}

http {
    client_body_temp_path ${p("tmp/client_body")};
    proxy_temp_path ${p("tmp/proxy")};
    fastcgi_temp_path ${p("tmp/fastcgi")};
    uwsgi_temp_path ${p("tmp/uwsgi")};
    scgi_temp_path ${p("tmp/scgi")};
${indent(site.http(p))}
    server {
        listen ${HOST}:${port};
        server_name _;
        # The launcher's check that this nginx, not another program, holds the port.
        location = ${runPath(token)} {
            access_log off;
            return 200 "${token}";
        }
${indent(indent(typeof site.server === "string" ? site.server : site.server(p)))}    }
}
`;
}

class PortTaken extends Error {}

/** The address at which only the nginx of this run answers `token`. */
const runPath = (token: string) => `/.launcher-${token}`;

/** Starts nginx on a free port in front of `upstreams`; resolves when a request through it reaches an instance. */
export function startNginx(options: NginxOptions): Promise<NginxProxy> {
  return startNginxSite({
    files: (dir) => deployFiles(options.upstreams, dir),
    http: (file) => `default_type application/octet-stream;

include ${file("meridian-http.conf")};
access_log ${file("access.log")} meridian;
`,
    server: (file) => `include ${file("meridian-proxy.conf")};\n`,
    readyPath: "/healthz", // nginx answers 502 until an instance is up
    ready: "pass /healthz to an instance",
    port: options.port,
  });
}

/** Starts nginx with `site`'s configuration on a free port; resolves when `site.readyPath` answers 200. */
export async function startNginxSite(site: NginxSite): Promise<NginxProxy> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(site.port ?? (await freePort()), site);
    } catch (error) {
      if (!(error instanceof PortTaken) || site.port !== undefined || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

async function startOn(port: number, site: NginxSite): Promise<NginxProxy> {
  const dir = mkdtempSync(path.join(tmpdir(), "nginx-"));
  // Run as root, nginx's workers switch to an unprivileged user: they must
  // reach the folder and write the temp paths.
  chmodSync(dir, 0o755);
  for (const sub of ["tmp/client_body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi", "cache"]) {
    const writable = path.join(dir, sub);
    mkdirSync(writable, { recursive: true });
    chmodSync(writable, 0o777);
  }
  chmodSync(path.join(dir, "tmp"), 0o755);
  for (const [name, text] of Object.entries(site.files?.(dir) ?? {})) writeFileSync(path.join(dir, name), text);
  const confFile = path.join(dir, "nginx.conf");
  // Another program may have taken the port since it was free (other tests
  // run on this machine): nginx then fails to bind, and until it exits that
  // program would answer the ready check. Only this run's nginx knows the token.
  const token = randomBytes(8).toString("hex");
  writeFileSync(confFile, mainConfig(dir, port, site, token));

  // -e: errors before the configuration is read go to the run's folder too.
  const errorLog = path.join(dir, "error.log");
  const child = spawn(NGINX_BIN, ["-p", dir, "-e", errorLog, "-c", confFile, "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let out = "";
  const keep = (chunk: Buffer) => void (out = (out + chunk.toString()).slice(-20_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const exited = new Promise<void>((resolve) => {
    if (gone()) resolve();
    else child.once("exit", () => resolve());
  });
  const errorLogTail = () => {
    try {
      return readFileSync(errorLog, "utf8").slice(-20_000);
    } catch {
      return "";
    }
  };
  const output = () => `${out}${errorLogTail()}`;
  const baseURL = `http://${HOST}:${port}`;
  const proxy: NginxProxy = {
    port,
    baseURL,
    dir,
    child,
    output,
    accessLog() {
      let text: string;
      try {
        text = readFileSync(path.join(dir, "access.log"), "utf8");
      } catch {
        return [];
      }
      return text.split("\n").flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return []; // the empty tail, or a line still being written
        }
      });
    },
    async stop() {
      if (!gone()) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };

  const timeoutMs = site.startTimeoutMs ?? START_TIMEOUT_MS;
  const up = await pollUntil(
    async () => {
      if (gone()) return "exited";
      try {
        const ours = await fetch(`${baseURL}${runPath(token)}`, { signal: AbortSignal.timeout(2000) });
        if ((await ours.text()) !== token) return "";
        const res = await fetch(`${baseURL}${site.readyPath}`, { signal: AbortSignal.timeout(2000) });
        return res.status === 200 ? "up" : "";
      } catch {
        return "";
      }
    },
    timeoutMs,
    100,
  );
  if (up === "up") return proxy;
  const why = output();
  await proxy.stop();
  if (/Address already in use/.test(why)) throw new PortTaken(`port ${port} was taken`);
  throw new Error(
    up === "exited"
      ? `nginx exited (${child.exitCode ?? child.signalCode}) before it answered:\n${why}`
      : `nginx did not ${site.ready ?? `answer ${site.readyPath}`} within ${timeoutMs / 1000} s:\n${why}`,
  );
}
