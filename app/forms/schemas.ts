/**
 * One schema per form, shared by the browser (validation as the visitor
 * types) and the server (the API and the page actions). Messages are the
 * spec's (section 5). They are valibot schemas, not zod: the browser fetches
 * this module when a visitor starts on a form, and valibot's checks cost
 * about 2 KB compressed where zod/mini's cost 6 (ADR 032).
 *
 * Every string is trimmed and has a length cap; single-line fields refuse
 * line breaks and control characters (they end up in e-mail headers).
 */
import * as v from "valibot";
import { limits, serviceInterests, type ServiceInterest } from "./fields.ts";

export { limits, preferredContacts, serviceInterests, type ServiceInterest } from "./fields.ts";
import { guideIds, guideNames } from "~/content/ids.ts";

export const messages = {
  contact: {
    name: "Full name must be at least 2 characters.",
    email: "Please enter a valid email address.",
    phone: "Please enter a valid phone number.",
    company: "Company name must be at least 2 characters.",
    jobTitle: "Job title must be at most 100 characters.",
    serviceInterest: "Please select an area of interest.",
    message: "Message must be at least 10 characters.",
    preferredContact: "Please select your preferred contact method.",
  },
  guide: {
    first_name: "First name must be at least 2 characters",
    last_name: "Last name must be at least 2 characters",
    email: "Please enter a valid email address",
    company: "Company name must be at least 2 characters",
    guide_name: "Please select a guide",
  },
  email: "Please enter a valid email address",
  name: "Please enter your name (at least 2 characters)",
  company: "Company name must be at least 2 characters",
  webinar: "Please choose a webinar",
  resource: "Please choose a guide",
  payment: {
    customerName: "Please enter your name.",
    customerEmailMissing: "Please enter your email address.",
    customerEmail: "Please enter a valid email address.",
  },
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
  singleLine: "Please use a single line without special characters.",
} as const;

// Control characters (including CR and LF): never allowed on one line.
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/;
// In multi-line text, only tab, LF and CR are allowed.
// eslint-disable-next-line no-control-regex
const controlCharsMultiline = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Zod 4's e-mail pattern, which these forms used before valibot (valibot's
 * own refuses an apostrophe, as in o'brien@example.com).
 */
const emailPattern = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+.-]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether `value` is an e-mail address the forms take (the server's other address checks use it too). */
export const isEmailAddress = (value: string): boolean => value.length <= limits.email && emailPattern.test(value);

/** A trimmed single-line text of `min` to `max` characters. */
function line(min: number, max: number, message: string) {
  return v.pipe(
    v.string(message),
    v.trim(),
    v.minLength(min, message),
    v.maxLength(max, messages.tooLong(max)),
    v.check((value) => !controlChars.test(value), messages.singleLine),
  );
}

function email(message: string, missing = message) {
  return v.pipe(
    v.string(missing),
    v.trim(),
    v.minLength(1, missing),
    v.maxLength(limits.email, messages.tooLong(limits.email)),
    v.regex(emailPattern, message),
  );
}

const serviceInterestValues = serviceInterests.map((s) => s.value) as [ServiceInterest, ...ServiceInterest[]];

/** Contact enquiry, with the field names the API takes (spec section 7). */
export const contactSchema = v.object({
  name: line(2, limits.name, messages.contact.name),
  email: email(messages.contact.email),
  phone: line(6, limits.phone, messages.contact.phone),
  company: line(2, limits.company, messages.contact.company),
  jobTitle: v.optional(line(0, limits.jobTitle, messages.contact.jobTitle)),
  serviceInterest: v.picklist(serviceInterestValues, messages.contact.serviceInterest),
  message: v.pipe(
    v.string(messages.contact.message),
    v.trim(),
    v.minLength(10, messages.contact.message),
    v.maxLength(limits.message, messages.tooLong(limits.message)),
    v.check((value) => !controlCharsMultiline.test(value), messages.singleLine),
  ),
  preferredContact: v.picklist(["email", "phone"], messages.contact.preferredContact),
});
export type ContactInput = v.InferOutput<typeof contactSchema>;

/** Guide request (guide page), with the API's snake_case names. */
export const guideRequestSchema = v.object({
  first_name: line(2, limits.name, messages.guide.first_name),
  last_name: line(2, limits.name, messages.guide.last_name),
  email: email(messages.guide.email),
  company: line(2, limits.company, messages.guide.company),
  guide_name: v.picklist(guideNames, messages.guide.guide_name),
});
export type GuideRequestInput = v.InferOutput<typeof guideRequestSchema>;

/** Home page free-resources form: one e-mail for one guide. */
export const resourceDownloadSchema = v.object({
  email: email(messages.email),
  resourceId: v.picklist(guideIds, messages.resource),
});
export type ResourceDownloadInput = v.InferOutput<typeof resourceDownloadSchema>;

/** Newsletter (footer and exit popup). */
export const newsletterSchema = v.object({
  email: email(messages.email),
});
export type NewsletterInput = v.InferOutput<typeof newsletterSchema>;

/** Free webinar registration (resources page). */
export const webinarRegistrationSchema = v.object({
  webinarId: line(1, 100, messages.webinar),
  name: line(2, limits.name, messages.name),
  email: email(messages.email),
  company: line(2, limits.company, messages.company),
});
export type WebinarRegistrationInput = v.InferOutput<typeof webinarRegistrationSchema>;

export const formSchemas = {
  contact: contactSchema,
  guideRequest: guideRequestSchema,
  resourceDownload: resourceDownloadSchema,
  newsletter: newsletterSchema,
  webinarRegistration: webinarRegistrationSchema,
} as const;
export type FormKind = keyof typeof formSchemas;

/**
 * The card payment's contact details (consultation and test payment), checked
 * in the browser before the payment is prepared. Not a lead form: the
 * booking is stored by the payment flow, which checks the request again.
 */
export const paymentDetailsSchema = v.object({
  customerName: line(1, limits.name, messages.payment.customerName),
  customerEmail: email(messages.payment.customerEmail, messages.payment.customerEmailMissing),
});

/** Every schema the browser validates a form with (useFormValidation). */
export const validationSchemas = { ...formSchemas, paymentDetails: paymentDetailsSchema } as const;
export type ValidationKind = keyof typeof validationSchemas;
export type FormInput<K extends ValidationKind> = v.InferOutput<(typeof validationSchemas)[K]>;

export type FieldErrors = Record<string, string>;

export type Validation<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

export type FormSchema<T = unknown> = v.ObjectSchema<v.ObjectEntries, undefined> & v.GenericSchema<unknown, T>;

/**
 * An issue's message. A field missing from the input gets the message its
 * own schema gives for no value (valibot reports a missing key as an issue
 * of the object, with a message of its own).
 */
export function issueMessage(schema: FormSchema, issue: v.BaseIssue<unknown>): string {
  const step = issue.path?.[0];
  const entry = issue.type === "object" && step?.origin === "key" ? schema.entries[String(step.key)] : undefined;
  return (entry && v.safeParse(entry, undefined).issues?.[0]?.message) || issue.message;
}

/** Validates input against a public form's schema; on failure, the first message for each field. */
export function validate<K extends ValidationKind>(kind: K, input: unknown): Validation<FormInput<K>> {
  return validateWith(validationSchemas[kind] as unknown as FormSchema<FormInput<K>>, input);
}

/**
 * The one way a form is checked, public or staff: a valibot object schema,
 * and on failure the first message for each field (`form` when the input is
 * not an object of fields).
 */
export function validateWith<T>(schema: FormSchema<T>, input: unknown): Validation<T> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, data: result.output };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (key === undefined) fieldErrors.form ??= "Please send the form's fields as a JSON object.";
    else fieldErrors[String(key)] ??= issueMessage(schema, issue);
  }
  return { ok: false, fieldErrors };
}

export { protectionFields } from "./protection.ts";
