/**
 * Sends the joining instructions and the reminder the working day before
 * (issue 41, docs/decisions/082-joining-instructions.md; the rules:
 * ./joining.ts) as a scheduled job, run by one instance at a time
 * (app/jobs/scheduler.server.ts), registered in server/services.ts. A
 * delegate named after their session's day for the instructions has them at
 * the job's next run (every 15 minutes).
 *
 * Each e-mail is one transaction: the booking's order locked, the booking
 * still invoiced or paid and the delegate still holding the place, nothing
 * sent to them meanwhile (course_joining, one row per delegate per booking,
 * is the record: its unique pair refuses a second), then the row, an event
 * on the booking's timeline and the e-mail in the outbox (which keeps the
 * questionnaire's link sealed).
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { sessionDayTimes } from "~/calendar/session-dates.ts";
import type { Venue } from "~/content/sessions-schema.ts";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { mailJob, type MailJobOptions } from "~/jobs/mail-job.server.ts";
import type { ScheduledJob } from "~/jobs/scheduler.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import type { MailContext } from "~/mail/types.ts";
import { openJoiningLink } from "~/publishing/webinar-links.server.ts";
import type { Keyring } from "~/secrets/sealing.server.ts";
import { joiningDaysOf } from "~/settings/business-settings.ts";
import { currentBusinessSettings } from "~/settings/business-settings.server.ts";
import { lockOrder } from "../store.server.ts";
import { sessionByKey } from "./bookable.server.ts";
import { addEvent } from "./booking-store.server.ts";
import { londonDate } from "./days.ts";
import { carryJoiningLink, inCalendarStatuses, joiningLinkFingerprint } from "./invitations.server.ts";
import {
  joiningInstructionsEmail,
  joiningReminderEmail,
  type JoiningFacts,
  type JoiningSession,
} from "./joining-emails.server.ts";
import { defaultJoiningDays, joiningDue, reminderDue, type JoiningDays } from "./joining.ts";
import { addDays } from "~/time/london.ts";

export const joiningJobName = "course-joining-instructions";
import { joiningReminderEvent, joiningSentEvent } from "./timeline-kinds.ts";
import { newToken, tokenHash } from "~/secrets/tokens.server.ts";

export { joiningReminderEvent, joiningSentEvent };

type Trx = Transaction<Database>;

/**
 * A booking moved to another date (./transfer.server.ts): the joining
 * instructions and reminder sent for the old date are due again for the new
 * one (a new questionnaire link; the answers stay).
 */
export async function joiningDueAgain(trx: Trx, bookingId: string): Promise<void> {
  await trx
    .updateTable("course_joining")
    .set({ instructions_sent_at: null, reminder_sent_at: null })
    .where("booking_id", "=", bookingId)
    .execute();
}
type Reader = Db | Trx;

/** What the content says of a session now (its days, venue, joining link), by its key; null if it is not published. */
export type SessionLookup = (sessionKey: string) => JoiningSession | null;

/** The published sessions, their joining links opened with `keys` (stored sealed, as webinars' are). */
export function publishedSessions(keys: Keyring): SessionLookup {
  return (key) => {
    const published = sessionByKey(key);
    if (!published) return null;
    const { session } = published;
    return {
      format: session.format,
      venue: session.venue ?? null,
      days: sessionDayTimes(session).map((d) => ({ startsAt: d.starts, endsAt: d.ends })),
      joiningLink: session.joiningLink ? openJoiningLink(keys, session.joiningLink) : null,
    };
  };
}

type BookingRow = {
  id: string;
  reference: string;
  course_title: string;
  session_key: string;
  session_label: string;
  session_first_day: string;
  session_starts_at: string;
  session_ends_at: string;
  session_format: "in-person" | "online";
  session_venue: string | null;
  organisation: string;
  is_test: number;
};

const bookingColumns = [
  "b.id",
  "b.reference",
  "b.course_title",
  "b.session_key",
  "b.session_label",
  "b.session_first_day",
  "b.session_starts_at",
  "b.session_ends_at",
  "b.session_format",
  "b.session_venue",
  "b.organisation",
  "b.is_test",
] as const;

/** The session as the e-mails say it: the content's, or (unpublished since) as the booking recorded it. */
function sessionOf(booking: BookingRow, lookup: SessionLookup): JoiningSession {
  return (
    lookup(booking.session_key) ?? {
      format: booking.session_format,
      venue: booking.session_venue ? (JSON.parse(booking.session_venue) as Venue) : null,
      days: [{ startsAt: new Date(booking.session_starts_at), endsAt: new Date(booking.session_ends_at) }],
      joiningLink: null,
    }
  );
}

function factsOf(booking: BookingRow, delegate: { name: string; email: string }, lookup: SessionLookup): JoiningFacts {
  return {
    delegate,
    booking: {
      reference: booking.reference,
      courseTitle: booking.course_title,
      sessionLabel: booking.session_label,
      organisation: booking.organisation,
      isTest: booking.is_test === 1,
    },
    session: sessionOf(booking, lookup),
  };
}

/** A confirmed booking, still to start, whose delegate at `email` (any case) holds a place: its row and the delegate's name. */
async function delegateOf(trx: Trx, bookingId: string, email: string, now: Date) {
  const rows = await trx
    .selectFrom("course_booking_delegates as d")
    .innerJoin("course_bookings as b", "b.id", "d.booking_id")
    .select([...bookingColumns, "d.name", "d.email", "d.position"])
    .where("b.id", "=", bookingId)
    .where("b.status", "in", [...inCalendarStatuses])
    .where("b.session_starts_at", ">", now.toISOString())
    .execute();
  return rows.find((r) => r.email?.toLowerCase() === email && r.name) ?? null;
}

async function joiningRows(db: Reader, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("course_joining")
    .select(["booking_id", "email", "instructions_sent_at", "reminder_sent_at"])
    .where("booking_id", "in", [...bookingIds])
    .execute();
}

/** The delegates of these bookings sent their joining instructions (for the date booked now), as `<booking id>\u0000<address, lower-cased>`. */
export async function instructedDelegates(db: Reader, bookingIds: readonly string[]): Promise<Set<string>> {
  const rows = await joiningRows(db, bookingIds);
  return new Set(rows.filter((r) => r.instructions_sent_at !== null).map((r) => `${r.booking_id}\u0000${r.email}`));
}

export type JoiningOptions = {
  now: Date;
  mail: MailContext;
  keys: Keyring;
  sessions?: SessionLookup;
  /** The days before a session (default: the business settings', else 7 in person, 3 online). */
  days?: JoiningDays;
};

export type JoiningSent = { bookingId: string; email: string; what: "instructions" | "reminder" };

/** Sends the joining instructions due at `now`, then the reminders; returns what was sent. */
export async function sendJoiningEmails(db: Db, options: JoiningOptions): Promise<{ sent: JoiningSent[] }> {
  const { now, mail, keys } = options;
  const lookup = options.sessions ?? publishedSessions(keys);
  const settings = await currentBusinessSettings(db);
  const days = options.days ?? (settings ? joiningDaysOf(settings.settings) : defaultJoiningDays);
  const today = londonDate(now);
  const sent: JoiningSent[] = [];

  // The named delegates of confirmed bookings whose sessions start within the longest lead time and are still to come.
  const delegates = await db
    .selectFrom("course_booking_delegates as d")
    .innerJoin("course_bookings as b", "b.id", "d.booking_id")
    .select([...bookingColumns, "d.email", "d.name"])
    .where("b.status", "in", [...inCalendarStatuses])
    .where("b.session_starts_at", ">", now.toISOString())
    .where("b.session_first_day", "<=", addDays(today, Math.max(...Object.values(days))))
    .where("d.email", "is not", null)
    .where("d.name", "is not", null)
    .orderBy("b.session_starts_at")
    .orderBy("b.id")
    .orderBy("d.position")
    .execute();
  const done = new Set(
    (await joiningRows(db, [...new Set(delegates.map((d) => d.id))]))
      .filter((r) => r.instructions_sent_at !== null)
      .map((r) => `${r.booking_id}\u0000${r.email}`),
  );
  for (const d of delegates) {
    const email = d.email!.toLowerCase();
    if (done.has(`${d.id}\u0000${email}`)) continue;
    const session = {
      firstDay: d.session_first_day,
      format: d.session_format,
      startsAt: new Date(d.session_starts_at),
    };
    if (!joiningDue(session, now, days)) continue;
    const queued = await db.transaction().execute(async (trx) => {
      await lockOrder(trx, d.id);
      // Read again under the lock: the booking still confirmed, the delegate still named, nothing sent meanwhile.
      const current = await delegateOf(trx, d.id, email, now);
      const before = (await joiningRows(trx, [d.id])).find((r) => r.email === email);
      if (!current || before?.instructions_sent_at) return false;
      const token = newToken();
      if (before) {
        // The booking moved to another date (ADR 081): this date's instructions, with a new link; the answers stay.
        await trx
          .updateTable("course_joining")
          .set({ token_hash: tokenHash(token), instructions_sent_at: now.toISOString(), reminder_sent_at: null })
          .where("booking_id", "=", d.id)
          .where("email", "=", email)
          .execute();
      } else {
        await trx
          .insertInto("course_joining")
          .values({
            id: randomUUID(),
            booking_id: d.id,
            email,
            token_hash: tokenHash(token),
            instructions_sent_at: now.toISOString(),
            reminder_sent_at: null,
            objectives: null,
            experience: null,
            access_needs: null,
            dietary_needs: null,
            answered_at: null,
            created_at: now.toISOString(),
          })
          .execute();
      }
      const facts = factsOf(current, { name: current.name!, email: current.email! }, lookup);
      // Their calendar invitation now carries the joining link (its fingerprint stored, never the link: ADR 085).
      const link = facts.session.joiningLink;
      const invitation = link
        ? await carryJoiningLink(trx, d.id, email, joiningLinkFingerprint(keys, link), now)
        : null;
      const message = joiningInstructionsEmail(facts, mail, token, invitation);
      await addEvent(trx, d.id, now, joiningSentEvent, { place: current.position });
      await queueEmails(trx, { type: "course-booking", id: d.id }, [message], now, keys);
      return true;
    });
    if (queued) sent.push({ bookingId: d.id, email, what: "instructions" });
  }

  // The reminders: to each delegate sent the instructions on an earlier day, on the working day before.
  const pending = await db
    .selectFrom("course_joining as j")
    .innerJoin("course_bookings as b", "b.id", "j.booking_id")
    .select(["j.booking_id", "j.email", "j.instructions_sent_at", "b.session_first_day", "b.session_starts_at"])
    .where("j.reminder_sent_at", "is", null)
    .where("j.instructions_sent_at", "is not", null)
    .where("b.status", "in", [...inCalendarStatuses])
    .where("b.session_starts_at", ">", now.toISOString())
    .orderBy("b.session_starts_at")
    .execute();
  for (const row of pending) {
    const state = {
      firstDay: row.session_first_day,
      startsAt: new Date(row.session_starts_at),
      instructionsSentOn: londonDate(new Date(row.instructions_sent_at!)),
    };
    if (!reminderDue(state, now, mail.calendar)) continue;
    const queued = await db.transaction().execute(async (trx) => {
      await lockOrder(trx, row.booking_id);
      // The delegate still holds the place (one replaced meanwhile is not reminded, nor marked as if they were).
      const current = await delegateOf(trx, row.booking_id, row.email, now);
      if (!current) return false;
      const marked = await trx
        .updateTable("course_joining")
        .set({ reminder_sent_at: now.toISOString() })
        .where("booking_id", "=", row.booking_id)
        .where("email", "=", row.email)
        .where("reminder_sent_at", "is", null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return false;
      const message = joiningReminderEmail(
        factsOf(current, { name: current.name!, email: current.email! }, lookup),
        mail,
      );
      await addEvent(trx, row.booking_id, now, joiningReminderEvent, { place: current.position });
      await queueEmails(trx, { type: "course-booking", id: row.booking_id }, [message], now, keys);
      return true;
    });
    if (queued) sent.push({ bookingId: row.booking_id, email: row.email, what: "reminder" });
  }
  return { sent };
}

/** The job: every 15 minutes, under a lease. */
export function joiningJob({
  db,
  mail,
  keys,
  ...options
}: { db: Db; mail: MailContext; keys: Keyring } & MailJobOptions): ScheduledJob {
  return mailJob(
    {
      name: joiningJobName,
      everyMs: 15 * 60_000,
      leaseMs: 5 * 60_000,
      run: async (now) => {
        const { sent } = await sendJoiningEmails(db, { now, mail, keys });
        return { queued: sent.length, result: { sent: sent.length } };
      },
    },
    options,
  );
}
