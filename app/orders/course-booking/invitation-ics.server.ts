/**
 * A delegate's calendar invitation to a booked session, as RFC 5545/5546
 * say and Gmail and Outlook apply them (issue 41,
 * docs/decisions/079-calendar-invitations-that-update.md): one event per
 * e-mail, its UID never changing and its SEQUENCE rising with every update
 * and cancellation; `METHOD:REQUEST` with ORGANIZER (the bookings address)
 * and the delegate as ATTENDEE; the five days as one event in
 * `TZID=Europe/London` (with its VTIMEZONE) repeating daily, a day whose
 * hours differ from the first's as an instance of its own (RECURRENCE-ID);
 * `METHOD:CANCEL` with STATUS:CANCELLED to the one who no longer comes.
 *
 * Written with ical-generator; the times go in as Luxon dates in London's
 * zone (a plain Date would be read in the server's own zone), and the
 * VTIMEZONE comes from timezones-ical-library.
 */
import {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendar,
  ICalCalendarMethod,
  ICalEventRepeatingFreq,
  ICalEventStatus,
  ICalEventTransparency,
} from "ical-generator";
import { DateTime } from "luxon";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { organisation } from "~/content/organisation.ts";
import { withheldCredential, type Attachment } from "~/mail/types.ts";

const zone = "Europe/London";

/** What an invitation says: kept with it, so a change is noticed and a cancellation names the event as it was. */
export type InvitationSays = {
  title: string;
  /** The course's page. */
  url: string;
  location: string;
  description: string;
  /** Each day's start and end (ISO 8601 UTC), consecutive days, first day first. */
  days: { startsAt: string; endsAt: string }[];
  attendee: { name: string; email: string };
  /**
   * A live online session's joining link, when the invitation carries it
   * (to a delegate sent their joining instructions): its keyed fingerprint
   * only (~/secrets/sealing.server.ts), never the link. The file holds
   * `withheldCredential(joiningLinkCredential)` where the link goes; the
   * outbox, which keeps the link sealed, puts it in as it sends.
   */
  joiningLink?: string;
};

/** The one-time credential an invitation carrying a joining link has its e-mail give (OutgoingEmail.secrets). */
export const joiningLinkCredential = "joining-link";

/**
 * Where (LOCATION) and the words (DESCRIPTION) of an invitation sent with
 * `method`: a request carrying the joining link names it as the place (the
 * field Outlook and Gmail show first, and make a link of) and in the words;
 * a cancellation never carries it.
 */
export function placeAndWords(
  method: InvitationMethod,
  says: InvitationSays,
): { location: string; description: string } {
  if (method !== "REQUEST" || !says.joiningLink) return { location: says.location, description: says.description };
  const link = withheldCredential(joiningLinkCredential);
  return {
    location: link,
    // The course's line, then the link in place of "we e-mail your joining link".
    description: `${says.description.split("\n\n")[0]}\n\nLive online: join each day from this link, a few minutes before the start (it is for the course's delegates only: please do not forward it): ${link}`,
  };
}

export type Invitation = { uid: string; sequence: number; says: InvitationSays };

export type InvitationMethod = "REQUEST" | "CANCEL";

const london = (iso: string) => DateTime.fromISO(iso, { zone });
const hours = (day: InvitationSays["days"][number]) =>
  `${london(day.startsAt).toFormat("HH:mm")}-${london(day.endsAt).toFormat("HH:mm")}`;

/**
 * The days as a daily series from the first day's hours, and the days whose
 * hours differ: each with the start the series gives it (its RECURRENCE-ID).
 * Throws unless the days are consecutive London dates.
 */
export function dailySeries(days: InvitationSays["days"]): {
  count: number;
  exceptions: { recurrenceId: DateTime; startsAt: DateTime; endsAt: DateTime }[];
} {
  const first = days[0];
  if (!first) throw new RangeError("An invitation needs at least one day");
  const firstStart = london(first.startsAt);
  const exceptions = days.flatMap((day, i) => {
    const start = london(day.startsAt);
    const ruled = firstStart.plus({ days: i });
    if (start.toISODate() !== ruled.toISODate()) throw new RangeError("An invitation's days must follow each other");
    return i > 0 && hours(day) !== hours(first)
      ? [{ recurrenceId: ruled, startsAt: start, endsAt: london(day.endsAt) }]
      : [];
  });
  return { count: days.length, exceptions };
}

/** The iCalendar text of `invitation` sent with `method`, stamped `now`. */
export function invitationIcs(method: InvitationMethod, invitation: Invitation, now: Date): string {
  const { uid, sequence, says } = invitation;
  const calendar = new ICalCalendar({
    prodId: { company: organisation.name, product: "Courses", language: "EN" },
    method: method === "REQUEST" ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  // No calendar-wide zone (DTSTAMP stays UTC); each event's zone brings its VTIMEZONE.
  calendar.timezone({ name: null, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null });
  const first = says.days[0]!;
  const { count, exceptions } = dailySeries(says.days);
  const common = {
    id: uid,
    sequence,
    stamp: now,
    timezone: zone,
    summary: says.title,
    ...placeAndWords(method, says),
    url: says.url,
    organizer: { name: organisation.name, email: organisation.bookingsEmail },
    attendees: [
      {
        name: says.attendee.name,
        email: says.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: false,
      },
    ],
    status: method === "REQUEST" ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    transparency: ICalEventTransparency.OPAQUE,
  };
  calendar.createEvent({
    ...common,
    start: london(first.startsAt),
    end: london(first.endsAt),
    ...(count > 1 ? { repeating: { freq: ICalEventRepeatingFreq.DAILY, count } } : {}),
  });
  // A cancellation takes the whole series; an invitation says each day that differs.
  if (method === "REQUEST") {
    for (const day of exceptions) {
      calendar.createEvent({ ...common, recurrenceId: day.recurrenceId, start: day.startsAt, end: day.endsAt });
    }
  }
  return calendar.toString();
}

/**
 * The invitation as an e-mail's calendar part: the outbox's transport sends
 * it as the `text/calendar; method=…` alternative Outlook and Gmail read
 * (and as a file), matching the METHOD inside.
 */
export function invitationAttachment(method: InvitationMethod, invitation: Invitation, now: Date): Attachment {
  return {
    filename: method === "REQUEST" ? "invite.ics" : "cancel.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: invitationIcs(method, invitation, now),
    calendarMethod: method,
  };
}
