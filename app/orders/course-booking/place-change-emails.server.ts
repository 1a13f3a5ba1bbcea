/**
 * What is said when the booker names a place or sends a substitute from
 * their booking page (issue 41): the booker gets a note of the change, and
 * the team a notification linked to the booking. The new delegate's joining
 * details and the replaced delegate's notice are the same as when the team
 * makes the change (./booking-emails.server.ts). And when a card refund
 * fails after the booker cancelled (or moved to a cheaper date), the team is
 * asked to make it by hand.
 * Pure, like every e-mail.
 */
import { formatPenceGbp } from "~/format/money.ts";
import { address, compose, inSubject, oneLine, p, subject, testNotice } from "~/mail/compose.server.ts";
import type { MailContext, OutgoingEmail } from "~/mail/types.ts";
import { adminUrl, letter, sessionFacts, type BookingForEmail } from "./booking-emails.server.ts";

export type PlaceChange = {
  position: number;
  delegate: { name: string; email: string };
  /** Who held the place before (a substitution), or null when its name was to follow. */
  previous: { name: string; email: string } | null;
};

/** The change in a sentence: "Place 2 is now Mary Major's (in place of Ann Lee)." */
export function placeChangeText({ position, delegate, previous }: PlaceChange): string {
  const who = `${oneLine(delegate.name)} <${oneLine(delegate.email)}>`;
  return previous
    ? `Place ${position} is now ${who}'s, in place of ${oneLine(previous.name)}.`
    : `Place ${position} is now named: ${who}.`;
}

/** [the booker's note of the change, the team's notification]. */
export function placeChangedByBookerEmails(
  booking: BookingForEmail,
  change: PlaceChange,
  ctx: MailContext,
): OutgoingEmail[] {
  const booker = address(booking.booker.email, "the booker's address");
  const what = change.previous ? "A substitute is booked" : "A place is named";
  const toBooker = letter(booking, { name: booking.booker.name, to: booker }, ctx, {
    title: what,
    body: [
      p(
        `${placeChangeText(change)} We have e-mailed ${oneLine(change.delegate.name)} the joining details and a calendar invitation${change.previous ? `, and told ${oneLine(change.previous.name)} that the place has passed on` : ""}. There is no charge.`,
      ),
      { kind: "fields", items: [["Booking", oneLine(booking.reference)], ...sessionFacts(booking)] },
      p("Not you? Please tell us at once by replying to this e-mail."),
    ],
    subject: `${what}: ${inSubject(booking.courseTitle)}, ${booking.session.label}`,
  });
  const toTeam = compose(
    {
      title: `${what} by the booker`,
      blocks: [
        ...testNotice(booking.isTest),
        p(
          `${oneLine(booking.booker.name)} (${oneLine(booking.booker.organisation)}) changed their booking from its page.`,
        ),
        p(placeChangeText(change)),
        {
          kind: "button",
          href: adminUrl(booking, ctx),
          text: "Open the booking in the back office",
        },
        { kind: "fields", items: [["Reference", oneLine(booking.reference)], ...sessionFacts(booking)] },
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      replyTo: booker,
      subject: subject(
        `${what} by the booker: ${inSubject(booking.booker.organisation)}, ${inSubject(booking.courseTitle)}`,
        booking.isTest,
      ),
    },
  );
  return [toBooker, toTeam];
}

/** To the team: a card refund failed after the booker cancelled (or moved) from their page; refund it by hand. */
/** What was done that a card refund pays back: the booker cancelled, or moved to a cheaper date; or a payment came late. */
export type RefundedAct = "cancelled" | "moved" | "paid-late";

export function refundFailedEmail(
  booking: { id: string; reference: string; booker_name: string; organisation: string; is_test: number },
  amountPence: number,
  message: string,
  ctx: MailContext,
  act: RefundedAct = "cancelled",
): OutgoingEmail {
  const who = `${oneLine(booking.booker_name)} (${oneLine(booking.organisation)})`;
  const what = {
    cancelled: `${who} cancelled booking ${oneLine(booking.reference)} from its page.`,
    moved: `${who} moved booking ${oneLine(booking.reference)} to a cheaper date from its page.`,
    "paid-late": `A card payment for booking ${oneLine(booking.reference)} (${who}) arrived after the booking had ended (cancelled, or its hold lapsed), so it is to be refunded in full.`,
  }[act];
  return compose(
    {
      title: "A refund failed: please make it by hand",
      blocks: [
        ...testNotice(booking.is_test === 1),
        p(`${what} Its refund of ${formatPenceGbp(amountPence)} to the card could not be made: ${oneLine(message)}`),
        p(
          act === "paid-late"
            ? "Please refund it in Stripe's dashboard. The booker was told it is refunded."
            : "Please refund it in Stripe's dashboard. The booker was told the credit is refunded to their card.",
        ),
        {
          kind: "button",
          href: adminUrl(booking, ctx),
          text: "Open the booking in the back office",
        },
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      subject: subject(`Refund failed: booking ${inSubject(booking.reference)}`, booking.is_test === 1),
    },
  );
}
