/**
 * The server's memory under anonymous upload-sized posts (issue 37, ADR 061).
 *
 *   npm run bench:large-posts [-- --runs 5] [--posts 4] [--mb 30] [--root DIR] [--out NAME]
 *
 * For each run: starts `node server/index.ts` (the production build of this
 * project, or of --root: another checkout's, to measure the code before a
 * change) on a free port with a fresh SQLite DATA_DIR, lets it settle, and
 * reads its idle resident memory (VmRSS). Then sends --posts (4) posts at
 * once, without a session or any cookie, each declaring and sending --mb
 * (30) MB (decimal: 30,000,000 bytes) of multipart form to a guide's PDF
 * upload (/admin/content/guide/bench/pdf: the largest body the site takes
 * from an editor, 2 × 15 MiB), and samples the server's VmRSS every 10 ms
 * until every post is answered or its connection closed. Records the peak
 * over idle, each post's status (or the socket's error, for a server that
 * closed while the body was being sent) and the time to the answer.
 *
 * Figures: the peak RSS over idle, median and spread (min–max) of the runs.
 * The target (issue 37): within 20 MB of idle. Writes
 * bench/results/<out>.{md,json} (default: large-posts).
 * Exit code: 0 when the median is within the target, 2 when not, 1 when the bench fails.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import { benchLog, positiveOption, repeatRuns, ROOT, runMain, spread, startSite, warmUp } from "./support/runner.ts";
import { machine, writeResults } from "./support/report.ts";

const log = benchLog("large-posts");
const targetMb = 20;

type Options = { runs: number; posts: number; mb: number; root: string; out: string };

function readOptions(argv: string[]): Options {
  const options: Options = { runs: 5, posts: 4, mb: 30, root: ROOT, out: "large-posts" };
  for (let i = 0; i < argv.length; i++) {
    const [name, value] = [argv[i], argv[i + 1] ?? ""];
    if (name === "--runs") options.runs = positiveOption("runs", value, true);
    else if (name === "--posts") options.posts = positiveOption("posts", value, true);
    else if (name === "--mb") options.mb = positiveOption("mb", value);
    else if (name === "--root") options.root = path.resolve(value);
    else if (name === "--out") {
      if (!/^[\w-]+$/.test(value)) throw new Error(`--out must be a plain file name, got "${value}"`);
      options.out = value;
    } else throw new Error(`unknown option ${name}`);
    i++;
  }
  return options;
}

/** The resident memory of a process, in bytes (Linux). */
function rss(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) * 1024;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type PostResult = { outcome: string; ms: number };

/** One anonymous post of `bytes`, sent in 256 kB pieces as fast as the server takes them. */
function post(base: string, bytes: number): Promise<PostResult> {
  const url = new URL("/admin/content/guide/bench/pdf", base);
  const boundary = "benchboundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fill = bytes - head.length - tail.length;
  const piece = Buffer.alloc(256 * 1024, 0x41);
  const started = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (outcome: string) => {
      if (done) return;
      done = true;
      resolve({ outcome, ms: Math.round(performance.now() - started) });
    };
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: url.pathname,
        agent: false,
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(bytes) },
      },
      (res) => {
        res.resume();
        res.on("end", () => finish(String(res.statusCode)));
        res.on("error", () => finish(String(res.statusCode)));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? "error"));
    request.setTimeout(120_000, () => request.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    let sent = 0;
    const write = () => {
      while (sent < fill) {
        const n = Math.min(piece.length, fill - sent);
        sent += n;
        if (!request.write(n === piece.length ? piece : piece.subarray(0, n))) {
          request.once("drain", write);
          return;
        }
      }
      request.end(tail);
    };
    request.write(head);
    write();
  });
}

type Run = { idleMb: number; peakMb: number; overIdleMb: number; outcomes: string[]; answerMs: number[] };

async function oneRun(options: Options): Promise<Run> {
  const site = await startSite("sqlite", "bench_large_posts", { root: options.root });
  const { server } = site;
  try {
    // Settle: a few ordinary requests, then a quiet moment.
    await warmUp(5, () => fetch(`${server.base}/about`).then((r) => r.arrayBuffer()));
    await delay(1500);
    const pid = server.child.pid!;
    const idle = rss(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rss(pid));
      } catch {
        /* exited */
      }
    }, 10);
    const bytes = Math.round(options.mb * 1_000_000);
    const results = await Promise.all(Array.from({ length: options.posts }, () => post(server.base, bytes)));
    // A moment more for what the server does after answering (parsing a body it read).
    await delay(500);
    clearInterval(sampler);
    peak = Math.max(peak, rss(pid));
    const mb = (n: number) => Math.round((n / 1_048_576) * 10) / 10;
    return {
      idleMb: mb(idle),
      peakMb: mb(peak),
      overIdleMb: mb(peak - idle),
      outcomes: results.map((r) => r.outcome),
      answerMs: results.map((r) => r.ms),
    };
  } finally {
    await site.stop();
  }
}

async function main(): Promise<number> {
  const options = readOptions(process.argv.slice(2));
  const loadBefore = loadavg()[0]!;
  const runs = await repeatRuns(options.runs, async (i) => {
    const run = await oneRun(options);
    log(
      `run ${i}/${options.runs}: idle ${run.idleMb} MB, peak ${run.peakMb} MB (+${run.overIdleMb} MB); ` +
        `answers ${run.outcomes.join(", ")} in ${run.answerMs.join(", ")} ms`,
    );
    return run;
  });
  const over = spread(runs.map((r) => r.overIdleMb));
  const idle = spread(runs.map((r) => r.idleMb));
  const answer = spread(runs.flatMap((r) => r.answerMs));
  // The commit measured is the one of the build that ran (--root's).
  const commit = execFileSync("git", ["-C", options.root, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const env = { ...machine(loadBefore, loadavg()[0]!), commit, root: path.relative(ROOT, options.root) || "." };
  const result = {
    options: { ...options, root: env.root },
    env,
    overIdleMb: over,
    idleMb: idle,
    answerMs: answer,
    runs,
  };
  const md = [
    `# Server memory under ${options.posts} concurrent anonymous ${options.mb} MB posts`,
    "",
    `To /admin/content/guide/bench/pdf, no cookie; ${options.runs} runs, median (min–max).`,
    "",
    "| figure | median | min | max |",
    "| --- | --- | --- | --- |",
    `| idle RSS (MB) | ${idle.median} | ${idle.min} | ${idle.max} |`,
    `| peak RSS over idle (MB) | ${over.median} | ${over.min} | ${over.max} |`,
    `| time to each post's answer (ms) | ${answer.median} | ${answer.min} | ${answer.max} |`,
    "",
    `Answers: ${[...new Set(runs.flatMap((r) => r.outcomes))].join(", ")} (a code is the socket's error: the server closed while the body was sent).`,
    "",
    `Target: within ${targetMb} MB of idle. Machine: ${Object.entries(env)
      .map(([k, v]) => `${k} ${v}`)
      .join("; ")}.`,
    "",
  ].join("\n");
  writeResults(options.out, result, md);
  log(`peak over idle: median ${over.median} MB (${over.min}–${over.max})`);
  return over.median <= targetMb ? 0 : 2;
}

runMain(main, log);
