/**
 * The jobs that queue e-mails to delegates and to those waiting for a place
 * (joiningJob, waitingListsJob; app/jobs/mail-job.server.ts), on both
 * databases: each keeps its name, schedule and lease, and a run with nothing
 * due records counts of nothing and does not call the outbox.
 */
import { afterEach, describe, expect, it } from "vitest";
import { siteCalendar } from "~/calendar/business-hours.ts";
import { joiningJob } from "~/orders/course-booking/joining.server.ts";
import { waitingListsJob } from "~/orders/course-booking/waiting.server.ts";
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";

const keys = keyring(newKeyMaterial());
const mail = { siteUrl: "https://site.example", teamEmail: "team@example.test", calendar: siteCalendar([]) };
const signal = new AbortController().signal;
const now = new Date("2027-01-10T10:00:00.000Z");
const minuteMs = 60_000;

describe.each(dialects)("the jobs that queue e-mails on %s", (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it.each([
    {
      job: joiningJob,
      what: "the joining instructions: every 15 minutes under a 5-minute lease; nothing due, nothing sent",
      name: "course-joining-instructions",
      schedule: { everyMs: 15 * minuteMs, leaseMs: 5 * minuteMs },
      nothingDue: { sent: 0 },
    },
    {
      job: waitingListsJob,
      what: "the waiting lists: every 5 minutes under a 2-minute lease; nothing due, nothing lapsed or offered",
      name: "course-waiting-lists",
      schedule: { everyMs: 5 * minuteMs, leaseMs: 2 * minuteMs },
      nothingDue: { lapsed: 0, offered: 0 },
    },
  ])("$what", async ({ job: jobOf, name, schedule, nothingDue }) => {
    t = await openTestDatabase(dialect, "mail_jobs", { businessSettings: true });
    let kicks = 0;
    const job = jobOf({ db: t.handle.db, mail, keys, onSent: () => kicks++ });
    expect(job).toMatchObject({ name, ...schedule });
    expect(jobOf({ db: t.handle.db, mail, keys, everyMs: minuteMs }).everyMs).toBe(minuteMs);
    expect(await job.run({ now, signal })).toEqual(nothingDue);
    expect(kicks).toBe(0);
  });
});
