/**
 * One schema per form, shared by the browser (validation as the visitor
 * types) and the server (the API and the page actions). Messages are the
 * spec's (section 5). zod/mini keeps the browser bundle small.
 *
 * Every string is trimmed and has a length cap; single-line fields refuse
 * line breaks and control characters (they end up in e-mail headers).
 */
import * as z from "zod/mini";
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

/** A trimmed single-line text of `min` to `max` characters. */
function line(min: number, max: number, message: string) {
  return z.string(message).check(
    z.trim(),
    z.minLength(min, message),
    z.maxLength(max, messages.tooLong(max)),
    z.refine((v) => !controlChars.test(v), messages.singleLine),
  );
}

function email(message: string) {
  return z.string(message).check(z.trim(), z.maxLength(limits.email, messages.tooLong(limits.email)), z.email(message));
}

const serviceInterestValues = serviceInterests.map((s) => s.value) as [ServiceInterest, ...ServiceInterest[]];

/** Contact enquiry, with the field names the API takes (spec section 7). */
export const contactSchema = z.object({
  name: line(2, limits.name, messages.contact.name),
  email: email(messages.contact.email),
  phone: line(6, limits.phone, messages.contact.phone),
  company: line(2, limits.company, messages.contact.company),
  jobTitle: z.optional(line(0, limits.jobTitle, messages.contact.jobTitle)),
  serviceInterest: z.enum(serviceInterestValues, messages.contact.serviceInterest),
  message: z.string(messages.contact.message).check(
    z.trim(),
    z.minLength(10, messages.contact.message),
    z.maxLength(limits.message, messages.tooLong(limits.message)),
    z.refine((v) => !controlCharsMultiline.test(v), messages.singleLine),
  ),
  preferredContact: z.enum(["email", "phone"], messages.contact.preferredContact),
});
export type ContactInput = z.output<typeof contactSchema>;

/** Guide request (guide page), with the API's snake_case names. */
export const guideRequestSchema = z.object({
  first_name: line(2, limits.name, messages.guide.first_name),
  last_name: line(2, limits.name, messages.guide.last_name),
  email: email(messages.guide.email),
  company: line(2, limits.company, messages.guide.company),
  guide_name: z.enum(guideNames, messages.guide.guide_name),
});
export type GuideRequestInput = z.output<typeof guideRequestSchema>;

/** Home page free-resources form: one e-mail for one guide. */
export const resourceDownloadSchema = z.object({
  email: email(messages.email),
  resourceId: z.enum(guideIds, messages.resource),
});
export type ResourceDownloadInput = z.output<typeof resourceDownloadSchema>;

/** Newsletter (footer and exit popup). */
export const newsletterSchema = z.object({
  email: email(messages.email),
});
export type NewsletterInput = z.output<typeof newsletterSchema>;

/** Free webinar registration (resources page). */
export const webinarRegistrationSchema = z.object({
  webinarId: line(1, 100, messages.webinar),
  name: line(2, limits.name, messages.name),
  email: email(messages.email),
  company: line(2, limits.company, messages.company),
});
export type WebinarRegistrationInput = z.output<typeof webinarRegistrationSchema>;

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
export const paymentDetailsSchema = z.object({
  customerName: line(1, limits.name, messages.payment.customerName),
  customerEmail: z
    .string(messages.payment.customerEmailMissing)
    .check(
      z.trim(),
      z.minLength(1, messages.payment.customerEmailMissing),
      z.maxLength(limits.email, messages.tooLong(limits.email)),
      z.email(messages.payment.customerEmail),
    ),
});

/** Every schema the browser validates a form with (useFormValidation). */
export const validationSchemas = { ...formSchemas, paymentDetails: paymentDetailsSchema } as const;
export type ValidationKind = keyof typeof validationSchemas;
export type FormInput<K extends ValidationKind> = z.output<(typeof validationSchemas)[K]>;

export type FieldErrors = Record<string, string>;

export type Validation<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/** Validates input; on failure, the first message for each field. */
export function validate<K extends ValidationKind>(kind: K, input: unknown): Validation<FormInput<K>> {
  const schema = validationSchemas[kind] as unknown as z.ZodMiniType<FormInput<K>>;
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "form";
    fieldErrors[field] ??= issue.path.length ? issue.message : "Please send the form's fields as a JSON object.";
  }
  return { ok: false, fieldErrors };
}

export { protectionFields } from "./protection.ts";
