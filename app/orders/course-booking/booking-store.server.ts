/**
 * Course bookings as stored (issue 29, docs/decisions/056-course-bookings.md):
 * the row and its statuses, its timeline (addEvent), and the one way a
 * status changes (claim). What changes a booking is beside it:
 * ./placing.server.ts (placing one, and the booker confirming an invoice
 * booking), ./card-payments.server.ts (the card payment's outcomes, holds
 * that lapse) and ./team-acts.server.ts (an invoice marked paid, a place
 * named, cancelling a booking or a whole session with a credit note).
 *
 * Every change is one transaction, and every change of a booking's status
 * is one conditional update (`… where status = <the status read>`), so two
 * things that race for a booking (a late payment and the hold's expiry, a
 * replayed Stripe event, two of the team cancelling) cannot both win. The
 * places are taken and given back in the same transaction (./places.server.ts),
 * and invoice numbers are taken last in it (./invoice-numbers.server.ts):
 * what is said of the change (its e-mails) is composed before either is
 * taken (docs/decisions/072-compose-before-taking.md).
 * Prices are computed here only (./price.ts, ./vat.ts), never taken from a form.
 */
import { randomBytes } from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { CourseBookingStatus, Database } from "~/data/schema.ts";
import type { DocumentDraft, InvoiceRow } from "./documents.server.ts";
import type { Booker, BookingPayment, DelegatePlace } from "./booking-request.ts";
import { quote, type Quote } from "./vat.ts";

export type CourseBooking = Selectable<Database["course_bookings"]>;
export type CourseInvoice = InvoiceRow;

/** Who books (and is invoiced), a place (a named delegate or a name to follow) and how they pay: as the form gives them (./booking-request.ts). */
export type { Booker, BookingPayment };
export type BookedPlace = DelegatePlace;

/** A place of a booking as stored: its delegate, or (name, e-mail and job title null) a name to follow. */
export type StoredDelegate = Selectable<Database["course_booking_delegates"]>;

/**
 * What a caller does in the transaction of a change, once it is made (its
 * e-mails, queued in the outbox): it commits or rolls back with the change.
 */
export type AlsoInTransaction<R> = (trx: Transaction<Database>, result: R) => Promise<void>;

/** An invoice about to be issued: its number still a stand-in (./documents.server.ts). */
export type InvoiceDraft = Omit<DocumentDraft, "issue">;

/**
 * What a caller writes with an invoice about to be numbered (its e-mails),
 * in two steps: called in the change's transaction before the number is
 * taken, with the booking and the invoice as it will be (its `number` a
 * stand-in), it composes; what it returns is written once the number is
 * taken, with the invoice as issued. The invoice series' row is then held
 * for the writes alone (ADR 053, 072).
 */
export type ComposeBeforeNumber = (
  trx: Transaction<Database>,
  about: { booking: CourseBooking; invoice: InvoiceDraft },
) => Promise<(trx: Transaction<Database>, invoice: CourseInvoice) => Promise<void>>;

/** Runs `work` in a transaction of `db`, or in `db` itself when it is one already (the Stripe webhook's). */
export function inTransaction<T>(
  db: Db | Transaction<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/** How long a card booking's places are held for its payment. */
export const holdMinutes = 15;

/** The statuses of a booking that holds places. */
export const liveStatuses = [
  "unconfirmed",
  "held",
  "invoiced",
  "paid",
] as const satisfies readonly CourseBookingStatus[];
export const isLive = (status: CourseBookingStatus): status is (typeof liveStatuses)[number] =>
  (liveStatuses as readonly string[]).includes(status);

/** The statuses of a booking that is real (confirmed by its booker or paid): only these write to delegates. */
export const confirmedStatuses = ["invoiced", "paid"] as const satisfies readonly CourseBookingStatus[];

const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A short code for the booker and the team: "MB-" and 8 characters no one misreads (no 0/O, 1/I/L). */
export function newReference(): string {
  const bytes = randomBytes(8);
  return `MB-${[...bytes].map((b) => referenceAlphabet[b % referenceAlphabet.length]).join("")}`;
}

export const isNamed = (place: BookedPlace): place is Extract<BookedPlace, { name: string }> =>
  !("namesToFollow" in place);

/** The invoice line's description. */
function describe(booking: Pick<CourseBooking, "course_title" | "session_label" | "price_basis">): string {
  const basis = booking.price_basis === "early-bird" ? " (early-bird price)" : "";
  return `${booking.course_title}, ${booking.session_label}${basis}`;
}

/** The booking's quote, from what it stored (the same as when it was placed). */
export function quoteOf(booking: CourseBooking, vatRateBasisPoints = booking.vat_rate_bp): Quote {
  return quote(
    [
      {
        description: describe(booking),
        quantity: booking.quantity,
        unitPricePence: booking.unit_price_pence,
        discountPence: booking.discount_pence,
      },
    ],
    vatRateBasisPoints,
  );
}

/**
 * An event's id sorts in the order this process wrote them (a monotonic
 * clock, then a random tail): a booking's events at the same instant, all
 * written by one transaction, read back in the order they happened.
 */
function eventId(): string {
  return `${process.hrtime.bigint().toString().padStart(20, "0")}-${randomBytes(6).toString("hex")}`;
}

export async function addEvent(
  trx: Transaction<Database>,
  bookingId: string,
  at: Date,
  kind: string,
  detail: Record<string, unknown> = {},
  actor: string | null = null,
): Promise<void> {
  await trx
    .insertInto("course_booking_events")
    .values({
      id: eventId(),
      booking_id: bookingId,
      at: at.toISOString(),
      kind,
      actor,
      detail: JSON.stringify(detail),
    })
    .execute();
}

/**
 * Moves a booking from `from` to what `set` says, only if it is still in
 * `from`: true if this call did it (the one way a status changes).
 */
export async function claim(
  trx: Transaction<Database>,
  bookingId: string,
  from: CourseBookingStatus,
  set: Partial<Omit<CourseBooking, "id">> & { status: CourseBookingStatus; updated_at: string },
): Promise<boolean> {
  const result = await trx
    .updateTable("course_bookings")
    .set(set)
    .where("id", "=", bookingId)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const readBooking = (db: Db | Transaction<Database>, id: string) =>
  db.selectFrom("course_bookings").selectAll().where("id", "=", id).executeTakeFirst();
