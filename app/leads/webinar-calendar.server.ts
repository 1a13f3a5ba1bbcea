/**
 * A webinar as a calendar event (an .ics file, RFC 5545, made by `ics`),
 * sent with the registration's confirmation: the start in UTC (so every
 * calendar shows it in its own time zone, British Summer Time or not), the
 * length, the joining link once it is set, and a stable UID per webinar
 * (importing it twice updates one event instead of adding two).
 */
import { createEvent } from "ics";
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

export function webinarInvitation(webinar: CalendarWebinar, ctx: MailContext): Attachment {
  const joinUrl = ctx.webinarJoinUrls?.[webinar.id];
  const { error, value } = createEvent({
    productId: `${organisation.shortName.toLowerCase()}/webinars`,
    method: "PUBLISH",
    uid: `webinar-${webinar.id}@${new URL(ctx.siteUrl).hostname}`,
    start: Date.parse(webinar.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: webinar.durationMinutes },
    title: webinar.title,
    description: [
      `A free webinar from ${organisation.name}, presented by ${webinar.presenter}.`,
      joinUrl ? `Join: ${joinUrl}` : "We will e-mail your joining link before the session.",
    ].join("\n\n"),
    url: joinUrl ?? `${ctx.siteUrl}/resources#webinars`,
    organizer: { name: organisation.name, email: siteContact().email },
    status: "CONFIRMED",
    busyStatus: "BUSY",
  });
  if (error || !value) throw error ?? new Error("The calendar invitation could not be made");
  return { filename: "webinar.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: value };
}
