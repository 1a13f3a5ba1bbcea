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
import type { Insertable, Selectable, Transaction, Updateable } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { CourseBookingStatus, Database } from "~/data/schema.ts";
import type { DocumentDraft, InvoiceRow } from "./documents.server.ts";
import type { Booker, BookingPayment, DelegatePlace } from "./booking-request.ts";
import { quote, type Quote } from "./vat.ts";
import { insertTogether, moveOrder, orderInserts, recordPayment, updateOrder, type Insert } from "../store.server.ts";

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
export const isConfirmed = (status: CourseBookingStatus): status is (typeof confirmedStatuses)[number] =>
  (confirmedStatuses as readonly string[]).includes(status);

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

/**
 * A booking's line and total at a new price (a move to a dearer date that
 * replaced its invoice: ADR 084), from `booking` as it now is (its new
 * date, unit price and discount): what the new invoice is for.
 */
export async function repriceBooking(trx: Transaction<Database>, booking: CourseBooking): Promise<Quote> {
  const quoted = quoteOf(booking);
  const line = quoted.lines[0]!;
  await trx
    .updateTable("order_lines")
    .set({
      description: line.description,
      unit_price_pence: line.unitPricePence,
      discount_pence: line.discountPence,
      net_pence: quoted.netPence,
      vat_pence: quoted.vatPence,
      total_pence: quoted.grossPence,
    })
    .where("order_id", "=", booking.id)
    .where("position", "=", 1)
    .execute();
  await updateOrder(trx, booking.id, { total_pence: quoted.grossPence });
  return quoted;
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

/** Adds an event to a booking's timeline (`kind`, what it says in `detail`, who did it). */
export async function addEvent(...event: Parameters<typeof eventInsert>): Promise<void> {
  await eventInsert(...event).execute();
}

/** The timeline's note of a credit note issued (by a cancellation or a move to a cheaper date). */
export function addCreditNoteEvent(
  trx: Transaction<Database>,
  bookingId: string,
  now: Date,
  note: Pick<InvoiceRow, "number" | "total_pence">,
  staffId: string | null,
): Promise<void> {
  return addEvent(
    trx,
    bookingId,
    now,
    "credit-note-issued",
    { number: note.number, grossPence: note.total_pence },
    staffId,
  );
}

/** The insert of an event on a booking's timeline (addEvent's), to run with others (../store.server.ts: insertTogether). */
export function eventInsert(
  trx: Transaction<Database>,
  bookingId: string,
  at: Date,
  kind: string,
  detail: Record<string, unknown> = {},
  actor: string | null = null,
) {
  return trx.insertInto("course_booking_events").values({
    id: eventId(),
    booking_id: bookingId,
    at: at.toISOString(),
    kind,
    actor,
    detail: JSON.stringify(detail),
  });
}

/** A booking's own facts (what its order is not): course_booking_facts' columns. */
type BookingFacts = Database["course_booking_facts"];

/**
 * Writes a new booking: its order (the buyer, the status, the total), its
 * line (places, price, discount, VAT), a card booking's payment (its
 * reference comes with its PaymentIntent) and its own facts
 * (docs/decisions/076-order-tables.md).
 */
export async function storeBooking(
  trx: Transaction<Database>,
  row: CourseBooking,
  /** What is written with it (its places, its first event): in the same statement where the database allows. */
  also: readonly Insert[] = [],
): Promise<void> {
  const order = orderInserts(
    trx,
    {
      id: row.id,
      kind: "course-booking",
      status: row.status,
      buyer_name: row.booker_name,
      buyer_email: row.booker_email,
      currency: "gbp",
      total_pence: row.total_pence,
      paid_at: row.paid_at,
      source_page: null,
      is_test: row.is_test,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    [
      {
        description: describe(row),
        quantity: row.quantity,
        unit_price_pence: row.unit_price_pence,
        discount_pence: row.discount_pence,
        net_pence: row.net_pence,
        vat_rate_bp: row.vat_rate_bp,
        vat_pence: row.vat_pence,
        total_pence: row.total_pence,
      },
    ],
    row.payment_method === "card"
      ? {
          provider: "stripe",
          provider_reference: row.payment_intent_id,
          status: row.paid_at ? "succeeded" : row.payment_failure ? "failed" : "pending",
          failure_message: row.payment_failure,
          settled_at: row.paid_at,
        }
      : undefined,
  );
  const facts: Insertable<BookingFacts> = {
    id: row.id,
    reference: row.reference,
    session_key: row.session_key,
    course_id: row.course_id,
    course_title: row.course_title,
    session_label: row.session_label,
    session_starts_at: row.session_starts_at,
    session_ends_at: row.session_ends_at,
    session_first_day: row.session_first_day,
    session_last_day: row.session_last_day,
    session_format: row.session_format,
    session_venue: row.session_venue,
    payment_method: row.payment_method,
    booker_phone: row.booker_phone,
    organisation: row.organisation,
    job_title: row.job_title,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    postcode: row.postcode,
    country: row.country,
    purchase_order: row.purchase_order,
    vat_number: row.vat_number,
    price_basis: row.price_basis,
    terms_text: row.terms_text,
    terms_rules: row.terms_rules,
    terms_accepted_at: row.terms_accepted_at,
    hold_expires_at: row.hold_expires_at,
    cancelled_at: row.cancelled_at,
    cancel_reason: row.cancel_reason,
    credited_pence: row.credited_pence,
    carried_pence: row.carried_pence,
    erased_at: row.erased_at,
    rescheduled_at: row.rescheduled_at,
  };
  await insertTogether(trx, [...order, trx.insertInto("course_booking_facts").values(facts), ...also]);
}

/** What a change of status may also set: the order's payment time, the booking's hold and cancellation, the payment's failure. */
export type BookingChange = {
  status: CourseBookingStatus;
  updated_at: string;
  paid_at?: string;
  hold_expires_at?: string | null;
  cancelled_at?: string;
  cancel_reason?: string;
};

/**
 * Moves a booking from `from` to what `set` says, only if it is still in
 * `from`: true if this call did it (the one way a status changes). Paid:
 * its card payment (if any) is recorded settled.
 */
export async function claim(
  trx: Transaction<Database>,
  bookingId: string,
  from: CourseBookingStatus,
  set: BookingChange,
): Promise<boolean> {
  const { status, updated_at, paid_at, ...own } = set;
  const moved = await moveOrder(trx, bookingId, from, {
    status,
    updated_at,
    ...(paid_at === undefined ? {} : { paid_at }),
  });
  if (!moved) return false;
  if (Object.keys(own).length > 0) await updateFacts(trx, bookingId, own);
  if (paid_at !== undefined)
    await recordPayment(trx, bookingId, {
      status: "succeeded",
      failure_message: null,
      settled_at: paid_at,
      updated_at,
    });
  return true;
}

/** Updates a booking's own facts (not its status: claim). */
export async function updateFacts(
  trx: Transaction<Database>,
  bookingIds: string | readonly string[],
  set: Updateable<BookingFacts>,
): Promise<void> {
  await trx
    .updateTable("course_booking_facts")
    .set(set)
    .where("id", "in", typeof bookingIds === "string" ? [bookingIds] : [...bookingIds])
    .execute();
}

export const readBooking = (db: Db | Transaction<Database>, id: string) =>
  db.selectFrom("course_bookings").selectAll().where("id", "=", id).executeTakeFirst();
