/**
 * The job scheduler's lease (job_runs) on both databases, with two
 * "instances": two connections to the same database (SQLite: two
 * connections to one file; PostgreSQL: two pools on one schema), and a
 * clock the test sets. A job runs once however many claim it at once; it
 * runs again only when due; a crashed holder's lease runs out and then
 * another instance runs the job; a failed or stopped run is not recorded as
 * done. A job at set times runs once per set time and catches up after
 * downtime.
 */
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/data/schema.ts";
import { runIfDue, startScheduler, type JobFn, type RunOutcome } from "~/jobs/scheduler.server.ts";
import { latestWorkingDayTime, siteCalendar } from "~/calendar/business-hours.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";

const dayMs = 86_400_000;
const minuteMs = 60_000;

/** A promise the test resolves when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.each(dialects)("scheduler on %s", (dialect) => {
  let t: TestDatabase;
  /** The second instance's own connection to the same database. */
  let other: Kysely<Database>;
  let now: Date;
  const clock = () => now;
  const one = () => t.handle.db;
  const row = (name: string) => one().selectFrom("job_runs").selectAll().where("name", "=", name).executeTakeFirst();
  let jobName = "";
  let n = 0;

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    if (dialect === "sqlite") {
      const connection = new SQLite(t.handle.sqlite!.name);
      connection.pragma("busy_timeout = 5000");
      other = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
    } else {
      const pool = new pg.Pool({
        connectionString: (t.handle.pgPool as unknown as { options: pg.PoolConfig }).options.connectionString,
      });
      other = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    }
  });
  afterAll(async () => {
    await other.destroy();
    await t.dispose();
  });
  beforeEach(() => {
    now = new Date("2027-01-10T03:00:00.000Z");
    jobName = `job-${++n}`;
  });

  it("the two instances really share the database", async () => {
    await one()
      .insertInto("job_runs")
      .values({
        name: jobName,
        locked_by: "x",
        locked_until: null,
        last_started_at: null,
        last_finished_at: null,
        last_result: null,
      })
      .execute();
    expect(
      (await other.selectFrom("job_runs").select("locked_by").where("name", "=", jobName).executeTakeFirst())
        ?.locked_by,
    ).toBe("x");
  });

  it("claimed by several at once on both instances: the job runs once, the others find it busy", async () => {
    let runs = 0;
    const hold = gate();
    const job: JobFn = async () => {
      runs += 1;
      await hold.opened;
      return { ok: true };
    };
    const contenders = [one(), other, one(), other, one(), other].map((db, i) =>
      runIfDue(db, jobName, dayMs, job, { clock, owner: `instance-${i}` }),
    );
    // Every contender but the winner answers while the winner still runs.
    const settled: RunOutcome[] = [];
    contenders.forEach((p) => void p.then((o) => settled.push(o)));
    await expect.poll(() => settled.length, { timeout: 10_000 }).toBe(5);
    expect(settled.map((o) => o.status)).toEqual(Array(5).fill("busy"));
    expect(runs).toBe(1);
    hold.open();
    const outcomes = await Promise.all(contenders);
    expect(outcomes.filter((o) => o.status === "done")).toHaveLength(1);
    expect(runs).toBe(1);
    const after = await row(jobName);
    expect(after).toMatchObject({ locked_by: null, locked_until: null, last_finished_at: now.toISOString() });
    expect(JSON.parse(after!.last_result!)).toEqual({ ok: true });
  });

  it("two schedulers started at once on the two instances: the job runs once", async () => {
    let runs = 0;
    const hold = gate();
    const started = gate();
    const jobs = [
      {
        name: jobName,
        everyMs: dayMs,
        run: async () => {
          runs += 1;
          started.open();
          await hold.opened;
        },
      },
    ];
    const a = startScheduler({ db: one(), jobs, clock, owner: "a", tickMs: 60 * minuteMs });
    const b = startScheduler({ db: other, jobs, clock, owner: "b", tickMs: 60 * minuteMs });
    // Their start-up ticks: the loser's finishes while the winner's job is still held.
    const startup = [a.tick(), b.tick()];
    const first = await Promise.race(startup);
    expect(first[jobName]?.status).toBe("busy");
    // The winner's claim is what made the loser busy; its job may start a moment after.
    await started.opened;
    expect(runs).toBe(1);
    hold.open();
    const both = (await Promise.all(startup)).map((o) => o[jobName]?.status).sort();
    expect(runs).toBe(1);
    expect(both).toEqual(["busy", "done"]);
    // The next ticks (the same day): not due, nothing runs.
    expect((await a.tick())[jobName]?.status).toBe("not-due");
    expect((await b.tick())[jobName]?.status).toBe("not-due");
    expect(runs).toBe(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("runs only when due: the interval after the last finish, and at once after a long downtime", async () => {
    let runs = 0;
    const job: JobFn = async () => void (runs += 1);
    expect((await runIfDue(one(), jobName, dayMs, job, { clock, owner: "a" })).status).toBe("done");
    const finished = now.getTime();
    now = new Date(finished + dayMs - 1);
    expect((await runIfDue(other, jobName, dayMs, job, { clock, owner: "b" })).status).toBe("not-due");
    expect(runs).toBe(1);
    now = new Date(finished + dayMs);
    expect((await runIfDue(other, jobName, dayMs, job, { clock, owner: "b" })).status).toBe("done");
    expect(runs).toBe(2);
    // Every instance down for a week: the first start-up tick runs it.
    now = new Date(now.getTime() + 7 * dayMs);
    const scheduler = startScheduler({
      db: one(),
      jobs: [{ name: jobName, everyMs: dayMs, run: job }],
      clock,
      owner: "c",
    });
    // Its start-up tick, unasked.
    await expect.poll(async () => (await row(jobName))?.last_finished_at, { timeout: 10_000 }).toBe(now.toISOString());
    expect(runs).toBe(3);
    await scheduler.stop();
  });

  it("a crashed holder's lease runs out, then another instance runs the job", async () => {
    const leaseMs = 15 * minuteMs;
    // Instance A claims the job and dies mid-run (its job never returns; it renews nothing).
    const never = new Promise<void>(() => {});
    void runIfDue(one(), jobName, dayMs, () => never, { clock, owner: "crashed", leaseMs, renewEveryMs: 3_600_000 });
    await expect.poll(async () => (await row(jobName))?.locked_by, { timeout: 10_000 }).toBe("crashed");
    const claimedAt = now.getTime();
    let runs = 0;
    const job: JobFn = async () => void (runs += 1);
    now = new Date(claimedAt + leaseMs - 1);
    expect(await runIfDue(other, jobName, dayMs, job, { clock, owner: "b", leaseMs })).toEqual({
      status: "busy",
      lockedBy: "crashed",
    });
    now = new Date(claimedAt + leaseMs);
    expect((await runIfDue(other, jobName, dayMs, job, { clock, owner: "b", leaseMs })).status).toBe("done");
    expect(runs).toBe(1);
    expect(await row(jobName)).toMatchObject({ locked_by: null, last_finished_at: now.toISOString() });
  });

  it("a holder that outlives its lease finds it taken, and does not record a finish", async () => {
    const leaseMs = minuteMs;
    const hold = gate();
    const slow = runIfDue(one(), jobName, dayMs, () => hold.opened, {
      clock,
      owner: "slow",
      leaseMs,
      renewEveryMs: 3_600_000,
    });
    await expect.poll(async () => (await row(jobName))?.locked_by, { timeout: 10_000 }).toBe("slow");
    now = new Date(now.getTime() + leaseMs);
    expect((await runIfDue(other, jobName, dayMs, async () => ({ by: "fast" }), { clock, owner: "fast" })).status).toBe(
      "done",
    );
    hold.open();
    expect((await slow).status).toBe("lost");
    expect(JSON.parse((await row(jobName))!.last_result!)).toEqual({ by: "fast" });
  });

  it("the holder renews its lease while the job runs", async () => {
    const hold = gate();
    const running = runIfDue(one(), jobName, dayMs, () => hold.opened, {
      clock,
      owner: "a",
      leaseMs: minuteMs,
      renewEveryMs: 50,
    });
    await expect.poll(async () => (await row(jobName))?.locked_by, { timeout: 10_000 }).toBe("a");
    // Time passes beyond the first lease; the renewal moves it on.
    now = new Date(now.getTime() + 10 * minuteMs);
    await expect
      .poll(async () => (await row(jobName))?.locked_until, { timeout: 10_000 })
      .toBe(new Date(now.getTime() + minuteMs).toISOString());
    expect((await runIfDue(other, jobName, dayMs, async () => {}, { clock, owner: "b" })).status).toBe("busy");
    hold.open();
    expect((await running).status).toBe("done");
  });

  it("a failed run frees the lease and is not recorded as done: the next tick runs it again", async () => {
    let runs = 0;
    const failing: JobFn = async () => {
      runs += 1;
      throw new Error("database gone");
    };
    const outcome = await runIfDue(one(), jobName, dayMs, failing, { clock, owner: "a" });
    expect(outcome.status).toBe("failed");
    expect(await row(jobName)).toMatchObject({ locked_by: null, locked_until: null, last_finished_at: null });
    expect(JSON.parse((await row(jobName))!.last_result!)).toEqual({ error: "database gone" });
    expect((await runIfDue(other, jobName, dayMs, async () => void (runs += 1), { clock, owner: "b" })).status).toBe(
      "done",
    );
    expect(runs).toBe(2);
  });

  it("stopping the scheduler stops a running job at its next safe point, unrecorded, lease freed", async () => {
    let sawAbort = false;
    const started = gate();
    const scheduler = startScheduler({
      db: one(),
      clock,
      owner: "a",
      jobs: [
        {
          name: jobName,
          everyMs: dayMs,
          run: async ({ signal }) => {
            started.open();
            await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
            sawAbort = signal.aborted;
            return { partial: true };
          },
        },
      ],
    });
    await started.opened;
    await scheduler.stop();
    expect(sawAbort).toBe(true);
    expect(await row(jobName)).toMatchObject({ locked_by: null, locked_until: null, last_finished_at: null });
    expect(JSON.parse((await row(jobName))!.last_result!)).toEqual({ stopped: true, partial: true });
    // Still due: the next instance runs it.
    expect((await runIfDue(other, jobName, dayMs, async () => {}, { clock, owner: "b" })).status).toBe("done");
  });

  describe("a job at set times (08:30 on working days)", () => {
    const calendar = siteCalendar([]);
    const at = (when: Date) => latestWorkingDayTime(when, { hour: 8, minute: 30 }, calendar);

    it("counts from when it is first seen, runs once per set time across instances, and catches up after downtime", async () => {
      const slots: string[] = [];
      const job: JobFn = async ({ slot }) => void slots.push(slot!.toISOString());
      /** How many of two instances claiming at once ran the job (the other finds it busy or not due). */
      const both = async () =>
        (
          await Promise.all([
            runIfDue(one(), jobName, at, job, { clock, owner: "a" }),
            runIfDue(other, jobName, at, job, { clock, owner: "b" }),
          ])
        ).filter((o) => o.status === "done").length;

      // Wednesday 13 January 2027, 10:00: today's 08:30 has passed, but the job is new: nothing yet.
      now = new Date("2027-01-13T10:00:00Z");
      expect(await both()).toBe(0);
      // Thursday 08:29: still nothing; 08:30: once, on one instance.
      now = new Date("2027-01-14T08:29:00Z");
      expect(await both()).toBe(0);
      now = new Date("2027-01-14T08:30:00Z");
      expect(await both()).toBe(1);
      now = new Date("2027-01-14T15:00:00Z");
      expect(await both()).toBe(0);
      // Every instance down from Thursday afternoon to Monday 11:00: Friday's and Monday's set
      // times were missed; one run catches up, for Monday's.
      now = new Date("2027-01-18T11:00:00Z");
      expect(await both()).toBe(1);
      expect(await both()).toBe(0);
      expect(slots).toEqual(["2027-01-14T08:30:00.000Z", "2027-01-18T08:30:00.000Z"]);
    });

    it("a failed run is tried again at the next tick, for the same set time", async () => {
      let calls = 0;
      const flaky: JobFn = async () => {
        calls += 1;
        if (calls === 1) throw new Error("SMTP was down");
      };
      now = new Date("2027-01-13T10:00:00Z");
      await runIfDue(one(), jobName, at, flaky, { clock, owner: "a" });
      now = new Date("2027-01-14T08:30:00Z");
      expect((await runIfDue(one(), jobName, at, flaky, { clock, owner: "a" })).status).toBe("failed");
      now = new Date("2027-01-14T08:31:00Z");
      expect((await runIfDue(other, jobName, at, flaky, { clock, owner: "b" })).status).toBe("done");
      expect(calls).toBe(2);
    });
  });
});
