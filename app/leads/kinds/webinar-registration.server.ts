/**
 * A free webinar registration (resources page), on the server: only for a
 * webinar on offer that has not started; stored in webinar_registrations,
 * answered by a team notification and a confirmation with the session's
 * details.
 */
import { getTrainer, getWebinar, siteContact } from "~/content/index.server.ts";
import { webinarTiming } from "~/content/webinar-schedule.ts";
import {
  type Block,
  h,
  inSubject,
  link,
  londonTime,
  minutes,
  oneLine,
  p,
  responsePromise,
  titleInSubject,
} from "~/mail/compose.server.ts";
import type { LeadColumns } from "~/data/schema.ts";
import type { LeadFacts, MailContext, OutgoingEmail } from "~/mail/types.ts";
import { UnknownReferenceError } from "../errors.ts";
import { webinarInvitation } from "../webinar-calendar.server.ts";
import { type LeadKind, leadRow, listing } from "./kind.server.ts";
import { teamNotification, visitorEmail } from "./lead-emails.server.ts";
import {
  expiredWebinars,
  type WebinarRegistrationInput,
  webinarRegistration as texts,
  webinarRegistrationKept as kept,
} from "./webinar-registration.ts";

declare module "~/data/schema.ts" {
  interface LeadTables {
    webinar_registrations: LeadColumns & {
      webinar_id: string;
      name: string;
      email: string;
      company: string;
      /** When the reminder 24 hours before went (queued), if it did. */
      reminded_day_before_at: string | null;
      /** When the reminder 1 hour before went (queued), if it did. */
      reminded_hour_before_at: string | null;
    };
  }
}

export type WebinarRegistrationLead = WebinarRegistrationInput &
  LeadFacts & {
    webinarTitle: string;
    /** ISO 8601 with offset. */
    startsAt: string;
    durationMinutes: number;
    presenter: string;
  };

function webinarOf(input: WebinarRegistrationInput, now: Date) {
  const webinar = getWebinar(input.webinarId);
  if (!webinar) throw new UnknownReferenceError("webinarId", "Please choose a webinar");
  if (webinarTiming(webinar.startsAt, now) === "past") {
    throw new UnknownReferenceError(
      "webinarId",
      `Registration has closed: this webinar started on ${londonTime(webinar.startsAt)} (London time).`,
    );
  }
  return webinar;
}

export const webinarRegistration: LeadKind<"webinarRegistration"> = {
  ...texts,
  ...kept,
  table: "webinar_registrations",
  secretColumns: [],
  erasure: "delete",
  // 12 months after their webinar; a webinar no longer listed has no date,
  // so 12 months after the registration (always before the webinar, so
  // never later than promised).
  async sweep({ deleteLeads, cutoff, webinars, now }) {
    const rule = "webinar_registrations";
    const expired = expiredWebinars(webinars, now);
    const listed = webinars.map((w) => w.id);
    return {
      [rule]:
        (expired.length === 0
          ? 0
          : await deleteLeads("webinar_registrations", (rows) => rows.where("webinar_id", "in", expired))) +
        (await deleteLeads("webinar_registrations", (rows) =>
          rows
            .where("created_at", "<", cutoff(rule))
            .$if(listed.length > 0, (qb) => qb.where("webinar_id", "not in", listed)),
        )),
    };
  },
  listing: (input) =>
    listing({
      name: input.name,
      email: input.email,
      company: input.company,
      subject: input.webinarId,
      pillar: getWebinar(input.webinarId)?.pillar ?? null,
    }),
  subjectLabel: (subject) => getWebinar(subject)?.title ?? subject,
  check: (input, now) => void webinarOf(input, now),
  async store(input, { trx, facts, mail, now }) {
    const webinar = webinarOf(input, now);
    await trx
      .insertInto("webinar_registrations")
      .values({
        ...leadRow(facts),
        webinar_id: webinar.id,
        name: input.name,
        email: input.email,
        company: input.company,
      })
      .execute();
    const lead: WebinarRegistrationLead = {
      ...input,
      ...facts,
      webinarTitle: webinar.title,
      startsAt: webinar.startsAt,
      durationMinutes: webinar.durationMinutes,
      presenter: getTrainer(webinar.presenterTrainerId)?.name ?? "",
    };
    return { id: facts.id, emails: webinarEmails(lead, mail) };
  },
};

/** [team notification, visitor confirmation] for a free webinar registration. */
export function webinarEmails(lead: WebinarRegistrationLead, ctx: MailContext): OutgoingEmail[] {
  const title = oneLine(lead.webinarTitle);
  const when = londonTime(lead.startsAt);
  const duration = minutes(lead.durationMinutes);
  const presenter = oneLine(lead.presenter);
  const name = oneLine(lead.name);

  const team = teamNotification(lead, ctx, {
    title: "New webinar registration",
    summary: `${name} from ${oneLine(lead.company)} registered for ${title}. Reply to this e-mail to write to them.`,
    heading: "Registration",
    fields: [
      ["Name", name],
      ["Email", oneLine(lead.email)],
      ["Company", oneLine(lead.company)],
      ["Webinar", title],
      ["Webinar id", oneLine(lead.webinarId)],
      ["Starts", when],
      ["Duration", duration],
      ["Presenter", presenter],
    ],
    subject: `Webinar registration: ${inSubject(lead.name)}, ${inSubject(lead.company)} (${titleInSubject(lead.webinarTitle)})`,
    replyToVisitor: true,
  });

  const confirmation = visitorEmail(lead, ctx, {
    title: "You are registered for our webinar",
    blocks: [
      p(`Dear ${name},`),
      p(
        `Thank you for registering for ${title}. Your place is confirmed, and the webinar is free. The attached calendar invitation adds it to your calendar.`,
      ),
      h("Session details"),
      {
        kind: "fields",
        items: [
          ["Webinar", title],
          ["Date and time", `${when} (London time)`],
          ["Duration", duration],
          ["Presenter", presenter],
        ],
      },
      ...joiningBlocks(lead.webinarId, ctx, "confirmation"),
      p(`If you can no longer attend, or have a question, write to us at ${siteContact().email}. ${responsePromise()}`),
    ],
    form: "webinar registration form",
    subject: `You are registered: ${titleInSubject(lead.webinarTitle)}`,
  });
  confirmation.attachments = [
    webinarInvitation(
      {
        id: lead.webinarId,
        title: lead.webinarTitle,
        startsAt: lead.startsAt,
        durationMinutes: lead.durationMinutes,
        presenter: lead.presenter,
      },
      ctx,
    ),
  ];

  return [team, confirmation];
}

/**
 * The joining link (set in the webinar's content) where it is set, or the promise of
 * it; and when the reminders come. Shared by the confirmation and the
 * reminders (app/leads/webinar-reminders.server.ts).
 */
export function joiningBlocks(webinarId: string, ctx: MailContext, where: "confirmation" | "reminder"): Block[] {
  const url = ctx.webinarJoinUrls?.[webinarId];
  const reminders =
    where === "confirmation" ? " We will also send you a reminder the day before and an hour before it starts." : "";
  if (!url) {
    return [p(`We will e-mail your joining link before the session.${reminders}`)];
  }
  return [
    p(`Join from your browser or the meeting app with this link.${reminders}`),
    { kind: "button", href: link(url, "the joining link"), text: "Join the webinar" },
  ];
}
