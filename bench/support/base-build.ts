/**
 * Another build of the project to measure beside this one (a bench's --base REF): the
 * commit REF checked out in a temporary `git worktree` (its node_modules a link to this
 * checkout's), built there with `npm run build`, and removed again afterwards (also when
 * the bench exits early). Its server is started from that folder (startSite's `root`).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, gitCommit, ROOT } from "./runner.ts";

export type BaseBuild = {
  /** The ref as given, and its commit's short hash. */
  ref: string;
  commit: string;
  /** The worktree: the project as it was at the commit, built. */
  root: string;
  /** Removes the worktree (once; also run when the process exits). */
  remove: () => void;
};

function git(args: string[]): void {
  const res = spawnSync("git", args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  if (res.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${res.stderr.toString().trim()}`);
}

/** Checks `ref` out in a temporary worktree and builds it there; throws (leaving nothing behind) if either fails. */
export function checkOutAndBuild(ref: string, log: (msg: string) => void): BaseBuild {
  const commit = gitCommit(ref);
  if (!commit) throw new Error(`--base: "${ref}" names no commit of this repository`);
  const parent = mkdtempSync(path.join(tmpdir(), "bench-base-"));
  const root = path.join(parent, commit);
  const nodeModules = path.join(root, "node_modules");
  let removed = false;
  const remove = (): void => {
    if (removed) return;
    removed = true;
    process.off("exit", remove);
    // The link first, so that nothing below can reach this checkout's node_modules.
    try {
      unlinkSync(nodeModules);
    } catch {
      /* never made */
    }
    spawnSync("git", ["worktree", "remove", "--force", root], { cwd: ROOT, stdio: "ignore" });
    rmSync(parent, { recursive: true, force: true });
    spawnSync("git", ["worktree", "prune"], { cwd: ROOT, stdio: "ignore" });
  };
  process.on("exit", remove);
  try {
    log(`--base ${ref}: commit ${commit} checked out in ${root}`);
    git(["worktree", "add", "--detach", root, commit]);
    symlinkSync(realpathSync(path.join(ROOT, "node_modules")), nodeModules, "dir");
    build(log, root);
  } catch (error) {
    remove();
    throw error;
  }
  return { ref, commit, root, remove };
}

/** "this tree (commit abc1234)", saying when the tree differs from its commit outside bench/. */
export function thisTreeLabel(): string {
  const dirty = spawnSync("git", ["diff", "--quiet", "HEAD", "--", ".", ":!bench"], { cwd: ROOT }).status !== 0;
  return `this tree (${gitCommit() ?? "no commit"}${dirty ? ", with uncommitted changes" : ""})`;
}

/** "base abc1234", or "base REF (abc1234)" when REF is not the short hash itself. */
export function baseLabel(base: BaseBuild): string {
  return base.ref === base.commit ? `base ${base.commit}` : `base ${base.ref} (${base.commit})`;
}
