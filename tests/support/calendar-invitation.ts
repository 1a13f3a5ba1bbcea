/**
 * A calendar invitation as a delegate's calendar reads it, parsed by a
 * calendar library (ical.js): from a received e-mail (the text/calendar
 * part), its METHOD, UID, SEQUENCE, ORGANIZER, ATTENDEE, and each day's end
 * with the series expanded from its own VTIMEZONE; or from the outbox, as
 * stored (the file and the message it goes with).
 */
import ICAL from "ical.js";
import type { Db } from "~/data/db.server.ts";
import type { Attachment } from "~/mail/types.ts";
import type { ReceivedEmail } from "../../harness/mail.ts";

/** A calendar file parsed, its time zones registered: the calendar, its events, and the series' own event (the one that is no exception). */
function parseCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents("vevent");
  const event = new ICAL.Event(vevents.find((v) => !v.hasProperty("recurrence-id")));
  return { calendar, vevents, event };
}

/** The invitation a message carries, read by a calendar library as a calendar would: its METHOD, and its event's series. */
export function invitationIn(email: ReceivedEmail) {
  const file = email.attachments.find((a) => a.mimeType.startsWith("text/calendar"));
  if (!file) throw new Error(`No calendar part in "${email.subject}"`);
  const { calendar, vevents, event } = parseCalendar(file.content);
  for (const v of vevents.filter((v) => v.hasProperty("recurrence-id"))) event.relateException(v);
  const ends: string[] = [];
  const days = event.iterator();
  for (let next = days.next(); next; next = days.next()) {
    ends.push(event.getOccurrenceDetails(next).endDate.toJSDate().toISOString());
  }
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    organizer: event.organizer,
    attendee: String(event.component.getFirstPropertyValue("attendee")).toLowerCase(),
    ends,
  };
}

/** A calendar file as stored, read: its METHOD, its series' UID, SEQUENCE, STATUS, ORGANIZER, ATTENDEE, LOCATION, DESCRIPTION and URL, and how many events it holds (the series and its exceptions). */
export function readCalendarFile(ics: string) {
  const { calendar, vevents, event } = parseCalendar(ics);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    status: event.component.getFirstPropertyValue("status"),
    organizer: event.organizer,
    attendee: String(event.component.getFirstPropertyValue("attendee")).toLowerCase(),
    location: event.location,
    description: event.description,
    url: String(event.component.getFirstPropertyValue("url")),
    instances: vevents.length,
  };
}

/**
 * The calendar parts of the outbox's messages to `to` (about booking
 * `bookingId` alone, if given), oldest first: each with its message's
 * subject and text, its content type, and the file read.
 */
export async function calendarsQueuedFor(db: Db, to: string, bookingId?: string) {
  let query = db
    .selectFrom("outbox")
    .select(["attachments_json", "subject", "text_body"])
    .where("to_address", "=", to)
    .orderBy("created_at")
    .orderBy("id");
  if (bookingId) query = query.where("lead_id", "=", bookingId);
  const rows = await query.execute();
  return rows.flatMap((r) =>
    (JSON.parse(r.attachments_json ?? "[]") as Attachment[])
      .filter((a) => a.calendarMethod)
      .map((a) => ({
        subject: r.subject,
        text: r.text_body,
        contentType: a.contentType,
        ...readCalendarFile(a.content),
      })),
  );
}
