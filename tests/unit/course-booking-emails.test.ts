/** A course booking's e-mails (app/orders/course-booking/booking-emails.server.ts): who gets what, and the calendar invitation as a calendar reads it. */
import { describe, expect, it } from "vitest";
import { siteCalendar } from "~/calendar/business-hours.ts";
import type { MailContext } from "~/mail/types.ts";
import {
  bookingCancelledEmails,
  bookingConfirmRequestEmail,
  bookingConfirmedEmails,
  hoursText,
  invitationSays,
  joiningEmail,
  lateRefundEmail,
  placeTransferredEmail,
  sessionChangedEmail,
  sessionMovedBookerEmail,
  wasFacts,
  withNumber,
  type BookingForEmail,
} from "~/orders/course-booking/booking-emails.server.ts";
import { numberStandIn } from "~/orders/course-booking/documents.server.ts";
import { invitationAttachment } from "~/orders/course-booking/invitation-ics.server.ts";
import { bookingTransferredEmails } from "~/orders/course-booking/transfer-emails.server.ts";

const ctx: MailContext = {
  siteUrl: "https://training.example.com",
  teamEmail: "team@example.test",
  calendar: siteCalendar([]),
};

// 29 March 2027 is a Monday after the clocks went forward (28 March): 09:00 BST is 08:00 UTC.
const days = [29, 30, 31].map((d) => ({
  startsAt: new Date(`2027-03-${d}T08:00:00Z`),
  endsAt: new Date(`2027-03-${d}T16:00:00Z`),
}));
days.push(
  { startsAt: new Date("2027-04-01T08:00:00Z"), endsAt: new Date("2027-04-01T16:00:00Z") },
  { startsAt: new Date("2027-04-02T08:00:00Z"), endsAt: new Date("2027-04-02T15:00:00Z") },
);

const booking: BookingForEmail = {
  id: "0b6f7c1e-2a43-4cf5-9d0b-6b1f5e0b8a11",
  reference: "MB-7K3Q9D",
  isTest: false,
  courseId: "enterprise-risk-management",
  courseTitle: "Enterprise Risk Management",
  session: {
    key: "risk-management-2027-03-29-london",
    label: "29 March – 2 April 2027",
    format: "in-person",
    venue: {
      name: "The Finsbury Centre",
      streetAddress: "12 Finsbury Square",
      locality: "London",
      postalCode: "EC2A 1AS",
    },
    days,
  },
  booker: { name: "Ada Lovelace", email: "ada@example.co.uk", organisation: "Analytical Engines Ltd" },
  delegates: [
    { name: "Ada Lovelace", email: "ada@example.co.uk" },
    { name: "Charles Babbage", email: "charles@example.co.uk" },
    { namesToFollow: true },
  ],
  paymentMethod: "invoice",
  quantity: 3,
  unitPricePence: 450_000,
  discountPence: 135_000,
  netPence: 1_215_000,
  vatPence: 243_000,
  totalPence: 1_458_000,
  termsText: ["Cancelled 29 days or more before the start: the full fee is credited."],
};
// The bank details the invoice was issued with (its copy of the business settings).
const invoice = {
  number: "INV-000042",
  ref: "vat-document:0b6f7c1e",
  bank: { accountName: "Meridian Executive Training Ltd", sortCode: "20-00-00", accountNumber: "12345678" },
};
const now = new Date("2027-01-10T10:00:00Z");
const ada = { name: "Ada Lovelace", email: "ada@example.co.uk" };
const charles = { name: "Charles Babbage", email: "charles@example.co.uk" };
/** Each delegate's invitation, as ./invitations.server.ts would make it. */
const invite = (d: { name: string; email: string }, method: "REQUEST" | "CANCEL" = "REQUEST") =>
  invitationAttachment(method, { uid: `u-${d.email}`, sequence: 0, says: invitationSays(booking, d, ctx) }, now);
const invitations = new Map([
  [ada.email, invite(ada)],
  [charles.email, invite(charles)],
]);
const addToCalendar = "https://training.example.com/training/dates.ics?session=risk-management-2027-03-29-london";

describe("a confirmed course booking's e-mails", () => {
  const emails = bookingConfirmedEmails(booking, ctx, {
    invoice,
    dueDate: "2027-01-26T00:00:00.000Z",
    bookingToken: "tok_secret",
    invitations,
  });

  it("go to the booker, the team and each named delegate (none for a name to follow)", () => {
    expect(emails.map((e) => e.to)).toEqual([
      "ada@example.co.uk",
      "team@example.test",
      "ada@example.co.uk",
      "charles@example.co.uk",
    ]);
  });

  it("send the booker the invoice as a PDF, the bank details and the accepted terms, and keep the booking link out of the stored text", () => {
    const [confirmation] = emails;
    // The PDF is made by the outbox as it sends (not in the booking's transaction).
    expect(confirmation!.attachments).toEqual([
      {
        filename: "invoice-INV-000042.pdf",
        contentType: "application/pdf",
        encoding: "base64",
        content: "",
        ref: "vat-document:0b6f7c1e",
      },
    ]);
    expect(confirmation!.text).toContain("20-00-00");
    expect(confirmation!.text).toContain("£14,580.00");
    expect(confirmation!.text).toContain("26 January 2027");
    expect(confirmation!.text).toContain("the full fee is credited");
    expect(confirmation!.text).not.toContain("tok_secret");
    expect(confirmation!.text).toContain("/booking/withheld-credential-booking-link");
    expect(confirmation!.secrets).toEqual({ "booking-link": "tok_secret" });
  });

  it("name the invoice to pay, never 'confirmed' as if paid, for an invoice booking; 'paid' for a card's", () => {
    const [confirmation] = emails;
    expect(confirmation!.subject).toBe(
      "Places booked, invoice INV-000042 to pay: Enterprise Risk Management, 29 March – 2 April 2027",
    );
    expect(confirmation!.text).toContain("the booking is paid once the invoice below is");
    expect(confirmation!.text).not.toMatch(/confirmed/i);
    const [card] = bookingConfirmedEmails({ ...booking, paymentMethod: "card" }, ctx, {
      invoice,
      paidAt: "2027-01-10T10:00:00.000Z",
      bookingToken: "tok",
      invitations,
    });
    expect(card!.subject).toMatch(/^Booked and paid: Enterprise Risk Management, /);
  });

  it("link the team to the booking in the back office", () => {
    expect(emails[1]!.text).toContain(`/admin/course-bookings/${booking.id}`);
    expect(emails[1]!.replyTo).toBe("ada@example.co.uk");
  });

  it("give each delegate the where and when in words with their own calendar invitation, and a link to add the days", () => {
    const delegate = emails[3]!;
    expect(delegate.text).toContain("The Finsbury Centre, 12 Finsbury Square, London EC2A 1AS");
    expect(delegate.text).toContain("Day 1: 09:00–17:00");
    expect(delegate.attachments).toEqual([invitations.get(charles.email)]);
    expect(emails[2]!.attachments).toEqual([invitations.get(ada.email)]);
    expect(delegate.text).toContain(addToCalendar);
  });

  it("say a card booking is paid, with the invoice as its receipt", () => {
    const [card] = bookingConfirmedEmails({ ...booking, paymentMethod: "card" }, ctx, {
      invoice,
      paidAt: "2027-01-10T10:00:00.000Z",
      bookingToken: "t",
      invitations,
    });
    expect(card!.text).toContain("We received your card payment of £14,580.00 on 10 January 2027");
    expect(card!.text).not.toContain("Sort code");
  });

  it("are the same composed before the invoice's number is taken, with a stand-in, and then numbered (ADR 072)", () => {
    const standIn = numberStandIn();
    for (const about of [booking, { ...booking, paymentMethod: "card" as const }]) {
      const details = {
        dueDate: "2027-01-26T00:00:00.000Z",
        paidAt: "2027-01-10T10:00:00.000Z",
        bookingToken: "t",
        invitations,
      };
      const before = bookingConfirmedEmails(about, ctx, { ...details, invoice: { ...invoice, number: standIn } });
      expect(before[0]!.text).toContain(standIn);
      expect(withNumber(before, standIn, invoice.number)).toEqual(
        bookingConfirmedEmails(about, ctx, { ...details, invoice }),
      );
    }
  });
});

describe("a cancelled course booking's e-mails", () => {
  it("tell the booker what is credited and refunded with the credit note, and each other named delegate", () => {
    const emails = bookingCancelledEmails({ ...booking, paymentMethod: "card" }, ctx, {
      creditNote: { number: "CN-000007", ref: "vat-document:cn" },
      creditPence: 729_000,
      refundPence: 729_000,
      reason: "Cancelled by the booker",
      bySession: false,
    });
    expect(emails.map((e) => e.to)).toEqual(["ada@example.co.uk", "team@example.test", "charles@example.co.uk"]);
    expect(emails[0]!.text).toContain("£7,290.00");
    expect(emails[0]!.text).toContain("CN-000007");
    expect(emails[0]!.attachments![0]!.filename).toBe("credit-note-CN-000007.pdf");
    expect(emails[0]!.text).toContain("Refunded to your card");
    expect(emails[0]!.text).toContain("A card refund usually reaches your account");
    // An invoice booking's refund goes by bank transfer: no word of a card.
    const [byTransfer] = bookingCancelledEmails({ ...booking, paymentMethod: "invoice" }, ctx, {
      creditPence: 729_000,
      refundPence: 480_000,
      reason: "Cancelled by the booker",
      bySession: false,
    });
    expect(byTransfer!.text).toContain("Refunded by bank transfer");
    expect(byTransfer!.text).toContain("£4,800.00");
    expect(byTransfer!.text).not.toContain("card");
  });

  it("send each delegate the calendar's cancellation of their invitation, the booker who is one with the notice", () => {
    const cancellations = new Map([
      [ada.email, invite(ada, "CANCEL")],
      [charles.email, invite(charles, "CANCEL")],
    ]);
    const [notice, team, delegate] = bookingCancelledEmails(booking, ctx, {
      creditPence: 0,
      refundPence: 0,
      reason: "Cancelled by the booker",
      bySession: false,
      cancellations,
    });
    expect(notice!.attachments).toEqual([cancellations.get(ada.email)]);
    expect(team!.attachments ?? []).toEqual([]);
    expect(delegate!.to).toBe(charles.email);
    expect(delegate!.attachments).toEqual([cancellations.get(charles.email)]);
    expect(delegate!.text).toContain("The attached cancellation takes the course days out of your calendar.");
    // Without an invitation sent (none was), the words ask them to remove the days.
    const [, , unsent] = bookingCancelledEmails(booking, ctx, {
      creditPence: 0,
      refundPence: 0,
      reason: "r",
      bySession: false,
    });
    expect(unsent!.attachments ?? []).toEqual([]);
    expect(unsent!.text).toContain("Please remove the course days from your calendar.");
  });

  it("are the same composed before the credit note's number is taken, with a stand-in, and then numbered (ADR 072)", () => {
    const standIn = numberStandIn();
    for (const bySession of [false, true]) {
      const details = { creditPence: 729_000, refundPence: 729_000, reason: "Cancelled by the booker", bySession };
      const creditNote = { number: "CN-000007", ref: "vat-document:cn" };
      const about = { ...booking, paymentMethod: "card" as const };
      const before = bookingCancelledEmails(about, ctx, { ...details, creditNote: { ...creditNote, number: standIn } });
      expect(before[0]!.text).toContain(standIn);
      expect(withNumber(before, standIn, creditNote.number)).toEqual(
        bookingCancelledEmails(about, ctx, { ...details, creditNote }),
      );
    }
  });
});

describe("a booking moved to a dearer date (ADR 084)", () => {
  const june = { ...booking, session: { ...booking.session, key: "june", label: "14–18 June 2027" } };
  const moved = (numbers: { invoice: string; note: string }, carryPence = 0) =>
    bookingTransferredEmails(
      {
        before: booking,
        after: june,
        by: "booker",
        creditNote: { number: numbers.note, ref: "vat-document:cn" },
        creditPence: 0,
        invoice: {
          ...invoice,
          number: numbers.invoice,
          ref: "vat-document:new",
          dueDate: "2027-02-09T12:00:00Z",
          grossPence: 1_620_000,
          extraPence: 162_000,
          carryPence,
        },
        refundPence: 0,
        cancellations: new Map(),
        invitations: new Map(),
      },
      ctx,
    );

  it("sends the booker the new invoice and the credit note cancelling the old, with what to pay, by when and how", () => {
    const [toBooker, toTeam] = moved({ invoice: "INV-000043", note: "CN-000007" });
    expect(toBooker!.text).toContain("£1,620.00 more, including VAT");
    expect(toBooker!.text).toContain("Please pay £16,200.00 by bank transfer by 9 February 2027, quoting INV-000043:");
    expect(toBooker!.text).toContain("12345678");
    expect(toBooker!.text).toContain("Old invoice cancelled by credit note");
    expect(toBooker!.attachments?.map((a) => [a.filename, a.ref])).toEqual([
      ["invoice-INV-000043.pdf", "vat-document:new"],
      ["credit-note-CN-000007.pdf", "vat-document:cn"],
    ]);
    expect(toTeam!.text).toContain("New invoice");
    expect(toTeam!.text).toContain("INV-000043");
  });

  it("a paid booking's: what was paid is carried to the new invoice, and only the difference is asked for (ADR 087)", () => {
    const [toBooker, toTeam] = moved({ invoice: "INV-000043", note: "CN-000007" }, 1_458_000);
    expect(toBooker!.text).toContain("The £14,580.00 you have paid is carried to the new invoice.");
    expect(toBooker!.text).toContain(
      "Please pay the difference, £1,620.00, by bank transfer by 9 February 2027, quoting INV-000043:",
    );
    expect(toBooker!.text).not.toContain("£16,200.00 by");
    for (const email of [toBooker!, toTeam!]) {
      expect(email.text).toContain("Already paid, carried to it");
      expect(email.text).toMatch(/To pay:?\s+£1,620\.00 by 9 February 2027/);
    }
  });

  it("are the same composed with stand-ins for both numbers, and then numbered (ADR 072)", () => {
    const [invoiceStandIn, noteStandIn] = [numberStandIn(), numberStandIn()];
    const numbered = withNumber(
      withNumber(moved({ invoice: invoiceStandIn, note: noteStandIn }), invoiceStandIn, "INV-000043"),
      noteStandIn,
      "CN-000007",
    );
    expect(numbered).toEqual(moved({ invoice: "INV-000043", note: "CN-000007" }));
  });
});

describe("a card payment refunded as it arrives", () => {
  it("tells the booker it is refunded in full, and why, in words; nothing once they are erased", () => {
    const email = lateRefundEmail(booking, ctx, { amountPence: 540_000, why: "started" })!;
    expect(email.to).toBe(booking.booker.email);
    expect(email.subject).toBe("Payment refunded: booking MB-7K3Q9D");
    expect(email.text).toContain(
      "Your card payment of £5,400.00 for booking MB-7K3Q9D (Enterprise Risk Management, 29 March – 2 April 2027) is refunded in full to your card: your payment arrived after the time we held your places for it, when the course had already started",
    );
    expect(lateRefundEmail(booking, ctx, { amountPence: 540_000, why: "places-gone" })!.text).toContain(
      "please book again on the course's page",
    );
    expect(
      lateRefundEmail({ ...booking, booker: { ...booking.booker, email: null } }, ctx, {
        amountPence: 1,
        why: "cancelled",
      }),
    ).toBeNull();
  });
});

describe("a session changed in Site content (ADR 098)", () => {
  it("tells the booker what it was and what it is now; the hours alone, without a 'from'", () => {
    const from = "29 March 2027 to 2 April 2027, The Finsbury Centre, London";
    const to = "5 April 2027 to 9 April 2027, The Finsbury Centre, London";
    const moved = sessionMovedBookerEmail(booking, { from, to, datesMoved: true }, ctx, true)!;
    expect(moved.to).toBe(booking.booker.email);
    expect(moved.text).toContain(`has changed from ${from} to ${to}.`);
    expect(moved.text).toContain("We have sent each named delegate the new details and a calendar update.");
    // Postponed: the site's terms give the booker another date or a full refund, from their booking page (ADR 100).
    expect(moved.text).toContain("you can choose another date or a full refund");
    expect(moved.text).toContain(
      "you can do either from your booking page, through the link in your booking confirmation, at any time before the course starts: move the booking to another date at no extra cost, or cancel it for a full refund.",
    );
    // Not yet confirmed or paid: nothing is owed, and it lapses by itself.
    const unconfirmed = sessionMovedBookerEmail(booking, { from, to, datesMoved: true }, ctx, false)!;
    expect(unconfirmed.text).toContain("Nothing is owed until the booking is confirmed or paid");
    expect(unconfirmed.text).not.toContain("booking page");
    const hours = sessionMovedBookerEmail(booking, { from, to: from, datesMoved: false }, ctx, false)!;
    expect(hours.text).toContain(
      "The hours or the address of Enterprise Risk Management, which you booked (booking MB-7K3Q9D), have changed.",
    );
    expect(hours.text).not.toContain("calendar update");
    expect(hours.text).not.toContain("full refund");
  });
});

describe("hoursText", () => {
  it("says the hours once when every day agrees, else each day's, in London time", () => {
    expect(hoursText(days.slice(0, 4))).toBe("09:00–17:00 (London time) each day");
    expect(hoursText(days)).toMatch(/^Day 1: 09:00–17:00; .* Day 5: 09:00–16:00 \(London time\)$/);
  });
});

describe("invitationSays", () => {
  it("says the course, its page, where, each day's instants and the delegate", () => {
    expect(invitationSays(booking, charles, ctx)).toEqual({
      title: "Enterprise Risk Management",
      url: "https://training.example.com/courses/enterprise-risk-management",
      location: "The Finsbury Centre, 12 Finsbury Square, London EC2A 1AS",
      description: expect.stringContaining("At The Finsbury Centre"),
      days: days.map((d) => ({ startsAt: d.startsAt.toISOString(), endsAt: d.endsAt.toISOString() })),
      attendee: charles,
    });
  });

  it("says an online session is live online", () => {
    const online = { ...booking, session: { ...booking.session, format: "online" as const, venue: undefined } };
    expect(invitationSays(online, charles, ctx).location).toBe("Live online");
  });
});

describe("a place named or passed on", () => {
  it("sends the new delegate the joining details with their invitation", () => {
    const mary = { name: "Mary Somerville", email: "mary@example.co.uk" };
    const email = joiningEmail(booking, mary, ctx, invite(mary));
    expect(email.to).toBe("mary@example.co.uk");
    expect(email.subject).toMatch(/^Joining details: /);
    expect(email.text).toContain("Dear Mary Somerville,");
    expect(email.attachments).toEqual([invite(mary)]);
  });

  it("tells the delegate replaced that the place is no longer theirs, without naming who has it", () => {
    const cancellation = invite(charles, "CANCEL");
    const email = placeTransferredEmail(booking, charles, ctx, cancellation);
    expect(email.to).toBe("charles@example.co.uk");
    expect(email.subject).toMatch(/^Place passed on: /);
    expect(email.text).toContain("Dear Charles Babbage,");
    expect(email.text).toContain(booking.reference);
    expect(email.text).not.toContain("Mary");
    expect(email.attachments).toEqual([cancellation]);
    expect(placeTransferredEmail(booking, charles, ctx, null).attachments ?? []).toEqual([]);
  });
});

describe("a session's hours or place changed", () => {
  it("sends the delegate the update with the details as they now stand, in words and with the link to add them", () => {
    const update = invite(charles);
    const email = sessionChangedEmail(booking, charles, ctx, update);
    expect(email.to).toBe(charles.email);
    expect(email.subject).toBe("Course details changed: Enterprise Risk Management, 29 March – 2 April 2027");
    expect(email.text).toContain("Dear Charles Babbage,");
    expect(email.text).toContain("Day 5: 09:00–16:00");
    expect(email.text).toContain("The Finsbury Centre, 12 Finsbury Square, London EC2A 1AS");
    expect(email.text).toContain(addToCalendar);
    expect(email.text).toMatch(/Your organisation, Analytical Engines Ltd, booked your place/);
    expect(email.attachments).toEqual([update]);
    expect(email.text).not.toContain("Before the change");
  });

  it("says what the invitation said before: its days, hours and place, not a joining link", () => {
    // It was the week before, 09:00–17:00 BST each day, at another address.
    const said = {
      days: [22, 23, 24, 25, 26].map((d) => ({
        startsAt: `2027-03-${d}T09:00:00.000Z`,
        endsAt: `2027-03-${d}T17:00:00.000Z`,
      })),
      location: "Old Hall, 1 Old Street, London EC1V 9HL",
    };
    const was = wasFacts(said);
    expect(was).toEqual([
      ["Dates", "22–26 March 2027"],
      ["Hours", "09:00–17:00 (London time) each day"],
      ["Where", "Old Hall, 1 Old Street, London EC1V 9HL"],
    ]);
    const email = sessionChangedEmail(booking, charles, ctx, invite(charles), null, was);
    expect(email.text).toContain("Before the change");
    expect(email.text).toContain("Dates: 22–26 March 2027");
    expect(email.text).toContain("Old Hall, 1 Old Street");
    // An invitation that carried the joining link named it as its place: not repeated.
    expect(wasFacts({ ...said, location: "https://join.example/x", joiningLink: "v1.k.a.b" }).map(([k]) => k)).toEqual([
      "Dates",
      "Hours",
    ]);
  });
});

describe("an invoice booking waiting for its booker (issue 37)", () => {
  it("asks the booker alone to confirm by a London time, with the link withheld, naming no delegate", () => {
    const email = bookingConfirmRequestEmail(booking, ctx, {
      confirmBy: new Date("2027-01-10T12:00:00.000Z"),
      bookingToken: "tok_secret",
    });
    expect(email.to).toBe("ada@example.co.uk");
    expect(email.subject).toMatch(/^Please confirm your booking: Enterprise Risk Management/);
    expect(email.text).toContain("Sunday, 10 January 2027 at 12:00 GMT (London time)");
    expect(email.text).toContain("£14,580.00");
    expect(email.text).not.toContain("tok_secret");
    expect(email.secrets).toEqual({ "booking-link": "tok_secret" });
    expect(email.text).not.toContain("Charles");
    expect(email.attachments ?? []).toEqual([]);
  });

  it("delegates' e-mails say who booked them by organisation, never the booker's typed name", () => {
    const mallory: BookingForEmail = {
      ...booking,
      booker: { name: "Visit evil.example now, Mallory", email: "m@example.test", organisation: "Acme Ltd" },
    };
    const [, , ...delegates] = bookingConfirmedEmails(mallory, ctx, { invoice, bookingToken: "t", invitations });
    const cancelled = bookingCancelledEmails(mallory, ctx, {
      creditPence: 0,
      refundPence: 0,
      reason: "r",
      bySession: false,
    });
    const passed = placeTransferredEmail(mallory, charles, ctx, null);
    const changed = sessionChangedEmail(mallory, charles, ctx, invite(charles));
    for (const email of [...delegates, ...cancelled.slice(2), passed, changed]) {
      expect(email.text).toMatch(/your organisation, Acme Ltd,/i);
      expect(email.text).not.toContain("evil.example");
      expect(email.html).not.toContain("evil.example");
    }
  });
});
