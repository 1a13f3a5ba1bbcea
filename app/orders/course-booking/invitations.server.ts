/**
 * Each delegate's calendar invitation to a booked session, kept so it can
 * be updated and cancelled (issue 41, docs/decisions/079-calendar-invitations-that-update.md):
 * one row per delegate per booking (course_invitations), with a UID made
 * once and never again, the SEQUENCE last sent and what it last said.
 *
 * Every function runs in the transaction that changes the booking and
 * queues the e-mail the invitation goes with, so a row moves only with a
 * message sent: an invitation (`invite`: SEQUENCE 0, or the next one when
 * the delegate had one), a cancellation (`withdraw`, `withdrawAll`), an
 * update (`update`, when what it says no longer matches the session). To a
 * delegate sent their joining instructions, a live online session's
 * invitation carries its joining link, of which `said` keeps only a keyed
 * fingerprint (docs/decisions/085-joining-link-updates.md): the link set,
 * changed or withdrawn is an update too.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { organisation } from "~/content/organisation.ts";
import type { Db } from "~/data/db.server.ts";
import type { CourseBookingStatus, Database } from "~/data/schema.ts";
import type { ScheduledJob } from "~/jobs/scheduler.server.ts";
import type { Attachment } from "~/mail/types.ts";
import { fingerprint, fingerprintOf, type Keyring } from "~/secrets/sealing.server.ts";
import { invitationAttachment, type InvitationSays } from "./invitation-ics.server.ts";

type Trx = Transaction<Database>;
type Row = Database["course_invitations"];

const uidDomain = organisation.bookingsEmail.split("@")[1]!;

const key = (email: string) => email.trim().toLowerCase();

async function invitationOf(trx: Trx, bookingId: string, email: string): Promise<Row | undefined> {
  return trx
    .selectFrom("course_invitations")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .where("email", "=", key(email))
    .executeTakeFirst();
}

async function store(trx: Trx, row: Row, set: Pick<Row, "sequence" | "state" | "said">, now: Date) {
  await trx
    .updateTable("course_invitations")
    .set({ ...set, updated_at: now.toISOString() })
    .where("id", "=", row.id)
    .execute();
}

/**
 * Invites the delegate `says` names to the booking's session: a new
 * invitation, or the next SEQUENCE of theirs. `newEvent`: the booking moved
 * to another date (its old invitation cancelled first): a new event, with a
 * UID of its own, in the row that kept the old one.
 */
export async function invite(
  trx: Trx,
  bookingId: string,
  says: InvitationSays,
  now: Date,
  { newEvent = false }: { newEvent?: boolean } = {},
): Promise<Attachment> {
  const said = JSON.stringify(says);
  const before = await invitationOf(trx, bookingId, says.attendee.email);
  if (before && newEvent) {
    const uid = `course-${randomUUID()}@${uidDomain}`;
    await trx
      .updateTable("course_invitations")
      .set({ uid, sequence: 0, state: "sent", said, updated_at: now.toISOString() })
      .where("id", "=", before.id)
      .execute();
    return invitationAttachment("REQUEST", { uid, sequence: 0, says }, now);
  }
  if (before) {
    const sequence = before.sequence + 1;
    await store(trx, before, { sequence, state: "sent", said }, now);
    return invitationAttachment("REQUEST", { uid: before.uid, sequence, says }, now);
  }
  const uid = `course-${randomUUID()}@${uidDomain}`;
  await trx
    .insertInto("course_invitations")
    .values({
      id: randomUUID(),
      booking_id: bookingId,
      email: key(says.attendee.email),
      uid,
      sequence: 0,
      state: "sent",
      said,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  return invitationAttachment("REQUEST", { uid, sequence: 0, says }, now);
}

async function cancel(trx: Trx, row: Row, now: Date): Promise<Attachment> {
  const sequence = row.sequence + 1;
  await store(trx, row, { sequence, state: "cancelled", said: row.said }, now);
  return invitationAttachment("CANCEL", { uid: row.uid, sequence, says: JSON.parse(row.said) as InvitationSays }, now);
}

/** Cancels the invitation `email` holds for the booking (the place passed to someone else): null if none is in their calendar. */
export async function withdraw(trx: Trx, bookingId: string, email: string, now: Date): Promise<Attachment | null> {
  const row = await invitationOf(trx, bookingId, email);
  return row?.state === "sent" ? cancel(trx, row, now) : null;
}

/** Cancels every invitation of the booking still in a calendar (the booking is cancelled): by the address (lower-cased) each goes to. */
export async function withdrawAll(trx: Trx, bookingId: string, now: Date): Promise<Map<string, Attachment>> {
  const rows = await trx
    .selectFrom("course_invitations")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .where("state", "=", "sent")
    .orderBy("created_at")
    .execute();
  const sent = new Map<string, Attachment>();
  for (const row of rows) sent.set(row.email, await cancel(trx, row, now));
  return sent;
}

/** The statuses of a booking whose delegates' invitations a change of its session updates. */
export const inCalendarStatuses: readonly CourseBookingStatus[] = ["invoiced", "paid"];

/** The invitations in calendars for bookings whose session (as booked) ended after `since`: what a change of a session may update. */
export async function invitationsInCalendars(db: Db | Trx, since: Date) {
  return db
    .selectFrom("course_invitations as i")
    .innerJoin("course_bookings as b", "b.id", "i.booking_id")
    .select(["i.id", "i.booking_id", "i.said", "b.session_key", "b.course_id", "b.course_title"])
    .where("i.state", "=", "sent")
    .where("b.status", "in", [...inCalendarStatuses])
    .where("b.session_ends_at", ">", since.toISOString())
    .orderBy("i.booking_id")
    .orderBy("i.created_at")
    .execute();
}

/** The invitation `id`, read (under the caller's lock). */
export async function invitationById(trx: Trx, id: string): Promise<Row | undefined> {
  return trx.selectFrom("course_invitations").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Sends the invitation `id` again with what it now `says`, at the next
 * SEQUENCE: null if it changed meanwhile (cancelled, or already updated to
 * say the same), read under the caller's lock.
 */
export async function update(trx: Trx, id: string, says: InvitationSays, now: Date): Promise<Attachment | null> {
  const row = await invitationById(trx, id);
  const said = JSON.stringify(says);
  if (row?.state !== "sent" || row.said === said) return null;
  const sequence = row.sequence + 1;
  await store(trx, row, { sequence, state: "sent", said }, now);
  return invitationAttachment("REQUEST", { uid: row.uid, sequence, says }, now);
}

/** The keyed fingerprint an invitation carrying the joining `link` keeps of it (ADR 085): never the link. */
export function joiningLinkFingerprint(keys: Keyring, link: string): string {
  return fingerprint(keys, link, "joining-link");
}

/**
 * The fingerprint an invitation should keep, now that the joining link is
 * `link` (null: none; "unopened": stored, but sealed under no key of the
 * ring, so nothing is known of it), for a delegate sent (`instructed`) or
 * not yet sent their joining instructions (none: their instructions will
 * carry the link). `rekeyed`: the link is the one the invitation carries,
 * its fingerprint made under a previous key (a rotation): the new one is
 * to be kept without sending anything.
 */
export function joiningLinkToSay(
  keys: Keyring,
  said: InvitationSays,
  link: string | null | "unopened",
  instructed: boolean,
): { joiningLink: string | undefined; rekeyed: boolean } {
  if (link === "unopened") return { joiningLink: said.joiningLink, rekeyed: false };
  if (!instructed || link === null) return { joiningLink: undefined, rekeyed: false };
  const before = said.joiningLink ? fingerprintOf(keys, said.joiningLink, link, "joining-link") : null;
  if (before?.same && before.current) return { joiningLink: said.joiningLink, rekeyed: false };
  return { joiningLink: joiningLinkFingerprint(keys, link), rekeyed: before?.same ?? false };
}

/**
 * Keeps `said` (the same words, the joining link's fingerprint under the
 * current key) in the invitation `id`, sending nothing, if it still says
 * `before`.
 */
export async function rekeyJoiningLink(db: Db, id: string, before: string, said: InvitationSays): Promise<void> {
  await db
    .updateTable("course_invitations")
    .set({ said: JSON.stringify(said) })
    .where("id", "=", id)
    .where("said", "=", before)
    .execute();
}

/** `says` carrying the joining link's fingerprint, or none. */
export function withJoiningLink(says: InvitationSays, joiningLink: string | undefined): InvitationSays {
  const { joiningLink: _, ...rest } = says;
  return joiningLink === undefined ? rest : { ...rest, joiningLink };
}

/**
 * The delegate's invitation updated to carry the joining link whose
 * fingerprint is `joiningLink` (their joining instructions are going with
 * the link): null if they have none in a calendar, or it carries it already.
 */
export async function carryJoiningLink(
  trx: Trx,
  bookingId: string,
  email: string,
  joiningLink: string,
  now: Date,
): Promise<Attachment | null> {
  const row = await invitationOf(trx, bookingId, email);
  if (row?.state !== "sent") return null;
  return update(trx, row.id, withJoiningLink(saidOf(row), joiningLink), now);
}

/** What an invitation last said (its attendee's name and address among it). */
export function saidOf(row: Pick<Row, "said">): InvitationSays {
  return JSON.parse(row.said) as InvitationSays;
}

export const calendarUpdatesJobName = "course-calendar-updates";

/**
 * The backstop of a session's changes, every 5 minutes under a lease: each
 * instance follows them as soon as it serves a new version of the content
 * (server/services.ts); this catches a change made while no instance was up
 * to see it.
 */
export function calendarUpdatesJob({
  follow,
  everyMs = 5 * 60_000,
}: {
  /** The course booking service's followSessionChanges: the bookings' copies, then the calendars. */
  follow: (now: Date) => Promise<Record<string, number>>;
  everyMs?: number;
}): ScheduledJob {
  return {
    name: calendarUpdatesJobName,
    everyMs,
    leaseMs: 5 * 60_000,
    run: async ({ now }) => follow(now),
  };
}
