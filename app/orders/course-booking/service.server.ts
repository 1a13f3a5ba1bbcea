/**
 * Course bookings as the site and the team use them (issue 29): what the
 * booking page shows and does, the booker's own page (reached by the
 * booking link), the card payment through Stripe, and the team's acts. It
 * joins the rules and the stored bookings (./placing.server.ts,
 * ./card-payments.server.ts, ./team-acts.server.ts) to the
 * published sessions (./bookable.server.ts), the e-mails
 * (./booking-emails.server.ts), the webhooks and Stripe; every e-mail and
 * webhook is queued in the transaction that makes the change it tells of.
 *
 * The booking link is a credential: the booker gets its token in their
 * e-mail and in the address they are sent to; only its SHA-256 is stored
 * (./booking-links.server.ts), so no copy of the database opens a booking.
 */
import { endWaitingList, offerByToken } from "./waiting.server.ts";
import { createWaitingService } from "./waiting-service.server.ts";
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type Stripe from "stripe";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { lockOrder, paidOrder, recordCardPaymentStarted } from "../store.server.ts";
import { outboxInsert, queueEmails } from "~/mail/outbox-queue.server.ts";
import type { Attachment, MailContext, OutgoingEmail } from "~/mail/types.ts";
import type { Keyring } from "~/secrets/sealing.server.ts";
import { redactAddresses } from "~/observability/redact.ts";
import type { PaidOrderHandler } from "../stripe/handler.ts";
import { orderMetadata } from "../stripe/kinds.ts";
import { settlePayment } from "../stripe/settle.server.ts";
import { bookable, findSession, sessionByKey, sessionForEmail, type PublishedSession } from "./bookable.server.ts";
import { daysMoved, followSessionChanges } from "./session-copies.server.ts";
import { stripeChangeEvent } from "./timeline-kinds.ts";
import { stripeChangeEmail } from "../stripe/change-emails.server.ts";
import { attributionField, parseAttribution } from "~/forms/attribution.ts";
import { defaultConfirmationRules, unconfirmedMessages, type ConfirmationRules } from "./confirmation.ts";
import {
  bookingCancelledEmails,
  bookingConfirmRequestEmail,
  bookingConfirmedEmails,
  bookingNewLinkEmail,
  invitationSays,
  invoicePaidByCardEmails,
  joiningEmail,
  placeTransferredEmail,
  joiningLinkChangedEmail,
  sessionChangedEmail,
  wasFacts,
  sessionMovedBookerEmail,
  lateRefundEmail,
  adminPath,
  withNumber,
  type BookingForEmail,
} from "./booking-emails.server.ts";
import {
  inCalendarStatuses,
  invitationById,
  invitationsInCalendars,
  invite,
  joiningLinkToSay,
  rekeyJoiningLink,
  update,
  withJoiningLink,
  withdraw,
  withdrawAll,
} from "./invitations.server.ts";
import type { InvitationSays } from "./invitation-ics.server.ts";
import { instructedDelegates } from "./joining.server.ts";
import { openJoiningLink } from "~/publishing/webinar-links.server.ts";
import { sessionEndsAt } from "~/calendar/session-dates.ts";
import { bookingLinkInsert, linkFor, newBookingLink, revokeBookingLinks } from "./booking-links.server.ts";
import { defaultLinkDaysAfterCourse, linkExpired, linkExpiresAt, resendAllowed } from "./link-expiry.ts";
import { parseBookingForm, parsePlaceForm } from "./booking-request.ts";
import { bookingDelegates, bookingDetail, invoiceNumberOf, type BookingDetail } from "./booking-reads.server.ts";
import {
  addEvent,
  holdMinutes,
  isConfirmed,
  readBooking,
  type CourseBooking,
  type CourseInvoice,
  type InvoiceDraft,
} from "./booking-store.server.ts";
import {
  attachPaymentIntent,
  bookingCurrency,
  cardPaymentFailed,
  confirmCardPayment,
  releaseHold,
} from "./card-payments.server.ts";
import { confirmBooking, placeBooking } from "./placing.server.ts";
import {
  cancelBooking,
  cancelSession,
  markInvoicePaid,
  namePlace,
  type CancelResult,
  type CancellationDraft,
  type Cancelled,
} from "./team-acts.server.ts";
import { invoiceDueDays, invoicePdf, vatDocumentRef } from "./documents.server.ts";
import { currentBusinessSettings } from "~/settings/business-settings.server.ts";
import { placesLeft } from "./places.server.ts";
import { paymentReminderEmail, type ReminderFacts } from "./reminder-emails.server.ts";
import { owedPence } from "./payment-reminders.ts";
import { cardPaymentOpen } from "./transfer-rules.ts";
import { placeChangedByBookerEmails, refundFailedEmail, type RefundedAct } from "./place-change-emails.server.ts";
import { bookerCancellationOffer, bookerMayChangePlaces, placesChangeableStatuses } from "./booker-rules.ts";
import { namesToFollowAllowed, termsText } from "./terms.ts";
import {
  transferBooking,
  transferChoices,
  type TransferDraft,
  type TransferResult,
  type Transferred,
} from "./transfer.server.ts";
import { bookingTransferredEmails } from "./transfer-emails.server.ts";
import { newToken } from "~/secrets/tokens.server.ts";

/** How many times a day a booker may change their booking's places from its page. */
export const bookerPlaceChangesPerDay = 10;

export type CourseBookingServiceOptions = {
  db: Db;
  mail: MailContext;
  /** Seals the booking link in the outbox (docs/decisions/033-secrets-at-rest.md). */
  keys: Keyring;
  /** Card payment (the one Stripe client, ../stripe/client.server.ts); null when the Stripe keys are not set: bookings are then by invoice only. */
  stripe: { client: Stripe; publishableKey: string | null } | null;
  /**
   * Whether this instance serves the newest published content, read in
   * `trx` (server/services.ts: the content's version row against the one
   * served): a session's change reaches its bookings and calendars only
   * from an instance that is, so one still serving an older version never
   * moves them back (ADR 098).
   */
  contentIsCurrent: (trx: Transaction<Database>) => Promise<boolean>;
  clock?: () => Date;
  /** How long an invoice booking waits for its booker's confirmation, and the limits on places held so (./confirmation.ts). */
  confirmation?: ConfirmationRules;
  /** How many days after its session ends a booking link stops working (BOOKING_LINK_DAYS_AFTER_COURSE, ./link-expiry.ts). */
  linkDaysAfterCourse?: number;
  onEmailsQueued?: () => void;
  /** A session's places changed (its course page shows how many are left). */
  onPlacesChanged?: (sessionKey: string) => void;
  log?: (message: string) => void;
};

type LinkState = { kind: "unknown" } | { kind: "live" | "expired"; bookingId: string };

export type ResendOutcome = { kind: "unknown" | "live" | "sent" } | { kind: "limited"; retryAfterSeconds: number };

export type BookOutcome =
  | { kind: "not-found" }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "refused"; message: string }
  | { kind: "card-unavailable"; message: string }
  | { kind: "booked"; next: string }
  /** An invoice booking waits for its booker's confirmation: only they were e-mailed, with the link. */
  | { kind: "confirm-sent"; email: string; confirmBy: string };

export const refusalMessages = {
  full: (left: number) =>
    left === 0
      ? "Sorry, this date is no longer available: its last places have just been booked."
      : `Sorry, those places are no longer available: only ${left} place${left === 1 ? " is" : "s are"} left on this date.`,
  started: "Sorry, this date is no longer available: the course has started.",
  cancelled: "Sorry, this date is no longer available: it has been cancelled.",
  "names-to-follow-closed": "Names are now due for this date: please name every delegate.",
  "unconfirmed-session": unconfirmedMessages.session,
  "unconfirmed-booker": unconfirmedMessages.booker,
  "invoices-unavailable":
    "Sorry, booking online is not available right now: we cannot issue invoices yet, so no places are held for you. Please contact us to book.",
  "offer-gone":
    "Sorry, the places held for you from the waiting list are no longer held: the offer has lapsed or been used.",
  cardUnavailable:
    "Card payment is not available just now, and no places are held for you. Please try again in a few minutes, or choose to pay by invoice.",
  invoiceCardUnavailable:
    "Card payment is not available just now. Please try again in a few minutes, or pay the invoice by bank transfer.",
} as const;

/** What a booking's e-mails say of it, from what it stored (and the session as published, for its days). */
function forEmail(
  booking: CourseBooking,
  delegates: readonly Pick<BookingDetail["delegates"][number], "name" | "email">[],
  published: PublishedSession | null,
): BookingForEmail {
  const venue = booking.session_venue
    ? (JSON.parse(booking.session_venue) as BookingForEmail["session"]["venue"])
    : undefined;
  const session = published
    ? sessionForEmail(published)
    : {
        key: booking.session_key,
        label: booking.session_label,
        format: booking.session_format,
        ...(venue ? { venue } : {}),
        days: [{ startsAt: new Date(booking.session_starts_at), endsAt: new Date(booking.session_ends_at) }],
      };
  return {
    id: booking.id,
    reference: booking.reference,
    isTest: booking.is_test === 1,
    courseId: booking.course_id,
    courseTitle: booking.course_title,
    session,
    booker: {
      name: booking.booker_name,
      email: booking.erased_at === null ? booking.booker_email : null,
      organisation: booking.organisation,
    },
    delegates: delegates.map((d) =>
      d.name && d.email ? { name: d.name, email: d.email } : { namesToFollow: true as const },
    ),
    paymentMethod: booking.payment_method,
    quantity: booking.quantity,
    unitPricePence: booking.unit_price_pence,
    discountPence: booking.discount_pence,
    netPence: booking.net_pence,
    vatPence: booking.vat_pence,
    totalPence: booking.total_pence,
    termsText: JSON.parse(booking.terms_text) as string[],
  };
}

export type CourseBookingService = ReturnType<typeof createCourseBookingService>;

/** How an e-mail names a document (drafted or issued) and attaches its PDF. */
const documentForEmail = (document: { id: string; number: string }) => ({
  number: document.number,
  ref: vatDocumentRef(document.id),
});

export function createCourseBookingService(options: CourseBookingServiceOptions) {
  const {
    db,
    mail,
    clock = () => new Date(),
    onEmailsQueued = () => {},
    onPlacesChanged = () => {},
    log = console.error,
  } = options;
  const stripe = options.stripe?.client ?? null;
  const linkDays = options.linkDaysAfterCourse ?? defaultLinkDaysAfterCourse;

  /** A place named or given to a substitute, by the team (`staffId`) or by the booker (null), and everyone told. */
  async function changePlace(bookingId: string, staffId: string | null, values: Record<string, string>) {
    const booking = await db
      .selectFrom("course_bookings")
      .select("quantity")
      .where("id", "=", bookingId)
      .executeTakeFirst();
    if (!booking) return { ok: false as const, reason: "not-found" as const };
    const parsed = parsePlaceForm(values, booking.quantity);
    if (!parsed.ok) return { ok: false as const, reason: "invalid" as const, fieldErrors: parsed.fieldErrors };
    const result = await namePlace(db, bookingId, { ...parsed.naming, now: clock(), staffId }, async (trx, done) => {
      const about = forEmail(
        done.booking,
        await bookingDelegates(trx, bookingId),
        sessionByKey(done.booking.session_key),
      );
      const now = clock();
      const invitation = await invite(trx, bookingId, invitationSays(about, done.delegate, mail), now);
      const emails = [joiningEmail(about, done.delegate, mail, invitation)];
      if (done.previous && done.previous.email.toLowerCase() !== done.delegate.email.toLowerCase()) {
        const cancellation = await withdraw(trx, bookingId, done.previous.email, now);
        emails.push(placeTransferredEmail(about, done.previous, mail, cancellation));
      }
      if (staffId === null) emails.push(...placeChangedByBookerEmails(about, done, mail));
      await queueEmails(trx, { type: "course-booking", id: bookingId }, emails, clock());
    });
    if (result.ok) onEmailsQueued();
    return result;
  }

  /** Cancels a booking with the terms' credit (or an override), by the team or the booker (null); tells everyone, refunds a card. */
  async function cancelAs(
    bookingId: string,
    staffId: string | null,
    reason: string,
    {
      override,
      now = clock(),
      expectGrossPence,
    }: { override?: { grossPence: number; reason: string } | undefined; now?: Date; expectGrossPence?: number } = {},
  ) {
    const result = await cancelBooking(
      db,
      bookingId,
      {
        now,
        staffId,
        reason,
        ...(override ? { override } : {}),
        ...(expectGrossPence !== undefined ? { expectGrossPence } : {}),
      },
      (trx, about) => composeCancelled(trx, about, { reason, bySession: false }),
    );
    if (!result.ok) return { ...result, refundError: null };
    onPlacesChanged(result.booking.session_key);
    onEmailsQueued();
    const refundError = await settleCancelledCard(bookingId, result);
    return { ...result, refundError };
  }

  /**
   * A card refund that failed after the booker cancelled or moved their booking
   * (the team, cancelling themselves, see it on the desk), or after a payment
   * that came when its booking had ended: on the booking's timeline, and the
   * team told to refund it in Stripe's dashboard.
   */
  async function refundFailed(
    booking: CourseBooking,
    amountPence: number,
    message: string,
    act: RefundedAct = "cancelled",
  ) {
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await addEvent(trx, booking.id, now, "refund-failed", { amountPence, message });
      await queueEmails(
        trx,
        { type: "course-booking", id: booking.id },
        [refundFailedEmail(booking, amountPence, message, mail, act)],
        now,
      );
    });
    onEmailsQueued();
  }

  /** What a token is now: a live link, an expired one (to which booking), or nothing. */
  async function openLink(token: string): Promise<LinkState> {
    const link = await linkFor(db, token);
    if (!link) return { kind: "unknown" };
    const expired = linkExpired(link.sessionEndsAt, link.createdAt, linkDays, clock());
    return { kind: expired ? "expired" : "live", bookingId: link.bookingId };
  }

  /** The booking a live link opens, or why not: an unknown link (the page's 404) or an expired one (its 410). */
  async function linkedBooking(token: string) {
    const state = await openLink(token);
    if (state.kind === "unknown") return { ok: false as const, reason: "not-found" as const };
    if (state.kind === "expired") return { ok: false as const, reason: "link-expired" as const };
    return { ok: true as const, bookingId: state.bookingId };
  }

  /** The booking a live link opens, or null. */
  async function bookingIdForLink(token: string): Promise<string | null> {
    const state = await openLink(token);
    return state.kind === "live" ? state.bookingId : null;
  }

  /**
   * Composes the confirmation e-mails of a booking whose invoice is about to
   * be numbered (the number a stand-in: ./documents.server.ts), in `trx`
   * before the number is taken; what it returns queues them with the
   * number put in (ADR 072).
   */
  async function composeConfirmed(
    trx: Transaction<Database>,
    { booking, invoice }: { booking: CourseBooking; invoice: InvoiceDraft },
    token: string | null,
  ) {
    const delegates = await bookingDelegates(trx, booking.id);
    const bookingToken = token ?? (await newBookingLink(trx, booking.id, clock()));
    const about = forEmail(booking, delegates, sessionByKey(booking.session_key));
    const invitations = new Map<string, Attachment>();
    for (const d of about.delegates) {
      if ("namesToFollow" in d) continue;
      invitations.set(d.email.toLowerCase(), await invite(trx, booking.id, invitationSays(about, d, mail), clock()));
    }
    const emails = bookingConfirmedEmails(about, mail, {
      invoice: { number: invoice.number, ref: vatDocumentRef(invoice.id), bank: invoice.supplier.bank },
      ...(invoice.dueDate ? { dueDate: `${invoice.dueDate}T12:00:00Z` } : {}),
      ...(booking.paid_at ? { paidAt: booking.paid_at } : {}),
      bookingToken,
      invitations,
    });
    return async (trx: Transaction<Database>, issued: CourseInvoice) => {
      const numbered = withNumber(emails, invoice.number, issued.number);
      await queueEmails(trx, { type: "course-booking", id: booking.id }, numbered, clock(), options.keys);
    };
  }

  /**
   * Queues a change's e-mails once the documents drafted with them are
   * issued: each draft's stand-in number replaced by the number it took
   * (ADR 072). A pair without both sides (nothing drafted) changes nothing.
   */
  async function queueNumbered(
    trx: Transaction<Database>,
    bookingId: string,
    emails: OutgoingEmail[],
    documents: [{ number: string } | undefined, { number: string } | undefined][],
  ) {
    let numbered = emails;
    for (const [draft, issued] of documents) {
      if (draft && issued) numbered = withNumber(numbered, draft.number, issued.number);
    }
    await queueEmails(trx, { type: "course-booking", id: bookingId }, numbered, clock());
  }

  /**
   * Composes the e-mails of a cancellation whose credit note is about to be
   * numbered (the number a stand-in, as composeConfirmed's), in `trx`
   * before the number is taken; what it returns queues them with the number
   * put in (ADR 072).
   */
  async function composeCancelled(
    trx: Transaction<Database>,
    about: CancellationDraft,
    { reason, bySession }: { reason: string; bySession: boolean },
  ) {
    const delegates = await bookingDelegates(trx, about.booking.id);
    const note = about.creditNote;
    // The calendars' cancellations of the invitations sent (a booking nobody proved sent none).
    const cancellations = await withdrawAll(trx, about.booking.id, clock());
    const emails = bookingCancelledEmails(
      forEmail(about.booking, delegates, sessionByKey(about.booking.session_key)),
      mail,
      {
        ...(note ? { creditNote: documentForEmail(note) } : {}),
        creditPence: note?.grossPence ?? 0,
        refundPence: about.refundPence,
        reason,
        bySession,
        cancellations,
      },
    );
    // A booking nobody has proved yet (unconfirmed by its booker, or a card
    // hold not paid) wrote to no one but its booker's inbox: its end is told
    // to the team alone, never to addresses a stranger typed.
    const [, team] = emails;
    const proved = about.from !== "unconfirmed" && about.from !== "held";
    const told = proved ? emails : team ? [team] : [];
    return async (trx: Transaction<Database>, done: Cancelled) => {
      await queueNumbered(trx, done.booking.id, told, [[note, done.creditNote]]);
    };
  }

  /**
   * Composes the e-mails of a move to another date (./transfer-emails.server.ts),
   * in `trx` before the places and the credit note's number are taken: each
   * named delegate's old invitation cancelled and a new one for the new
   * dates; what it returns queues them with the number put in (ADR 072).
   */
  async function composeTransferred(trx: Transaction<Database>, about: TransferDraft, by: "booker" | "team") {
    const delegates = await bookingDelegates(trx, about.booking.id);
    const now = clock();
    const before = forEmail(about.from, delegates, sessionByKey(about.from.session_key));
    const after = forEmail(about.booking, delegates, sessionByKey(about.booking.session_key));
    const cancellations = await withdrawAll(trx, about.booking.id, now);
    const invitations = new Map<string, Attachment>();
    for (const d of after.delegates) {
      if ("namesToFollow" in d) continue;
      const says = invitationSays(after, d, mail);
      invitations.set(d.email.toLowerCase(), await invite(trx, about.booking.id, says, now, { newEvent: true }));
    }
    const note = about.creditNote;
    const invoice = about.invoice;
    const emails = bookingTransferredEmails(
      {
        before,
        after,
        by,
        ...(note ? { creditNote: documentForEmail(note) } : {}),
        creditPence: invoice ? 0 : (note?.grossPence ?? 0),
        ...(invoice
          ? {
              invoice: {
                ...documentForEmail(invoice),
                bank: invoice.supplier.bank,
                dueDate: `${invoice.dueDate}T12:00:00Z`,
                grossPence: invoice.grossPence,
                extraPence: invoice.extraPence,
                carryPence: invoice.carryPence,
              },
            }
          : {}),
        refundPence: about.refundPence,
        cancellations,
        invitations,
      },
      mail,
    );
    return async (trx: Transaction<Database>, done: Transferred) => {
      await queueNumbered(trx, done.booking.id, emails, [
        [note, done.creditNote],
        [invoice, done.invoice],
      ]);
    };
  }

  /** Moves a booking to another date of its course, by the team or the booker (null); tells everyone, refunds a card. */
  async function transferAs(
    bookingId: string,
    staffId: string | null,
    sessionId: string,
    expectDifferencePence?: number,
  ): Promise<TransferResult & { refundError?: string | null }> {
    const published = sessionByKey(sessionId);
    if (!published) return { ok: false, reason: "date-unavailable" };
    const target = bookable(published);
    const result = await transferBooking(
      db,
      bookingId,
      { target, now: clock(), staffId, ...(expectDifferencePence !== undefined ? { expectDifferencePence } : {}) },
      (trx, about) => composeTransferred(trx, about, staffId === null ? "booker" : "team"),
    );
    if (!result.ok) return result;
    onPlacesChanged(result.from.session_key);
    onPlacesChanged(result.booking.session_key);
    onEmailsQueued();
    const refundError = await refundDue(bookingId, result);
    if (refundError && staffId === null) await refundFailed(result.booking, result.refundPence, refundError, "moved");
    return { ...result, refundError };
  }

  /**
   * A held card booking cancelled: its PaymentIntent is cancelled at Stripe,
   * so a payment page left open can no longer charge the card. One that
   * succeeded meanwhile (Stripe refuses to cancel it) is refunded when its
   * success arrives (./card-payments.server.ts: cancelled before payment).
   */
  async function cancelPayment(booking: CourseBooking) {
    if (!stripe || !booking.payment_intent_id) return;
    try {
      await stripe.paymentIntents.cancel(
        booking.payment_intent_id,
        { cancellation_reason: "abandoned" },
        { idempotencyKey: `course-cancel-${booking.id}-${booking.payment_intent_id}` },
      );
    } catch (error) {
      log(
        `Stripe: cancelling the payment of course booking ${booking.id} failed: ${redactAddresses((error as Error).message)}`,
      );
    }
  }

  /**
   * A cancelled booking's card: a hold's payment cancelled at Stripe, what the cancellation
   * credited on a paid one refunded; the refund's error message if it failed.
   */
  async function settleCancelledCard(
    bookingId: string,
    result: Extract<CancelResult, { ok: true }>,
  ): Promise<string | null> {
    if (result.from === "held") await cancelPayment(result.booking);
    return refundDue(bookingId, result);
  }

  /**
   * Refunds what a cancellation or a move gave back to a card (if anything), as the credit note
   * that credits it; the error's message if it failed.
   */
  function refundDue(
    bookingId: string,
    done: { paymentIntentId: string | null; refundPence: number; creditNote?: { number: string } },
  ) {
    return done.paymentIntentId && done.refundPence > 0
      ? refund(bookingId, done.paymentIntentId, done.refundPence, done.creditNote?.number ?? randomUUID())
      : Promise.resolve(null);
  }

  /**
   * Refunds a card payment through Stripe; the error's message if it failed. `cause` names this
   * refund (the credit note behind it, or the payment refunded whole): Stripe makes one refund per
   * idempotency key, so two refunds of the same amount on one payment need keys of their own.
   */
  async function refund(
    bookingId: string,
    paymentIntentId: string,
    amountPence: number,
    cause: string,
  ): Promise<string | null> {
    if (!stripe) return "Card payment is not configured here: refund it in Stripe's dashboard.";
    try {
      await stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          amount: amountPence,
          metadata: orderMetadata({ kind: "course-booking", id: bookingId }),
        },
        { idempotencyKey: `course-refund-${bookingId}-${cause}-${amountPence}` },
      );
      return null;
    } catch (error) {
      const message = redactAddresses((error as Error).message);
      log(`Stripe: refunding course booking ${bookingId} failed: ${message}`);
      return message;
    }
  }

  /**
   * What the webhook router (../stripe/router.server.ts) does with a course
   * booking's card payment, inside the event's transaction: a success
   * confirms the booking with its receipt (a late one after its places went
   * is refunded after the commit); a failure is noted while the hold lasts.
   */
  const stripeOrders: PaidOrderHandler = {
    // Only the payment the booking recorded (a held booking's PaymentIntent) pays for it.
    find: (trx, orderId, intent) => paidOrder(trx, "course-booking", orderId, intent.id),
    async succeeded(trx, _order, intent) {
      const outcome = await confirmCardPayment(
        trx,
        { paymentIntentId: intent.id, amountPence: intent.amount, now: clock() },
        (trx, about) => composeConfirmed(trx, about, null),
      );
      if (outcome.outcome === "confirmed") return { queued: true };
      if (outcome.outcome === "invoice-paid") {
        const { booking } = outcome;
        const about = forEmail(booking, await bookingDelegates(trx, booking.id), sessionByKey(booking.session_key));
        const emails = invoicePaidByCardEmails(about, mail, {
          invoiceNumber: outcome.invoiceNumber,
          amountPence: intent.amount,
          paidAt: booking.paid_at ?? clock().toISOString(),
        });
        await queueEmails(trx, { type: "course-booking", id: booking.id }, emails, clock());
        return { queued: true };
      }
      if (outcome.outcome === "refund") {
        const { booking, paymentIntentId, amountPence, why } = outcome;
        const about = forEmail(booking, await bookingDelegates(trx, booking.id), sessionByKey(booking.session_key));
        const told = lateRefundEmail(about, mail, { amountPence, why });
        if (told) await queueEmails(trx, { type: "course-booking", id: booking.id }, [told], clock());
        return {
          queued: told !== null,
          after: async () => {
            // The event is recorded as handled already: a refund that fails is the team's to make by hand.
            const error = await refund(booking.id, paymentIntentId, amountPence, `whole-${paymentIntentId}`);
            if (error) await refundFailed(booking, amountPence, error, "paid-late");
          },
        };
      }
      return { queued: false };
    },
    /** Noted on the booking's timeline, and the team told. */
    async changedInStripe(trx, orderId, change) {
      const booking = await readBooking(trx, orderId);
      if (!booking) return false;
      const now = clock();
      await addEvent(trx, booking.id, now, stripeChangeEvent, {
        ...change,
        ...(change.what === "disputed" ? { respondBy: change.respondBy?.toISOString() ?? null } : {}),
      });
      const order = {
        name: `Booking ${booking.reference} (${booking.booker_name}, ${booking.organisation})`,
        path: adminPath(booking),
        isTest: booking.is_test === 1,
      };
      await queueEmails(trx, { type: "course-booking", id: booking.id }, [stripeChangeEmail(order, change, mail)], now);
      return true;
    },
    /** Noted on the timeline of a booking still held (or expired), for the team. */
    async mismatched(trx, order, intent) {
      const { status } = await trx
        .selectFrom("course_bookings")
        .select("status")
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      if (status !== "held" && status !== "expired") return;
      await addEvent(trx, order.id, clock(), "payment-mismatch", {
        amountPence: intent.amount,
        currency: intent.currency.toLowerCase(),
        expected: order.amountPence,
      });
    },
    async failed(trx, _order, intent, message) {
      await cardPaymentFailed(trx, { paymentIntentId: intent.id, message, now: clock() });
    },
  };

  return {
    stripeOrders,
    /** A full date's waiting list (ADR 083): the public form, its links' pages and the team's list. */
    waiting: createWaitingService({ db, mail, keys: options.keys, clock, onEmailsQueued, onPlacesChanged }),
    holdMinutes,
    cardAvailable: stripe !== null,
    publishableKey: options.stripe?.publishableKey ?? null,

    /** Books from a posted form: validated, priced and placed on the server. */
    async book(
      params: { courseId?: string; sessionId?: string },
      values: Record<string, string>,
      /** The private link of a waiting list's offer (ADR 083): the booking uses its held places. */
      from: { offerToken?: string } = {},
    ): Promise<BookOutcome> {
      const published = findSession(params.courseId ?? "", params.sessionId ?? "");
      if (!published) return { kind: "not-found" };
      const now = clock();
      const session = bookable(published);
      let offer: { id: string } | undefined;
      if (from.offerToken !== undefined) {
        const held = await offerByToken(db, from.offerToken, now);
        if (!held.ok || held.row.session_key !== session.key) {
          return { kind: "refused", message: refusalMessages["offer-gone"] };
        }
        offer = { id: held.row.id };
      }
      const parsed = parseBookingForm(values, { namesToFollowOpen: namesToFollowAllowed(session.startsAt, now) });
      if (!parsed.ok) return { kind: "invalid", fieldErrors: parsed.fieldErrors };
      const { booker, places, payment } = parsed.request;
      if (payment.method === "card" && !stripe) {
        return {
          kind: "invalid",
          fieldErrors: { paymentMethod: "Card payment is not available here: please choose to pay by invoice." },
        };
      }
      // The booking link and, by invoice, the e-mail with it are composed before the booking's
      // transaction, and written in it before its places are taken (ADR 072).
      const token = newToken();
      const placed = await placeBooking(
        db,
        {
          session,
          booker,
          places,
          payment,
          termsText: termsText(),
          now,
          attribution: parseAttribution(values[attributionField]),
          confirmation: options.confirmation ?? defaultConfirmationRules,
          ...(offer ? { offer } : {}),
        },
        ({ booking }, delegates) => {
          // By invoice: one e-mail, to the booker's address only, with the link to confirm it.
          const email =
            booking.status === "unconfirmed"
              ? bookingConfirmRequestEmail(forEmail(booking, delegates, sessionByKey(booking.session_key)), mail, {
                  confirmBy: new Date(booking.hold_expires_at!),
                  bookingToken: token,
                })
              : null;
          return (trx) => [
            bookingLinkInsert(trx, booking.id, token, now),
            ...(email
              ? [outboxInsert(trx, { type: "course-booking", id: booking.id }, [email], now, options.keys)!]
              : []),
          ];
        },
      );
      if (!placed.ok) {
        return {
          kind: "refused",
          message: placed.reason === "full" ? refusalMessages.full(placed.left ?? 0) : refusalMessages[placed.reason],
        };
      }
      onPlacesChanged(session.key);
      onEmailsQueued();
      // By invoice: the booking link goes to the booker's inbox only, never to whoever posted the form.
      if (payment.method === "invoice") {
        return { kind: "confirm-sent", email: placed.booking.booker_email, confirmBy: placed.booking.hold_expires_at! };
      }

      // By card: the payment is set up now; if Stripe cannot, the hold goes at once.
      const { booking } = placed;
      try {
        const intent = await stripe!.paymentIntents.create(
          {
            amount: booking.total_pence,
            currency: bookingCurrency,
            receipt_email: booking.booker_email,
            description: `${booking.course_title}, ${booking.session_label}: ${booking.quantity} place${booking.quantity === 1 ? "" : "s"} (${booking.reference})`,
            automatic_payment_methods: { enabled: true },
            metadata: {
              ...orderMetadata({ kind: "course-booking", id: booking.id }),
              reference: booking.reference,
              kind: "course-booking",
            },
          },
          { idempotencyKey: `course-booking-${booking.id}` },
        );
        await attachPaymentIntent(db, booking.id, intent.id);
      } catch (error) {
        log(
          `Stripe: creating the payment for course booking ${booking.id} failed: ${redactAddresses((error as Error).message)}`,
        );
        await releaseHold(db, booking, clock());
        onPlacesChanged(session.key);
        return { kind: "card-unavailable", message: refusalMessages.cardUnavailable };
      }
      return { kind: "booked", next: `/booking/${token}/pay` };
    },

    /** A booking's reminder to pay its invoice, composed in the reminder's transaction (./payment-reminders.server.ts). */
    async composeReminder(trx: Transaction<Database>, booking: CourseBooking, facts: ReminderFacts) {
      const delegates = await bookingDelegates(trx, booking.id);
      return paymentReminderEmail(forEmail(booking, delegates, sessionByKey(booking.session_key)), mail, facts);
    },

    /**
     * A session changed in Site content (each instance, as it serves a new
     * version; and the calendar-updates job): live bookings' and open
     * waiting requests' copies of its days and place follow it
     * (./session-copies.server.ts, ADR 098), then its delegates' calendars
     * are updated (sendCalendarUpdates). Returns what changed.
     */
    async followSessionChanges(now = clock()): Promise<{ bookings: number; waiting: number; updates: number }> {
      const published = (key: string) => {
        const found = sessionByKey(key);
        return found ? bookable(found) : null;
      };
      const copies = await followSessionChanges(db, {
        find: published,
        now,
        isCurrent: options.contentIsCurrent,
        notify: async (trx, before, after) => {
          const delegates = await bookingDelegates(trx, after.id);
          const confirmed = isConfirmed(after.status);
          // A booker who is one of its named delegates is sent the delegate's update (with the calendar's): one
          // e-mail, unless the days moved: then the booker's too, for the choice the terms give them (ADR 100).
          const booker = after.booker_email.toLowerCase();
          const moved = daysMoved(before, after);
          if (confirmed && !moved && delegates.some((d) => d.email?.toLowerCase() === booker)) return;
          const email = sessionMovedBookerEmail(
            forEmail(after, delegates, sessionByKey(after.session_key)),
            {
              from: before.session_label,
              to: after.session_label,
              datesMoved: moved,
            },
            mail,
            confirmed,
          );
          if (email) await queueEmails(trx, { type: "course-booking", id: after.id }, [email], now, options.keys);
        },
      });
      if (copies.bookings > 0) onEmailsQueued();
      return { ...copies, updates: await this.sendCalendarUpdates(now) };
    },

    /**
     * Sends each delegate whose session's hours or place changed since their
     * calendar invitation the update (the next SEQUENCE), with the details
     * in words: after a session is published, and by the calendar-updates
     * job. A delegate sent their joining instructions is sent it too when
     * the live online session's joining link is set, changed or withdrawn
     * (ADR 085): the invitation carries the link (its stored copy a keyed
     * fingerprint of it only), the e-mail states it. Each booking in a
     * transaction of its own, its order locked and the invitation read
     * again, so two instances never send one update twice. Returns how
     * many were sent.
     */
    async sendCalendarUpdates(now = clock()): Promise<number> {
      const { keys } = options;
      // A session moved by up to 60 days still reaches its booked delegates.
      const rows = await invitationsInCalendars(db, new Date(now.getTime() - 60 * 86_400_000));
      const byBooking = new Map<string, typeof rows>();
      for (const row of rows) byBooking.set(row.booking_id, [...(byBooking.get(row.booking_id) ?? []), row]);
      const instructed = await instructedDelegates(db, [...byBooking.keys()]);
      let sent = 0;
      for (const [bookingId, invitations] of byBooking) {
        const first = invitations[0]!;
        const published = sessionByKey(first.session_key);
        if (!published) continue;
        const stored = published.session.joiningLink;
        const ended = sessionEndsAt(published.session).getTime() <= now.getTime();
        // A session over: its link no longer matters (what the invitations carry stays as it is).
        const link = ended ? "unopened" : stored ? (openJoiningLink(keys, stored) ?? "unopened") : null;
        /** What the invitation `row` would say now, about the session as `about` says it. */
        const saysNow = (about: Pick<BookingForEmail, "courseId" | "courseTitle" | "session">, said: string) => {
          const before = JSON.parse(said) as InvitationSays;
          const carried = joiningLinkToSay(
            keys,
            before,
            link,
            instructed.has(`${bookingId}\u0000${before.attendee.email.toLowerCase()}`),
          );
          return {
            before,
            says: withJoiningLink(invitationSays(about, before.attendee, mail), carried.joiningLink),
            ...carried,
          };
        };
        const now_ = {
          courseId: first.course_id,
          courseTitle: first.course_title,
          session: sessionForEmail(published),
        };
        const stale: typeof invitations = [];
        for (const row of invitations) {
          const { before, says, rekeyed } = saysNow(now_, row.said);
          if (row.said === JSON.stringify(says)) continue;
          // Only the joining link's fingerprint made anew under the current key: kept, nothing sent.
          if (rekeyed && JSON.stringify(withJoiningLink(says, before.joiningLink)) === row.said) {
            await rekeyJoiningLink(db, row.id, row.said, says);
            continue;
          }
          stale.push(row);
        }
        if (!stale.length) continue;
        sent += await db.transaction().execute(async (trx) => {
          await lockOrder(trx, bookingId);
          // An instance still serving an older version would send the old details back.
          if (!(await options.contentIsCurrent(trx))) return 0;
          const booking = await readBooking(trx, bookingId);
          if (!booking || !inCalendarStatuses.includes(booking.status)) return 0;
          const about = forEmail(booking, await bookingDelegates(trx, bookingId), published);
          const emails = [];
          for (const row of stale) {
            // Read again under the lock: the update sends what it says now.
            const current = await invitationById(trx, row.id);
            if (!current) continue;
            const { before, says } = saysNow(about, current.said);
            const updated = await update(trx, row.id, says, now);
            if (!updated) continue;
            const opened = says.joiningLink && link !== "unopened" ? link : null;
            const onlyTheLink =
              JSON.stringify(withJoiningLink(says, undefined)) === JSON.stringify(withJoiningLink(before, undefined));
            emails.push(
              onlyTheLink
                ? joiningLinkChangedEmail(
                    about,
                    before.attendee,
                    mail,
                    updated,
                    !says.joiningLink ? "withdrawn" : before.joiningLink ? "changed" : "set",
                    opened,
                  )
                : sessionChangedEmail(about, before.attendee, mail, updated, opened, wasFacts(before)),
            );
          }
          if (emails.length) await queueEmails(trx, { type: "course-booking", id: bookingId }, emails, now, keys);
          return emails.length;
        });
      }
      if (sent > 0) onEmailsQueued();
      return sent;
    },

    /** Whether invoices can be issued (business settings saved), and the payment terms the booking page states. */
    async invoiceTerms(): Promise<{ ready: boolean; paymentTermsDays: number }> {
      const current = await currentBusinessSettings(db);
      return { ready: current !== null, paymentTermsDays: current?.settings.paymentTermsDays ?? invoiceDueDays };
    },

    /** What the booking page (/courses/…/book/…) needs of the database: the places left on a session. */
    async placesLeftOn(key: string): Promise<number> {
      return (await placesLeft(db, [key])).get(key) ?? 0;
    },

    /** The booking its link opens, or null (an unknown, revoked, erased or expired link). */
    async byLink(token: string): Promise<BookingDetail | null> {
      const id = await bookingIdForLink(token);
      return id ? bookingDetail(db, id) : null;
    },

    /**
     * The pay page of the booking its link opens: none (404), a booking not
     * awaiting a card payment (its page), or the booking with its payment's
     * client secret, asked of Stripe as the page opens, never stored
     * (ADR 075); null when Stripe cannot say just now.
     */
    async toPay(token: string): Promise<
      | { kind: "not-found" }
      | { kind: "not-awaiting-payment" }
      | {
          kind: "pay";
          detail: BookingDetail;
          paymentIntentId: string;
          clientSecret: string | null;
          /** What is paid: the held places, or the open invoice (its number). */
          invoiceNumber: string | null;
        }
    > {
      const detail = await this.byLink(token);
      if (!detail) return { kind: "not-found" };
      const paymentIntentId = detail.booking.payment_intent_id;
      const status = detail.booking.status;
      if ((status !== "held" && status !== "invoiced") || !paymentIntentId || !stripe)
        return { kind: "not-awaiting-payment" };
      const invoiceNumber =
        status === "invoiced" ? (detail.invoices.findLast((i) => i.kind === "invoice")?.number ?? null) : null;
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
        return { kind: "pay", detail, paymentIntentId, clientSecret: intent.client_secret, invoiceNumber };
      } catch (error) {
        log(`Stripe: reading payment ${paymentIntentId} failed: ${redactAddresses((error as Error).message)}`);
        return { kind: "pay", detail, paymentIntentId, clientSecret: null, invoiceNumber };
      }
    },

    /**
     * The booker pays their open invoice by card from their page (issue 41,
     * when card payment is set up): the Stripe payment for the invoice's
     * total, made once (a second click, or a second instance, gets the same
     * one: Stripe's idempotency key and the one card payment an order may
     * have) and recorded; the pay page then takes the card, and Stripe's
     * event marks the booking paid (or refunds it, if the invoice was marked
     * paid or cancelled meanwhile).
     */
    async payInvoiceByCard(
      token: string,
    ): Promise<
      | { ok: true }
      | { ok: false; reason: "not-found" | "link-expired" | "not-payable" }
      | { ok: false; reason: "unavailable"; message: string }
    > {
      const link = await linkedBooking(token);
      if (!link.ok) return link;
      const booking = await readBooking(db, link.bookingId);
      if (booking?.status !== "invoiced" || !stripe) return { ok: false, reason: "not-payable" };
      // Its card payment started: the pay page takes it on. Settled (a paid booking's, carried to the new
      // invoice of a dearer date, ADR 087): an order has one card payment, so the rest is paid by transfer.
      if (booking.payment_intent_id)
        return cardPaymentOpen(booking) ? { ok: true } : { ok: false, reason: "not-payable" };
      const number = await invoiceNumberOf(db, booking.id);
      const owed = owedPence(booking);
      if (!number || owed === 0) return { ok: false, reason: "not-payable" };
      let intentId: string;
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: owed,
            currency: bookingCurrency,
            receipt_email: booking.booker_email,
            description: `Invoice ${number}: ${booking.course_title}, ${booking.session_label} (${booking.reference})`,
            automatic_payment_methods: { enabled: true },
            metadata: {
              ...orderMetadata({ kind: "course-booking", id: booking.id }),
              reference: booking.reference,
              invoice: number,
              kind: "course-booking",
            },
          },
          { idempotencyKey: `course-invoice-${booking.id}-${owed}` },
        );
        intentId = intent.id;
      } catch (error) {
        log(`Stripe: creating the payment of invoice ${number} failed: ${redactAddresses((error as Error).message)}`);
        return { ok: false, reason: "unavailable", message: refusalMessages.invoiceCardUnavailable };
      }
      const recorded = await db.transaction().execute(async (trx) => {
        await lockOrder(trx, booking.id);
        if ((await readBooking(trx, booking.id))?.status !== "invoiced") return false;
        await recordCardPaymentStarted(
          trx,
          { id: booking.id, amountPence: owed, currency: bookingCurrency },
          intentId,
          clock().toISOString(),
        );
        await addEvent(trx, booking.id, clock(), "card-payment-started", { number });
        return true;
      });
      return recorded ? { ok: true } : { ok: false, reason: "not-payable" };
    },

    /**
     * The booker confirms their invoice booking from the link in their
     * inbox: the invoice is issued, the booker gets it, each named delegate
     * their joining details, the team is told. Idempotent.
     */
    async confirmByLink(token: string) {
      const link = await linkedBooking(token);
      if (!link.ok) return link;
      const id = link.bookingId;
      const result = await confirmBooking(db, id, clock(), (trx, about) => composeConfirmed(trx, about, token));
      if (result.ok) onEmailsQueued();
      return result;
    },

    /** Whether a token is a live link, an expired one or nothing (the booking's page answers 200, 410 or 404). */
    async linkState(token: string): Promise<LinkState["kind"]> {
      return (await openLink(token)).kind;
    },

    /**
     * From an expired link, the booker asks for a new one: it is e-mailed to
     * the booking's booker address only (never shown to whoever asked), and
     * every earlier link stops working. At most once per 15 minutes and three
     * times a day per booking (./link-expiry.ts), counted from the booking's
     * timeline ("link-resent").
     */
    async resendLink(token: string): Promise<ResendOutcome> {
      const state = await openLink(token);
      if (state.kind !== "expired") return { kind: state.kind };
      const now = clock();
      const outcome = await db.transaction().execute(async (trx): Promise<ResendOutcome> => {
        await lockOrder(trx, state.bookingId);
        const booking = await trx
          .selectFrom("course_bookings")
          .selectAll()
          .where("id", "=", state.bookingId)
          .executeTakeFirstOrThrow();
        const earlier = await trx
          .selectFrom("course_booking_events")
          .select("at")
          .where("booking_id", "=", booking.id)
          .where("kind", "=", "link-resent")
          .where("at", ">", new Date(now.getTime() - 86_400_000).toISOString())
          .execute();
        const verdict = resendAllowed(
          earlier.map((e) => new Date(e.at)),
          now,
        );
        if (!verdict.ok) return { kind: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
        await revokeBookingLinks(trx, booking.id);
        const fresh = await newBookingLink(trx, booking.id, now);
        const delegates = await bookingDelegates(trx, booking.id);
        const email = bookingNewLinkEmail(forEmail(booking, delegates, sessionByKey(booking.session_key)), mail, {
          bookingToken: fresh,
          expiresAt: linkExpiresAt(new Date(booking.session_ends_at), now, linkDays),
        });
        await queueEmails(trx, { type: "course-booking", id: booking.id }, [email], now, options.keys);
        await addEvent(trx, booking.id, now, "link-resent");
        return { kind: "sent" };
      });
      if (outcome.kind === "sent") onEmailsQueued();
      return outcome;
    },

    /** A document of the booking its link opens, by number; null if the link or the number is not the booking's. */
    async documentByLink(token: string, number: string) {
      const detail = await this.byLink(token);
      const row = detail?.invoices.find((i) => i.number === number);
      return row ? invoicePdf(db, row.id) : null;
    },

    /**
     * The booker is back from paying: if the booking is still held, Stripe is
     * asked (the webhook may not have arrived yet; Stripe's answer is proof
     * enough) and a payment that succeeded confirms it, as the webhook would.
     */
    async refreshCardPayment(detail: BookingDetail): Promise<"paid" | "processing" | "unpaid"> {
      const { booking } = detail;
      if (booking.status === "paid") return "paid";
      // A held card booking, or an invoice whose booker started paying it by card.
      if ((booking.status !== "held" && booking.status !== "invoiced") || !booking.payment_intent_id || !stripe)
        return "unpaid";
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(booking.payment_intent_id);
      } catch (error) {
        log(
          `Stripe: reading payment ${booking.payment_intent_id} failed: ${redactAddresses((error as Error).message)}`,
        );
        return "processing";
      }
      if (intent.status === "processing") return "processing";
      if (intent.status !== "succeeded") return "unpaid";
      // Checked and applied as the webhook would (../stripe/settle.server.ts).
      const settled = await db
        .transaction()
        .execute((trx) => settlePayment(trx, stripeOrders, { kind: "course-booking", id: booking.id }, intent, log));
      if (settled.outcome === "applied" && settled.queued) onEmailsQueued();
      if (settled.outcome === "applied") await settled.after?.();
      return "paid";
    },

    async markPaid(bookingId: string, staffId: string, note?: string) {
      const result = await markInvoicePaid(db, bookingId, { staffId, now: clock(), ...(note ? { note } : {}) });
      if (result.ok) onEmailsQueued();
      return result;
    },

    /**
     * Names a place whose name was to follow, or gives a place to a
     * substitute, from the team's form: the new delegate gets the joining
     * details and the calendar invitation, the one replaced is told.
     */
    async namePlace(bookingId: string, staffId: string, values: Record<string, string>) {
      return changePlace(bookingId, staffId, values);
    },

    /**
     * The same from the booker's page, opened by their booking link (issue
     * 41): the booker and the team are told as well. At most
     * `bookerPlaceChangesPerDay` changes a booking in a day: each one
     * e-mails two people who did not ask for it.
     */
    async namePlaceByLink(token: string, values: Record<string, string>) {
      const link = await linkedBooking(token);
      if (!link.ok) return link;
      const since = new Date(clock().getTime() - 86_400_000).toISOString();
      const changes = await db
        .selectFrom("course_booking_events")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("booking_id", "=", link.bookingId)
        .where("kind", "in", ["place-named", "delegate-substituted"])
        .where("actor", "is", null)
        .where("at", ">", since)
        .executeTakeFirstOrThrow();
      if (Number(changes.n) >= bookerPlaceChangesPerDay) return { ok: false as const, reason: "too-many" as const };
      // Started or erased: namePlace says so, as it does to the team.
      const status = (await readBooking(db, link.bookingId))?.status;
      if (!status || !placesChangeableStatuses.includes(status))
        return { ok: false as const, reason: "not-live" as const };
      return changePlace(link.bookingId, null, values);
    },

    /** Cancels a booking with the terms' credit (or an override with its reason), tells everyone, refunds a card. */
    async cancel(bookingId: string, staffId: string, override?: { grossPence: number; reason: string }) {
      return cancelAs(bookingId, staffId, override?.reason ?? "Cancelled at the customer's request", { override });
    },

    /**
     * What cancelling now gives the booker, as their page says it before they
     * confirm (the terms' credit in pounds), or null: the booking cannot be
     * cancelled from its page (not live, or the course has started).
     */
    cancellationOffer(booking: CourseBooking) {
      return bookerCancellationOffer(booking, clock());
    },

    /** Whether the booker's page offers to name a place or send someone else (./booker-rules.ts). */
    placesChangeable(booking: CourseBooking) {
      return bookerMayChangePlaces(booking, clock());
    },

    /**
     * The booker cancels from their booking page (issue 41), having been told
     * `expectedCreditPence`: refused if the terms give another amount now (a
     * day passed, a tier ended), so that nobody cancels for an amount they
     * were not shown.
     */
    async cancelByLink(token: string, expectedCreditPence: number) {
      const link = await linkedBooking(token);
      if (!link.ok) return link;
      const now = clock();
      const booking = await readBooking(db, link.bookingId);
      const offer = booking ? bookerCancellationOffer(booking, now) : null;
      if (!booking || !offer) return { ok: false as const, reason: "not-cancellable" as const };
      if (offer.creditPence !== expectedCreditPence) return { ok: false as const, reason: "amount-changed" as const };
      // The amount checked again inside the cancellation, at the same instant: paid meanwhile, it is refused.
      const result = await cancelAs(booking.id, null, "Cancelled by the booker from their booking page", {
        now,
        expectGrossPence: expectedCreditPence,
      });
      if (!result.ok) {
        return { ok: false as const, reason: result.reason === "amount-changed" ? result.reason : "not-cancellable" };
      }
      if (result.refundError) await refundFailed(result.booking, result.refundPence, result.refundError);
      return result;
    },

    /**
     * The other dates the booker's page offers to move the booking to (issue
     * 41): each with what moving there credits, or why it cannot, and the
     * places it has left; null when the terms no longer allow a move (the
     * sentence why, for the page, in `closed`).
     */
    async transferChoices(booking: CourseBooking) {
      return transferChoices(db, booking, clock(), { withinTerms: true });
    },

    /** The team moves a booking to another date: as the booker may, but outside the terms' window too (./transfer-rules.ts). */
    async transfer(bookingId: string, staffId: string, sessionId: string) {
      return transferAs(bookingId, staffId, sessionId);
    },

    /**
     * The booker moves their booking to another date from its page, having
     * been told it credits `expectedCreditPence`: refused if that changed.
     */
    async transferByLink(token: string, sessionId: string, expectedDifferencePence: number) {
      const link = await linkedBooking(token);
      if (!link.ok) return link;
      return transferAs(link.bookingId, null, sessionId, expectedDifferencePence);
    },

    /** Cancels every live booking of a session with a full credit, tells everyone, refunds the cards. */
    async cancelSession(sessionKey: string, staffId: string, reason: string) {
      const results = await cancelSession(db, sessionKey, { now: clock(), staffId, reason }, (trx, about) =>
        composeCancelled(trx, about, { reason, bySession: true }),
      );
      // Its waiting list ends too: no offer of its freed places, and everyone on it told.
      const published = sessionByKey(sessionKey);
      if (published) await endWaitingList(db, bookable(published), { now: clock(), mail });
      onPlacesChanged(sessionKey);
      onEmailsQueued();
      const refundErrors: string[] = [];
      const failedIds: string[] = [];
      let cancelled = 0;
      for (const done of results) {
        if ("error" in done) {
          failedIds.push(done.bookingId);
          log(
            `Cancelling course booking ${done.bookingId} with its session failed: ${redactAddresses(String((done.error as Error)?.message ?? done.error))}`,
          );
          continue;
        }
        const { bookingId, result } = done;
        if (!result.ok) continue;
        cancelled += 1;
        const error = await settleCancelledCard(bookingId, result);
        if (error) refundErrors.push(`${result.booking.reference}: ${error}`);
      }
      const failed = failedIds.length
        ? (await db.selectFrom("course_bookings").select("reference").where("id", "in", failedIds).execute()).map(
            (b) => b.reference,
          )
        : [];
      return { cancelled, refundErrors, failed };
    },
  };
}
