/**
 * The reminder to pay an invoice (issue 41; when: ./payment-reminders.ts):
 * to the booker, with the invoice attached, the amount still due, the due
 * date and how to pay; from 30 days after the due date it names statutory
 * late-payment interest. Pure, like every e-mail; queued by
 * ./payment-reminders.server.ts in the transaction that records it.
 */
import { organisation } from "~/content/organisation.ts";
import { formatDate } from "~/format/dates.ts";
import { formatPenceGbp } from "~/format/money.ts";
import { address, h, inSubject, oneLine, p } from "~/mail/compose.server.ts";
import type { MailContext, OutgoingEmail } from "~/mail/types.ts";
import {
  letter,
  pdfAttachment,
  sessionFacts,
  transferFields,
  type BookingForEmail,
  type DocumentForEmail,
} from "./booking-emails.server.ts";
import { lateInterestFromDays, reminderTiming } from "./payment-reminders.ts";

export type ReminderFacts = {
  invoice: DocumentForEmail;
  /** "YYYY-MM-DD". */
  dueDate: string;
  /** The step: days from the due date (negative: before it). */
  offset: number;
  stillDuePence: number;
};

/** What the statutory interest reminder says (the Late Payment of Commercial Debts (Interest) Act 1998). */
export const lateInterestText =
  "Under the Late Payment of Commercial Debts (Interest) Act 1998 we are entitled to claim statutory interest on an overdue invoice, at 8% a year above the Bank of England base rate, and fixed compensation for the cost of recovering it. We would much rather not: please pay now, or tell us if something is holding the payment up.";

export function paymentReminderEmail(
  booking: BookingForEmail,
  ctx: MailContext,
  { invoice, dueDate, offset, stillDuePence }: ReminderFacts,
): OutgoingEmail {
  const due = formatDate(`${dueDate}T12:00:00Z`);
  const amount = formatPenceGbp(stillDuePence);
  const timing = reminderTiming(offset);
  const lead = {
    before: `A reminder that your invoice ${invoice.number} for ${amount} is due on ${due}.`,
    "due-today": `Your invoice ${invoice.number} for ${amount} is due today, ${due}.`,
    overdue: `Our records show your invoice ${invoice.number} as unpaid: ${amount} was due on ${due}, ${offset} day${offset === 1 ? "" : "s"} ago.`,
  }[timing];
  const title = {
    before: `Invoice ${invoice.number} is due on ${due}`,
    "due-today": `Invoice ${invoice.number} is due today`,
    overdue: `Invoice ${invoice.number} is overdue`,
  }[timing];
  return letter(
    booking,
    { name: booking.booker.name, to: address(booking.booker.email, "the booker's address") },
    ctx,
    {
      title,
      body: [
        p(lead),
        { kind: "fields", items: [["Booking", oneLine(booking.reference)], ...sessionFacts(booking)] },
        h("How to pay"),
        p(`Please pay ${amount} by bank transfer, quoting ${invoice.number}. The invoice is attached.`),
        { kind: "fields", items: [["Amount still due", amount], ["Due date", due], ...transferFields(invoice)] },
        ...(offset >= lateInterestFromDays ? [h("Late payment"), p(lateInterestText)] : []),
        p(
          "Already paid? Thank you, and please ignore this reminder: a transfer can take a few days to reach us. If you paid some time ago, reply with the date and amount so that we can find it.",
        ),
      ],
      subject: `${timing === "overdue" ? "Overdue" : "Reminder"}: invoice ${invoice.number}, ${inSubject(booking.courseTitle)} (${organisation.name})`,
      files: [pdfAttachment("invoice", invoice)],
    },
  );
}
