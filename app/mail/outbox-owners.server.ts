/**
 * Who holds an outbox lease, and whether that owner is certainly gone
 * (docs/decisions/009-outbox-lease-owners.md): the worker
 * (./outbox-worker.server.ts) takes back a dead owner's leases at once.
 */
import { randomUUID } from "node:crypto";

export type WorkerIdentity = { id: string; host: string; pid: number; processId: string };

/** One per process: tells this process from an earlier one that had the same pid. */
export const thisProcessId = randomUUID();

/** Signal 0 checks that a process exists without touching it (EPERM: it exists, not ours). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

type WorkerRow = { id: string; host: string; pid: number; process_id: string; heartbeat_at: string };

/**
 * Whether a registered worker is certainly gone: silent for longer than
 * `staleMs`, or on this host and no longer running. Pure, for unit tests.
 */
export function ownerIsDead(
  owner: WorkerRow,
  me: WorkerIdentity,
  now: Date,
  staleMs: number,
  runs: (pid: number) => boolean,
): boolean {
  if (owner.id === me.id) return false;
  if (now.getTime() - Date.parse(owner.heartbeat_at) > staleMs) return true;
  if (owner.host !== me.host) return false;
  if (owner.process_id === me.processId) return false; // another worker of this process
  if (owner.pid === me.pid) return true; // this pid belonged to a process that has ended
  return !runs(Number(owner.pid));
}
