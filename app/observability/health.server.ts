/**
 * Readiness: can this instance serve leads? It checks the database with a
 * bounded query and reports the backlogs of the e-mail outbox and of the
 * webhook deliveries and the embedded fallbacks still in use. 503 only when
 * the database cannot be reached (a load balancer then sends visitors
 * elsewhere); a backlog or dead e-mails and webhooks are reported, not fatal,
 * since taking the instance out would not send them.
 *
 * The public learns only the status (publicReadiness); the details go to
 * whoever may read the metrics (app/observability/http.server.ts).
 */
import { sql } from "kysely";
import { backlog, type Backlog } from "../data/backlog.server.ts";
import type { Db } from "~/data/db.server.ts";

export type Readiness = {
  status: "ready" | "not ready";
  database: "ok" | "unreachable";
  outbox: Backlog | null;
  /** Webhook deliveries to the team's endpoints (/admin/webhooks). */
  webhooks: Backlog | null;
  /** Embedded fallbacks in use in production (see AppConfig.fallbacks). */
  fallbacks: string[];
  /** Settings that need attention soon (e.g. BANK_HOLIDAYS running out); reported, never fatal. */
  warnings: string[];
};

export type ReadinessOptions = {
  db: Db;
  fallbacks: string[];
  /** What needs attention soon, as of `now`. */
  warnings?: (now: Date) => string[];
  timeoutMs?: number;
  clock?: () => Date;
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function checkReadiness({
  db,
  fallbacks,
  warnings: warningsAt = () => [],
  timeoutMs = 2000,
  clock = () => new Date(),
}: ReadinessOptions): Promise<Readiness> {
  const now = clock();
  const warnings = warningsAt(now);
  try {
    await withTimeout(sql`select 1`.execute(db), timeoutMs);
    const outbox = await withTimeout(backlog(db, "outbox", now), timeoutMs);
    const webhooks = await withTimeout(backlog(db, "webhook_deliveries", now), timeoutMs);
    return { status: "ready", database: "ok", outbox, webhooks, fallbacks, warnings };
  } catch {
    return { status: "not ready", database: "unreachable", outbox: null, webhooks: null, fallbacks, warnings };
  }
}

/** What anyone may know: ready or not, nothing about backlogs, fallbacks or warnings. */
export function publicReadiness({ status }: Readiness): Pick<Readiness, "status"> {
  return { status };
}
