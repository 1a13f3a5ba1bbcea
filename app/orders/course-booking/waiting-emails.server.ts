/**
 * A waiting list's e-mails (issue 41, ADR 083): the confirmation link sent
 * to the address a request gives (nothing happens until it is followed),
 * and the offer of held places with its private link. Both links are
 * credentials: the outbox keeps them sealed and puts them in only as it
 * sends. Pure; queued by ./waiting.server.ts in the transaction that
 * records what they say.
 */
import { organisation } from "~/content/organisation.ts";
import {
  address,
  compose,
  contactDetails,
  inSubject,
  londonTime,
  oneLine,
  p,
  siteLink,
  subject,
  testNotice,
} from "~/mail/compose.server.ts";
import { withheldCredential, type MailContext, type OutgoingEmail } from "~/mail/types.ts";

export const waitingConfirmCredential = "waiting-confirm-link";
export const waitingOfferCredential = "waiting-offer-link";

export type WaitingFacts = {
  name: string;
  email: string;
  courseTitle: string;
  sessionLabel: string;
  places: number;
  isTest: boolean;
};

const placesText = (n: number) => (n === 1 ? "1 place" : `${n} places`);
const url = (ctx: MailContext, path: string, credential: string) =>
  `${siteLink(ctx).replace(/\/$/, "")}/waiting/${path}/${withheldCredential(credential)}`;

/** The double opt-in: the link that puts the request on the list. */
export function waitingConfirmEmail(facts: WaitingFacts, ctx: MailContext, token: string): OutgoingEmail {
  return compose(
    {
      title: "Please confirm your place on the waiting list",
      blocks: [
        ...testNotice(facts.isTest),
        p(`Dear ${oneLine(facts.name)},`),
        p(
          `You asked to join the waiting list for ${placesText(facts.places)} on ${oneLine(facts.courseTitle)}, ${oneLine(facts.sessionLabel)}. Please confirm it from the link below within 48 hours; until you do, you are not on the list.`,
        ),
        { kind: "button", href: url(ctx, "confirm", waitingConfirmCredential), text: "Confirm my place on the list" },
        p("If you did not ask for this, ignore this e-mail: nothing more will be sent."),
        ...contactDetails(ctx),
      ],
    },
    {
      to: address(facts.email, "the address given"),
      subject: subject(
        `Confirm the waiting list: ${inSubject(facts.courseTitle)} (${organisation.name})`,
        facts.isTest,
      ),
      secrets: { [waitingConfirmCredential]: token },
    },
  );
}

/** Places are held for the request until `until`: the link to book them. */
export function waitingOfferEmail(facts: WaitingFacts, ctx: MailContext, token: string, until: string): OutgoingEmail {
  const email = compose(
    {
      title: `${placesText(facts.places)} held for you`,
      blocks: [
        ...testNotice(facts.isTest),
        p(`Dear ${oneLine(facts.name)},`),
        p(
          `Good news: ${placesText(facts.places)} on ${oneLine(facts.courseTitle)}, ${oneLine(facts.sessionLabel)}, became free and are held for you until ${londonTime(until)} (London time).`,
        ),
        { kind: "button", href: url(ctx, "offer", waitingOfferCredential), text: "Book the places held for me" },
        p("If you do not book them by then, they go to the next person on the list. The link is yours alone."),
        ...contactDetails(ctx),
      ],
    },
    {
      to: address(facts.email, "the address given"),
      subject: subject(`Places held for you: ${inSubject(facts.courseTitle)} (${organisation.name})`, facts.isTest),
      secrets: { [waitingOfferCredential]: token },
    },
  );
  // An offer that could only reach them after it lapsed (the outbox behind) is not sent: its link would be dead.
  return { ...email, notAfter: until };
}

/** The date was cancelled by the team: the request (waiting, or with places held) ends. */
export function waitingSessionCancelledEmail(facts: WaitingFacts, ctx: MailContext): OutgoingEmail {
  return compose(
    {
      title: "The date you were waiting for is cancelled",
      blocks: [
        ...testNotice(facts.isTest),
        p(`Dear ${oneLine(facts.name)},`),
        p(
          `We are sorry: we have had to cancel ${oneLine(facts.courseTitle)}, ${oneLine(facts.sessionLabel)}. Your place on its waiting list (for ${placesText(facts.places)}) has ended, and any places held for you are no longer held.`,
        ),
        p("We will be glad to book you on another date: reply to this e-mail or see the course page."),
        ...contactDetails(ctx),
      ],
    },
    {
      to: address(facts.email, "the address given"),
      subject: subject(`Date cancelled: ${inSubject(facts.courseTitle)} (${organisation.name})`, facts.isTest),
    },
  );
}
