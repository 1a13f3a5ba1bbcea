/**
 * The e-mails of a paid consultation booking (spec section 7): a
 * confirmation to the customer and a notification to the team, once Stripe
 * says the payment succeeded. Pure, like every e-mail (app/mail/compose.server.ts).
 */
import { consultation, promises } from "~/content/business.ts";
import { organisation } from "~/content/organisation.ts";
import {
  address,
  compose,
  contactDetails,
  h,
  inSubject,
  londonTime,
  oneLine,
  p,
  subject,
  testNotice,
} from "~/mail/compose.server.ts";
import type { MailContext, OutgoingEmail } from "~/mail/types.ts";

/** A paid consultation booking, once Stripe says the payment succeeded. */
export type PaidBooking = {
  id: string;
  customerName: string;
  customerEmail: string;
  /** Participants; null for the £1 test payment. */
  quantity: number | null;
  amountPence: number;
  paymentIntentId: string;
  /** ISO 8601 UTC. */
  paidAt: string;
  isTest: boolean;
};

function pounds(pence: number): string {
  return `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: pence % 100 ? 2 : 0 })}`;
}

/** [confirmation to the customer, notification to the team] once a booking is paid. */
export function bookingPaidEmails(booking: PaidBooking, ctx: MailContext): OutgoingEmail[] {
  const customer = address(booking.customerEmail, "the customer's address");
  const name = oneLine(booking.customerName);
  const what =
    booking.quantity === null
      ? "Test payment (£1.00)"
      : `${consultation.minutes}-minute strategy consultation for ${booking.quantity} participant${booking.quantity === 1 ? "" : "s"}`;
  const facts: [string, string][] = [
    ["Booking", what],
    ["Amount paid", pounds(booking.amountPence)],
    ["Paid", londonTime(booking.paidAt)],
    ["Booking reference", oneLine(booking.id)],
    ["Card payment reference", oneLine(booking.paymentIntentId)],
  ];

  const confirmation = compose(
    {
      title: "Your consultation is booked",
      blocks: [
        ...testNotice(booking.isTest),
        p(`Dear ${name},`),
        p(`Thank you for your payment. Your booking with ${organisation.name} is confirmed.`),
        { kind: "fields", items: facts },
        h("What happens next"),
        p(`Our team will contact you within ${promises.teamContactHours} hours to schedule your session.`),
        p("Before the session we will send you a short pre-consultation questionnaire, so we can use the hour well."),
        ...contactDetails(ctx),
      ],
    },
    { to: customer, subject: subject("Your consultation is booked", booking.isTest) },
  );

  const team = compose(
    {
      title: "New paid consultation booking",
      blocks: [
        ...testNotice(booking.isTest),
        p(
          `${name} has paid for a consultation. Please contact them within ${promises.teamContactHours} hours to schedule it.`,
        ),
        { kind: "fields", items: [["Name", name], ["Email", oneLine(booking.customerEmail)], ...facts] },
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      replyTo: customer,
      subject: subject(
        `Paid consultation: ${inSubject(booking.customerName)} (${pounds(booking.amountPence)})`,
        booking.isTest,
      ),
    },
  );
  return [confirmation, team];
}
