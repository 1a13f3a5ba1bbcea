/**
 * A webinar as a calendar event (an .ics file, RFC 5545, made by
 * ical-generator, as the delegates' invitations are),
 * sent with the registration's confirmation: the start in UTC (so every
 * calendar shows it in its own time zone, British Summer Time or not), the
 * length, the joining link once it is set, and a stable UID per webinar
 * (importing it twice updates one event instead of adding two).
 */
import { ICalCalendar, ICalCalendarMethod, ICalEventBusyStatus, ICalEventStatus } from "ical-generator";
import { organisation } from "~/content/organisation.ts";
import type { Attachment, MailContext } from "~/mail/types.ts";
import { siteContact } from "~/content/index.server.ts";

export type CalendarWebinar = {
  id: string;
  title: string;
  startsAt: string;
  durationMinutes: number;
  presenter: string;
};

export function webinarInvitation(webinar: CalendarWebinar, ctx: MailContext, now = new Date()): Attachment {
  const joinUrl = ctx.webinarJoinUrls?.[webinar.id];
  const calendar = new ICalCalendar({
    prodId: { company: organisation.name, product: "Webinars", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
  });
  const start = new Date(Date.parse(webinar.startsAt));
  // No zone: the start is written in UTC ("…Z"), each calendar showing it in its own.
  calendar.createEvent({
    id: `webinar-${webinar.id}@${new URL(ctx.siteUrl).hostname}`,
    stamp: now,
    start,
    end: new Date(start.getTime() + webinar.durationMinutes * 60_000),
    summary: webinar.title,
    description: [
      `A free webinar from ${organisation.name}, presented by ${webinar.presenter}.`,
      joinUrl ? `Join: ${joinUrl}` : "We will e-mail your joining link before the session.",
    ].join("\n\n"),
    url: joinUrl ?? `${ctx.siteUrl}/resources#webinars`,
    organizer: { name: organisation.name, email: siteContact().email },
    status: ICalEventStatus.CONFIRMED,
    busystatus: ICalEventBusyStatus.BUSY,
  });
  return {
    filename: "webinar.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: calendar.toString(),
  };
}
