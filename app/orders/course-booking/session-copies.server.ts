/**
 * What a booking and a waiting request keep of their session's days and
 * place, and how that copy follows the session when the team changes it in
 * Site content (docs/decisions/098-bookings-follow-their-session.md).
 *
 * A booking copies its session when it is made (or moved to another date),
 * and everything after the sale reads the copy: the joining instructions
 * and their reminder, the questionnaire, the booker's and the team's terms
 * ("has it started?"), the booking links' lifetime, the calendar updates'
 * window and the retention job. A live booking's copy (unconfirmed, held,
 * invoiced or paid), a lapsed card hold's (a late payment may still confirm
 * it) and a waiting request still open follow the session as published,
 * until it ends; a booking that ended otherwise (cancelled, lapsed unconfirmed)
 * keeps what it was, and so does an issued invoice's line (its own words).
 * The price is never followed: a booking keeps what it was sold at.
 */
import type { Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { CourseBookingFacts, Database } from "~/data/schema.ts";
import { lockOrder } from "../store.server.ts";
import {
  addEvent,
  isLive,
  liveStatuses,
  readBooking,
  updateFacts,
  type CourseBooking,
} from "./booking-store.server.ts";
import { sessionLabel, type BookableSession } from "./session.ts";
import { sessionChangedEvent } from "./timeline-kinds.ts";

const copyColumns = [
  "session_label",
  "session_starts_at",
  "session_ends_at",
  "session_first_day",
  "session_last_day",
  "session_format",
  "session_venue",
] as const;

/** A booking's copy of its session's days and place. */
export type SessionCopy = Pick<CourseBookingFacts, (typeof copyColumns)[number]>;

/** What a booking on `session` keeps of it. */
export function sessionCopy(session: BookableSession): SessionCopy {
  return {
    session_label: sessionLabel(session),
    session_starts_at: session.startsAt.toISOString(),
    session_ends_at: session.endsAt.toISOString(),
    session_first_day: session.firstDay,
    session_last_day: session.lastDay,
    session_format: session.format,
    session_venue: session.venue ? JSON.stringify(session.venue) : null,
  };
}

const differs = (kept: SessionCopy, copy: SessionCopy) => copyColumns.some((c) => kept[c] !== copy[c]);

/** The venue as a booker knows it (its name and address): its directions are the joining instructions' words only. */
const placeOf = (venue: string | null) => {
  if (venue === null) return null;
  const { name, streetAddress, locality, postalCode } = JSON.parse(venue) as Record<string, unknown>;
  return JSON.stringify([name, streetAddress, locality, postalCode]);
};

/** A change the booker hears of: the days, the hours, the format or the place (not the venue's directions alone). */
const noticeable = (kept: SessionCopy, copy: SessionCopy) =>
  copyColumns.some((c) => c !== "session_venue" && kept[c] !== copy[c]) ||
  placeOf(kept.session_venue) !== placeOf(copy.session_venue);

/**
 * Whether the session's days moved (its first or last day): a postponement, or a course brought forward,
 * which /terms answers with the booker's choice of a new date or a full refund (./terms.ts).
 */
export const daysMoved = (
  kept: Pick<SessionCopy, "session_first_day" | "session_last_day">,
  copy: Pick<SessionCopy, "session_first_day" | "session_last_day">,
) => kept.session_first_day !== copy.session_first_day || kept.session_last_day !== copy.session_last_day;

/**
 * The bookings whose copy follows their session: the live ones, and a card
 * hold that lapsed (a payment that comes late may still confirm it, and
 * then it must judge "started" and write its receipt by the dates as they
 * are). Only a live one's change is noted and told.
 */
const followingStatuses = [...liveStatuses, "expired"] as const;

/** The waiting requests still open: their dates decide when the list ends and when retention deletes them. */
const openWaiting = ["unconfirmed", "waiting", "offered"] as const;

/**
 * Brings each following booking's copy, and each open waiting request's
 * dates, in line with its session as `find` publishes it (a session no
 * longer published is left alone), for sessions still to end. A live
 * booking's noticeable change is noted on its timeline and `notify` (the
 * booker's e-mail) is called in the same transaction. One whose days moved
 * (a lapsed hold's too) is marked rescheduled (`rescheduled_at`, ADR 100). Each booking in a
 * transaction of its own, its order locked and the row read again, so two
 * instances never note one change twice; and only while `isCurrent` (read
 * in that transaction) says this instance serves the newest content, so one
 * still serving an older version never moves a booking back. Returns how
 * many bookings and requests changed.
 */
export async function followSessionChanges(
  db: Db,
  {
    find,
    now,
    isCurrent,
    notify,
  }: {
    find: (key: string) => BookableSession | null;
    now: Date;
    /** Whether this instance serves the newest published content, read in `trx`. */
    isCurrent: (trx: Transaction<Database>) => Promise<boolean>;
    notify?: (trx: Transaction<Database>, before: CourseBooking, after: CourseBooking) => Promise<void>;
  },
): Promise<{ bookings: number; waiting: number }> {
  const rows = await db
    .selectFrom("course_bookings")
    .select(["id", "session_key", ...copyColumns])
    .where("status", "in", [...followingStatuses])
    .where("session_ends_at", ">", now.toISOString())
    .execute();
  const at = now.toISOString();
  let bookings = 0;
  for (const row of rows) {
    const session = find(row.session_key);
    if (!session) continue;
    const copy = sessionCopy(session);
    if (!differs(row, copy)) continue;
    bookings += await db.transaction().execute(async (trx) => {
      await lockOrder(trx, row.id);
      if (!(await isCurrent(trx))) return 0;
      const booking = await readBooking(trx, row.id);
      if (
        !booking ||
        !(followingStatuses as readonly string[]).includes(booking.status) ||
        booking.session_key !== row.session_key ||
        !differs(booking, copy)
      )
        return 0;
      const live = isLive(booking.status);
      // Days moved: its booker may take a new date or a full refund; a lapsed hold too, should a late payment confirm it.
      const rescheduled = daysMoved(booking, copy) ? { rescheduled_at: booking.rescheduled_at ?? at } : {};
      await updateFacts(trx, row.id, { ...copy, ...rescheduled });
      if (live && noticeable(booking, copy)) {
        await addEvent(trx, row.id, now, sessionChangedEvent, {
          from: booking.session_label,
          to: copy.session_label,
        });
        await notify?.(trx, booking, { ...booking, ...copy, ...rescheduled });
      }
      return 1;
    });
  }

  const requested = await db
    .selectFrom("course_waiting")
    .select(["session_key", "session_starts_at", "session_ends_at"])
    .distinct()
    .where("state", "in", [...openWaiting])
    .execute();
  let waiting = 0;
  for (const request of requested) {
    const session = find(request.session_key);
    if (!session) continue;
    const startsAt = session.startsAt.toISOString();
    const endsAt = session.endsAt.toISOString();
    if (request.session_starts_at === startsAt && request.session_ends_at === endsAt) continue;
    waiting += await db.transaction().execute(async (trx) => {
      if (!(await isCurrent(trx))) return 0;
      const moved = await trx
        .updateTable("course_waiting")
        .set({ session_starts_at: startsAt, session_ends_at: endsAt })
        .where("session_key", "=", request.session_key)
        .where("session_starts_at", "=", request.session_starts_at)
        .where("session_ends_at", "=", request.session_ends_at)
        .where("state", "in", [...openWaiting])
        .executeTakeFirst();
      return Number(moved.numUpdatedRows);
    });
  }
  return { bookings, waiting };
}
