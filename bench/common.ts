/** What the benchmark scripts (run.ts: Lighthouse, api.ts: load) share. */
import { spawnSync } from "node:child_process";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");

/** `npm run build` in the project; throws if it fails. */
export function build(log: (msg: string) => void): void {
  log("npm run build");
  const res = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (res.status !== 0) throw new Error(`npm run build failed (exit ${res.status ?? res.signal})`);
}

/** A TCP port on 127.0.0.1 that is free right now (one home for the tests and the benchmarks). */
export { freePort } from "../tests/support/ports.ts";
