/**
 * Refusals leave a trace: an administrator-only page or action opened by
 * staff, a form posted without its CSRF token, and the like are logged (at
 * warn) and written to the audit log. A flood cannot fill either: each kind
 * of refusal is recorded at most `tracesPerMinute` times a minute per client
 * address on each instance, and the first one held back says so in the log.
 */
import type { Logger } from "pino";
import type { Db } from "~/data/db.server.ts";
import { audit, type AuditAction, type AuditEntry } from "./audit.server.ts";
import { perMinute } from "./per-minute.server.ts";

export const tracesPerMinute = 10;

const traces = perMinute("refusal-trace", tracesPerMinute);

export type RefusalTrace = {
  db: Db;
  log: Pick<Logger, "warn" | "error">;
  ip: string;
};

/**
 * Records one refusal (never rejects: a refusal must be answered whatever
 * happens to its trace). Resolves once it is written or held back.
 */
export async function traceRefusal(
  trace: RefusalTrace,
  entry: Omit<AuditEntry, "ip" | "action"> & { action: AuditAction },
  now: Date,
): Promise<void> {
  const key = `${entry.action}:${trace.ip}`;
  const taken = await traces.take(key);
  if (!taken.allowed) {
    if (taken.firstHeldBack) {
      trace.log.warn(
        { event: entry.action, ip: trace.ip },
        `Refusals: more than ${tracesPerMinute} a minute from this address; the rest of this minute's are not recorded`,
      );
    }
    return;
  }
  trace.log.warn(
    { event: entry.action, ip: trace.ip, userId: entry.actor?.id ?? null, target: entry.target ?? null },
    "Refused a back-office request",
  );
  try {
    await audit(trace.db, { ...entry, ip: trace.ip }, now);
  } catch (error) {
    trace.log.error({ err: error, event: entry.action }, "Refusals: could not write the audit entry");
  }
}
