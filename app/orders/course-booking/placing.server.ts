/**
 * Placing a course booking (issue 29, ADR 056, 060): by card, its places
 * held for 15 minutes until Stripe says it is paid (./card-payments.server.ts);
 * by invoice, held unconfirmed until its booker confirms it from their
 * inbox, when its VAT invoice is issued. One transaction each; the
 * session's places, and on confirmation the invoice number, are taken last
 * in it, after everything else is written and what is said of it composed
 * (docs/decisions/072-compose-before-taking.md).
 */
import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { pricing } from "~/content/business.ts";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { isPostgres } from "~/data/dialect.ts";
import { likeLiteral } from "~/data/same-address.ts";
import type { Attribution } from "~/forms/attribution.ts";
import { currentBusinessSettings } from "~/settings/business-settings.server.ts";
import {
  addEvent,
  isConfirmed,
  eventInsert,
  holdMinutes,
  isNamed,
  newReference,
  quoteOf,
  readBooking,
  storeBooking,
  updateFacts,
  type BookedPlace,
  type Booker,
  type BookingPayment,
  type ComposeBeforeNumber,
  type CourseBooking,
  type CourseInvoice,
  type StoredDelegate,
} from "./booking-store.server.ts";
import {
  bookerMailbox,
  confirmDeadline,
  defaultConfirmationRules,
  unconfirmedAllowed,
  type ConfirmationRules,
  type UnconfirmedNow,
} from "./confirmation.ts";
import { draftInvoice } from "./documents.server.ts";
import type { Insert } from "../store.server.ts";
import { bookingLeadInsert } from "./inbox-listing.server.ts";
import { takePlaces } from "./places.server.ts";
import { priceBooking, type PriceBasis } from "./price.ts";
import type { BookableSession } from "./session.ts";
import { sessionCopy } from "./session-copies.server.ts";
import { courseBookingTerms, namesToFollowAllowed } from "./terms.ts";
import { parseVatNumber } from "./vat-number.ts";
import { acceptOffer } from "./waiting.server.ts";
import { bookingCreatedEvent } from "./webhook-events.server.ts";

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
  /**
   * An offer from the date's waiting list (ADR 083): its places are already
   * held for it, so the booking takes none; the transaction marks the offer
   * accepted instead, and is refused ("offer-gone") once it no longer holds
   * exactly these places on this date.
   */
  offer?: { id: string };
};

export type PlaceBookingRefusal =
  | "full"
  | "started"
  | "cancelled"
  | "names-to-follow-closed"
  | "unconfirmed-session"
  | "unconfirmed-booker"
  /** No business settings are saved: no invoice (nor a card's receipt) could be issued, so nothing is booked. */
  | "invoices-unavailable"
  /** The waiting list's offer the booking was made from has lapsed, been used or does not match. */
  | "offer-gone";

export type PlaceBookingResult =
  { ok: true; booking: CourseBooking } | { ok: false; reason: PlaceBookingRefusal; left?: number };

/**
 * What a caller writes with a new booking (its link, its e-mail), in two
 * steps: called before the booking's transaction with the booking and its
 * places as they will be stored, it composes what it writes (nothing is
 * held meanwhile); the inserts it returns for the transaction are written
 * with the booking (in its one statement on PostgreSQL), before the places
 * are taken, and commit or roll back with it.
 */
export type ComposeWithBooking = (
  placed: Extract<PlaceBookingResult, { ok: true }>,
  delegates: readonly StoredDelegate[],
) => (trx: Transaction<Database>) => readonly Insert[];

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
  compose?: ComposeWithBooking,
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
  const byCard = payment.method === "card";
  const row: CourseBooking = {
    id: randomUUID(),
    reference: newReference(),
    session_key: session.key,
    course_id: session.courseId,
    course_title: session.courseTitle,
    ...sessionCopy(session),
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
    // The rules of those terms, kept with them: the booker's later changes are worked out from them.
    terms_rules: JSON.stringify(courseBookingTerms),
    terms_accepted_at: at,
    hold_expires_at: (byCard
      ? new Date(now.getTime() + holdMinutes * 60_000)
      : confirmDeadline(now, rules.confirmHours, session.startsAt)
    ).toISOString(),
    payment_intent_id: null,
    payment_failure: null,
    payment_status: byCard ? "pending" : null,
    paid_at: null,
    cancelled_at: null,
    cancel_reason: null,
    credited_pence: 0,
    carried_pence: 0,
    erased_at: null,
    rescheduled_at: null,
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

  const delegates: StoredDelegate[] = places.map((place, i) => ({
    id: randomUUID(),
    booking_id: row.id,
    position: i + 1,
    name: isNamed(place) ? place.name : null,
    email: isNamed(place) ? place.email : null,
    job_title: isNamed(place) ? place.jobTitle : null,
    created_at: at,
    updated_at: at,
  }));
  const placed = { ok: true as const, booking: row };
  // What the caller writes with the booking (its link, its e-mail) is composed now, before the
  // transaction: nothing is held while it works (ADR 072).
  const write = compose?.(placed, delegates);

  // The places are taken last, just before the commit: their row is what every booking of the
  // session waits on, so it is held for the fewest statements: everything else is written first
  // (new rows no other booking waits on), the caller's writes too. A session without the places
  // rolls the whole booking back. An invoice booking takes no invoice number: it is issued on
  // confirmation.
  return db
    .transaction()
    .execute(async (trx): Promise<PlaceBookingResult> => {
      // The booking, its order, its places, its first events and its row in the inbox: one
      // statement on PostgreSQL.
      await storeBooking(trx, row, [
        trx.insertInto("course_booking_delegates").values(delegates),
        eventInsert(trx, row.id, now, "created", {
          places: places.length,
          namesToFollow: places.filter((p) => !isNamed(p)).length,
          method: payment.method,
          totalPence: row.total_pence,
        }),
        eventInsert(trx, row.id, now, byCard ? "held" : "awaiting-confirmation", { until: row.hold_expires_at }),
        bookingLeadInsert(trx, row, { pillar: session.pillar ?? null, attribution: input.attribution ?? null }),
        ...(write?.(trx) ?? []),
      ]);
      if (input.offer) {
        // The offer's held places become the booking's: none taken again, nor the unconfirmed limits
        // counted against places the date already holds for this booker (ADR 083).
        const accepted = await acceptOffer(
          trx,
          { id: input.offer.id, sessionKey: session.key, places: places.length, bookingId: row.id },
          now,
        );
        if (!accepted) throw new OfferGone();
        await addEvent(trx, row.id, now, "waiting-offer-accepted", { places: places.length });
        return placed;
      }
      // By invoice: the booker's unconfirmed bookings are read first, under their own lock; the
      // session's row is locked by taking the places, and the session's unconfirmed places read
      // after it, so that the row every booking of the session waits on is held for two
      // statements and the commit. More places than are left is "full", whatever else is held.
      const bookerHeld = byCard ? null : await bookerUnconfirmed(trx, { bookingId: row.id, email: booker.email });
      const taken = await takePlaces(trx, session.key, places.length, now);
      if (!taken.ok) throw new NoPlaces(taken.left);
      if (bookerHeld) {
        const verdict = unconfirmedAllowed(
          {
            asked: places.length,
            ...(await sessionUnconfirmed(trx, { sessionKey: session.key, bookingId: row.id })),
            ...bookerHeld,
          },
          rules,
        );
        if (!verdict.ok) throw new UnconfirmedLimit(verdict.reason);
      }
      return placed;
    })
    .catch((error: unknown) => {
      if (error instanceof NoPlaces) return { ok: false as const, reason: "full" as const, left: error.left };
      if (error instanceof UnconfirmedLimit) return { ok: false as const, reason: error.reason };
      if (error instanceof OfferGone) return { ok: false as const, reason: "offer-gone" as const };
      throw error;
    });
}

/** The waiting list's offer no longer holds these places: the booking's transaction rolls back. */
class OfferGone extends Error {
  constructor() {
    super("The offer no longer holds these places");
  }
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
 * A booker's unconfirmed bookings, for the limits (./confirmation.ts), read
 * inside the new booking's transaction before its places are taken, so that
 * two bookings cannot both fit the last room: on PostgreSQL the booker's
 * address is locked first by a transaction advisory lock (their bookings may
 * be on other sessions); on SQLite one transaction writes at a time and this
 * one began with the lock. The booking asking is already written: it is not
 * counted.
 */
async function bookerUnconfirmed(
  trx: Transaction<Database>,
  { bookingId, email }: { bookingId: string; email: string },
): Promise<Pick<UnconfirmedNow, "bookerPlaces" | "bookerBookings">> {
  // One count per mailbox: "ann+1@" and "ann+2@" are ann's (confirmation.ts).
  const address = bookerMailbox(email);
  const at = address.lastIndexOf("@");
  const tagged = `${likeLiteral(address.slice(0, at))}+%${likeLiteral(address.slice(at))}`;
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`course-booker:${address}`}, 0))`.execute(trx);
  }
  // Their own (a few at most, by the limits): their mailbox told apart here, as bookerMailbox says.
  const candidates = await unconfirmedBesides(trx, bookingId)
    .select(["quantity", "booker_email"])
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["booker_email"]), "=", address),
        sql<boolean>`lower(booker_email) like ${tagged} escape '\\'`,
      ]),
    )
    .execute();
  const mine = candidates.filter((b) => bookerMailbox(b.booker_email) === address);
  return { bookerPlaces: mine.reduce((sum, b) => sum + b.quantity, 0), bookerBookings: mine.length };
}

/**
 * The session's capacity and its places held unconfirmed (summed by the
 * database: one row, however many bookings), in one statement read after the
 * new booking has taken its places, which locks the session's places row on
 * PostgreSQL until the commit, so that two bookings cannot both fit the
 * session's last room.
 */
async function sessionUnconfirmed(
  trx: Transaction<Database>,
  { sessionKey, bookingId }: { sessionKey: string; bookingId: string },
): Promise<Pick<UnconfirmedNow, "sessionCapacity" | "sessionHeld">> {
  const held = await unconfirmedBesides(trx, bookingId)
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>("quantity"), eb.lit(0)).as("places"),
      eb
        .selectFrom("course_session_places")
        .select("capacity")
        .where("course_session_places.session_key", "=", sessionKey)
        .as("capacity"),
    ])
    .where("course_bookings.session_key", "=", sessionKey)
    .executeTakeFirstOrThrow();
  return { sessionCapacity: held.capacity ?? 0, sessionHeld: Number(held.places) };
}

/** Unconfirmed bookings but the one asking (it is written before its places are taken). */
function unconfirmedBesides(trx: Transaction<Database>, bookingId: string) {
  return trx.selectFrom("course_bookings").where("status", "=", "unconfirmed").where("id", "!=", bookingId);
}

export type ConfirmBookingResult =
  | { ok: true; booking: CourseBooking; invoice: CourseInvoice }
  | { ok: false; reason: "not-found" | "already-confirmed" | "lapsed" | "not-unconfirmed" | "invoices-unavailable" };

/**
 * The booker confirmed their invoice booking from their inbox: while it is
 * still unconfirmed and its hold has not lapsed (one conditional update, so
 * a lapse, a second click or the team's cancel racing it cannot both win),
 * it becomes `invoiced`, its VAT invoice is issued (the invoice number taken
 * now, never before, and last: what `compose` makes is composed before it)
 * and `booking.created` is sent. Idempotent: a second confirmation changes
 * nothing ("already-confirmed").
 */
export async function confirmBooking(
  db: Db,
  bookingId: string,
  now: Date,
  compose?: ComposeBeforeNumber,
): Promise<ConfirmBookingResult> {
  return db.transaction().execute(async (trx): Promise<ConfirmBookingResult> => {
    const at = now.toISOString();
    // A booking held before any business settings were saved (a site upgraded
    // with bookings awaiting confirmation) stays held, unconfirmed, until they
    // are: no invoice can be issued without them (ADR 066).
    if ((await currentBusinessSettings(trx)) === null) return { ok: false, reason: "invoices-unavailable" };
    // Confirmed only while its hold lasts (the hold is the booking's own fact, the status its order's).
    const result = await trx
      .updateTable("orders")
      .set({ status: "invoiced", updated_at: at })
      .where("id", "=", bookingId)
      .where("status", "=", "unconfirmed")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("course_booking_facts as f")
            .select("f.id")
            .whereRef("f.id", "=", "orders.id")
            .where("f.hold_expires_at", ">", at),
        ),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) await updateFacts(trx, bookingId, { hold_expires_at: null });
    else {
      const booking = await readBooking(trx, bookingId);
      if (!booking) return { ok: false, reason: "not-found" };
      if (isConfirmed(booking.status)) {
        return { ok: false, reason: "already-confirmed" };
      }
      return {
        ok: false,
        reason: booking.status === "unconfirmed" || booking.status === "lapsed" ? "lapsed" : "not-unconfirmed",
      };
    }
    const booking = (await readBooking(trx, bookingId))!;
    await addEvent(trx, bookingId, now, "confirmed", {});
    const draft = await draftInvoice(trx, booking, quoteOf(booking), { now, paid: false });
    const write = await compose?.(trx, { booking, invoice: draft });
    // The number last: what follows writes what was made before it.
    const invoice = await draft.issue(trx);
    await addEvent(trx, bookingId, now, "invoice-issued", { number: invoice.number, dueDate: invoice.due_date });
    await bookingCreatedEvent(trx, booking, { invoiceNumber: invoice.number }, now);
    await write?.(trx, invoice);
    return { ok: true as const, booking, invoice };
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
