/**
 * Course bookings in the inbox (issue 29, docs/decisions/058-course-bookings-in-the-inbox.md):
 * every booking is listed there, in the transaction that places it, as a
 * lead of its own kind ("Course booking"), so sales work it as they work an
 * enquiry (status, owner, notes) and find it with the rest: the booker, the
 * organisation, the course's pillar and date, the visit that brought them.
 * What the inbox reads of it is ./inbox.server.ts.
 */
import type { Selectable, Transaction } from "kysely";
import type { PillarId } from "~/content/schema.ts";
import type { Attribution } from "~/forms/attribution.ts";
import { leadInsert, type Listing } from "~/data/inbox-index.server.ts";
import type { Database } from "~/data/schema.ts";

type CourseBooking = Selectable<Database["course_bookings"]>;

/** The page a booking was made on. */
export const bookingPagePath = (booking: Pick<CourseBooking, "course_id" | "session_key">) =>
  `/courses/${booking.course_id}/book/${booking.session_key}`;

/** What the inbox lists for a booking: the booker, the organisation, the session and its course's pillar. */
export function bookingListing(booking: CourseBooking, pillar: PillarId | null): Listing {
  return {
    name: booking.booker_name,
    email: booking.booker_email,
    company: booking.organisation,
    subject: booking.session_key,
    pillar,
    // Searched too: the reference the booker quotes, the course and its dates (no delegate: a name erased from a place must not stay here).
    message: [booking.reference, booking.course_title, booking.session_label].join(" "),
  };
}

/** The insert that lists a booking in the inbox, written with the booking (placing.server.ts). */
export function bookingLeadInsert(
  trx: Transaction<Database>,
  booking: CourseBooking,
  about: { pillar: PillarId | null; attribution: Attribution | null },
) {
  return leadInsert(trx, {
    kind: "course-booking",
    id: booking.id,
    facts: { createdAt: booking.created_at, isTest: booking.is_test === 1, sourcePage: bookingPagePath(booking) },
    listing: bookingListing(booking, about.pillar),
    deadline: null,
    attribution: about.attribution,
  });
}
