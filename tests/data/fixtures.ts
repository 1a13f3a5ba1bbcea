/**
 * What several data tests share: the e-mail settings, a contact enquiry,
 * a database opened for a suite, and a staff account set up from an
 * invitation.
 */
import { TOTP, Secret } from "otpauth";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import type { ContactInput } from "~/leads/kinds/contact.ts";
import type { Booker } from "~/orders/course-booking/booking-request.ts";
import { siteCalendar } from "~/calendar/response-deadline.ts";
import type { Keyring } from "~/secrets/sealing.server.ts";
import { acceptInvitation, createInvitation, findInvitation, type StaffUser } from "~/staff/accounts.server.ts";
import {
  createConsultationPayments,
  type ConsultationPaymentsOptions,
} from "~/orders/consultation-payments.server.ts";
import { createCourseBookingService } from "~/orders/course-booking/service.server.ts";
import { stripeClient } from "~/orders/stripe/client.server.ts";
import { createStripeWebhooks } from "~/orders/stripe/router.server.ts";
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { startFakeStripe, type FakeStripeOptions } from "../support/fake-stripe.ts";
import { openTestDatabase, type dialects, type TestDatabase } from "./databases.ts";

export const testMail = { siteUrl: "https://site.example", teamEmail: "team@example.test", calendar: siteCalendar() };

/**
 * A fresh database of `dialect`, a Stripe-shaped server, the one Stripe
 * client on it, the consultation's payments and a course booking service
 * with the test mail settings, and Stripe's webhook router with both kinds'
 * handlers, as server/services.ts wires them; `service` gives the rest.
 */
export async function openPaymentService(
  dialect: (typeof dialects)[number],
  stripe: FakeStripeOptions,
  service: Omit<ConsultationPaymentsOptions, "db" | "mail" | "stripe"> & { secretKey: string; webhookSecret?: string },
) {
  const t = await openTestDatabase(dialect, undefined, { businessSettings: true });
  const fake = await startFakeStripe(stripe);
  const { secretKey, webhookSecret, ...rest } = service;
  const client = stripeClient(secretKey, fake.url);
  const payments = createConsultationPayments({ db: t.handle.db, mail: testMail, stripe: client, ...rest });
  const courseBookings = createCourseBookingService({
    db: t.handle.db,
    mail: testMail,
    keys: keyring(newKeyMaterial()),
    stripe: { client, publishableKey: null },
    ...rest,
  });
  const webhooks = createStripeWebhooks({
    db: t.handle.db,
    stripe: client,
    ...(webhookSecret ? { webhookSecret } : {}),
    handlers: { consultation: payments.stripeOrders, "course-booking": courseBookings.stripeOrders },
    ...rest,
  });
  return { t, fake, stripe: client, payments, courseBookings, webhooks };
}

/** A logger at level info that adds each line it writes, parsed, to `lines`. */
export const loggerInto = <Line>(lines: Line[]) =>
  pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });

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

export const contactEnquiry = (email: string): ContactInput => ({
  name: "Ann Lee",
  email,
  phone: "020 7946 0000",
  company: "Acme Ltd",
  jobTitle: "CFO",
  serviceInterest: "strategy",
  message: "Please call me about a programme for 12 people.",
  preferredContact: "email",
});

/**
 * A database of `dialect`, opened before the suite's tests and disposed of
 * after them (call it in the body of a `describe`). Its handle is there
 * while the tests run.
 */
export function useTestDatabase(dialect: (typeof dialects)[number]): TestDatabase {
  let opened: TestDatabase | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await opened?.dispose();
    opened = undefined;
  });
  const open = () => {
    if (!opened) throw new Error("The test database is open only while the suite's tests run");
    return opened;
  };
  return {
    get handle() {
      return open().handle;
    },
    get where() {
      return open().where;
    },
    async dispose() {
      await opened?.dispose();
      opened = undefined;
    },
  };
}

export const staffPassword = "correct horse battery staple";

/** The code an authenticator shows for `secret` at `at`. */
export const totpCode = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });

let staffCounter = 0;
/** An address no other account of this run has (`prefix` tells the test files' accounts apart). */
export const uniqueStaffEmail = (prefix = "staff") =>
  `${prefix}-${Date.now().toString(36)}-${staffCounter++}@example.test`;

/**
 * A staff account set up from an invitation at `at`, as the set-up page
 * does it: invited, the invitation opened with the keys that sealed its
 * authenticator secret, accepted with a password and the code of that
 * moment. Returns the account, its authenticator secret and the
 * invitation's token.
 */
export async function staffFromInvitation(
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

type BookingRow = Database["bookings"];

/**
 * A consultation booking's row as the payment service stores it, made `at`
 * (paid then, if `status` is "paid"): one participant at £450, for
 * `<id>@example.test`, its PaymentIntent `pi_<id>`; `row` changes any column.
 */
export const bookingRow = (
  id: string,
  status: BookingRow["status"],
  at: string,
  row: Partial<BookingRow> = {},
): BookingRow => ({
  id,
  created_at: at,
  updated_at: at,
  customer_name: "Ann Lee",
  customer_email: `${id}@example.test`,
  quantity: 1,
  amount_pence: 45000,
  currency: "gbp",
  status,
  payment_intent_id: `pi_${id}`,
  client_secret: null,
  paid_at: status === "paid" ? at : null,
  failure_message: null,
  is_test: 0,
  source_page: "/consultation-payment",
  ...row,
});
