/**
 * The shape the jobs that queue e-mails share (the joining instructions,
 * the waiting lists' offers, the payment reminders): every so often, under a
 * lease (./scheduler.server.ts), a run does what is due at its time, tells
 * the outbox when it queued e-mails (`onSent`: the outbox sends them now
 * rather than at its next poll), and records what it did, in counts (no
 * personal data in job_runs).
 */
import type { JobResult, ScheduledJob } from "./scheduler.server.ts";

/** What a caller may set: how often the job runs (its own default otherwise), and what to do when it queued e-mails. */
export type MailJobOptions = {
  everyMs?: number;
  /** E-mails were queued (the outbox sends them). */
  onSent?: () => void;
};

/** One run at `now`: how many e-mails it queued, and what the run records. */
export type MailJobRun = (now: Date) => Promise<{ queued: number; result: JobResult }>;

/**
 * A job `name`, due every `everyMs` (the caller's `options.everyMs` if set),
 * under a lease of `leaseMs`: each run calls `run`, then `options.onSent`
 * if it queued any e-mail, and records its `result`.
 */
export function mailJob(
  job: { name: string; everyMs: number; leaseMs: number; run: MailJobRun },
  { everyMs = job.everyMs, onSent = () => {} }: MailJobOptions = {},
): ScheduledJob {
  return {
    name: job.name,
    everyMs,
    leaseMs: job.leaseMs,
    run: async ({ now }) => {
      const { queued, result } = await job.run(now);
      if (queued > 0) onSent();
      return result;
    },
  };
}
