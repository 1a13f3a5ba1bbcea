/**
 * Course bookings on the server (issue 29, docs/decisions/056-course-bookings.md):
 * placing one (by card: its places held for 15 minutes until Stripe says it
 * is paid; by invoice: the VAT invoice issued at once), the card payment's
 * outcomes, holds that lapse, an invoice marked paid, and cancelling a
 * booking or a whole session with a credit note.
 *
 * Every change is one transaction, and every change of a booking's status
 * is one conditional update (`… where status = <the status read>`), so two
 * things that race for a booking (a late payment and the hold's expiry, a
 * replayed Stripe event, two of the team cancelling) cannot both win. The
 * places are taken and given back in the same transaction (./places.server.ts),
 * and invoice numbers are taken last in it (./invoice-numbers.server.ts).
 * Prices are computed here only (./price.ts, ./vat.ts), never taken from a form.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql, type Selectable, type Transaction } from "kysely";
import { pricing } from "~/content/business.ts";
import type { Db } from "~/data/db.server.ts";
import type { CourseBookingStatus, Database } from "~/data/schema.ts";
import { formatPenceGbp } from "~/format/money.ts";
import { creditNote, CreditExceedsInvoice, type CreditRequest, type Totals } from "./credit-note.ts";
import { daysBefore } from "./days.ts";
import { issueCreditNote, issueInvoice, storedDocument, type InvoiceRow } from "./documents.server.ts";
import { takePlaces, releasePlaces } from "./places.server.ts";
import {
  bookerMailbox,
  confirmDeadline,
  defaultConfirmationRules,
  unconfirmedAllowed,
  type ConfirmationRules,
  type UnconfirmedVerdict,
} from "./confirmation.ts";
import { priceBooking, type PriceBasis } from "./price.ts";
import { sessionLabel, type BookableSession } from "./session.ts";
import type { Booker, BookingPayment, DelegatePlace, PlaceNaming } from "./booking-request.ts";
import { isPostgres } from "~/data/dialect.ts";
import { namesToFollowAllowed, tierFor } from "./terms.ts";
import { quote, type Quote, type QuoteLine } from "./vat.ts";
import { listBooking } from "./inbox-listing.server.ts";
import type { Attribution } from "~/forms/attribution.ts";
import { bookingCancelledEvent, bookingCreatedEvent, bookingPaidEvent } from "./webhook-events.server.ts";
import { parseVatNumber } from "./vat-number.ts";
import { currentBusinessSettings } from "~/settings/business-settings.server.ts";

export type CourseBooking = Selectable<Database["course_bookings"]>;
export type CourseInvoice = InvoiceRow;

/** Who books (and is invoiced), a place (a named delegate or a name to follow) and how they pay: as the form gives them (./booking-request.ts). */
export type { Booker, BookingPayment };
export type BookedPlace = DelegatePlace;

export type PlaceBookingInput = {
  session: BookableSession;
  booker: Booker;
  places: readonly BookedPlace[];
  payment: BookingPayment;
  /** The terms the booker accepted, as shown (./terms.ts's termsText()). */
  termsText: readonly string[];
  now: Date;
  isTest?: boolean;
  /** The visit that brought the booker (the page script adds it to the form), which the inbox keeps. */
  attribution?: Attribution | null;
  /** How long an invoice booking waits for its booker's confirmation, and how many places such bookings may hold (./confirmation.ts). */
  confirmation?: ConfirmationRules;
};

export type PlaceBookingRefusal =
  | "full"
  | "started"
  | "cancelled"
  | "names-to-follow-closed"
  | "unconfirmed-session"
  | "unconfirmed-booker"
  /** No business settings are saved: no invoice (nor a card's receipt) could be issued, so nothing is booked. */
  | "invoices-unavailable";

export type PlaceBookingResult =
  { ok: true; booking: CourseBooking } | { ok: false; reason: PlaceBookingRefusal; left?: number };

/**
 * What a caller does in the transaction of a change, once it is made (its
 * e-mails, queued in the outbox): it commits or rolls back with the change.
 */
export type AlsoInTransaction<R> = (trx: Transaction<Database>, result: R) => Promise<void>;

/** Runs `work` in a transaction of `db`, or in `db` itself when it is one already (the Stripe webhook's). */
function inTransaction<T>(
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
const isLive = (status: CourseBookingStatus): status is (typeof liveStatuses)[number] =>
  (liveStatuses as readonly string[]).includes(status);

/** The statuses of a booking that is real (confirmed by its booker or paid): only these write to delegates. */
const confirmedStatuses = ["invoiced", "paid"] as const satisfies readonly CourseBookingStatus[];

// ---------------------------------------------------------------------------
// Small pieces
// ---------------------------------------------------------------------------

const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A short code for the booker and the team: "MB-" and 8 characters no one misreads (no 0/O, 1/I/L). */
export function newReference(): string {
  const bytes = randomBytes(8);
  return `MB-${[...bytes].map((b) => referenceAlphabet[b % referenceAlphabet.length]).join("")}`;
}

const isNamed = (place: BookedPlace): place is Extract<BookedPlace, { name: string }> => !("namesToFollow" in place);

/** The invoice line's description. */
function describe(booking: Pick<CourseBooking, "course_title" | "session_label" | "price_basis">): string {
  const basis = booking.price_basis === "early-bird" ? " (early-bird price)" : "";
  return `${booking.course_title}, ${booking.session_label}${basis}`;
}

/** The booking's quote, from what it stored (the same as when it was placed). */
function quoteOf(booking: CourseBooking, vatRateBasisPoints = booking.vat_rate_bp): Quote {
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
async function claim(
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

const readBooking = (db: Db | Transaction<Database>, id: string) =>
  db.selectFrom("course_bookings").selectAll().where("id", "=", id).executeTakeFirst();

// ---------------------------------------------------------------------------
// Placing a booking
// ---------------------------------------------------------------------------

/**
 * Books `places` on `session` for `booker`: refused while the session is
 * cancelled or has started, "names to follow" once names are due, and
 * "full" when fewer places are left than asked. By invoice the booking is
 * `unconfirmed`: its places are held until its booker confirms it from
 * their inbox (confirmBooking), no invoice number is taken and nothing is
 * told to anyone yet, and it is refused beyond the limits on places held
 * unconfirmed (./confirmation.ts). By card it is `held` for 15 minutes and
 * has no invoice until paid. Refused while no business settings are saved
 * (no invoice could be issued: "invoices-unavailable").
 */
export async function placeBooking(
  db: Db,
  input: PlaceBookingInput,
  also?: AlsoInTransaction<Extract<PlaceBookingResult, { ok: true }>>,
): Promise<PlaceBookingResult> {
  const { session, booker, places, payment, termsText, now } = input;
  const rules = input.confirmation ?? defaultConfirmationRules;
  if (places.length < 1) throw new RangeError("A booking has at least one place");
  if (termsText.length === 0) throw new RangeError("A booking keeps the terms accepted");
  if (session.state === "cancelled") return { ok: false, reason: "cancelled" };
  if (now.getTime() >= session.startsAt.getTime()) return { ok: false, reason: "started" };
  if (places.some((p) => !isNamed(p)) && !namesToFollowAllowed(session.startsAt, now)) {
    return { ok: false, reason: "names-to-follow-closed" };
  }
  // Every booking ends in a VAT invoice (by invoice, or a card's receipt): without the business
  // settings none can be issued, so none is placed (no places held, no number taken; ADR 066).
  if ((await currentBusinessSettings(db)) === null) return { ok: false, reason: "invoices-unavailable" };
  let vatNumber: string | null = null;
  if (payment.method === "invoice" && payment.vatNumber !== null) {
    const parsed = parseVatNumber(payment.vatNumber);
    if (!parsed.ok) throw new RangeError(parsed.message);
    vatNumber = parsed.value;
  }

  const line = priceBooking({ session: session.price, places, bookedAt: now });
  const at = now.toISOString();
  const label = sessionLabel(session);
  const byCard = payment.method === "card";
  const row: CourseBooking = {
    id: randomUUID(),
    reference: newReference(),
    session_key: session.key,
    course_id: session.courseId,
    course_title: session.courseTitle,
    session_label: label,
    session_starts_at: session.startsAt.toISOString(),
    session_ends_at: session.endsAt.toISOString(),
    session_first_day: session.firstDay,
    session_last_day: session.lastDay,
    session_format: session.format,
    session_venue: session.venue ? JSON.stringify(session.venue) : null,
    status: byCard ? "held" : "unconfirmed",
    payment_method: payment.method,
    booker_name: booker.name,
    booker_email: booker.email,
    booker_phone: booker.phone,
    organisation: booker.organisation,
    job_title: booker.jobTitle,
    address_line1: booker.addressLine1,
    address_line2: booker.addressLine2 ?? null,
    city: booker.city,
    postcode: booker.postcode,
    country: booker.country,
    purchase_order: payment.method === "invoice" ? payment.purchaseOrder : null,
    vat_number: vatNumber,
    quantity: line.quantity,
    unit_price_pence: line.unitPricePence,
    discount_pence: line.discountPence,
    net_pence: 0,
    vat_rate_bp: 0,
    vat_pence: 0,
    total_pence: 0,
    price_basis: line.basis satisfies PriceBasis,
    terms_text: JSON.stringify(termsText),
    terms_accepted_at: at,
    hold_expires_at: (byCard
      ? new Date(now.getTime() + holdMinutes * 60_000)
      : confirmDeadline(now, rules.confirmHours, session.startsAt)
    ).toISOString(),
    payment_intent_id: null,
    client_secret: null,
    payment_failure: null,
    paid_at: null,
    cancelled_at: null,
    cancel_reason: null,
    credited_pence: 0,
    erased_at: null,
    created_at: at,
    updated_at: at,
    is_test: input.isTest ? 1 : 0,
  };
  const quoted = quoteOf(row, pricing.vatRateBasisPoints);
  Object.assign(row, {
    net_pence: quoted.netPence,
    vat_rate_bp: quoted.lines[0]!.vatRateBasisPoints,
    vat_pence: quoted.vatPence,
    total_pence: quoted.grossPence,
  });

  // The places are taken last, just before the commit: their row is what every booking of the
  // session waits on, so it is held for the fewest statements. A session without the places rolls
  // the whole booking back. An invoice booking takes no invoice number: it is issued on confirmation.
  return db
    .transaction()
    .execute(async (trx): Promise<PlaceBookingResult> => {
      if (!byCard) {
        const verdict = await unconfirmedRoom(
          trx,
          { sessionKey: session.key, email: booker.email, asked: places.length },
          rules,
        );
        if (!verdict.ok) throw new UnconfirmedLimit(verdict.reason);
      }
      await trx.insertInto("course_bookings").values(row).execute();
      await trx
        .insertInto("course_booking_delegates")
        .values(
          places.map((place, i) => ({
            id: randomUUID(),
            booking_id: row.id,
            position: i + 1,
            name: isNamed(place) ? place.name : null,
            email: isNamed(place) ? place.email : null,
            job_title: isNamed(place) ? place.jobTitle : null,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      await addEvent(trx, row.id, now, "created", {
        places: places.length,
        namesToFollow: places.filter((p) => !isNamed(p)).length,
        method: payment.method,
        totalPence: row.total_pence,
      });
      // Listed in the inbox with the booking (before the places: their rows are held the fewest statements).
      await listBooking(trx, row, { pillar: session.pillar ?? null, attribution: input.attribution ?? null });
      await addEvent(trx, row.id, now, byCard ? "held" : "awaiting-confirmation", { until: row.hold_expires_at });
      const taken = await takePlaces(trx, session.key, places.length, now);
      if (!taken.ok) throw new NoPlaces(taken.left);
      if (byCard) {
        await bookingCreatedEvent(
          trx,
          row,
          { namedDelegates: places.filter(isNamed).length, invoiceNumber: null, holdExpiresAt: row.hold_expires_at },
          now,
        );
      }
      const placed = { ok: true as const, booking: row };
      await also?.(trx, placed);
      return placed;
    })
    .catch((error: unknown) => {
      if (error instanceof NoPlaces) return { ok: false as const, reason: "full" as const, left: error.left };
      if (error instanceof UnconfirmedLimit) return { ok: false as const, reason: error.reason };
      throw error;
    });
}

/** Too many places held unconfirmed: the booking's transaction rolls back and the caller says which limit. */
class UnconfirmedLimit extends Error {
  readonly reason: "unconfirmed-session" | "unconfirmed-booker";
  constructor(which: "session" | "booker") {
    super(`Unconfirmed limit per ${which}`);
    this.reason = which === "session" ? "unconfirmed-session" : "unconfirmed-booker";
  }
}

/**
 * Whether a new unconfirmed booking fits the limits, read inside its
 * transaction so that two bookings cannot both fit the last room: on
 * PostgreSQL the session's places row is locked first (every booking of
 * the session waits on it anyway) and the booker's address by a
 * transaction advisory lock (their bookings may be on other sessions); on
 * SQLite one transaction writes at a time and this one begins with the lock.
 */
async function unconfirmedRoom(
  trx: Transaction<Database>,
  { sessionKey, email, asked }: { sessionKey: string; email: string; asked: number },
  rules: ConfirmationRules,
): Promise<UnconfirmedVerdict> {
  // One count per mailbox: "ann+1@" and "ann+2@" are ann's (confirmation.ts).
  const address = bookerMailbox(email);
  const at = address.lastIndexOf("@");
  const tagged = `${address.slice(0, at).replace(/[\\%_]/g, "\\$&")}+%${address.slice(at).replace(/[\\%_]/g, "\\$&")}`;
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`course-booker:${address}`}, 0))`.execute(trx);
  }
  const capacity = await trx
    .selectFrom("course_session_places")
    .select(["capacity", "taken"])
    .where("session_key", "=", sessionKey)
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .executeTakeFirst();
  // More places than are left is "full", whatever else is held.
  if (capacity && capacity.capacity - capacity.taken < asked) throw new NoPlaces(capacity.capacity - capacity.taken);
  const held = await trx
    .selectFrom("course_bookings")
    .select(["session_key", "quantity", "booker_email"])
    .where("status", "=", "unconfirmed")
    .where((eb) =>
      eb.or([
        eb("session_key", "=", sessionKey),
        eb(eb.fn("lower", ["booker_email"]), "=", address),
        sql<boolean>`lower(booker_email) like ${tagged} escape '\\'`,
      ]),
    )
    .execute();
  const mine = held.filter((b) => bookerMailbox(b.booker_email) === address);
  return unconfirmedAllowed(
    {
      asked,
      sessionCapacity: capacity?.capacity ?? 0,
      sessionHeld: held.filter((b) => b.session_key === sessionKey).reduce((sum, b) => sum + b.quantity, 0),
      bookerPlaces: mine.reduce((sum, b) => sum + b.quantity, 0),
      bookerBookings: mine.length,
    },
    rules,
  );
}

export type ConfirmBookingResult =
  | { ok: true; booking: CourseBooking; invoice: CourseInvoice }
  | { ok: false; reason: "not-found" | "already-confirmed" | "lapsed" | "not-unconfirmed" | "invoices-unavailable" };

/**
 * The booker confirmed their invoice booking from their inbox: while it is
 * still unconfirmed and its hold has not lapsed (one conditional update, so
 * a lapse, a second click or the team's cancel racing it cannot both win),
 * it becomes `invoiced`, its VAT invoice is issued (the invoice number taken
 * now, never before) and `booking.created` is sent. Idempotent: a second
 * confirmation changes nothing ("already-confirmed").
 */
export async function confirmBooking(
  db: Db,
  bookingId: string,
  now: Date,
  also?: AlsoInTransaction<Extract<ConfirmBookingResult, { ok: true }>>,
): Promise<ConfirmBookingResult> {
  return db.transaction().execute(async (trx): Promise<ConfirmBookingResult> => {
    const at = now.toISOString();
    // A booking held before any business settings were saved (a site upgraded
    // with bookings awaiting confirmation) stays held, unconfirmed, until they
    // are: no invoice can be issued without them (ADR 066).
    if ((await currentBusinessSettings(trx)) === null) return { ok: false, reason: "invoices-unavailable" };
    const result = await trx
      .updateTable("course_bookings")
      .set({ status: "invoiced", hold_expires_at: null, updated_at: at })
      .where("id", "=", bookingId)
      .where("status", "=", "unconfirmed")
      .where("hold_expires_at", ">", at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const booking = await readBooking(trx, bookingId);
      if (!booking) return { ok: false, reason: "not-found" };
      if ((confirmedStatuses as readonly string[]).includes(booking.status)) {
        return { ok: false, reason: "already-confirmed" };
      }
      return {
        ok: false,
        reason: booking.status === "unconfirmed" || booking.status === "lapsed" ? "lapsed" : "not-unconfirmed",
      };
    }
    const booking = (await readBooking(trx, bookingId))!;
    await addEvent(trx, bookingId, now, "confirmed", {});
    const invoice = await issueInvoice(trx, booking, quoteOf(booking), { now, paid: false });
    await addEvent(trx, bookingId, now, "invoice-issued", { number: invoice.number, dueDate: invoice.due_date });
    const namedDelegates = await trx
      .selectFrom("course_booking_delegates")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("booking_id", "=", bookingId)
      .where("email", "is not", null)
      .executeTakeFirstOrThrow();
    await bookingCreatedEvent(
      trx,
      booking,
      { namedDelegates: Number(namedDelegates.n), invoiceNumber: invoice.number, holdExpiresAt: null },
      now,
    );
    const done = { ok: true as const, booking, invoice };
    await also?.(trx, done);
    return done;
  });
}

/** Fewer places are left than a booking asks for: its transaction rolls back and the caller hears "full". */
class NoPlaces extends Error {
  readonly left: number;
  constructor(left: number) {
    super(`Only ${left} places left`);
    this.left = left;
  }
}

// ---------------------------------------------------------------------------
// Card payments
// ---------------------------------------------------------------------------

/** Records the Stripe payment a held card booking is paid with. False if the booking is not held (or unknown). */
export async function attachPaymentIntent(
  db: Db,
  bookingId: string,
  { paymentIntentId, clientSecret }: { paymentIntentId: string; clientSecret: string },
): Promise<boolean> {
  const result = await db
    .updateTable("course_bookings")
    .set({ payment_intent_id: paymentIntentId, client_secret: clientSecret })
    .where("id", "=", bookingId)
    .where("status", "=", "held")
    .where("payment_method", "=", "card")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type CardPaymentOutcome =
  /** Paid: the booking is `paid` and its receipt (a VAT invoice marked paid) issued. */
  | { outcome: "confirmed"; booking: CourseBooking; invoice: CourseInvoice }
  /** Paid after the hold lapsed and the places went meanwhile: the caller refunds `amountPence` through Stripe. */
  | { outcome: "refund"; booking: CourseBooking; paymentIntentId: string; amountPence: number }
  /**
   * Nothing changed: an unknown payment, or one already handled (a replay,
   * an event out of order). Its amount and currency were checked before, by
   * the Stripe module (../stripe/settle.server.ts).
   */
  | { outcome: "unchanged"; reason: "unknown-payment" | "already-handled" };

/** Every course booking is priced and charged in pounds sterling (Stripe's lower-case code). */
export const bookingCurrency = "gbp";

/**
 * Stripe says the payment `paymentIntentId` (its amount and currency already
 * checked against the booking's) succeeded. Idempotent: only a
 * booking still `held` (or `expired`, a late payment) changes. A late
 * payment takes its places again if they are still free; else the booking is
 * cancelled and the caller must refund it.
 */
export async function confirmCardPayment(
  db: Db | Transaction<Database>,
  { paymentIntentId, amountPence, now }: { paymentIntentId: string; amountPence: number; now: Date },
): Promise<CardPaymentOutcome> {
  return inTransaction(db, async (trx): Promise<CardPaymentOutcome> => {
    const found = await trx
      .selectFrom("course_bookings")
      .selectAll()
      .where("payment_intent_id", "=", paymentIntentId)
      .executeTakeFirst();
    if (!found) return { outcome: "unchanged", reason: "unknown-payment" };
    const at = now.toISOString();
    const paid = { status: "paid" as const, paid_at: at, hold_expires_at: null, payment_failure: null, updated_at: at };

    let booking = found;
    if (booking.status === "held") {
      if (await claim(trx, booking.id, "held", paid)) return receipt(trx, booking.id, now);
      // The hold's expiry won the race: read what it left.
      booking = (await readBooking(trx, booking.id))!;
    }
    if (!(await claim(trx, booking.id, "expired", paid))) return { outcome: "unchanged", reason: "already-handled" };
    const taken = await takePlaces(trx, booking.session_key, booking.quantity, now);
    if (taken.ok) {
      await addEvent(trx, booking.id, now, "places-retaken", { places: booking.quantity });
      return receipt(trx, booking.id, now);
    }
    await trx
      .updateTable("course_bookings")
      .set({
        status: "cancelled",
        cancelled_at: at,
        cancel_reason: "Paid after its hold had lapsed, when the places had gone: refunded in full",
        updated_at: at,
      })
      .where("id", "=", booking.id)
      .execute();
    await addEvent(trx, booking.id, now, "refund", { amountPence, reason: "late-payment-no-places" });
    const refunded = (await readBooking(trx, booking.id))!;
    await bookingCancelledEvent(
      trx,
      refunded,
      { creditNoteNumber: null, creditedPence: 0, refundPence: amountPence },
      now,
    );
    return { outcome: "refund", booking: refunded, paymentIntentId, amountPence };
  });
}

/** Issues a card booking's receipt (its VAT invoice, paid) once it is `paid`. */
async function receipt(trx: Transaction<Database>, bookingId: string, now: Date): Promise<CardPaymentOutcome> {
  const booking = (await readBooking(trx, bookingId))!;
  await addEvent(trx, bookingId, now, "paid", { amountPence: booking.total_pence, method: "card" });
  const invoice = await issueInvoice(trx, booking, quoteOf(booking), { now, paid: true });
  await addEvent(trx, bookingId, now, "invoice-issued", { number: invoice.number, paid: true });
  await bookingPaidEvent(trx, booking, { invoiceNumber: invoice.number }, now);
  return { outcome: "confirmed", booking, invoice };
}

/**
 * Stripe says a payment attempt failed: noted on a held booking (the booker
 * may try again while the hold lasts; the places go back when it lapses).
 * False if nothing changed (unknown, no longer held, or the same message again).
 */
export async function cardPaymentFailed(
  db: Db | Transaction<Database>,
  { paymentIntentId, message, now }: { paymentIntentId: string; message: string; now: Date },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const booking = await trx
      .selectFrom("course_bookings")
      .select(["id", "status", "payment_failure"])
      .where("payment_intent_id", "=", paymentIntentId)
      .executeTakeFirst();
    if (!booking || booking.status !== "held" || booking.payment_failure === message) return false;
    await trx
      .updateTable("course_bookings")
      .set({ payment_failure: message, updated_at: now.toISOString() })
      .where("id", "=", booking.id)
      .where("status", "=", "held")
      .execute();
    await addEvent(trx, booking.id, now, "payment-failed", { message });
    return true;
  });
}

/**
 * Held card bookings whose hold lapsed by `now` become `expired`, and
 * invoice bookings their bookers did not confirm in time become `lapsed`;
 * both give their places back (no invoice number was taken): one
 * transaction and one conditional update per booking, so a payment or a
 * confirmation made meanwhile keeps its places. How many lapsed.
 */
export async function expireHolds(db: Db, now: Date, batch = 200): Promise<{ expired: number }> {
  const at = now.toISOString();
  let expired = 0;
  for (;;) {
    const due = await db
      .selectFrom("course_bookings")
      .select(["id", "session_key", "quantity", "status"])
      .where("status", "in", ["held", "unconfirmed"])
      .where("hold_expires_at", "<=", at)
      .orderBy("hold_expires_at")
      .limit(batch)
      .execute();
    for (const booking of due) {
      const why = booking.status === "unconfirmed" ? "not-confirmed" : "expired";
      if (await letHoldGo(db, booking, now, why)) expired++;
    }
    if (due.length < batch) return { expired };
  }
}

/** A held (or unconfirmed) booking lapses and gives its places back (one conditional update): false if it was no longer so. */
function letHoldGo(
  db: Db,
  booking: Pick<CourseBooking, "id" | "session_key" | "quantity">,
  now: Date,
  why: "expired" | "payment-unavailable" | "not-confirmed",
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const [from, to] = why === "not-confirmed" ? (["unconfirmed", "lapsed"] as const) : (["held", "expired"] as const);
    if (!(await claim(trx, booking.id, from, { status: to, updated_at: now.toISOString() }))) return false;
    await releasePlaces(trx, booking.session_key, booking.quantity, now);
    await addEvent(trx, booking.id, now, why, { placesReleased: booking.quantity });
    return true;
  });
}

/**
 * The card payment could not be set up (Stripe unreachable): the hold goes
 * at once, so no places stay held for a payment that cannot be made.
 */
export function releaseHold(db: Db, booking: Pick<CourseBooking, "id" | "session_key" | "quantity">, now: Date) {
  return letHoldGo(db, booking, now, "payment-unavailable");
}

// ---------------------------------------------------------------------------
// The team's acts
// ---------------------------------------------------------------------------

export type MarkPaidResult = { ok: true; booking: CourseBooking } | { ok: false; reason: "not-found" | "not-invoiced" };

/** The transfer for an invoiced booking arrived: `paid`, with who said so. */
export async function markInvoicePaid(
  db: Db,
  bookingId: string,
  { staffId, now, note }: { staffId: string; now: Date; note?: string },
  also?: AlsoInTransaction<Extract<MarkPaidResult, { ok: true }>>,
): Promise<MarkPaidResult> {
  return db.transaction().execute(async (trx): Promise<MarkPaidResult> => {
    const at = now.toISOString();
    if (!(await claim(trx, bookingId, "invoiced", { status: "paid", paid_at: at, updated_at: at }))) {
      return { ok: false, reason: (await readBooking(trx, bookingId)) ? "not-invoiced" : "not-found" };
    }
    const booking = (await readBooking(trx, bookingId))!;
    await addEvent(
      trx,
      bookingId,
      now,
      "paid",
      { amountPence: booking.total_pence, method: "invoice", note: note ?? null },
      staffId,
    );
    const invoice = await trx
      .selectFrom("course_invoices")
      .select("number")
      .where("booking_id", "=", bookingId)
      .where("kind", "=", "invoice")
      .executeTakeFirst();
    await bookingPaidEvent(trx, booking, { invoiceNumber: invoice?.number ?? null }, now);
    const done = { ok: true as const, booking };
    await also?.(trx, done);
    return done;
  });
}

export type NamePlaceRefusal = "not-found" | "not-live" | "started" | "no-such-place" | "taken" | "unchanged";

export type NamePlaceResult =
  | {
      ok: true;
      booking: CourseBooking;
      position: number;
      delegate: PlaceNaming["delegate"];
      /** Who held the place before (a substitution), or null when its name was to follow. */
      previous: { name: string; email: string } | null;
    }
  | { ok: false; reason: NamePlaceRefusal };

/**
 * Names a place whose name was to follow, or gives a named place to a
 * substitute (the terms allow both, free, until the course starts): while
 * the booking is live and the session has not started, never to someone
 * already on the booking. The timeline records which place changed, not
 * who (an erased delegate's name must not stay in it).
 */
export async function namePlace(
  db: Db,
  bookingId: string,
  { position, delegate, now, staffId }: PlaceNaming & { now: Date; staffId: string },
  also?: AlsoInTransaction<Extract<NamePlaceResult, { ok: true }>>,
): Promise<NamePlaceResult> {
  return db.transaction().execute(async (trx): Promise<NamePlaceResult> => {
    // One change to a booking's places at a time (SQLite's transactions begin with the lock).
    const booking = await trx
      .selectFrom("course_bookings")
      .selectAll()
      .where("id", "=", bookingId)
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!booking) return { ok: false, reason: "not-found" };
    // Not on a booking its booker has not confirmed: the place's delegate would be written to.
    if (!["held", ...confirmedStatuses].includes(booking.status) || booking.erased_at !== null) {
      return { ok: false, reason: "not-live" };
    }
    if (now.getTime() >= Date.parse(booking.session_starts_at)) return { ok: false, reason: "started" };
    const places = await trx
      .selectFrom("course_booking_delegates")
      .select(["id", "position", "name", "email"])
      .where("booking_id", "=", bookingId)
      .execute();
    const place = places.find((p) => p.position === position);
    if (!place) return { ok: false, reason: "no-such-place" };
    const address = delegate.email.toLowerCase();
    if (places.some((p) => p.position !== position && p.email?.toLowerCase() === address)) {
      return { ok: false, reason: "taken" };
    }
    if (place.email?.toLowerCase() === address && place.name === delegate.name)
      return { ok: false, reason: "unchanged" };
    const previous = place.name !== null && place.email !== null ? { name: place.name, email: place.email } : null;
    const at = now.toISOString();
    await trx
      .updateTable("course_booking_delegates")
      .set({ name: delegate.name, email: delegate.email, job_title: delegate.jobTitle, updated_at: at })
      .where("id", "=", place.id)
      .execute();
    await addEvent(trx, bookingId, now, previous ? "delegate-substituted" : "place-named", { position }, staffId);
    const done = { ok: true as const, booking, position, delegate, previous };
    await also?.(trx, done);
    return done;
  });
}

export type CancelOptions = {
  now: Date;
  staffId: string;
  /** Why (kept with the booking; the credit note's reason). */
  reason?: string;
  /** Credit this gross amount instead of what the terms give (a reason required; never above what is left to credit). */
  override?: { grossPence: number; reason: string };
};

export type CancelResult =
  | {
      ok: true;
      /** What the booking was before it was cancelled. */
      from: (typeof liveStatuses)[number];
      booking: CourseBooking;
      creditNote?: CourseInvoice;
      /** What the caller must pay back: the credit on a paid booking (0 when nothing was paid). */
      refundPence: number;
      /** The card payment to refund `refundPence` from through Stripe; null for a transfer (the team refunds it). */
      paymentIntentId: string | null;
    }
  | { ok: false; reason: "not-found" | "not-live" | "override-reason-missing" | "override-too-large"; message: string };

const cancelMessages = {
  "not-found": "There is no such booking.",
  "not-live": "This booking is already cancelled or expired.",
  "override-reason-missing": "Say why the credit differs from what the terms give.",
} as const;

/**
 * Cancels a live booking: its places go back, and when it has an invoice a
 * credit note credits what the terms give for the day (./terms.ts's tiers:
 * the share of the fee, days before the first day in London), or the team's
 * override. An unpaid invoice still owes the tier's fee: the note credits
 * the rest (ADR 056). A paid booking is refunded what is credited.
 */
export async function cancelBooking(
  db: Db,
  bookingId: string,
  options: CancelOptions,
  also?: AlsoInTransaction<Extract<CancelResult, { ok: true }>>,
): Promise<CancelResult> {
  const { override } = options;
  if (override && override.reason.trim() === "") {
    return { ok: false, reason: "override-reason-missing", message: cancelMessages["override-reason-missing"] };
  }
  return cancelWith(
    db,
    bookingId,
    options,
    (booking) =>
      override
        ? { grossPence: override.grossPence }
        : {
            basisPoints: tierFor(daysBefore(new Date(booking.session_starts_at), options.now)).creditBasisPoints,
          },
    also,
  );
}

/** Runs the cancellation in one transaction; `credit` says what to credit given the booking. */
function cancelWith(
  db: Db,
  bookingId: string,
  { now, staffId, reason, override }: CancelOptions,
  credit: (booking: CourseBooking) => CreditRequest,
  also?: AlsoInTransaction<Extract<CancelResult, { ok: true }>>,
): Promise<CancelResult> {
  return db
    .transaction()
    .execute(async (trx): Promise<CancelResult> => {
      const booking = await readBooking(trx, bookingId);
      if (!booking) return { ok: false, reason: "not-found", message: cancelMessages["not-found"] };
      const status = booking.status;
      if (!isLive(status)) return { ok: false, reason: "not-live", message: cancelMessages["not-live"] };
      const from = status;
      const at = now.toISOString();
      const why = override?.reason ?? reason ?? "Cancelled at the customer's request";
      if (
        !(await claim(trx, bookingId, from, {
          status: "cancelled",
          cancelled_at: at,
          cancel_reason: why,
          updated_at: at,
        }))
      ) {
        return { ok: false, reason: "not-live", message: cancelMessages["not-live"] };
      }
      await releasePlaces(trx, booking.session_key, booking.quantity, now);

      const invoice = await trx
        .selectFrom("course_invoices")
        .selectAll()
        .where("booking_id", "=", bookingId)
        .where("kind", "=", "invoice")
        .executeTakeFirst();
      const paid = from === "paid";
      let note: CourseInvoice | undefined;
      if (invoice) {
        const earlier = await trx
          .selectFrom("course_invoices")
          .select(["net_pence", "vat_pence"])
          .where("related_invoice_id", "=", invoice.id)
          .execute();
        const already: Totals = {
          netPence: earlier.reduce((sum, r) => sum + r.net_pence, 0),
          vatPence: earlier.reduce((sum, r) => sum + r.vat_pence, 0),
        };
        const doc = storedDocument(invoice);
        const invoiced: Quote = { lines: doc.lines as QuoteLine[], ...doc.totals };
        let amounts;
        try {
          amounts = creditNote(invoiced, credit(booking), already);
        } catch (error) {
          if (!(error instanceof CreditExceedsInvoice)) throw error;
          throw new OverrideTooLarge(error.message);
        }
        if (amounts.grossPence > 0) {
          const leftDue = invoice.total_pence - already.netPence - already.vatPence - amounts.grossPence;
          const settlement = paid
            ? booking.payment_method === "card"
              ? "Refunded to the card the booking was paid with."
              : "Refunded by bank transfer."
            : leftDue > 0
              ? `Deducted from invoice ${invoice.number}: ${formatPenceGbp(leftDue)} of it remains due.`
              : `Invoice ${invoice.number} is cancelled in full: nothing is due.`;
          note = await issueCreditNote(trx, booking, invoice, amounts, { now, reason: why, settlement });
          await trx
            .updateTable("course_bookings")
            .set((eb) => ({ credited_pence: eb("credited_pence", "+", amounts.grossPence) }))
            .where("id", "=", bookingId)
            .execute();
          await addEvent(
            trx,
            bookingId,
            now,
            "credit-note-issued",
            { number: note.number, grossPence: amounts.grossPence },
            staffId,
          );
        }
      }
      const refundPence = paid && note ? note.total_pence : 0;
      await addEvent(
        trx,
        bookingId,
        now,
        "cancelled",
        { from, reason: why, override: override ? override.grossPence : null, refundPence },
        staffId,
      );
      const cancelled = (await readBooking(trx, bookingId))!;
      // An unconfirmed booking was never announced (booking.created waits for
      // the booker's confirmation), so its end is not either.
      if (from !== "unconfirmed") {
        await bookingCancelledEvent(
          trx,
          cancelled,
          { creditNoteNumber: note?.number ?? null, creditedPence: note?.total_pence ?? 0, refundPence },
          now,
        );
      }
      const done = {
        ok: true as const,
        from,
        booking: cancelled,
        ...(note ? { creditNote: note } : {}),
        refundPence,
        paymentIntentId: paid && booking.payment_method === "card" ? booking.payment_intent_id : null,
      };
      await also?.(trx, done);
      return done;
    })
    .catch((error: unknown) => {
      if (error instanceof OverrideTooLarge) {
        return { ok: false as const, reason: "override-too-large" as const, message: error.message };
      }
      throw error;
    });
}

/** An override above what is left to credit: the transaction rolls back and the caller gets the message. */
class OverrideTooLarge extends Error {}

/**
 * The session is cancelled: every live booking on it is cancelled with a
 * full credit of what is left on its invoice. The results, one per booking.
 */
export async function cancelSession(
  db: Db,
  sessionKey: string,
  { now, staffId, reason }: { now: Date; staffId: string; reason: string },
  also?: AlsoInTransaction<Extract<CancelResult, { ok: true }>>,
): Promise<{ bookingId: string; result: CancelResult }[]> {
  const live = await db
    .selectFrom("course_bookings")
    .select("id")
    .where("session_key", "=", sessionKey)
    .where("status", "in", liveStatuses)
    .orderBy("created_at")
    .execute();
  const results = [];
  for (const { id } of live) {
    results.push({
      bookingId: id,
      result: await cancelWith(
        db,
        id,
        { now, staffId, reason: `Session cancelled: ${reason}` },
        () => ({ basisPoints: 10_000 }),
        also,
      ),
    });
  }
  return results;
}
