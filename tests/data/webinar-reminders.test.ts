/**
 * Webinar reminders on both databases (app/leads/webinar-reminders.server.ts),
 * with the clock set by hand: the day-before reminder from 24 hours before
 * (only to those registered by then), the hour-before one from 1 hour
 * before, each once (even with two runs racing), none once the webinar has
 * started, none to a registration that is gone (erased).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { catalogue } from "~/content/index.server.ts";
import { reminderDue, sendDueReminders, webinarRemindersJob } from "~/leads/webinar-reminders.server.ts";
import { siteCalendar } from "~/calendar/business-hours.ts";
import { OutboxWorker } from "~/mail/outbox-worker.server.ts";
import type { MailContext } from "~/mail/types.ts";
import { Mailbox } from "../../harness/mail.ts";
import { dialects } from "./databases.ts";
import { useTestDatabase, withSmtpSink } from "./fixtures.ts";

const HOUR = 3_600_000;
const webinar = catalogue.webinars.find((w) => w.id === "supplier-tiering-third-party-risk")!;
const start = Date.parse(webinar.startsAt);
const at = (offsetMs: number) => new Date(start + offsetMs);
const mail: MailContext = {
  siteUrl: "https://training.example.com",
  teamEmail: "team@example.test",
  calendar: siteCalendar([]),
  webinarJoinUrls: { [webinar.id]: "https://meet.example.com/j/123456" },
};

describe("reminderDue", () => {
  it("the day before from 24 hours before, the hour before from 1 hour before, nothing once started", () => {
    expect(reminderDue(webinar.startsAt, at(-24 * HOUR - 1))).toBeNull();
    expect(reminderDue(webinar.startsAt, at(-24 * HOUR))?.kind).toBe("day-before");
    expect(reminderDue(webinar.startsAt, at(-HOUR - 1))?.kind).toBe("day-before");
    expect(reminderDue(webinar.startsAt, at(-HOUR))?.kind).toBe("hour-before");
    expect(reminderDue(webinar.startsAt, at(-1))?.kind).toBe("hour-before");
    expect(reminderDue(webinar.startsAt, at(0))).toBeNull();
  });
});

describe.each(dialects)("webinar reminders on %s", (dialect) => {
  const t = useTestDatabase(dialect);
  beforeEach(async () => {
    await t.handle.db.deleteFrom("webinar_registrations").execute();
    await t.handle.db.deleteFrom("outbox").execute();
  });
  const db = () => t.handle.db;

  const register = (id: string, createdAt: Date) =>
    db()
      .insertInto("webinar_registrations")
      .values({
        id,
        created_at: createdAt.toISOString(),
        consent_text: "By registering you agree to the Privacy Policy.",
        source_page: "/resources",
        is_test: 0,
        webinar_id: webinar.id,
        name: `Reg ${id}`,
        email: `${id}@visitor.example`,
        company: "Acme",
        reminded_day_before_at: null,
        reminded_hour_before_at: null,
      })
      .execute();
  const outbox = () =>
    db()
      .selectFrom("outbox")
      .select(["to_address", "subject", "text_body", "not_after"])
      .orderBy("to_address")
      .execute();

  it("each reminder goes once, in its window, to those it is for", async () => {
    await register("early", at(-10 * 24 * HOUR));
    await register("erased", at(-10 * 24 * HOUR));
    expect(await sendDueReminders(db(), mail, at(-25 * HOUR))).toEqual({ "day-before": 0, "hour-before": 0 });

    // Erased before the reminders: its row is gone.
    await db().deleteFrom("webinar_registrations").where("id", "=", "erased").execute();
    expect(await sendDueReminders(db(), mail, at(-24 * HOUR))).toEqual({ "day-before": 1, "hour-before": 0 });
    expect(await sendDueReminders(db(), mail, at(-23 * HOUR))).toEqual({ "day-before": 0, "hour-before": 0 });
    const [dayBefore] = await outbox();
    expect(dayBefore).toMatchObject({ to_address: "early@visitor.example" });
    expect(dayBefore!.subject).toBe(`Tomorrow: ${webinar.title}`);
    expect(dayBefore!.text_body).toContain("https://meet.example.com/j/123456");
    // Never sent once the webinar has started, whatever the outbox's retries.
    expect(dayBefore!.not_after).toBe(new Date(start).toISOString());

    // Registered after the day-before window opened: no day-before reminder, the hour-before one only.
    await register("late", at(-20 * HOUR));
    expect(await sendDueReminders(db(), mail, at(-19 * HOUR))).toEqual({ "day-before": 0, "hour-before": 0 });

    expect(await sendDueReminders(db(), mail, at(-HOUR))).toEqual({ "day-before": 0, "hour-before": 2 });
    expect(await sendDueReminders(db(), mail, at(-30 * 60_000))).toEqual({ "day-before": 0, "hour-before": 0 });
    const hourBefore = (await outbox()).filter((e) => e.subject.startsWith("In one hour: "));
    expect(hourBefore.map((e) => e.to_address)).toEqual(["early@visitor.example", "late@visitor.example"]);

    // Registered in the last hour: the confirmation is enough.
    await register("last-minute", at(-30 * 60_000));
    expect(await sendDueReminders(db(), mail, at(-20 * 60_000))).toEqual({ "day-before": 0, "hour-before": 0 });

    // Once it has started, nobody is reminded, even someone never reminded.
    await register("at-start", at(-2 * HOUR));
    expect(await sendDueReminders(db(), mail, at(0))).toEqual({ "day-before": 0, "hour-before": 0 });
    expect(await outbox()).toHaveLength(3);
  });

  it("a reminder reaches a real SMTP server through the outbox, with the joining link", async () => {
    await register("smtp", at(-3 * 24 * HOUR));
    await withSmtpSink(
      { prefix: "reminder-smtp-", from: "Training <hello@training.example.com>" },
      async (transport, dir) => {
        expect(await sendDueReminders(db(), mail, at(-HOUR))).toEqual({ "day-before": 0, "hour-before": 1 });
        const worker = new OutboxWorker({
          db: db(),
          transport,
          maxRetryDelayMs: 60_000,
          clock: () => at(-HOUR + 60_000),
        });
        expect(await worker.sendDue()).toBe(1);
        const [received] = await new Mailbox(dir).to("smtp@visitor.example");
        expect(received!.subject).toBe(`In one hour: ${webinar.title}`);
        expect(received!.text).toContain("https://meet.example.com/j/123456");
        expect(received!.text).toContain("Reg smtp");
      },
    );
  });

  it("two runs racing remind each registrant once", async () => {
    for (let i = 0; i < 5; i++) await register(`race-${i}`, at(-3 * 24 * HOUR));
    const runs = await Promise.all([
      sendDueReminders(db(), mail, at(-2 * HOUR)),
      sendDueReminders(db(), mail, at(-2 * HOUR)),
    ]);
    expect(runs[0]!["day-before"] + runs[1]!["day-before"]).toBe(5);
    expect(await outbox()).toHaveLength(5);
  });

  it("without a joining link, the reminder says it will follow and the operator is warned", async () => {
    await register("no-link", at(-3 * 24 * HOUR));
    const warned: unknown[] = [];
    let kicked = 0;
    const job = webinarRemindersJob({
      db: db(),
      mail: { ...mail, webinarJoinUrls: {} },
      kickOutbox: () => (kicked += 1),
      log: { warn: (fields: unknown) => void warned.push(fields) } as never,
    });
    const now = at(-HOUR);
    expect(await job.run({ now, signal: new AbortController().signal })).toEqual({ "day-before": 0, "hour-before": 1 });
    const [reminder] = await outbox();
    expect(reminder!.text_body).toContain("We will e-mail your joining link before the session.");
    expect(warned).toEqual([{ webinars: [webinar.id] }]);
    expect(kicked).toBe(1);
  });
});
