/**
 * The webhook events of a course booking (issue 29, ADR 030's outbox: each
 * written in the transaction of the change it reports): `booking.created`,
 * `booking.paid`, `booking.changed` (a place named or passed to a
 * substitute, or the booking moved to another date, by the team or the booker) and `booking.cancelled`. Their data say what the team's
 * tools need: the booking's reference, course and session, the booker (the
 * e-mail the event is erased by), places, amounts and state. Never a secret
 * (the payment's client secret), no card data, and no delegate's details
 * (only how many are named).
 */
import type { Selectable, Transaction } from "kysely";
import type { Database } from "~/data/schema.ts";
import { emitEvent } from "~/webhooks/events.server.ts";

type CourseBooking = Selectable<Database["course_bookings"]>;

/** What every course booking event says of the booking. */
function bookingData(booking: CourseBooking) {
  return {
    id: booking.id,
    kind: "course-booking",
    reference: booking.reference,
    status: booking.status,
    course: { id: booking.course_id, title: booking.course_title },
    session: {
      key: booking.session_key,
      label: booking.session_label,
      firstDay: booking.session_first_day,
      lastDay: booking.session_last_day,
      format: booking.session_format,
    },
    booker: { name: booking.booker_name, email: booking.booker_email, organisation: booking.organisation },
    places: booking.quantity,
    paymentMethod: booking.payment_method,
    purchaseOrder: booking.purchase_order,
    currency: "gbp",
    netPence: booking.net_pence,
    vatPence: booking.vat_pence,
    totalPence: booking.total_pence,
    createdAt: booking.created_at,
    test: booking.is_test === 1,
  };
}

/**
 * `booking.created`, once a booking is real: an invoice booking confirmed by
 * its booker from their inbox, a card booking paid. A card hold, or an
 * invoice booking not yet confirmed, is no one's booking yet: the team's
 * tools hear nothing of one that lapses (ADR 060).
 */
export async function bookingCreatedEvent(
  trx: Transaction<Database>,
  booking: CourseBooking,
  extra: { invoiceNumber: string },
  now: Date,
) {
  const named = await trx
    .selectFrom("course_booking_delegates")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("booking_id", "=", booking.id)
    .where("email", "is not", null)
    .executeTakeFirstOrThrow();
  return emitEvent(
    trx,
    {
      type: "booking.created",
      email: booking.booker_email,
      data: { ...bookingData(booking), namedDelegates: Number(named.n), ...extra },
    },
    now,
  );
}

export function bookingPaidEvent(
  trx: Transaction<Database>,
  booking: CourseBooking,
  extra: { invoiceNumber: string | null },
  now: Date,
) {
  return emitEvent(
    trx,
    {
      type: "booking.paid",
      email: booking.booker_email,
      data: { ...bookingData(booking), paidAt: booking.paid_at, ...extra },
    },
    now,
  );
}

export function bookingCancelledEvent(
  trx: Transaction<Database>,
  booking: CourseBooking,
  extra: { creditNoteNumber: string | null; creditedPence: number; refundPence: number },
  now: Date,
) {
  return emitEvent(
    trx,
    {
      type: "booking.cancelled",
      email: booking.booker_email,
      data: {
        ...bookingData(booking),
        cancelledAt: booking.cancelled_at,
        reason: booking.cancel_reason,
        ...extra,
      },
    },
    now,
  );
}

export function bookingChangedEvent(
  trx: Transaction<Database>,
  booking: CourseBooking,
  extra:
    | {
        change: "place-named" | "delegate-substituted";
        /** Which place (1, 2, 3…): never who has it. */
        position: number;
        by: "team" | "booker";
        namedDelegates: number;
      }
    | {
        /**
         * Moved to another date (the booking's session is now the new one); the date it left, what was
         * credited, and, for a dearer date, the invoice that replaced the booking's (ADR 084) with what it costs more
         * and what was paid and carried to it (ADR 087).
         */
        change: "transferred";
        by: "team" | "booker";
        fromSession: { key: string; label: string };
        creditedPence: number;
        newInvoice?: { number: string; extraPence: number; carriedPence: number };
      },
  now: Date,
) {
  return emitEvent(
    trx,
    { type: "booking.changed", email: booking.booker_email, data: { ...bookingData(booking), ...extra } },
    now,
  );
}
