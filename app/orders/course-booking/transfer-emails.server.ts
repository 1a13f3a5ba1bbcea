/**
 * What is said when a booking moves to another date (issue 41, ADR 081):
 * the booker gets the new date and any credit (its credit note attached),
 * or, for a dearer date, the invoice that replaces theirs with how to pay
 * it and the credit note that cancels the old one (ADR 084),
 * the team a notification linked to the booking, and each named delegate
 * two messages: the old dates' calendar cancellation (METHOD:CANCEL, so
 * their calendar drops them) and the new dates' joining details with a new
 * invitation (./booking-emails.server.ts's joiningEmail). Pure.
 */
import { formatDate } from "~/format/dates.ts";
import { formatPenceGbp } from "~/format/money.ts";
import { address, compose, inSubject, oneLine, p, subject, testNotice } from "~/mail/compose.server.ts";
import type { Attachment, MailContext, OutgoingEmail } from "~/mail/types.ts";
import {
  adminUrl,
  bookerAddress,
  bookingOrganisation,
  joiningEmail,
  letter,
  pdfAttachment,
  sessionFacts,
  toDelegate,
  transferFields,
  type BookingForEmail,
  type DocumentForEmail,
} from "./booking-emails.server.ts";

export type TransferForEmail = {
  /** The booking on the date it left, and on its new one. */
  before: BookingForEmail;
  after: BookingForEmail;
  by: "booker" | "team";
  creditNote?: DocumentForEmail;
  creditPence: number;
  /**
   * A dearer date's invoice, replacing the booking's (`creditNote` then credits that one in full), with
   * what was paid and is carried to it (a paid booking's payment: only the rest is to pay, ADR 087).
   */
  invoice?: DocumentForEmail & { dueDate: string; grossPence: number; extraPence: number; carryPence: number };
  refundPence: number;
  /** Each named delegate's cancellation of the old dates and invitation to the new, by address lower-cased. */
  cancellations: ReadonlyMap<string, Attachment>;
  invitations: ReadonlyMap<string, Attachment>;
};

/** What a dearer date's new invoice leaves to pay: its total less what was paid and carried to it. */
const toPay = (invoice: NonNullable<TransferForEmail["invoice"]>) => invoice.grossPence - invoice.carryPence;

function money({ after, creditNote, creditPence, invoice, refundPence }: TransferForEmail): [string, string][] {
  if (invoice) {
    return [
      ["Price", `${formatPenceGbp(invoice.extraPence)} more, including VAT`],
      ["New invoice", invoice.number],
      ...(invoice.carryPence > 0
        ? ([["Already paid, carried to it", formatPenceGbp(invoice.carryPence)]] as [string, string][])
        : []),
      ["To pay", `${formatPenceGbp(toPay(invoice))} by ${formatDate(invoice.dueDate)}`],
      ...(creditNote ? ([["Old invoice cancelled by credit note", creditNote.number]] as [string, string][]) : []),
    ];
  }
  if (creditPence === 0) return [["Price", "No change: there is nothing to pay and nothing is credited"]];
  return [
    ["Credited (the difference in price)", formatPenceGbp(creditPence)],
    ...(creditNote ? ([["Credit note", creditNote.number]] as [string, string][]) : []),
    ...(refundPence > 0
      ? ([
          [
            after.paymentMethod === "card" ? "Refunded to your card" : "Refunded by bank transfer",
            formatPenceGbp(refundPence),
          ],
        ] as [string, string][])
      : []),
  ];
}

/** [the booker's, the team's, then each named delegate's cancellation and joining details]. */
export function bookingTransferredEmails(transfer: TransferForEmail, ctx: MailContext): OutgoingEmail[] {
  const { before, after, by, creditNote } = transfer;
  const booker = bookerAddress(after);
  const moved = `${oneLine(after.courseTitle)} has moved from ${before.session.label} to ${after.session.label}`;
  const toBooker =
    booker &&
    letter(after, { name: after.booker.name, to: booker }, ctx, {
      title: "Your booking has moved to another date",
      body: [
        p(
          `Your booking ${oneLine(after.reference)} for ${moved}. We have sent each named delegate the new joining details and calendar invitation, and cancelled the old dates in their calendars.`,
        ),
        {
          kind: "fields",
          items: [["Booking", oneLine(after.reference)], ...sessionFacts(after), ...money(transfer)],
        },
        ...(transfer.invoice
          ? [
              p(
                `The new date costs more, so your invoice is replaced: the attached VAT invoice ${transfer.invoice.number} is for the new date, and the attached credit note cancels the old invoice in full.${transfer.invoice.carryPence > 0 ? ` The ${formatPenceGbp(transfer.invoice.carryPence)} you have paid is carried to the new invoice.` : ""} Please pay ${transfer.invoice.carryPence > 0 ? `the difference, ${formatPenceGbp(toPay(transfer.invoice))},` : formatPenceGbp(toPay(transfer.invoice))} by bank transfer by ${formatDate(transfer.invoice.dueDate)}, quoting ${transfer.invoice.number}${transfer.invoice.bank ? ":" : " (the bank details are on the invoice)."}`,
              ),
              ...(transfer.invoice.bank ? [{ kind: "fields" as const, items: transferFields(transfer.invoice) }] : []),
            ]
          : []),
        ...(transfer.refundPence > 0 && after.paymentMethod === "card"
          ? [p("A card refund usually reaches your account within 5 to 10 working days.")]
          : []),
        ...(by === "booker" ? [p("Not you? Please tell us at once by replying to this e-mail.")] : []),
      ],
      subject: `Booking moved: ${inSubject(after.courseTitle)}, ${after.session.label}`,
      files: [
        ...(transfer.invoice ? [pdfAttachment("invoice", transfer.invoice)] : []),
        ...(creditNote ? [pdfAttachment("credit-note", creditNote)] : []),
      ],
    });
  const toTeam = compose(
    {
      title: by === "booker" ? "A booking was moved by the booker" : "A booking was moved",
      blocks: [
        ...testNotice(after.isTest),
        p(`${oneLine(after.booker.name)} (${oneLine(after.booker.organisation)}): ${moved}.`),
        { kind: "button", href: adminUrl(after, ctx), text: "Open the booking in the back office" },
        {
          kind: "fields",
          items: [
            ["Reference", oneLine(after.reference)],
            ["Places", String(after.quantity)],
            ["From", before.session.label],
            ...sessionFacts(after),
            ...money(transfer),
          ],
        },
        ...(transfer.refundPence > 0 && after.paymentMethod === "invoice"
          ? [
              p(
                `Please refund ${formatPenceGbp(transfer.refundPence)} by bank transfer: the booking was paid that way.`,
              ),
            ]
          : []),
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      ...(booker ? { replyTo: booker } : {}),
      subject: subject(
        `Course booking moved: ${inSubject(after.booker.organisation)}, ${inSubject(after.courseTitle)}`,
        after.isTest,
      ),
    },
  );
  const delegates = after.delegates.flatMap((d) => {
    if ("namesToFollow" in d) return [];
    const key = d.email.toLowerCase();
    const cancellation = transfer.cancellations.get(key);
    const notice = toDelegate(after, d, ctx, {
      title: "Your course has moved to other dates",
      body: [
        p(
          `Your organisation, ${bookingOrganisation(after)}, has moved your place: ${moved}. You are no longer booked on ${before.session.label}.`,
        ),
        p(
          cancellation
            ? "The attached cancellation takes the old dates out of your calendar. A separate e-mail brings the joining details and the invitation for the new dates."
            : "Please remove the old dates from your calendar. A separate e-mail brings the joining details and the invitation for the new dates.",
        ),
      ],
      subject: `Dates changed: ${inSubject(after.courseTitle)}, ${before.session.label}`,
      file: cancellation,
    });
    return [notice, joiningEmail(after, d, ctx, transfer.invitations.get(key) ?? null)];
  });
  return [...(toBooker ? [toBooker] : []), toTeam, ...delegates];
}
