/**
 * What every form's schema is built from, and the one way a form is
 * checked: field rules, the spec's messages (section 5), and validation
 * with a message per field. Each lead kind's schema is declared with the
 * kind (app/leads/kinds/<kind>.ts) from these rules; the browser and the
 * server share it (validation as the visitor types; the API and the page
 * actions). They are valibot schemas, not zod: valibot's checks cost about
 * 2 KB compressed where zod/mini's cost 6 (ADR 032).
 *
 * Every string is trimmed and has a length cap; single-line fields refuse
 * line breaks and control characters (they end up in e-mail headers).
 *
 * Relative imports only: the React Router config loads the kinds, and so
 * this module, without the ~ alias.
 */
import * as v from "valibot";
import { limits } from "./fields.ts";

export { limits, preferredContacts, serviceInterests, type ServiceInterest } from "./fields.ts";

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

/** A trimmed text of `min` to `max` characters without the `forbidden` characters. */
function trimmed(min: number, max: number, message: string, forbidden: RegExp) {
  return v.pipe(
    v.string(message),
    v.trim(),
    v.minLength(min, message),
    v.maxLength(max, messages.tooLong(max)),
    v.check((value) => !forbidden.test(value), messages.singleLine),
  );
}

/** A trimmed single-line text of `min` to `max` characters. */
export const line = (min: number, max: number, message: string) => trimmed(min, max, message, controlChars);

/** A trimmed multi-line text of `min` to `max` characters (tab and line breaks allowed). */
export const text = (min: number, max: number, message: string) => trimmed(min, max, message, controlCharsMultiline);

/** An e-mail address (`missing`: the message when there is none). */
export function email(message: string, missing = message) {
  return v.pipe(
    v.string(missing),
    v.trim(),
    v.minLength(1, missing),
    v.maxLength(limits.email, messages.tooLong(limits.email)),
    v.regex(emailPattern, message),
  );
}

/**
 * The lead kinds' form schemas by kind name. Each kind declares its schema
 * in its client-safe module (app/leads/kinds/<kind>.ts); the kinds' registry
 * (app/leads/kinds/index.ts) adds them here, so the layers below the kinds
 * (the database's types, spam, webhooks) can name a kind without importing
 * one (docs/decisions/043-a-new-kind-is-its-modules.md).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LeadFormSchemas {}
export type FormKind = keyof LeadFormSchemas;
/** What a valid submission of a lead kind's form holds. */
export type FormInput<K extends FormKind> = v.InferOutput<LeadFormSchemas[K]>;

/**
 * The card payment's contact details (consultation and test payment), checked
 * in the browser before the payment is prepared. Not a lead form: the
 * booking is stored by the payment flow, which checks the request again.
 */
export const paymentDetailsSchema = v.object({
  customerName: line(1, limits.name, messages.payment.customerName),
  customerEmail: email(messages.payment.customerEmail, messages.payment.customerEmailMissing),
});

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
