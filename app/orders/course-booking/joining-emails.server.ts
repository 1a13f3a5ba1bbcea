/**
 * The joining instructions and the day-before reminder (issue 41, ADR 082;
 * when: ./joining.ts): to one delegate each, with each day's date and
 * hours (London time), where (the venue's address and directions) or the
 * live session's joining link, what to prepare, and, in the instructions,
 * the private link to the pre-course questionnaire (a credential: the
 * outbox keeps it sealed and puts it in only as it sends). The joining link
 * is a credential too, withheld and sealed the same way (ADR 085); the
 * instructions carry the update of the delegate's calendar invitation that
 * adds it. Pure; queued by ./joining.server.ts in the transaction that
 * records it.
 */
import { organisation } from "~/content/organisation.ts";
import type { SessionFormat } from "~/content/session-formats.ts";
import type { Venue } from "~/content/sessions-schema.ts";
import { formatDate } from "~/format/dates.ts";
import {
  address,
  compose,
  contactDetails,
  h,
  inSubject,
  oneLine,
  p,
  siteLink,
  subject,
  testNotice,
  type Block,
} from "~/mail/compose.server.ts";
import { withheldCredential, type Attachment, type MailContext, type OutgoingEmail } from "~/mail/types.ts";
import { joiningLinkCredential } from "./invitation-ics.server.ts";
import { needsKeptDaysAfterCourse } from "./joining.ts";

export const questionnaireCredential = "questionnaire-link";

/** What the e-mails say of the session: each day, and where (or how) to join. */
export type JoiningSession = {
  format: SessionFormat;
  venue: Venue | null;
  /** Each day's start and end, in order. */
  days: readonly { startsAt: Date; endsAt: Date }[];
  /** A live online session's joining link, opened; null until the team sets it. */
  joiningLink: string | null;
};

export type JoiningFacts = {
  delegate: { name: string; email: string };
  booking: { reference: string; courseTitle: string; sessionLabel: string; organisation: string; isTest: boolean };
  session: JoiningSession;
};

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});
const timeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

/** "Monday 8 March 2027" → "09:00 to 17:00 (London time)", one line a day. */
export function dayLines(days: JoiningSession["days"]): [string, string][] {
  const only = days.length === 1 ? days[0]! : null;
  if (only && dayFormat.format(only.startsAt) !== dayFormat.format(only.endsAt)) {
    // The session no longer published: its first start and last end, as the booking recorded them.
    return [
      ["Starts", `${dayFormat.format(only.startsAt)}, ${timeFormat.format(only.startsAt)} (London time)`],
      ["Ends", `${dayFormat.format(only.endsAt)}, ${timeFormat.format(only.endsAt)} (London time)`],
    ];
  }
  return days.map((d) => [
    dayFormat.format(d.startsAt),
    `${timeFormat.format(d.startsAt)} to ${timeFormat.format(d.endsAt)} (London time)`,
  ]);
}

/** Who booked the delegate: the organisation only, cut short (as ./booking-emails.server.ts's bookingOrganisation). */
function organisationText(name: string): string {
  const org = oneLine(name);
  return org.length > 80 ? `${org.slice(0, 79)}…` : org;
}

/** Where to go, or how to join. */
function whereBlocks(session: JoiningSession): Block[] {
  if (session.format === "online") {
    return [
      h("How to join"),
      session.joiningLink
        ? p("The course is live online. Join each day from this link, a few minutes before the start: ", {
            href: withheldCredential(joiningLinkCredential),
            text: withheldCredential(joiningLinkCredential),
          })
        : p("The course is live online. We will e-mail you the joining link before the first day."),
    ];
  }
  const v = session.venue;
  if (!v) return [h("Where"), p("We will e-mail you the venue's address before the first day.")];
  return [
    h("Where"),
    {
      kind: "fields",
      items: [
        ["Venue", oneLine(v.name)],
        ["Address", oneLine(`${v.streetAddress}, ${v.locality} ${v.postalCode}`)],
      ],
    },
    ...(v.directions ? [p(oneLine(v.directions))] : []),
  ];
}

/** What to prepare, by format. */
export const preparation: Readonly<Record<SessionFormat, string>> = {
  "in-person":
    "Please arrive 15 minutes before the start on the first day to sign in. Bring a laptop or tablet if you have one, and a work challenge you would like to think through during the course. Lunch and refreshments are provided each day.",
  online:
    "Please join 10 minutes before the start on the first day to check your sound and camera. Use a computer with a camera, a headset and a reliable connection, in a quiet place; bring a work challenge you would like to think through during the course.",
};

/** The joining link, a credential of the delegates: the stored e-mail holds it withheld, the outbox keeps it sealed. */
export function joiningLinkSecrets(session: Pick<JoiningSession, "joiningLink">): Record<string, string> {
  return session.joiningLink ? { [joiningLinkCredential]: session.joiningLink } : {};
}

const questionnaireUrl = (ctx: MailContext) =>
  `${siteLink(ctx).replace(/\/$/, "")}/joining/${withheldCredential(questionnaireCredential)}`;

/**
 * The joining instructions, with the link to the questionnaire, and the
 * update of the delegate's calendar invitation that carries the joining
 * link (`invitation`; null: none to update, or no link yet).
 */
export function joiningInstructionsEmail(
  facts: JoiningFacts,
  ctx: MailContext,
  questionnaireToken: string,
  invitation: Attachment | null = null,
): OutgoingEmail {
  const { delegate, booking, session } = facts;
  const email = compose(
    {
      title: `Joining instructions: ${booking.courseTitle}`,
      blocks: [
        ...testNotice(booking.isTest),
        p(`Dear ${oneLine(delegate.name)},`),
        p(
          `We look forward to seeing you on ${oneLine(booking.courseTitle)}, ${oneLine(booking.sessionLabel)}, booked for you by ${organisationText(booking.organisation)} (booking ${oneLine(booking.reference)}). Here is what you need to join.`,
        ),
        h("When"),
        { kind: "fields", items: dayLines(session.days) },
        ...whereBlocks(session),
        ...(invitation
          ? [
              p(
                "The attached update of your calendar invitation adds the joining link to the course days in your calendar.",
              ),
            ]
          : []),
        h("What to prepare"),
        p(preparation[session.format]),
        h("Before the course: a short questionnaire"),
        p(
          `Please tell your trainer what you want from the course and your experience so far, and tell us of any access or dietary needs. It takes a few minutes; you can change your answers until the course starts. The trainer and our team see them; access and dietary needs are deleted ${needsKeptDaysAfterCourse} days after the course.`,
        ),
        { kind: "button", href: questionnaireUrl(ctx), text: "Answer the pre-course questionnaire" },
        p("The link is yours alone: please do not forward this e-mail."),
        ...contactDetails(ctx),
      ],
    },
    {
      to: address(delegate.email, "the delegate's address"),
      subject: subject(
        `Joining instructions: ${inSubject(booking.courseTitle)}, ${booking.sessionLabel} (${organisation.name})`,
        booking.isTest,
      ),
      secrets: { [questionnaireCredential]: questionnaireToken, ...joiningLinkSecrets(session) },
    },
  );
  if (invitation) email.attachments = [invitation];
  // Instructions that could only arrive once the course is over (the outbox behind) are not sent.
  return { ...email, notAfter: session.days.at(-1)!.endsAt.toISOString() };
}

/** The reminder on the working day before: the times and the place or link. */
export function joiningReminderEmail(facts: JoiningFacts, ctx: MailContext): OutgoingEmail {
  const { delegate, booking, session } = facts;
  const first = session.days[0]!;
  const email = compose(
    {
      title: `See you on ${dayFormat.format(first.startsAt)}`,
      blocks: [
        ...testNotice(booking.isTest),
        p(`Dear ${oneLine(delegate.name)},`),
        p(
          `A reminder that ${oneLine(booking.courseTitle)} starts on ${formatDate(first.startsAt.toISOString())} at ${timeFormat.format(first.startsAt)} (London time).`,
        ),
        { kind: "fields", items: dayLines(session.days) },
        ...whereBlocks(session),
        ...contactDetails(ctx),
      ],
    },
    {
      to: address(delegate.email, "the delegate's address"),
      subject: subject(
        `Reminder: ${inSubject(booking.courseTitle)} starts ${dayFormat.format(first.startsAt)} (${organisation.name})`,
        booking.isTest,
      ),
      ...(session.joiningLink ? { secrets: joiningLinkSecrets(session) } : {}),
    },
  );
  // A reminder of the first day that could only arrive after it began (the outbox behind) is not sent.
  return { ...email, notAfter: first.startsAt.toISOString() };
}
