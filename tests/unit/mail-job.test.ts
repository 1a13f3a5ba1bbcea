/**
 * The shape of the jobs that queue e-mails (app/jobs/mail-job.server.ts):
 * each run does its work at the run's time, tells the outbox only when it
 * queued e-mails, and records what its work says; its schedule is its own
 * unless the caller sets another.
 */
import { describe, expect, it } from "vitest";
import { mailJob, type MailJobRun } from "~/jobs/mail-job.server.ts";

const signal = new AbortController().signal;
const now = new Date("2027-01-10T10:00:00.000Z");

describe("a job that queues e-mails", () => {
  it("runs its work at the run's time, tells the outbox once when it queued e-mails, and records what the work says", async () => {
    const times: Date[] = [];
    const queued = [2, 0, 1];
    const run: MailJobRun = async (at) => {
      times.push(at);
      const n = queued[times.length - 1]!;
      return { queued: n, result: { sent: n, lapsed: 1 } };
    };
    let kicks = 0;
    const job = mailJob({ name: "mail-job", everyMs: 900_000, leaseMs: 300_000, run }, { onSent: () => kicks++ });
    expect(await job.run({ now, signal })).toEqual({ sent: 2, lapsed: 1 });
    expect(kicks).toBe(1);
    expect(await job.run({ now, signal })).toEqual({ sent: 0, lapsed: 1 });
    expect(kicks).toBe(1);
    expect(await job.run({ now, signal })).toEqual({ sent: 1, lapsed: 1 });
    expect(kicks).toBe(2);
    expect(times).toEqual([now, now, now]);
  });

  it("is due on its own schedule unless the caller sets another, under its own lease", () => {
    const run: MailJobRun = async () => ({ queued: 0, result: {} });
    const spec = { name: "mail-job", everyMs: 900_000, leaseMs: 300_000, run };
    expect(mailJob(spec)).toMatchObject({ name: "mail-job", everyMs: 900_000, leaseMs: 300_000 });
    expect(mailJob(spec, { everyMs: undefined })).toMatchObject({ everyMs: 900_000 });
    expect(mailJob(spec, { everyMs: 60_000 })).toMatchObject({ name: "mail-job", everyMs: 60_000, leaseMs: 300_000 });
  });

  it("with nobody to tell, a run that queued e-mails still records them", async () => {
    const job = mailJob({
      name: "mail-job",
      everyMs: 1,
      leaseMs: 1,
      run: async () => ({ queued: 3, result: { sent: 3 } }),
    });
    expect(await job.run({ now, signal })).toEqual({ sent: 3 });
  });
});
