import { describe, expect, it } from "vitest";
import { ownerIsDead, type WorkerIdentity } from "~/mail/outbox-owners.server.ts";

const me: WorkerIdentity = { id: "w-me", host: "web-1", pid: 100, processId: "p-me" };
const now = new Date("2026-11-23T10:00:00.000Z");
const STALE = 30_000;
const owner = (over: Partial<{ id: string; host: string; pid: number; process_id: string; heartbeat_at: string }>) => ({
  id: "w-other",
  host: "web-1",
  pid: 200,
  process_id: "p-other",
  heartbeat_at: new Date(now.getTime() - 1_000).toISOString(),
  ...over,
});
const running = (pids: number[]) => (pid: number) => pids.includes(pid);

describe("ownerIsDead", () => {
  it("never judges the worker itself dead", () => {
    expect(
      ownerIsDead(owner({ id: "w-me", heartbeat_at: "2000-01-01T00:00:00.000Z" }), me, now, STALE, running([])),
    ).toBe(false);
  });

  it("on this host: dead when its pid no longer runs, alive while it does", () => {
    expect(ownerIsDead(owner({}), me, now, STALE, running([]))).toBe(true);
    expect(ownerIsDead(owner({}), me, now, STALE, running([200]))).toBe(false);
  });

  it("on this host: this process's pid under another process id is an earlier, ended process", () => {
    expect(ownerIsDead(owner({ pid: 100, process_id: "p-before-restart" }), me, now, STALE, running([100]))).toBe(true);
  });

  it("another worker of this very process is alive", () => {
    expect(ownerIsDead(owner({ pid: 100, process_id: "p-me" }), me, now, STALE, running([]))).toBe(false);
  });

  it("on another host: alive while its heartbeat is fresh (its pid means nothing here), dead once it is stale", () => {
    const remote = { host: "web-2", pid: 200 };
    expect(ownerIsDead(owner(remote), me, now, STALE, running([]))).toBe(false);
    const atLimit = new Date(now.getTime() - STALE).toISOString();
    expect(ownerIsDead(owner({ ...remote, heartbeat_at: atLimit }), me, now, STALE, running([]))).toBe(false);
    const past = new Date(now.getTime() - STALE - 1).toISOString();
    expect(ownerIsDead(owner({ ...remote, heartbeat_at: past }), me, now, STALE, running([]))).toBe(true);
  });

  it("on this host, a silent owner is dead even if some process has its pid", () => {
    const past = new Date(now.getTime() - STALE - 1).toISOString();
    expect(ownerIsDead(owner({ heartbeat_at: past }), me, now, STALE, running([200]))).toBe(true);
  });
});
