/**
 * The e-mails of a course booking (issue 29). Pure, like every e-mail
 * (app/mail/compose.server.ts): composed when the booking changes and
 * written to the outbox in the same transaction.
 *
 * - Confirmed (an invoice booking when it is placed; a card booking when
 *   Stripe says it is paid): the booker gets what was booked, the amounts,
 *   how to pay (bank details and the due date) or the receipt, the terms
 *   they accepted, the invoice as a PDF and their booking link; each named
 *   delegate gets what, when and where with their calendar invitation
 *   (./invitations.server.ts); the team gets a notification linked to the
 *   booking.
 * - Cancelled: the booker gets what the cancellation credits (and refunds)
 *   with the credit note; each named delegate is told, with the calendar's
 *   cancellation; the team too.
 * - A session's hours or place changed: each delegate gets the calendar's
 *   update, with the details in words.
 *
 * The booking link is a credential: the stored message holds
 * `withheldCredential("booking-link")` and the outbox puts the token in only
 * as it sends (docs/decisions/033-secrets-at-rest.md).
 */
import { organisation } from "~/content/organisation.ts";
import { coursePath } from "~/content/paths.ts";
import { sessionCalendarPath } from "~/publishing/dates-filter.ts";
import { formatDate, formatDateTime } from "~/format/dates.ts";
import { formatPenceGbp } from "~/format/money.ts";
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
import { sessionDateLabel } from "~/calendar/session-dates.ts";
import { londonDate } from "./days.ts";
import { joiningLinkCredential, type InvitationSays } from "./invitation-ics.server.ts";

/** A session's place and times, as the e-mails and the calendar say them. */
export type SessionForEmail = {
  key: string;
  /** "8–12 March 2027". */
  label: string;
  format: "in-person" | "online";
  venue?: { name: string; streetAddress: string; locality: string; postalCode: string };
  /** Each day's start and end. */
  days: readonly { startsAt: Date; endsAt: Date }[];
};

export type DelegateForEmail = { name: string; email: string } | { namesToFollow: true };

/** What the e-mails say of a booking. */
export type BookingForEmail = {
  id: string;
  reference: string;
  isTest: boolean;
  courseId: string;
  courseTitle: string;
  session: SessionForEmail;
  /** `email` is null once the booker is erased (a booking kept for the accounts): nothing is sent to them. */
  booker: { name: string; email: string | null; organisation: string };
  delegates: readonly DelegateForEmail[];
  paymentMethod: "card" | "invoice";
  quantity: number;
  unitPricePence: number;
  discountPence: number;
  netPence: number;
  vatPence: number;
  totalPence: number;
  termsText: readonly string[];
};

/** The booker's address, or null once they are erased (nothing is sent to them then). */
export const bookerAddress = (booking: Pick<BookingForEmail, "booker">) =>
  booking.booker.email === null ? null : address(booking.booker.email, "the booker's address");

/** The booker as the team's e-mails name them. */
export const bookerForTeam = ({ booker }: Pick<BookingForEmail, "booker">) =>
  booker.email === null
    ? `${oneLine(booker.name)} (address erased on request)`
    : `${oneLine(booker.name)} <${oneLine(booker.email)}>`;

/** A VAT document to send with a message: its number, and the `ref` the outbox makes its PDF from as it sends (documents.server.ts). */
export type DocumentForEmail = {
  number: string;
  ref: string;
  /** Where an invoice asks to be paid: its own copy of the business settings' bank details. */
  bank?: { accountName: string; sortCode: string; accountNumber: string };
};

export const bookingLinkCredential = "booking-link";

const timeOfDay = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/London",
});

/** "09:00–17:00 (London time), Monday to Friday" when the days agree, else each day's. */
export function hoursText(days: SessionForEmail["days"]): string {
  const each = days.map((d) => `${timeOfDay.format(d.startsAt)}–${timeOfDay.format(d.endsAt)}`);
  if (each.every((h) => h === each[0])) return `${each[0]} (London time) each day`;
  return each.map((hours, i) => `Day ${i + 1}: ${hours}`).join("; ") + " (London time)";
}

export function whereText(session: SessionForEmail): string {
  if (session.format === "online" || !session.venue) return "Live online";
  const v = session.venue;
  return `${v.name}, ${v.streetAddress}, ${v.locality} ${v.postalCode}`;
}

function bookingUrl(ctx: MailContext): string {
  return `${siteLink(ctx).replace(/\/$/, "")}/booking/${withheldCredential(bookingLinkCredential)}`;
}

/** The booking's page in the back office, from the site's root. */
export const adminPath = (booking: Pick<BookingForEmail, "id">) =>
  `/admin/course-bookings/${encodeURIComponent(booking.id)}`;

export function adminUrl(booking: Pick<BookingForEmail, "id">, ctx: MailContext): string {
  return `${siteLink(ctx).replace(/\/$/, "")}${adminPath(booking)}`;
}

export function pdfAttachment(kind: "invoice" | "credit-note", doc: DocumentForEmail): Attachment {
  return {
    filename: `${kind === "invoice" ? "invoice" : "credit-note"}-${doc.number}.pdf`,
    contentType: "application/pdf",
    content: "",
    encoding: "base64",
    ref: doc.ref,
  };
}

/** Where to pay an invoice by bank transfer: its own bank details (when it has them), and the reference to quote. */
export function transferFields(invoice: DocumentForEmail): [string, string][] {
  return [
    ...(invoice.bank
      ? ([
          ["Account name", invoice.bank.accountName],
          ["Sort code", invoice.bank.sortCode],
          ["Account number", invoice.bank.accountNumber],
        ] as [string, string][])
      : []),
    ["Reference", invoice.number],
  ];
}

export function sessionFacts(booking: BookingForEmail): [string, string][] {
  return [
    ["Course", oneLine(booking.courseTitle)],
    ["Dates", oneLine(booking.session.label)],
    ["Hours", hoursText(booking.session.days)],
    ["Where", oneLine(whereText(booking.session))],
  ];
}

function amountFacts(booking: BookingForEmail): [string, string][] {
  return [
    ["Places", String(booking.quantity)],
    ["Price per place (excl. VAT)", formatPenceGbp(booking.unitPricePence)],
    ...(booking.discountPence > 0
      ? ([["Group discount", `−${formatPenceGbp(booking.discountPence)}`]] as [string, string][])
      : []),
    ["Total excl. VAT", formatPenceGbp(booking.netPence)],
    ["VAT", formatPenceGbp(booking.vatPence)],
    ["Total", formatPenceGbp(booking.totalPence)],
  ];
}

/**
 * Who booked a delegate, as their e-mails say it: the organisation only,
 * cut short, never the booker's own name: a delegate's e-mail carries no
 * free text of the booker's beyond the names (issue 37).
 */
export function bookingOrganisation(booking: Pick<BookingForEmail, "booker">): string {
  const org = oneLine(booking.booker.organisation);
  return org.length > 80 ? `${org.slice(0, 79)}…` : org;
}

function delegateLines(booking: BookingForEmail): [string, string][] {
  return booking.delegates.map((d, i) => [
    `Place ${i + 1}`,
    "namesToFollow" in d ? "Name to follow" : `${oneLine(d.name)} <${oneLine(d.email)}>`,
  ]);
}

/** What a delegate's calendar invitation to the booking's session says (./invitation-ics.server.ts). */
export function invitationSays(
  booking: Pick<BookingForEmail, "courseId" | "courseTitle" | "session">,
  delegate: { name: string; email: string },
  ctx: MailContext,
): InvitationSays {
  const location = whereText(booking.session);
  return {
    title: booking.courseTitle,
    url: `${siteLink(ctx).replace(/\/$/, "")}${coursePath(booking.courseId)}`,
    location,
    description: [
      `${booking.courseTitle}, a ${booking.session.days.length}-day course with ${organisation.name}.`,
      booking.session.format === "online"
        ? "Live online: we e-mail your joining link before the first day."
        : `At ${location}.`,
    ].join("\n\n"),
    days: booking.session.days.map((d) => ({ startsAt: d.startsAt.toISOString(), endsAt: d.endsAt.toISOString() })),
    attendee: { name: delegate.name, email: delegate.email },
  };
}

/** The invitation's words in the e-mail, for a calendar that did not add it: a link to the session's dates as a calendar file. */
function addToCalendar(booking: Pick<BookingForEmail, "session">, ctx: MailContext): Block[] {
  return [
    p(
      "If your calendar did not add the attached invitation by itself, add the course days from this file instead (it holds the dates as published, with no one's name):",
    ),
    {
      kind: "button",
      href: `${siteLink(ctx).replace(/\/$/, "")}${sessionCalendarPath(booking.session.key)}`,
      text: "Add the course days to your calendar",
    },
  ];
}

/** What a letter says (letter(), bookingLinkEmail()). */
type LetterText = {
  title: string;
  /** What it says before how to reach us (after the greeting, in a letter). */
  body: Block[];
  /** The subject, before `subject()` marks a test. */
  subject: string;
};

/**
 * A letter to one person, as the booker's and each delegate's e-mails go:
 * the test notice and their greeting, then the body, then how to reach us;
 * with the files it carries, if any. `reader.to`: their address, checked
 * (address()).
 */
export function letter(
  booking: Pick<BookingForEmail, "isTest">,
  reader: { name: string; to: string },
  ctx: MailContext,
  text: LetterText & {
    files?: readonly Attachment[];
    /** The one-time credentials the text withholds (OutgoingEmail.secrets). */
    secrets?: Record<string, string>;
  },
): OutgoingEmail {
  const email = compose(
    {
      title: text.title,
      blocks: [...testNotice(booking.isTest), p(`Dear ${oneLine(reader.name)},`), ...text.body, ...contactDetails(ctx)],
    },
    { to: reader.to, subject: subject(text.subject, booking.isTest), secrets: text.secrets },
  );
  if (text.files?.length) email.attachments = [...text.files];
  return email;
}

/**
 * A letter to one named delegate, with the calendar file it carries (their
 * invitation, its update or its cancellation), if any. A joining link it
 * gives (`joiningLink`, opened) stands withheld in the stored text and goes
 * with it as a secret the outbox seals.
 */
export function toDelegate(
  booking: Pick<BookingForEmail, "isTest">,
  delegate: { name: string; email: string },
  ctx: MailContext,
  { file, joiningLink, ...text }: LetterText & { file?: Attachment | null; joiningLink?: string | null },
): OutgoingEmail {
  return letter(booking, { name: delegate.name, to: address(delegate.email, "a delegate's address") }, ctx, {
    ...text,
    files: file ? [file] : [],
    secrets: joiningLink ? { [joiningLinkCredential]: joiningLink } : undefined,
  });
}

/**
 * An e-mail that carries the booking link (`bookingToken`: withheld in the
 * stored text, a secret the outbox seals) to the booker's address alone,
 * greeting no one by name: the body between the test notice and how to
 * reach us.
 */
function bookingLinkEmail(
  booking: Pick<BookingForEmail, "isTest" | "booker">,
  ctx: MailContext,
  text: LetterText & { bookingToken: string },
): OutgoingEmail {
  return compose(
    { title: text.title, blocks: [...testNotice(booking.isTest), ...text.body, ...contactDetails(ctx)] },
    {
      to: address(booking.booker.email, "the booker's address"),
      subject: subject(text.subject, booking.isTest),
      secrets: { [bookingLinkCredential]: text.bookingToken },
    },
  );
}

/**
 * To the booker's address only, when an invoice booking is placed: confirm
 * it from the booking link by `confirmBy`, else the places go back. Says
 * what was booked and the amounts, but names no delegate and repeats
 * nothing else the form was given: whoever typed this address in may not
 * be its owner.
 */
export function bookingConfirmRequestEmail(
  booking: BookingForEmail,
  ctx: MailContext,
  { confirmBy, bookingToken }: { confirmBy: Date; bookingToken: string },
): OutgoingEmail {
  return bookingLinkEmail(booking, ctx, {
    title: "Please confirm your booking",
    body: [
      p(
        `Someone booked ${booking.quantity} place${booking.quantity === 1 ? "" : "s"} on this course, to be invoiced, giving this e-mail address as the booker's. Nothing is booked until you confirm it: no invoice is issued and no delegate is told before then.`,
      ),
      { kind: "fields", items: [...sessionFacts(booking), ["Total", formatPenceGbp(booking.totalPence)]] },
      p(
        `The places are held for you until ${formatDateTime(confirmBy.toISOString())} (London time). Confirm before then, or they go back on sale.`,
      ),
      { kind: "button", href: bookingUrl(ctx), text: "Review and confirm the booking" },
      p("If you did not make this booking, ignore this e-mail: it will lapse by itself and nothing is owed."),
    ],
    subject: `Please confirm your booking: ${inSubject(booking.courseTitle)}, ${booking.session.label}`,
    bookingToken,
  });
}

/** A new link to the booking, asked for from an expired one: to the booker's address only (issue 37, ADR 063). */
export function bookingNewLinkEmail(
  booking: BookingForEmail,
  ctx: MailContext,
  { bookingToken, expiresAt }: { bookingToken: string; expiresAt: Date },
): OutgoingEmail {
  return bookingLinkEmail(booking, ctx, {
    title: "A new link to your booking",
    body: [
      p(
        "A new link to this booking was asked for from its expired one. Earlier links to the booking no longer open it.",
      ),
      { kind: "fields", items: sessionFacts(booking) },
      { kind: "button", href: bookingUrl(ctx), text: "Open the booking" },
      p(`This link works until ${formatDateTime(expiresAt.toISOString())} (London time).`),
      p("If you did not ask for it, you may ignore this e-mail: only this address receives the booking's link."),
    ],
    subject: `A new link to your booking: ${inSubject(booking.courseTitle)}`,
    bookingToken,
  });
}

/**
 * E-mails composed before their document's number was taken (ADR 072),
 * with `standIn` (./documents.server.ts's numberStandIn) where the number
 * goes: the same e-mails with the number.
 */
export function withNumber(emails: readonly OutgoingEmail[], standIn: string, number: string): OutgoingEmail[] {
  const put = (text: string) => text.replaceAll(standIn, number);
  return emails.map((email) => ({
    ...email,
    subject: put(email.subject),
    text: put(email.text),
    html: put(email.html),
    ...(email.attachments ? { attachments: email.attachments.map((a) => ({ ...a, filename: put(a.filename) })) } : {}),
  }));
}

/** [the booker's confirmation, the team's notification, each named delegate's joining details]. */
export function bookingConfirmedEmails(
  booking: BookingForEmail,
  ctx: MailContext,
  {
    invoice,
    dueDate,
    paidAt,
    bookingToken,
    invitations,
  }: {
    invoice: DocumentForEmail;
    dueDate?: string;
    paidAt?: string;
    bookingToken: string;
    /** Each named delegate's calendar invitation, by their address lower-cased (./invitations.server.ts). */
    invitations: ReadonlyMap<string, Attachment>;
  },
): OutgoingEmail[] {
  const booker = address(booking.booker.email, "the booker's address");
  const name = oneLine(booking.booker.name);
  const paid = booking.paymentMethod === "card";
  const payment: Block[] = paid
    ? [
        h("Payment received"),
        p(
          `We received your card payment of ${formatPenceGbp(booking.totalPence)}${paidAt ? ` on ${formatDate(paidAt)}` : ""}. Your VAT invoice ${invoice.number}, marked paid, is attached as your receipt.`,
        ),
      ]
    : [
        h("How to pay"),
        p(
          `Your VAT invoice ${invoice.number} is attached. Please pay ${formatPenceGbp(booking.totalPence)} by bank transfer${dueDate ? ` by ${formatDate(dueDate)}` : ""}, quoting ${invoice.number}${invoice.bank ? ":" : " (the bank details are on the invoice)."}`,
        ),
        { kind: "fields", items: transferFields(invoice) },
        p("Your places are held for you meanwhile."),
      ];

  const confirmation = letter(booking, { name: booking.booker.name, to: booker }, ctx, {
    title: paid ? "Your places are booked and paid" : "Your places are booked",
    body: [
      p(
        paid
          ? `Thank you for booking with ${organisation.name}. Your booking ${oneLine(booking.reference)} is confirmed and paid.`
          : `Thank you for booking with ${organisation.name}. Your places are booked (booking ${oneLine(booking.reference)}): the booking is paid once the invoice below is.`,
      ),
      { kind: "fields", items: sessionFacts(booking) },
      h("Delegates"),
      { kind: "fields", items: delegateLines(booking) },
      p(
        "Each named delegate receives their joining details and a calendar invitation. Send us the names still to follow, or a substitute's, by replying to this e-mail.",
      ),
      h("Amounts"),
      { kind: "fields", items: amountFacts(booking) },
      ...payment,
      h("Your booking"),
      { kind: "button", href: bookingUrl(ctx), text: "See your booking and invoices" },
      p("This link is personal: anyone who has it can see the booking, so please do not forward it."),
      h("The terms you accepted"),
      ...booking.termsText.map((t) => p(oneLine(t))),
    ],
    // An invoice booking is not "confirmed" as if paid: its subject names the invoice to pay (issue 41).
    subject: paid
      ? `Booked and paid: ${inSubject(booking.courseTitle)}, ${booking.session.label}`
      : `Places booked, invoice ${invoice.number} to pay: ${inSubject(booking.courseTitle)}, ${booking.session.label}`,
    secrets: { [bookingLinkCredential]: bookingToken },
    files: [pdfAttachment("invoice", invoice)],
  });

  const team = compose(
    {
      title: paid ? "Course booking paid by card" : "New course booking (invoice)",
      blocks: [
        ...testNotice(booking.isTest),
        p(
          `${name} (${oneLine(booking.booker.organisation)}) booked ${booking.quantity} place${booking.quantity === 1 ? "" : "s"}.`,
        ),
        { kind: "button", href: adminUrl(booking, ctx), text: "Open the booking in the back office" },
        {
          kind: "fields",
          items: [
            ["Reference", oneLine(booking.reference)],
            ["Booker", bookerForTeam(booking)],
            ...sessionFacts(booking),
            ...amountFacts(booking),
            ["Payment", paid ? "Card, paid" : `Invoice ${invoice.number}, awaiting transfer`],
          ],
        },
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      replyTo: booker,
      subject: subject(
        `Course booking: ${inSubject(booking.booker.organisation)}, ${booking.quantity} × ${inSubject(booking.courseTitle)}`,
        booking.isTest,
      ),
    },
  );

  const delegates = booking.delegates.flatMap((d) =>
    "namesToFollow" in d ? [] : [joiningEmail(booking, d, ctx, invitations.get(d.email.toLowerCase()) ?? null)],
  );
  return [confirmation, team, ...delegates];
}

/** A named delegate's joining details (what, when, where), with their calendar invitation. */
export function joiningEmail(
  booking: BookingForEmail,
  d: { name: string; email: string },
  ctx: MailContext,
  invitation: Attachment | null,
): OutgoingEmail {
  return toDelegate(booking, d, ctx, {
    title: `You are booked on ${oneLine(booking.courseTitle)}`,
    body: [
      p(`Your organisation, ${bookingOrganisation(booking)}, has booked you a place on this course:`),
      { kind: "fields", items: [...sessionFacts(booking), ["Booking reference", oneLine(booking.reference)]] },
      h("Before the first day"),
      p(
        booking.session.format === "online"
          ? "The course is live online: we e-mail your joining link and the pre-course materials before the first day. You need a computer with a camera and microphone."
          : "Please arrive 15 minutes before the start of the first day; lunch and refreshments are provided. We e-mail the pre-course materials before the first day.",
      ),
      p(
        "The attached calendar invitation holds each day's hours; if they or the place change, we send you an update that changes it in your calendar. Tell us of any access or dietary needs by replying to this e-mail.",
      ),
      ...addToCalendar(booking, ctx),
    ],
    subject: `Joining details: ${inSubject(booking.courseTitle)}, ${booking.session.label}`,
    file: invitation,
  });
}

/** To the delegate a place was taken from (a substitute named by the booker): the place is no longer theirs. */
export function placeTransferredEmail(
  booking: BookingForEmail,
  previous: { name: string; email: string },
  ctx: MailContext,
  /** The calendar's cancellation of their invitation (null: they had none). */
  cancellation: Attachment | null,
): OutgoingEmail {
  return toDelegate(booking, previous, ctx, {
    title: `Your place on ${oneLine(booking.courseTitle)} has passed to someone else`,
    body: [
      p(
        `At the request of your organisation, ${bookingOrganisation(booking)}, your place on this course (booking ${oneLine(booking.reference)}) now belongs to someone else, who will receive the joining details. You need do nothing: the attached cancellation takes the course days out of your calendar.`,
      ),
      { kind: "fields", items: sessionFacts(booking) },
      p("If this is unexpected, please reply to this e-mail or contact the person who booked the place."),
    ],
    subject: `Place passed on: ${inSubject(booking.courseTitle)}, ${booking.session.label}`,
    file: cancellation,
  });
}

/**
 * What a delegate's invitation said before an update, as the e-mail gives
 * it: the days and hours, and the place unless it named the joining link
 * (an online session's, which the update's own words give).
 */
export function wasFacts(said: Pick<InvitationSays, "days" | "location" | "joiningLink">): [string, string][] {
  const days = said.days.map((d) => ({ startsAt: new Date(d.startsAt), endsAt: new Date(d.endsAt) }));
  if (days.length === 0) return [];
  return [
    // As the session's own label says them ("8–12 March 2027"): a course runs five days from its first.
    ["Dates", sessionDateLabel({ startDate: londonDate(days[0]!.startsAt) })],
    ["Hours", hoursText(days)],
    ...(said.joiningLink ? [] : ([["Where", oneLine(said.location)]] as [string, string][])),
  ];
}

/**
 * To a delegate whose session's hours or place changed (an update of their
 * calendar invitation, at its next SEQUENCE): the details as they now
 * stand, in words too, and what they were (`was`: wasFacts()).
 */
export function sessionChangedEmail(
  booking: BookingForEmail,
  delegate: { name: string; email: string },
  ctx: MailContext,
  update: Attachment,
  /** The joining link the update carries (a delegate sent their joining instructions), opened; null if none. */
  joiningLink: string | null = null,
  was: [string, string][] = [],
): OutgoingEmail {
  return toDelegate(booking, delegate, ctx, {
    title: `Your course's details have changed`,
    body: [
      p(
        `The days, hours or place of your course have changed. Your organisation, ${bookingOrganisation(booking)}, booked your place (booking ${oneLine(booking.reference)}); here are the course's details as they now stand:`,
      ),
      { kind: "fields", items: sessionFacts(booking) },
      ...(was.length ? [h("Before the change"), { kind: "fields" as const, items: was }] : []),
      ...(joiningLink ? joinFromLink() : []),
      p("The attached calendar update changes the course days in your calendar."),
      ...addToCalendar(booking, ctx),
      p("If the new details do not suit you, please reply to this e-mail or contact the person who booked your place."),
    ],
    subject: `Course details changed: ${inSubject(booking.courseTitle)}, ${booking.session.label}`,
    file: update,
    joiningLink,
  });
}

/**
 * To the booker of a live booking whose session the team changed in Site
 * content (ADR 098): what it was, what it is now, and what was sent to the
 * delegates; when its days moved, the choice /terms gives them, which a
 * confirmed booking's page offers (ADR 100); null once the booker is erased.
 */
export function sessionMovedBookerEmail(
  after: BookingForEmail,
  /** The booking's words for its session before and after ("8 March 2027 to 12 March 2027, live online"). */
  change: { from: string; to: string; datesMoved: boolean },
  ctx: MailContext,
  /** Whether the booking is confirmed (its named delegates were sent a calendar update). */
  confirmed: boolean,
): OutgoingEmail | null {
  const booker = bookerAddress(after);
  if (!booker) return null;
  const sameDates = change.from === change.to;
  return letter(after, { name: after.booker.name, to: booker }, ctx, {
    title: "Your course's details have changed",
    body: [
      p(
        sameDates
          ? `The hours or the address of ${oneLine(after.courseTitle)}, which you booked (booking ${oneLine(after.reference)}), have changed. Here are its details as they now stand:`
          : `${oneLine(after.courseTitle)}, which you booked (booking ${oneLine(after.reference)}), has changed from ${oneLine(change.from)} to ${oneLine(change.to)}. Here are its details as they now stand:`,
      ),
      { kind: "fields", items: [["Booking", oneLine(after.reference)], ...sessionFacts(after)] },
      ...(confirmed ? [p("We have sent each named delegate the new details and a calendar update.")] : []),
      p(
        !change.datesMoved
          ? "If the new details do not suit you or your delegates, please reply to this e-mail and we will go through your options with you, such as another date."
          : confirmed
            ? "As our terms say, when we postpone a course you can choose another date or a full refund. If the new dates do not suit you or your delegates, you can do either from your booking page, through the link in your booking confirmation, at any time before the course starts: move the booking to another date at no extra cost, or cancel it for a full refund. Or reply to this e-mail and we will do it for you."
            : "As our terms say, when we postpone a course you can choose another date or a full refund. Nothing is owed until the booking is confirmed or paid: if the new dates do not suit you, you need do nothing, and it lapses by itself. Or reply to this e-mail and we will find you another date.",
      ),
    ],
    subject: `Booking ${inSubject(after.reference)} changed: ${inSubject(after.courseTitle)}, ${after.session.label}`,
  });
}

/** The joining link, withheld in the stored e-mail (the outbox keeps it sealed and puts it in as it sends). */
function joinFromLink(): Block[] {
  const link = withheldCredential(joiningLinkCredential);
  return [
    p("Join each day from this link, a few minutes before the start: ", { href: link, text: link }),
    p("The link is for the course's delegates only: please do not forward this e-mail."),
  ];
}

/** What happened to a live online session's joining link since a delegate was last sent it. */
export type JoiningLinkChange = "set" | "changed" | "withdrawn";

/**
 * To a delegate sent their joining instructions, when their live online
 * session's joining link is set, changed or withdrawn since (issue 41, ADR
 * 085): the new link in words, with the update of their calendar invitation
 * that carries it (the next SEQUENCE). `joiningLink`: the link now, opened
 * (null: withdrawn).
 */
export function joiningLinkChangedEmail(
  booking: BookingForEmail,
  delegate: { name: string; email: string },
  ctx: MailContext,
  update: Attachment,
  change: JoiningLinkChange,
  joiningLink: string | null,
): OutgoingEmail {
  const course = `${oneLine(booking.courseTitle)}, ${oneLine(booking.session.label)}`;
  const said: Record<JoiningLinkChange, string> = {
    set: `The joining link for your live online course, ${course}, is now set.`,
    changed: `The joining link for your live online course, ${course}, has changed: the link we sent you before no longer applies.`,
    withdrawn: `The joining link we sent you for your live online course, ${course}, no longer applies. We will e-mail you the new one before the first day.`,
  };
  return toDelegate(booking, delegate, ctx, {
    title: change === "withdrawn" ? "Your course's joining link no longer applies" : "Your course's joining link",
    body: [
      p(said[change]),
      ...(joiningLink ? joinFromLink() : []),
      { kind: "fields", items: [...sessionFacts(booking), ["Booking reference", oneLine(booking.reference)]] },
      p(
        joiningLink
          ? "The attached calendar update puts the new link in the course days in your calendar."
          : "The attached calendar update takes the old link out of the course days in your calendar.",
      ),
    ],
    subject: `${change === "withdrawn" ? "Joining link withdrawn" : "New joining link"}: ${inSubject(booking.courseTitle)}, ${booking.session.label}`,
    file: update,
    joiningLink,
  });
}

/**
 * [the booker's receipt, the team's notice] when the booker paid their open
 * invoice by card from their booking page (issue 41): the invoice stands as
 * issued; this says it is paid.
 */
export function invoicePaidByCardEmails(
  booking: BookingForEmail,
  ctx: MailContext,
  { invoiceNumber, amountPence, paidAt }: { invoiceNumber: string; amountPence: number; paidAt: string },
): OutgoingEmail[] {
  const name = oneLine(booking.booker.name);
  const paid: [string, string][] = [
    ["Invoice", invoiceNumber],
    ["Paid by card", formatPenceGbp(amountPence)],
    ["On", formatDate(paidAt)],
  ];
  const booker = bookerAddress(booking);
  const receipt =
    booker &&
    letter(booking, { name: booking.booker.name, to: booker }, ctx, {
      title: "Your invoice is paid",
      body: [
        p(
          `Thank you: we received your card payment for invoice ${invoiceNumber}. Your booking ${oneLine(booking.reference)} is paid, and nothing more is owed.`,
        ),
        { kind: "fields", items: [...paid, ...sessionFacts(booking)] },
        p("Keep this e-mail with the VAT invoice we sent you: together they are your receipt."),
      ],
      subject: `Invoice ${invoiceNumber} paid: ${inSubject(booking.courseTitle)}`,
    });
  const team = compose(
    {
      title: "Invoice paid by card",
      blocks: [
        ...testNotice(booking.isTest),
        p(`${name} (${oneLine(booking.booker.organisation)}) paid their invoice by card from their booking page.`),
        { kind: "button", href: adminUrl(booking, ctx), text: "Open the booking in the back office" },
        { kind: "fields", items: [["Reference", oneLine(booking.reference)], ...paid] },
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      subject: subject(
        `Invoice ${invoiceNumber} paid by card: ${inSubject(booking.booker.organisation)}`,
        booking.isTest,
      ),
    },
  );
  return [...(receipt ? [receipt] : []), team];
}

/** Why a card payment was refunded as it arrived, as the booker reads it (./card-payments.server.ts's LateRefundReason). */
const lateRefundWhy: Record<"cancelled" | "places-gone" | "started" | "invoice-not-owed", string> = {
  cancelled: "the booking had been cancelled before your payment arrived",
  "places-gone":
    "your payment arrived after the time we held your places for it, and the places had been taken meanwhile, so the booking could not be confirmed",
  started:
    "your payment arrived after the time we held your places for it, when the course had already started, so the booking could not be confirmed",
  "invoice-not-owed": "the invoice it paid was no longer owed (it had been paid another way, or cancelled)",
};

/**
 * To the booker whose card payment arrived when it was no longer owed: it
 * is refunded in full, and why; null once the booker is erased.
 */
export function lateRefundEmail(
  booking: BookingForEmail,
  ctx: MailContext,
  { amountPence, why }: { amountPence: number; why: keyof typeof lateRefundWhy },
): OutgoingEmail | null {
  const booker = bookerAddress(booking);
  if (!booker) return null;
  return letter(booking, { name: booking.booker.name, to: booker }, ctx, {
    title: "Your card payment is refunded",
    body: [
      p(
        `Your card payment of ${formatPenceGbp(amountPence)} for booking ${oneLine(booking.reference)} (${oneLine(booking.courseTitle)}, ${booking.session.label}) is refunded in full to your card: ${lateRefundWhy[why]}.`,
      ),
      p("A card refund usually reaches your account within 5 to 10 working days."),
      ...(why === "places-gone"
        ? [p("If you would still like a place, please book again on the course's page, or reply to this e-mail.")]
        : []),
    ],
    subject: `Payment refunded: booking ${inSubject(booking.reference)}`,
  });
}

/** [the booker's notice, the team's, each named delegate's] when a booking is cancelled. */
export function bookingCancelledEmails(
  booking: BookingForEmail,
  ctx: MailContext,
  {
    creditNote,
    creditPence,
    refundPence,
    reason,
    bySession,
    cancellations = new Map(),
  }: {
    creditNote?: DocumentForEmail;
    creditPence: number;
    refundPence: number;
    reason: string;
    bySession: boolean;
    /** The calendar's cancellation of each invitation sent, by its address lower-cased (./invitations.server.ts). */
    cancellations?: ReadonlyMap<string, Attachment>;
  },
): OutgoingEmail[] {
  const booker = bookerAddress(booking);
  // A card booking's refund goes back to the card; an invoice's, paid by transfer, by transfer.
  const byCard = booking.paymentMethod === "card";
  const what = bySession
    ? `We are sorry: we have had to cancel the ${booking.session.label} session of ${oneLine(booking.courseTitle)}. Your booking ${oneLine(booking.reference)} is cancelled.`
    : `Your booking ${oneLine(booking.reference)} for ${oneLine(booking.courseTitle)}, ${booking.session.label}, is cancelled.`;
  const money: Block[] = [
    {
      kind: "fields",
      items: [
        ["Credited", formatPenceGbp(creditPence)],
        ...(creditNote ? ([["Credit note", creditNote.number]] as [string, string][]) : []),
        ...(refundPence > 0
          ? ([[byCard ? "Refunded to your card" : "Refunded by bank transfer", formatPenceGbp(refundPence)]] as [
              string,
              string,
            ][])
          : []),
      ],
    },
    ...(refundPence > 0 && byCard
      ? [p("A card refund usually reaches your account within 5 to 10 working days.")]
      : []),
  ];
  // A booker who is also a delegate gets their calendar's cancellation with the notice (no delegate e-mail of their own).
  const bookersOwn = booker && cancellations.get(booker.toLowerCase());
  const notice =
    booker &&
    letter(booking, { name: booking.booker.name, to: booker }, ctx, {
      title: "Your booking is cancelled",
      body: [
        p(what),
        ...(bySession
          ? [p("We will be glad to book you on another date: reply to this e-mail or see the course page.")]
          : []),
        ...money,
      ],
      subject: `Booking cancelled: ${inSubject(booking.courseTitle)}, ${booking.session.label}`,
      files: [...(creditNote ? [pdfAttachment("credit-note", creditNote)] : []), ...(bookersOwn ? [bookersOwn] : [])],
    });
  const team = compose(
    {
      title: "Course booking cancelled",
      blocks: [
        ...testNotice(booking.isTest),
        { kind: "button", href: adminUrl(booking, ctx), text: "Open the booking in the back office" },
        {
          kind: "fields",
          items: [
            ["Reference", oneLine(booking.reference)],
            ["Booker", bookerForTeam(booking)],
            ...sessionFacts(booking),
            ["Reason", oneLine(reason)],
            ["Credited", formatPenceGbp(creditPence)],
            ["Refunded", formatPenceGbp(refundPence)],
          ],
        },
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      subject: subject(`Course booking cancelled: ${inSubject(booking.booker.organisation)}`, booking.isTest),
    },
  );
  const delegates = booking.delegates.flatMap((d) =>
    "namesToFollow" in d || d.email.toLowerCase() === booker?.toLowerCase()
      ? []
      : [
          toDelegate(booking, d, ctx, {
            title: "Your course place is cancelled",
            body: [
              p(
                `Your place on ${oneLine(booking.courseTitle)}, ${booking.session.label}, booked by your organisation, ${bookingOrganisation(booking)}, is cancelled.`,
              ),
              p(
                cancellations.has(d.email.toLowerCase())
                  ? "The attached cancellation takes the course days out of your calendar."
                  : "Please remove the course days from your calendar.",
              ),
            ],
            subject: `Place cancelled: ${inSubject(booking.courseTitle)}`,
            file: cancellations.get(d.email.toLowerCase()),
          }),
        ],
  );
  return [...(notice ? [notice] : []), team, ...delegates];
}
