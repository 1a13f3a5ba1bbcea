/**
 * The course booking form as the server reads it (issue 29): the booker, one
 * line per place (a named delegate, or "names to follow"), how they pay and
 * the terms accepted. Client-safe and pure, so the page can show the same
 * messages; the server checks every post with it, and prices nothing: the
 * price comes from the session (./price.ts, ./vat.ts), never from the form.
 *
 * Field names are flat (a plain HTML form posts them without JavaScript):
 * `bookerName`, `bookerEmail`, …, `places` (how many), and for each place i
 * from 0: `delegate-i-name`, `delegate-i-email`, `delegate-i-jobTitle`,
 * `delegate-i-toFollow` ("on" when the name is to follow).
 */
import * as v from "valibot";
import { email, line } from "~/forms/schemas.ts";
import { limits } from "~/forms/fields.ts";
import { parsePurchaseOrder } from "./purchase-order.ts";
import { parseVatNumber } from "./vat-number.ts";

/** The most places one booking takes (a larger group is an in-house course: the contact page). */
export const MAX_PLACES = 10;

export const paymentMethods = ["card", "invoice"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const bookingMessages = {
  bookerName: "Please enter your full name (at least 2 characters).",
  bookerEmail: "Please enter a valid email address.",
  bookerPhone: "Please enter a phone number we can reach you on (7 to 40 digits, spaces, +, ( ) or -).",
  organisation: "Please enter your organisation's name (at least 2 characters).",
  bookerJobTitle: "Please enter your job title (at least 2 characters).",
  addressLine1: "Please enter the billing address's first line.",
  addressLine2: "Please keep the second line on one line, under 120 characters.",
  city: "Please enter the town or city.",
  postcode: "Please enter the postcode (up to 12 characters).",
  country: "Please enter the country.",
  places: `Please choose from 1 to ${MAX_PLACES} places.`,
  delegateName: "Please enter the delegate's full name (at least 2 characters), or tick “name to follow”.",
  delegateEmail: "Please enter the delegate's e-mail address, or tick “name to follow”.",
  delegateJobTitle: "Please keep the job title under 100 characters, on one line.",
  delegateTwice: "This delegate is already on the booking: each place is one person.",
  paymentMethod: "Please choose how you will pay: by card now, or by invoice.",
  acceptTerms: "Please read and accept the booking terms to book.",
} as const;

export type Booker = {
  name: string;
  email: string;
  phone: string;
  organisation: string;
  jobTitle: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postcode: string;
  country: string;
};

/** A place: a named delegate, or one whose name is to follow. */
export type DelegatePlace = { name: string; email: string; jobTitle: string | null } | { namesToFollow: true };

export type BookingPayment =
  { method: "invoice"; purchaseOrder: string | null; vatNumber: string | null } | { method: "card" };

export type BookingRequest = { booker: Booker; places: DelegatePlace[]; payment: BookingPayment };

export type BookingFormResult =
  { ok: true; request: BookingRequest } | { ok: false; fieldErrors: Record<string, string> };

const phonePattern = /^\+?[\d\s().-]{7,40}$/;

const bookerFields = {
  bookerName: line(2, limits.name, bookingMessages.bookerName),
  bookerEmail: email(bookingMessages.bookerEmail),
  bookerPhone: v.pipe(
    line(7, limits.phone, bookingMessages.bookerPhone),
    v.regex(phonePattern, bookingMessages.bookerPhone),
  ),
  organisation: line(2, limits.company, bookingMessages.organisation),
  bookerJobTitle: line(2, limits.jobTitle, bookingMessages.bookerJobTitle),
  addressLine1: line(2, 120, bookingMessages.addressLine1),
  city: line(2, 80, bookingMessages.city),
  postcode: line(2, 12, bookingMessages.postcode),
  country: line(2, 60, bookingMessages.country),
} as const;

const delegateName = line(2, limits.name, bookingMessages.delegateName);
const delegateEmail = email(bookingMessages.delegateEmail);
const optionalLine = (max: number, message: string) => line(0, max, message);

/** A field's name for place `i` (0-based). */
export const delegateField = (i: number, part: "name" | "email" | "jobTitle" | "toFollow") => `delegate-${i}-${part}`;

/** The number of places a form asks for: `places` if it is a whole number in range, else 1. */
export function placesAsked(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_PLACES ? n : 1;
}

type Form = Readonly<Record<string, string | undefined>>;

function check<T>(
  schema: v.GenericSchema<unknown, T>,
  value: string | undefined,
  field: string,
  errors: Record<string, string>,
) {
  const result = v.safeParse(schema, value ?? "");
  if (result.success) return result.output;
  errors[field] = result.issues[0]!.message;
  return undefined;
}

/**
 * Reads a posted booking form: the request, or a message for each field that
 * is wrong (`form` for one that belongs to no field). `namesToFollowOpen`
 * says whether places may still be booked without names (the terms' rule,
 * decided by the caller from the session's start and the time).
 */
export function parseBookingForm(form: Form, { namesToFollowOpen }: { namesToFollowOpen: boolean }): BookingFormResult {
  const errors: Record<string, string> = {};
  const booker = {
    name: check(bookerFields.bookerName, form.bookerName, "bookerName", errors),
    email: check(bookerFields.bookerEmail, form.bookerEmail, "bookerEmail", errors),
    phone: check(bookerFields.bookerPhone, form.bookerPhone, "bookerPhone", errors),
    organisation: check(bookerFields.organisation, form.organisation, "organisation", errors),
    jobTitle: check(bookerFields.bookerJobTitle, form.bookerJobTitle, "bookerJobTitle", errors),
    addressLine1: check(bookerFields.addressLine1, form.addressLine1, "addressLine1", errors),
    addressLine2: check(optionalLine(120, bookingMessages.addressLine2), form.addressLine2, "addressLine2", errors),
    city: check(bookerFields.city, form.city, "city", errors),
    postcode: check(bookerFields.postcode, form.postcode?.toUpperCase(), "postcode", errors),
    country: check(bookerFields.country, form.country, "country", errors),
  };

  const count = Number(form.places);
  if (!Number.isInteger(count) || count < 1 || count > MAX_PLACES) errors.places = bookingMessages.places;
  const places: DelegatePlace[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < (errors.places ? 0 : count); i++) {
    if (form[delegateField(i, "toFollow")] === "on") {
      if (!namesToFollowOpen) {
        errors[delegateField(i, "name")] =
          "Names are now due: please give this delegate's name and e-mail (names to follow are no longer taken for this date).";
        continue;
      }
      places.push({ namesToFollow: true });
      continue;
    }
    const name = check(delegateName, form[delegateField(i, "name")], delegateField(i, "name"), errors);
    const address = check(delegateEmail, form[delegateField(i, "email")], delegateField(i, "email"), errors);
    const jobTitle = check(
      optionalLine(limits.jobTitle, bookingMessages.delegateJobTitle),
      form[delegateField(i, "jobTitle")],
      delegateField(i, "jobTitle"),
      errors,
    );
    if (address !== undefined) {
      const key = address.toLowerCase();
      if (seen.has(key)) errors[delegateField(i, "email")] = bookingMessages.delegateTwice;
      seen.add(key);
    }
    if (name !== undefined && address !== undefined && jobTitle !== undefined) {
      places.push({ name, email: address, jobTitle: jobTitle || null });
    }
  }

  let payment: BookingPayment | undefined;
  const method = form.paymentMethod;
  if (method === "card") payment = { method: "card" };
  else if (method === "invoice") {
    const po = parsePurchaseOrder(form.purchaseOrder ?? "");
    const vat = parseVatNumber(form.vatNumber ?? "");
    if (!po.ok) errors.purchaseOrder = po.message;
    if (!vat.ok) errors.vatNumber = vat.message;
    if (po.ok && vat.ok) payment = { method: "invoice", purchaseOrder: po.value, vatNumber: vat.value };
  } else errors.paymentMethod = bookingMessages.paymentMethod;

  if (form.acceptTerms !== "on") errors.acceptTerms = bookingMessages.acceptTerms;

  if (Object.keys(errors).length > 0 || !payment) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    request: {
      booker: { ...(booker as Required<typeof booker>), addressLine2: booker.addressLine2 || null } as Booker,
      places,
      payment,
    },
  };
}

/** A place named (a name that was to follow) or given to a substitute, as the team's form sends it. */
export type PlaceNaming = { position: number; delegate: { name: string; email: string; jobTitle: string | null } };

/**
 * Reads the team's form that names a place or gives it to a substitute
 * (`position`, 1-based, of at most `places`; `name`, `email`, `jobTitle`):
 * the naming, or a message for each field that is wrong.
 */
export const placeMessages = {
  position: "Choose one of the places.",
  name: "Enter the delegate's full name (at least 2 characters).",
  email: "Enter the delegate's e-mail address.",
} as const;

export function parsePlaceForm(
  form: Form,
  places: number,
): { ok: true; naming: PlaceNaming } | { ok: false; fieldErrors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const position = Number(form.position);
  if (!Number.isInteger(position) || position < 1 || position > places) errors.position = placeMessages.position;
  const name = check(line(2, limits.name, placeMessages.name), form.name, "name", errors);
  const address = check(email(placeMessages.email), form.email, "email", errors);
  const jobTitle = check(
    optionalLine(limits.jobTitle, bookingMessages.delegateJobTitle),
    form.jobTitle,
    "jobTitle",
    errors,
  );
  if (Object.keys(errors).length > 0 || name === undefined || address === undefined || jobTitle === undefined) {
    return { ok: false, fieldErrors: errors };
  }
  return { ok: true, naming: { position, delegate: { name, email: address, jobTitle: jobTitle || null } } };
}
