/**
 * Data factories for the data tests (ADR 071): a course session, a course
 * booking by invoice or card, a staff account and a lead, each with
 * sensible defaults that a test overrides where it matters, and each
 * written through the app's own modules (places, bookings, staff
 * invitations, the lead service), never as raw rows. Two exceptions, kept
 * here so that moving the order tables (ADR 074) changes only this file:
 * the consultation's booking, whose one writer needs Stripe, and a course
 * booking in a state (or at a time) placing cannot give, are stored
 * through the order store's writers (app/orders/store.server.ts); and the
 * readers below are where tests read them back.
 */
import type { Selectable } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { CourseBookingStatus, Database } from "~/data/schema.ts";
import { siteCalendar } from "~/calendar/business-hours.ts";
import type { FormInput, FormKind } from "~/forms/schemas.ts";
import { createLeadService } from "~/leads/service.server.ts";
import type { SubmissionMeta } from "~/leads/types.ts";
import type { Booker, BookingPayment, DelegatePlace } from "~/orders/course-booking/booking-request.ts";
import {
  confirmBooking,
  placeBooking,
  type ComposeWithBooking,
  type PlaceBookingInput,
  type PlaceBookingResult,
} from "~/orders/course-booking/placing.server.ts";
import { consultationDescription } from "~/orders/consultation-request.ts";
import { bookingLinkInsert } from "~/orders/course-booking/booking-links.server.ts";
import { newToken } from "~/secrets/tokens.server.ts";
import { storeBooking, type CourseBooking } from "~/orders/course-booking/booking-store.server.ts";
import { defaultConfirmationRules } from "~/orders/course-booking/confirmation.ts";
import { createOrder, deleteOrders } from "~/orders/store.server.ts";
import { setCapacity } from "~/orders/course-booking/places.server.ts";
import type { BookableSession } from "~/orders/course-booking/session.ts";
import { courseBookingTerms, termsText } from "~/orders/course-booking/terms.ts";
import { keyring, newKeyMaterial, type Keyring } from "~/secrets/sealing.server.ts";
import { acceptInvitation, createInvitation, findInvitation, type StaffUser } from "~/staff/accounts.server.ts";
import { TOTP, Secret } from "otpauth";

let counter = 0;
/** A name no other record of this test run has (`prefix` tells the test files' records apart). */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`;

// ---------------------------------------------------------------------------
// Course sessions
// ---------------------------------------------------------------------------

/**
 * A bookable session of Strategic Leadership, online, 8–12 March 2027, open
 * and at the course's own price; `over` changes any of it (a new `key` by
 * default, so sessions never share places).
 */
export const courseSession = (over: Partial<BookableSession> = {}): BookableSession => ({
  key: unique("session"),
  courseId: "strategic-leadership",
  courseTitle: "Strategic Leadership",
  startsAt: new Date("2027-03-08T09:00:00.000Z"),
  endsAt: new Date("2027-03-12T17:00:00.000Z"),
  firstDay: "2027-03-08",
  lastDay: "2027-03-12",
  format: "online",
  price: {},
  state: "open",
  ...over,
});

/**
 * A session (`courseSession(over)`) with `capacity` places (default 4), set
 * through the places module `at` (default now) as the editor sets them.
 */
export async function createCourseSession(
  db: Db,
  { capacity = 4, at = new Date(), ...over }: Partial<BookableSession> & { capacity?: number; at?: Date } = {},
): Promise<BookableSession> {
  const session = courseSession(over);
  await setCapacity(db, session.key, capacity, at);
  return session;
}

// ---------------------------------------------------------------------------
// Course bookings
// ---------------------------------------------------------------------------

/** A course booking's booker, at `email`. */
export const testBooker = (email: string, over: Partial<Booker> = {}): Booker => ({
  name: "Ada Booker",
  email,
  phone: "+44 20 7946 0000",
  organisation: "Northwind Ltd",
  jobTitle: "Head of Learning",
  addressLine1: "1 King Street",
  addressLine2: null,
  city: "London",
  postcode: "EC2V 8AU",
  country: "United Kingdom",
  ...over,
});

/** Paying by invoice, with no purchase order and no VAT number. */
export const byInvoice: BookingPayment = { method: "invoice", purchaseOrder: null, vatNumber: null };
/** Paying by card. */
export const byCard: BookingPayment = { method: "card" };

/** The `n`th named delegate: "Delegate n", at dn@example.com, a manager. */
export const delegate = (n: number) => ({
  name: `Delegate ${n}`,
  email: `d${n}@example.com`,
  jobTitle: "Manager",
});

/** Terms stricter than today's, as a booking may have been accepted with: all of it credited from 60 days before, nothing after. */
export const stricterTermsRules = JSON.stringify({
  cancellation: [
    { fromDaysBefore: 60, creditBasisPoints: 10_000 },
    { fromDaysBefore: null, creditBasisPoints: 0 },
  ],
  substitution: { free: true },
  transfer: { freeTransfers: 0, latestDaysBefore: 30 },
  namesToFollow: { namesDueDaysBefore: 14 },
});

/** One named delegate. */
export const oneDelegate: readonly DelegatePlace[] = [
  { name: "Delegate", email: "d@example.com", jobTitle: "Manager" },
];

export type CourseBookingInput = Omit<Partial<PlaceBookingInput>, "booker"> & {
  session: BookableSession;
  /** The booker's address (a fresh one by default), or the whole booker. */
  booker?: string | Booker;
};

/**
 * The booking-placement input with defaults: the booker at a fresh address,
 * one named delegate, by invoice, the current terms, booked now, the default
 * confirmation rules. The session's business settings must be saved first
 * (openTestDatabase's `businessSettings`), as a real booking needs them.
 */
export const courseBookingInput = ({ session, booker, ...over }: CourseBookingInput): PlaceBookingInput => ({
  session,
  booker: typeof booker === "object" ? booker : testBooker(booker ?? `${unique("booker")}@example.com`),
  places: oneDelegate,
  payment: byInvoice,
  termsText: termsText(),
  now: new Date(),
  confirmation: defaultConfirmationRules,
  ...over,
});

/**
 * Places a course booking through the bookings module (its state is what
 * placing gives: held for a card, awaiting the booker's confirmation or
 * invoiced by invoice, per the confirmation rules); `compose` composes what
 * its transaction also writes (placing.server.ts's ComposeWithBooking). The refusal, if placing refuses.
 */
export const placeCourseBooking = (
  db: Db,
  input: CourseBookingInput,
  compose?: ComposeWithBooking,
): Promise<PlaceBookingResult> => placeBooking(db, courseBookingInput(input), compose);

/** As placeCourseBooking, and throws when placing refuses: the booking. */
export async function createCourseBooking(db: Db, input: CourseBookingInput, compose?: ComposeWithBooking) {
  const placed = await placeCourseBooking(db, input, compose);
  if (!placed.ok) throw new Error(`the booking was refused: ${placed.reason}`);
  return placed.booking;
}

/**
 * As createCourseBooking, with the booking's first link made in the same
 * transaction when the booking is placed (as the booking page makes it):
 * the booking's id and the link's token.
 */
export async function createCourseBookingWithLink(db: Db, input: CourseBookingInput) {
  const full = courseBookingInput(input);
  const token = newToken();
  const placed = await createCourseBooking(db, full, (result) => (trx) => [
    bookingLinkInsert(trx, result.booking.id, token, full.now),
  ]);
  return { id: placed.id, token };
}

/**
 * As createCourseBooking, and a booking by invoice is then confirmed by its
 * booker at the moment it was placed (the invoice issued): the booking and
 * its invoice. A card booking is returned as placed (held), with no invoice.
 */
export async function createConfirmedCourseBooking(db: Db, input: CourseBookingInput) {
  const full = courseBookingInput(input);
  const placed = await placeBooking(db, full);
  if (!placed.ok) throw new Error(`the booking was refused: ${placed.reason}`);
  if (full.payment.method === "card") return { booking: placed.booking, invoice: undefined };
  const confirmed = await confirmBooking(db, placed.booking.id, full.now);
  if (!confirmed.ok) throw new Error(`the booking was not confirmed: ${confirmed.reason}`);
  return { booking: confirmed.booking, invoice: confirmed.invoice };
}

/**
 * A course booking stored as a row, with no delegate, event or invoice (a
 * test adds what it needs): on session `sample-session` of Strategic
 * Leadership (online, 8–12 March 2027), one place at £4,500 + 20% VAT, by
 * card, booked by `name` at `email` (a buyer at Order Ltd, 2 Queen Street,
 * London), made `at`, its PaymentIntent `pi_<id>`; paid `paidAt` if given,
 * held until `holdExpiresAt` if given.
 */
export async function storeCourseBooking(
  db: Db,
  {
    id,
    status,
    at,
    name,
    email,
    paidAt = null,
    holdExpiresAt = null,
  }: {
    id: string;
    status: CourseBookingStatus;
    at: Date;
    name: string;
    email: string;
    paidAt?: Date | null;
    holdExpiresAt?: Date | null;
  },
) {
  const iso = at.toISOString();
  const row: CourseBooking = {
    id,
    reference: `MB-${id.slice(-8).toUpperCase()}`,
    session_key: "sample-session",
    course_id: "strategic-leadership",
    course_title: "Strategic Leadership",
    session_label: "8 March 2027 to 12 March 2027, live online",
    session_starts_at: "2027-03-08T09:00:00.000Z",
    session_ends_at: "2027-03-12T17:00:00.000Z",
    session_first_day: "2027-03-08",
    session_last_day: "2027-03-12",
    session_format: "online",
    session_venue: null,
    status,
    payment_method: "card",
    booker_name: name,
    booker_email: email,
    booker_phone: "+44 20 7946 0001",
    organisation: "Order Ltd",
    job_title: "Buyer",
    address_line1: "2 Queen Street",
    address_line2: null,
    city: "London",
    postcode: "EC4N 1SP",
    country: "United Kingdom",
    purchase_order: null,
    vat_number: null,
    quantity: 1,
    unit_price_pence: 450000,
    discount_pence: 0,
    net_pence: 450000,
    vat_rate_bp: 2000,
    vat_pence: 90000,
    total_pence: 540000,
    price_basis: "list",
    terms_text: JSON.stringify(["Terms."]),
    terms_rules: JSON.stringify(courseBookingTerms),
    terms_accepted_at: iso,
    hold_expires_at: holdExpiresAt?.toISOString() ?? null,
    payment_intent_id: `pi_${id}`,
    payment_failure: null,
    payment_status: paidAt ? "succeeded" : "pending",
    paid_at: paidAt?.toISOString() ?? null,
    cancelled_at: null,
    cancel_reason: null,
    erased_at: null,
    rescheduled_at: null,
    credited_pence: 0,
    carried_pence: 0,
    created_at: iso,
    updated_at: iso,
    is_test: 0,
  };
  await db.transaction().execute((trx) => storeBooking(trx, row));
}

/** The ids of the course bookings (on session `sessionKey` only, if given). */
export async function courseBookingIds(db: Db, { sessionKey }: { sessionKey?: string } = {}): Promise<string[]> {
  let query = db.selectFrom("course_bookings").select("id");
  if (sessionKey !== undefined) query = query.where("session_key", "=", sessionKey);
  return (await query.execute()).map((row) => row.id);
}

/** A course booking's row as stored. */
export const courseBookingRow = (db: Db, id: string) =>
  db.selectFrom("course_bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

// ---------------------------------------------------------------------------
// The consultation's bookings
// ---------------------------------------------------------------------------

type ConsultationRow = Selectable<Database["consultations"]>;

/**
 * A consultation booking as the payment service stores it, made `at` (paid
 * then, if `status` is "paid", unless `paidAt` says otherwise): by Ann Lee
 * at `<id>@example.test`, one participant at £450 in GBP, from
 * /consultation-payment, its PaymentIntent `pi_<id>`.
 */
export async function createConsultation(
  db: Db,
  {
    id,
    status,
    at,
    name = "Ann Lee",
    email = `${id}@example.test`,
    quantity = 1,
    amountPence = 45000,
    paymentIntentId = `pi_${id}`,
    paidAt = status === "paid" ? at : null,
  }: {
    id: string;
    status: ConsultationRow["status"];
    /** ISO text. */
    at: string;
    name?: string;
    email?: string;
    quantity?: number | null;
    amountPence?: number;
    paymentIntentId?: string | null;
    paidAt?: string | null;
  },
) {
  await db.transaction().execute((trx) =>
    createOrder(
      trx,
      {
        id,
        kind: "consultation",
        status,
        buyer_name: name,
        buyer_email: email,
        currency: "gbp",
        total_pence: amountPence,
        paid_at: paidAt,
        source_page: "/consultation-payment",
        is_test: 0,
        created_at: at,
        updated_at: at,
      },
      [
        {
          description: consultationDescription({ isTest: false, quantity }),
          quantity,
          unit_price_pence: quantity ? amountPence / quantity : null,
          total_pence: amountPence,
        },
      ],
      {
        provider: "stripe",
        provider_reference: paymentIntentId,
        status: status === "paid" ? "succeeded" : status === "pending" ? "pending" : "failed",
        settled_at: paidAt,
      },
    ),
  );
}

/** A consultation booking's row as stored, found by its id, its PaymentIntent or its booker's address (exactly as stored). */
export const consultationRow = (
  db: Db,
  by: { id: string } | { paymentIntentId: string } | { email: string },
): Promise<ConsultationRow> => {
  const query = db.selectFrom("consultations").selectAll();
  const found =
    "id" in by
      ? query.where("id", "=", by.id)
      : "paymentIntentId" in by
        ? query.where("payment_intent_id", "=", by.paymentIntentId)
        : query.where("customer_email", "=", by.email);
  return found.executeTakeFirstOrThrow();
};

/** Every consultation booking's id, in order. */
export const consultationIds = async (db: Db) =>
  (await db.selectFrom("consultations").select("id").orderBy("id").execute()).map((row) => row.id);

/** Deletes every consultation booking (a test that counts them starts from none). */
export const deleteConsultations = async (db: Db) => {
  const ids = await consultationIds(db);
  await db.transaction().execute((trx) => deleteOrders(trx, ids));
};

// ---------------------------------------------------------------------------
// Staff accounts
// ---------------------------------------------------------------------------

export const staffPassword = "correct horse battery staple";

/** The code an authenticator shows for `secret` at `at`. */
export const totpCode = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });

/** An address no other account of this run has (`prefix` tells the test files' accounts apart). */
export const uniqueStaffEmail = (prefix = "staff") => `${unique(prefix)}@example.test`;

/**
 * A staff account set up from an invitation at `at`, as the set-up page
 * does it: invited, the invitation opened with the keys that sealed its
 * authenticator secret, accepted with a password and the code of that
 * moment. Returns the account, its authenticator secret and the
 * invitation's token.
 */
export async function createStaffAccount(
  db: Db,
  keys: Keyring,
  {
    at = new Date(),
    email = uniqueStaffEmail(),
    name = "Sam Staff",
    role = "leads",
    password = staffPassword,
  }: { at?: Date; email?: string; name?: string; role?: StaffUser["role"]; password?: string } = {},
) {
  const { token } = await createInvitation(db, keys, { email, name, role, invitedBy: null }, at);
  const invitation = await findInvitation(db, keys, token, at);
  if (!invitation) throw new Error(`The invitation for ${email} was not found`);
  const outcome = await acceptInvitation(db, keys, token, { password, code: totpCode(invitation.totpSecret, at) }, at);
  if (!("user" in outcome)) throw new Error(outcome.problem.message);
  return { user: outcome.user, secret: invitation.totpSecret, token };
}

// ---------------------------------------------------------------------------
// Leads
// ---------------------------------------------------------------------------

/** The test mail settings the lead service and the bookings use. */
/** The keyring the tests' lead services seal their links' tokens with. */
export const testKeys = keyring(newKeyMaterial());

export const testMail = { siteUrl: "https://site.example", teamEmail: "team@example.test", calendar: siteCalendar() };

/** A contact enquiry from `email`; `over` changes any field. */
export const contactEnquiry = (email: string, over: Partial<FormInput<"contact">> = {}): FormInput<"contact"> => ({
  name: "Ann Lee",
  email,
  phone: "020 7946 0000",
  company: "Acme Ltd",
  jobTitle: "CFO",
  serviceInterest: "strategy",
  message: "Please call me about a programme for 12 people.",
  preferredContact: "email",
  ...over,
});

/**
 * A lead of `kind` (default a contact enquiry from a fresh address) submitted
 * through the lead service at `at`, from `/contact`, not a test submission.
 */
export async function createLead<K extends FormKind = "contact">(
  db: Db,
  {
    kind = "contact" as K,
    input,
    at = new Date(),
    meta = { sourcePage: "/contact", isTest: false },
  }: { kind?: K; input?: FormInput<K>; at?: Date; meta?: SubmissionMeta } = {},
) {
  const fields = input ?? (contactEnquiry(`${unique("lead")}@example.com`) as FormInput<K>);
  return createLeadService({ db, mail: testMail, keys: testKeys, clock: () => at }).submit(kind, fields, meta);
}
