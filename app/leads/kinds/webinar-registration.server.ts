/**
 * A free webinar registration (resources page), on the server: only for a
 * webinar on offer; stored in webinar_registrations, answered by a team
 * notification and a confirmation with the session's details.
 */
import { catalogue, getTrainer } from "~/content/index.server.ts";
import { organisation } from "~/content/organisation.ts";
import type { WebinarRegistrationInput } from "~/forms/schemas.ts";
import {
  address,
  compose,
  contactDetails,
  h,
  inSubject,
  leadFacts,
  londonTime,
  minutes,
  notYou,
  oneLine,
  p,
  responsePromise,
  subject,
  testNotice,
  titleInSubject,
} from "~/mail/compose.server.ts";
import type { LeadFacts, MailContext, OutgoingEmail } from "~/mail/types.ts";
import { UnknownReferenceError } from "../errors.ts";
import { type LeadKind, leadRow } from "./kind.server.ts";
import { webinarRegistration as texts } from "./webinar-registration.ts";

export type WebinarRegistrationLead = WebinarRegistrationInput &
  LeadFacts & {
    webinarTitle: string;
    /** ISO 8601 with offset. */
    startsAt: string;
    durationMinutes: number;
    presenter: string;
  };

function webinarOf(input: WebinarRegistrationInput) {
  const webinar = catalogue.webinars.find((w) => w.id === input.webinarId);
  if (!webinar) throw new UnknownReferenceError("webinarId", "Please choose a webinar");
  return webinar;
}

export const webinarRegistration: LeadKind<"webinarRegistration"> = {
  ...texts,
  table: "webinar_registrations",
  check: (input) => void webinarOf(input),
  async store(input, { trx, facts, mail }) {
    const webinar = webinarOf(input);
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
  const visitor = address(lead.email, "the visitor's address");
  const title = oneLine(lead.webinarTitle);
  const when = londonTime(lead.startsAt);
  const duration = minutes(lead.durationMinutes);
  const presenter = oneLine(lead.presenter);
  const name = oneLine(lead.name);

  const team = compose(
    {
      title: "New webinar registration",
      blocks: [
        ...testNotice(lead.isTest),
        p(`${name} from ${oneLine(lead.company)} registered for ${title}. Reply to this e-mail to write to them.`),
        h("Registration"),
        {
          kind: "fields",
          items: [
            ["Name", name],
            ["Email", oneLine(lead.email)],
            ["Company", oneLine(lead.company)],
            ["Webinar", title],
            ["Webinar id", oneLine(lead.webinarId)],
            ["Starts", when],
            ["Duration", duration],
            ["Presenter", presenter],
          ],
        },
        ...leadFacts(lead),
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      replyTo: visitor,
      subject: subject(
        `Webinar registration: ${inSubject(lead.name)}, ${inSubject(lead.company)} (${titleInSubject(lead.webinarTitle)})`,
        lead.isTest,
      ),
    },
  );

  const confirmation = compose(
    {
      title: "You are registered for our webinar",
      blocks: [
        p(`Dear ${name},`),
        p(`Thank you for registering for ${title}. Your place is confirmed, and the webinar is free.`),
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
        p("We will e-mail your joining details before the session."),
        p(
          `If you can no longer attend, or have a question, write to us at ${organisation.email}. ${responsePromise()}`,
        ),
        ...contactDetails(ctx),
        notYou("webinar registration form", ctx),
      ],
    },
    { to: visitor, subject: subject(`You are registered: ${titleInSubject(lead.webinarTitle)}`, lead.isTest) },
  );

  return [team, confirmation];
}
