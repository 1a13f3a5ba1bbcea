/**
 * Webinar reminders, as the privacy notice promises registrants ("joining
 * details and reminders"): one 24 hours before the webinar and one 1 hour
 * before, with the joining link (set in the webinar's content) when it is set.
 *
 * - Each goes once: the registration row records it
 *   (reminded_day_before_at, reminded_hour_before_at) in the transaction
 *   that queues it, on the condition that it was not recorded yet; the
 *   scheduler runs the job on one instance at a time.
 * - None after the webinar has started; the day-before one only between 24
 *   hours and 1 hour before, the hour-before one in the last hour; each only
 *   to those registered before its window opened (someone registering the
 *   evening before has just had the confirmation; the hour-before reminder
 *   still comes; someone registering in the last hour gets neither).
 * - None to someone erased: erasure deletes the registration.
 * - A reminder missed while the site was down goes at the next run if its
 *   window is still open.
 */
import type { Db } from "~/data/db.server.ts";
import { catalogue, getTrainer, siteContact } from "~/content/index.server.ts";
import { organisation } from "~/content/organisation.ts";
import { webinarTiming } from "~/content/webinar-schedule.ts";
import type { ScheduledJob } from "~/jobs/scheduler.server.ts";
import type { Logger } from "~/observability/log.server.ts";
import {
  address,
  compose,
  contactDetails,
  londonTime,
  minutes,
  oneLine,
  p,
  subject,
  titleInSubject,
} from "~/mail/compose.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import type { MailContext, OutgoingEmail } from "~/mail/types.ts";
import { joiningBlocks } from "./kinds/webinar-registration.server.ts";

const HOUR_MS = 3_600_000;
/** Registrations reminded per transaction. */
const batchSize = 100;

export type ReminderKind = "day-before" | "hour-before";

type Webinar = (typeof catalogue.webinars)[number];

/** Which reminder is due for a webinar at `now`, if any, and since when (its window's start). */
export function reminderDue(startsAt: string, now: Date): { kind: ReminderKind; opensAt: Date } | null {
  if (webinarTiming(startsAt, now) === "past") return null;
  const start = Date.parse(startsAt);
  const t = now.getTime();
  if (t >= start - HOUR_MS) return { kind: "hour-before", opensAt: new Date(start - HOUR_MS) };
  if (t >= start - 24 * HOUR_MS) return { kind: "day-before", opensAt: new Date(start - 24 * HOUR_MS) };
  return null;
}

export function reminderEmail(
  registration: { name: string; email: string; is_test: number },
  webinar: Webinar,
  kind: ReminderKind,
  ctx: MailContext,
): OutgoingEmail {
  const title = oneLine(webinar.title);
  const when = londonTime(webinar.startsAt);
  const heading = kind === "day-before" ? "Your webinar is tomorrow" : "Your webinar starts in one hour";
  return compose(
    {
      title: heading,
      blocks: [
        p(`Dear ${oneLine(registration.name)},`),
        p(`${title} starts at ${when} (London time) and lasts ${minutes(webinar.durationMinutes)}.`),
        ...joiningBlocks(webinar.id, ctx, "reminder"),
        p(
          `Presented by ${oneLine(getTrainer(webinar.presenterTrainerId)?.name ?? organisation.name)}. If you can no longer attend, no need to tell us; for anything else, write to ${siteContact().email}.`,
        ),
        ...contactDetails(ctx),
      ],
    },
    {
      to: address(registration.email, "the registrant's address"),
      subject: subject(
        `${kind === "day-before" ? "Tomorrow" : "In one hour"}: ${titleInSubject(webinar.title)}`,
        registration.is_test === 1,
      ),
    },
  );
}

const column = (kind: ReminderKind) => (kind === "day-before" ? "reminded_day_before_at" : "reminded_hour_before_at");

/** Queues every reminder due at `now`, each once; returns how many of each went. */
export async function sendDueReminders(
  db: Db,
  ctx: MailContext,
  now: Date,
  webinars: readonly Webinar[] = catalogue.webinars,
): Promise<Record<ReminderKind, number>> {
  const sent: Record<ReminderKind, number> = { "day-before": 0, "hour-before": 0 };
  for (const webinar of webinars) {
    const due = reminderDue(webinar.startsAt, now);
    if (!due) continue;
    const done = column(due.kind);
    for (;;) {
      // Only those registered before its window opened: a later registrant has just had the confirmation.
      const batch = await db
        .selectFrom("webinar_registrations")
        .select(["id", "name", "email", "is_test"])
        .where("webinar_id", "=", webinar.id)
        .where(done, "is", null)
        .where("created_at", "<", due.opensAt.toISOString())
        .orderBy("id")
        .limit(batchSize)
        .execute();
      if (batch.length === 0) break;
      let queued = 0;
      await db.transaction().execute(async (trx) => {
        for (const registration of batch) {
          const marked = await trx
            .updateTable("webinar_registrations")
            .set({ [done]: now.toISOString() })
            .where("id", "=", registration.id)
            .where(done, "is", null)
            .executeTakeFirst();
          if (Number(marked.numUpdatedRows) !== 1) continue;
          await queueEmails(
            trx,
            { type: "webinarRegistration", id: registration.id },
            // Pointless once the webinar has started: the outbox gives it up then, sent or not.
            [
              {
                ...reminderEmail(registration, webinar, due.kind, ctx),
                notAfter: new Date(Date.parse(webinar.startsAt)).toISOString(),
              },
            ],
            now,
          );
          queued += 1;
        }
      });
      sent[due.kind] += queued;
      if (batch.length < batchSize) break;
    }
  }
  return sent;
}

/**
 * The scheduled job: every 5 minutes, the reminders that are due. Reminders
 * that went without a joining link (none in their webinar's content) are
 * logged as a warning, so the team sets it in the editor before the next.
 */
export function webinarRemindersJob(options: {
  db: Db;
  mail: MailContext;
  kickOutbox: () => void;
  log?: Pick<Logger, "warn">;
}): ScheduledJob {
  const { db, mail, kickOutbox, log } = options;
  return {
    name: "webinar-reminders",
    everyMs: 5 * 60_000,
    async run({ now }) {
      const sent = await sendDueReminders(db, mail, now);
      if (sent["day-before"] + sent["hour-before"] === 0) return sent;
      kickOutbox();
      const unlinked = catalogue.webinars.filter((w) => reminderDue(w.startsAt, now) && !mail.webinarJoinUrls?.[w.id]);
      if (unlinked.length > 0) {
        log?.warn(
          { webinars: unlinked.map((w) => w.id) },
          "Webinar reminders went without a joining link: set it in each webinar's content (/admin/content/webinar)",
        );
      }
      return sent;
    },
  };
}
