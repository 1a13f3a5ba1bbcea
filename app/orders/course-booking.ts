/**
 * Course bookings, client-safe half (issue 29, docs/decisions/056-course-bookings.md):
 * the privacy notice's row (the booker and the delegates they name, the
 * invoices) and the retention rules (an accounting record once invoiced or
 * paid; a card booking never paid briefly: the periods are
 * content/retention-periods.ts). Server half: ./course-booking.server.ts;
 * the services: ./course-booking/.
 */
import { retentionNotice, retentionPeriods } from "../content/retention-periods.ts";
import { defineOrderKindTexts } from "./texts.ts";

export const courseBookingKind = defineOrderKindTexts({
  kind: "course-booking",
  label: "Course booking",
  notice: {
    what: "Course bookings: the booker's name, e-mail address, phone number, job title, organisation and billing address, the purchase-order and VAT numbers given, the places booked and the names, e-mail addresses and job titles of the delegates (people the booker names, who may be someone other than the booker), the terms accepted, what was invoiced, paid, credited or refunded (and, if a card payment failed, the reason Stripe gave), and the VAT invoices and credit notes issued; for each delegate sent a calendar invitation to the course, its identifier, how many times we updated it, and what it last said (the course, its days, hours and place, and the delegate's name and e-mail address); for each delegate, when their joining instructions and the reminder the working day before the course were sent, and their answers to the optional pre-course questionnaire: what they want from the course, their experience of its subject, and any access needs and dietary needs they tell us (access needs may be health information: a special category of personal data). For a full date's waiting list: the name, e-mail address and organisation given, the places wanted, when the address was confirmed, and any places offered and until when (the confirmation and offer links kept only as fingerprints). The links that open your booking and a delegate's questionnaire are kept only as fingerprints, never the links themselves: where we note the pages of a visit (the page you first opened, the page a form was sent from, our server logs), a booking or questionnaire page is written without its link. Card details are handled by Stripe and never reach our servers.",
    why: "To reserve the places, run the course for the delegates, invoice and take payment (an unpaid invoice's booker is e-mailed reminders, on days before and after its due date, until it is paid or credited; the booking's timeline notes each one), send each delegate a calendar invitation, the joining instructions (where and when, or the joining link, and what to prepare) a few days before the course and a reminder the working day before, let the trainer prepare the course for the delegates from their objectives and experience, make the access and catering arrangements they ask for, and update or cancel it when the course's hours or place change or the place is cancelled or passed on, handle cancellations and refunds, and keep our accounting records; and, for a full date's waiting list, to confirm the address given is yours, then offer you places that become free, in the list's order.",
    basis:
      "Contract, with the booker's organisation, to provide the course booked (the delegates' details are needed to run it). Legal obligation, to issue VAT invoices and keep accounting records. A delegate's questionnaire answers: our legitimate interest in running the course well for them, and for access needs that are health information, the delegate's explicit consent in giving them (every question is optional) and our duty to make reasonable adjustments.",
    howLong: retentionNotice().courseBookings,
  },
  retention: [
    {
      rule: "course_bookings_accounting",
      records:
        "course bookings invoiced or paid (their orders, lines and payments), with their delegates, booking links, calendar invitations, VAT invoices, credit notes and timeline",
      from: "updated_at (the last invoice, payment, credit note or cancellation)",
      keep: retentionPeriods.course_bookings_accounting,
      action: "delete",
    },
    {
      rule: "course_bookings_unpaid",
      records:
        "course bookings never invoiced nor paid (a card hold that expired or was cancelled; their orders, lines and payments), with their delegates, booking links, calendar invitations and timeline",
      from: "updated_at (the hold's end)",
      keep: retentionPeriods.course_bookings_unpaid,
      action: "delete",
    },
    {
      rule: "course_delegate_needs",
      records:
        "course_joining's access_needs and dietary_needs (a delegate's answers to the pre-course questionnaire); the row, with the objectives and experience, lives as long as its booking",
      from: "session_ends_at (the end of the course's last day)",
      keep: retentionPeriods.course_delegate_needs,
      action: "anonymise",
    },
    {
      rule: "course_waiting_lists",
      records: "course_waiting rows (a full date's waiting list: name, address, organisation, places, offers)",
      from: "session_ends_at (the end of the course's last day)",
      keep: retentionPeriods.course_waiting_lists,
      action: "delete",
    },
    {
      rule: "course_waiting_unconfirmed",
      records: "course_waiting rows whose address was never confirmed",
      from: "created_at (the request)",
      keep: retentionPeriods.course_waiting_unconfirmed,
      action: "delete",
    },
  ],
});
