/**
 * Scheduled jobs: each runs at most once at a time across every instance of
 * the site, and only when due. The `job_runs` table is the lock and the
 * record: one row per job name.
 *
 * - Claim: one atomic UPDATE sets the lease (locked_by, locked_until) only
 *   where nobody holds an unexpired lease AND the last successful run
 *   finished at least `everyMs` ago (or never). One statement, so two
 *   instances claiming at once cannot both win: SQLite runs writes one at a
 *   time; PostgreSQL re-checks the WHERE on the row after the first
 *   claimer's commit and finds it taken.
 * - While the job runs, its holder renews the lease; a holder that crashed
 *   stops renewing, and after `leaseMs` any instance may run the job.
 * - A run that finishes records last_finished_at (the job is due again
 *   `everyMs` later) and a short JSON result; a run that fails or is
 *   stopped only frees the lease, so the next tick tries again.
 * - Due means, for an interval job, "last finished longer ago than the
 *   interval"; for a job at set times (the team's digest at 08:30 on
 *   working days), "last finished before the latest set time". Either way a
 *   job missed while every instance was down runs once at the first tick
 *   after start-up. A job at set times counts from when it is first seen
 *   (its first run is at its next set time, not at the first start).
 *
 * startScheduler() ticks (at start-up, then every `tickMs`) and runs each
 * job that is due. New jobs (webinar reminders) are one more entry in its
 * `jobs` list.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "~/data/schema.ts";
import type { Logger } from "~/observability/log.server.ts";

export type JobContext = {
  /** When the run started (from the scheduler's clock). */
  now: Date;
  /** For a job at set times: the set time this run is for (the latest at or before `now`). */
  slot?: Date;
  /** Aborted when the scheduler stops or the lease is lost: stop at the next safe point. */
  signal: AbortSignal;
};

/** What a run did, small and free of personal data (stored as JSON in job_runs.last_result). */
export type JobResult = Record<string, unknown> | void;

export type JobFn = (context: JobContext) => Promise<JobResult>;

export type RunOptions = {
  clock?: () => Date;
  /** Who holds the lease (default: this process on this host). */
  owner?: string;
  /** How long a claim holds without renewal (default 15 minutes). */
  leaseMs?: number;
  /** How often the holder renews its lease while the job runs (default a third of the lease). */
  renewEveryMs?: number;
  /** Aborts the run (scheduler stopping). */
  signal?: AbortSignal;
};

export type RunOutcome =
  | { status: "not-due" }
  | { status: "busy"; lockedBy: string | null }
  | { status: "done"; result: JobResult; durationMs: number }
  | { status: "stopped"; durationMs: number }
  /** The lease ran out and another instance took the job before this run finished: its finish is not recorded. */
  | { status: "lost"; durationMs: number }
  | { status: "failed"; error: Error; durationMs: number };

/** This process on this host, with a random part: a restarted process never looks like its predecessor. */
export const defaultOwner = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * When a job is due: every so many ms after its last run finished, or at
 * set times (a function giving the latest set time at or before `now`).
 */
export type Due = number | ((now: Date) => Date);

/**
 * Runs `fn` as job `name` if it is due (see Due; an interval job that never
 * ran is due at once) and nobody else holds it; otherwise says why not.
 */
export async function runIfDue(
  db: Kysely<Database>,
  name: string,
  due: Due,
  fn: JobFn,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const { clock = () => new Date(), owner = defaultOwner(), leaseMs = 15 * 60_000, signal } = options;
  const renewEveryMs = options.renewEveryMs ?? Math.max(1000, Math.floor(leaseMs / 3));
  if (signal?.aborted) return { status: "stopped", durationMs: 0 };

  const started = clock();
  const now = started.getTime();
  const slot = typeof due === "function" ? due(started) : undefined;
  await db
    .insertInto("job_runs")
    .values({
      name,
      locked_by: null,
      locked_until: null,
      last_started_at: null,
      // A job at set times starts counting now: its first run is at its next set time.
      last_finished_at: slot ? iso(now) : null,
      last_result: null,
    })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();

  const claimed = await db
    .updateTable("job_runs")
    .set({ locked_by: owner, locked_until: iso(now + leaseMs), last_started_at: iso(now) })
    .where("name", "=", name)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", iso(now))]))
    .where((eb) =>
      slot
        ? eb("last_finished_at", "<", slot.toISOString())
        : eb.or([eb("last_finished_at", "is", null), eb("last_finished_at", "<=", iso(now - (due as number)))]),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    const row = await db
      .selectFrom("job_runs")
      .select(["locked_by", "locked_until"])
      .where("name", "=", name)
      .executeTakeFirst();
    const held = row?.locked_until != null && row.locked_until > iso(now);
    return held ? { status: "busy", lockedBy: row?.locked_by ?? null } : { status: "not-due" };
  }

  // Held: renew the lease while the job runs; a lost lease stops the job.
  const controller = new AbortController();
  const stopRun = () => controller.abort();
  signal?.addEventListener("abort", stopRun, { once: true });
  let renewing: Promise<unknown> = Promise.resolve();
  const renewal = setInterval(() => {
    renewing = db
      .updateTable("job_runs")
      .set({ locked_until: iso(clock().getTime() + leaseMs) })
      .where("name", "=", name)
      .where("locked_by", "=", owner)
      .executeTakeFirst()
      .then((r) => {
        if (Number(r.numUpdatedRows) !== 1) controller.abort();
      })
      .catch(() => {
        // The database is unreachable: the lease may run out; the next renewal tries again.
      });
  }, renewEveryMs);
  renewal.unref();

  /** Frees the lease and records the run; false when the lease was no longer ours. */
  const release = async (set: { last_finished_at?: string; last_result: string }) => {
    const released = await db
      .updateTable("job_runs")
      .set({ locked_by: null, locked_until: null, ...set })
      .where("name", "=", name)
      .where("locked_by", "=", owner)
      .executeTakeFirst();
    return Number(released.numUpdatedRows) === 1;
  };

  let outcome: RunOutcome;
  try {
    const result = await fn({ now: started, slot, signal: controller.signal });
    const durationMs = clock().getTime() - now;
    clearInterval(renewal);
    await renewing;
    const held = controller.signal.aborted
      ? await release({ last_result: JSON.stringify({ stopped: true, ...(result ?? {}) }) })
      : await release({ last_finished_at: clock().toISOString(), last_result: JSON.stringify(result ?? {}) });
    if (!held) outcome = { status: "lost", durationMs };
    else if (controller.signal.aborted) outcome = { status: "stopped", durationMs };
    else outcome = { status: "done", result, durationMs };
  } catch (thrown) {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    clearInterval(renewal);
    await renewing;
    await release({ last_result: JSON.stringify({ error: error.message.slice(0, 500) }) }).catch(() => {});
    outcome = { status: "failed", error, durationMs: clock().getTime() - now };
  } finally {
    clearInterval(renewal);
    signal?.removeEventListener("abort", stopRun);
  }
  return outcome;
}

export type ScheduledJob = {
  name: string;
  /** Lease length (default 15 minutes; renewed while the job runs). */
  leaseMs?: number;
  run: JobFn;
} & (
  | {
      /** Due this long after the last successful run finished. */
      everyMs: number;
      at?: never;
    }
  | {
      /** Due at set times: the latest one at or before `now`. */
      at: (now: Date) => Date;
      everyMs?: never;
    }
);

export type SchedulerOptions = {
  db: Kysely<Database>;
  jobs: readonly ScheduledJob[];
  /** How often to look for due jobs (default every minute, so a job at set times runs within a minute of them); also once at start. */
  tickMs?: number;
  clock?: () => Date;
  owner?: string;
  log?: Logger;
};

export type Scheduler = {
  readonly owner: string;
  /** Runs every due job once, one after the other; resolves with each job's outcome. */
  tick(): Promise<Record<string, RunOutcome>>;
  /** No further ticks; a running job is asked to stop at its next safe point and awaited. */
  stop(): Promise<void>;
};

/** Starts ticking: once now (a job missed while the site was down runs at start-up), then every `tickMs`. */
export function startScheduler({
  db,
  jobs,
  tickMs = 60_000,
  clock = () => new Date(),
  owner = defaultOwner(),
  log,
}: SchedulerOptions): Scheduler {
  const controller = new AbortController();
  let current: Promise<Record<string, RunOutcome>> | null = null;

  async function runJobs(): Promise<Record<string, RunOutcome>> {
    const outcomes: Record<string, RunOutcome> = {};
    for (const job of jobs) {
      if (controller.signal.aborted) break;
      let outcome: RunOutcome;
      try {
        outcome = await runIfDue(db, job.name, job.at ?? job.everyMs, job.run, {
          clock,
          owner,
          leaseMs: job.leaseMs,
          signal: controller.signal,
        });
      } catch (error) {
        // The database could not be reached to claim: the next tick tries again.
        outcome = { status: "failed", error: error as Error, durationMs: 0 };
      }
      outcomes[job.name] = outcome;
      if (outcome.status === "failed") {
        log?.error({ job: job.name, err: outcome.error }, `Job ${job.name} failed; it runs again at the next tick`);
      } else if (outcome.status === "stopped" || outcome.status === "lost") {
        log?.warn(
          { job: job.name, status: outcome.status, durationMs: outcome.durationMs },
          outcome.status === "lost"
            ? `Job ${job.name} lost its lease to another instance before it finished`
            : `Job ${job.name} stopped before it finished`,
        );
      } else {
        log?.debug({ job: job.name, status: outcome.status }, `Job ${job.name}: ${outcome.status}`);
      }
    }
    return outcomes;
  }

  function tick(): Promise<Record<string, RunOutcome>> {
    // One tick at a time in a process: a slow run is never overlapped by the next tick.
    if (!current) current = runJobs().finally(() => (current = null));
    return current;
  }

  void tick();
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();

  return {
    owner,
    tick,
    async stop() {
      clearInterval(timer);
      controller.abort();
      await current;
    },
  };
}
