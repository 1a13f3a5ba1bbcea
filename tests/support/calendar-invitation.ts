/**
 * A calendar invitation as a delegate's calendar reads it from a received
 * e-mail (the text/calendar part), parsed by a calendar library (ical.js):
 * its METHOD, UID, SEQUENCE, ORGANIZER, ATTENDEE, and each day's end with
 * the series expanded from its own VTIMEZONE.
 */
import ICAL from "ical.js";
import type { ReceivedEmail } from "../../harness/mail.ts";

/** The invitation a message carries, read by a calendar library as a calendar would: its METHOD, and its event's series. */
export function invitationIn(email: ReceivedEmail) {
  const file = email.attachments.find((a) => a.mimeType.startsWith("text/calendar"));
  if (!file) throw new Error(`No calendar part in "${email.subject}"`);
  const calendar = new ICAL.Component(ICAL.parse(file.content));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents("vevent");
  const event = new ICAL.Event(vevents.find((v) => !v.hasProperty("recurrence-id")));
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
