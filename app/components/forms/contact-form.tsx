/**
 * The contact enquiry form (spec sections 3 to 5), an island (ADR 090).
 * Without JavaScript it posts to the contact route's action; once it has
 * woken it sends to /api/contact (fetch-submission.ts). On success a
 * thank-you replaces the form for ui.contactThankYouMs, then the form comes
 * back empty. On failure the visitor keeps what they typed and sees why.
 */
import { useEffect, useRef, useState } from "react";
import { promises, ui } from "~/content/business.ts";
import type { FormResult } from "~/forms/result.ts";
import { limits, preferredContacts, serviceInterests } from "~/forms/fields.ts";
import { ConsentLine } from "./consent-line.tsx";
import { BotFields } from "./bot-fields.tsx";
import {
  ErrorSummary,
  FormAlert,
  FormStatus,
  RadioGroup,
  RequiredNote,
  SelectField,
  SubmitButton,
  TextAreaField,
  useFormValidation,
} from "./field.tsx";
import { PersonField } from "./person-field.tsx";
import { useFetchSubmission, type FetchSubmission } from "./fetch-submission.ts";

export const contactFormId = "contact";

/** Where the enquiry goes once the form has woken (the same checks as the page's action). */
export const contactEndpoint = "/api/contact";

/** The form's fields, in order (the error summary lists them so). */
const fieldOrder = [
  "name",
  "email",
  "phone",
  "company",
  "jobTitle",
  "serviceInterest",
  "message",
  "preferredContact",
] as const;

export type ContactDefaults = Partial<Record<(typeof fieldOrder)[number], string>>;

const emptyDefaults: ContactDefaults = { preferredContact: "email" };

/** The form's props, and its island's (ADR 090). */
export type ContactFormProps = {
  /** The answer to a post made without JavaScript (the page's action data). */
  pageResult?: FormResult;
  /** The consent line (the contact kind's text, ~/leads/kinds/). */
  consent: string | undefined;
  /** What the page's address fills in (contact-prefill.ts). */
  prefill?: ContactDefaults;
};

export function ContactForm({ pageResult, consent, prefill }: ContactFormProps) {
  const submission = useFetchSubmission<FormResult>(contactEndpoint, pageResult);
  const { result } = submission;
  // The success being thanked for; once its time is up it is "dismissed".
  const [dismissed, setDismissed] = useState<FormResult | undefined>(undefined);
  // Each reset mounts a fresh, empty form.
  const [generation, setGeneration] = useState(0);
  const thanks = result?.success && result !== dismissed ? result : undefined;
  const thanksRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!thanks) return;
    // The form (and the focused button) has gone: keep the visitor's place.
    thanksRef.current?.focus();
    const timer = window.setTimeout(() => {
      setDismissed(thanks);
      setGeneration((g) => g + 1);
    }, ui.contactThankYouMs);
    return () => window.clearTimeout(timer);
  }, [thanks]);

  // First form: what the server sent back (no JavaScript) or the prefill.
  const defaults: ContactDefaults =
    generation === 0 && submission.values
      ? { ...emptyDefaults, ...submission.values }
      : generation === 0
        ? { ...emptyDefaults, ...prefill }
        : emptyDefaults;

  return (
    <div>
      <FormStatus statusRef={thanksRef}>
        {thanks && (
          <div className="rounded-lg border border-green-700 bg-green-50 p-6 text-green-900">
            <h3 className="text-xl font-semibold">Thank you for your message</h3>
            <p className="mt-2">{thanks.message}</p>
            <p className="mt-4 text-sm">
              <a href="/contact" className="font-semibold underline underline-offset-4">
                Send another enquiry
              </a>
            </p>
          </div>
        )}
      </FormStatus>
      {!thanks && (
        <ContactFormFields
          key={generation}
          submission={submission}
          defaults={defaults}
          focusOnMount={generation > 0}
          consent={consent}
        />
      )}
    </div>
  );
}

function ContactFormFields({
  submission,
  defaults,
  focusOnMount,
  consent,
}: {
  submission: FetchSubmission<FormResult>;
  defaults: ContactDefaults;
  focusOnMount: boolean;
  consent: string | undefined;
}) {
  const { failure, submitting } = submission;
  const { errors, summaryRef, formRef, formProps } = useFormValidation("contact", failure?.errors, {
    onValid: submission.onSubmit,
  });
  const id = contactFormId;

  useEffect(() => {
    // Back after the thank-you: if focus was left on nothing, start here.
    if (focusOnMount && (document.activeElement === document.body || document.activeElement === null)) {
      formRef.current?.focus();
    }
  }, [focusOnMount, formRef]);

  return (
    <form
      method="post"
      action="/contact"
      tabIndex={-1}
      aria-label="Enquiry form"
      className="space-y-6 focus:outline-none"
      {...formProps}
    >
      <p className="text-slate-700">
        We respond to every enquiry {promises.contactResponse}. Business hours: {promises.businessHours}.
      </p>
      <RequiredNote />
      {failure && <FormAlert message={failure.message} />}
      <ErrorSummary formId={id} errors={errors} order={fieldOrder} summaryRef={summaryRef} />
      <BotFields />

      <div className="grid gap-6 sm:grid-cols-2">
        <PersonField formId={id} field="name" label="Full Name" required values={defaults} errors={errors} />
        <PersonField formId={id} field="email" label="Email Address" required values={defaults} errors={errors} />
        <PersonField formId={id} field="phone" label="Phone Number" required values={defaults} errors={errors} />
        <PersonField formId={id} field="company" label="Company Name" required values={defaults} errors={errors} />
        <PersonField formId={id} field="jobTitle" label="Job Title" values={defaults} errors={errors} />
        <SelectField
          formId={id}
          name="serviceInterest"
          label="Area of Interest"
          required
          options={serviceInterests}
          placeholder="Select an area of interest"
          defaultValue={defaults.serviceInterest}
          error={errors.serviceInterest}
        />
      </div>
      <TextAreaField
        formId={id}
        name="message"
        label="Your Message"
        required
        rows={6}
        maxLength={limits.message}
        defaultValue={defaults.message}
        error={errors.message}
      />
      <RadioGroup
        formId={id}
        name="preferredContact"
        label="Preferred Contact Method"
        required
        options={preferredContacts}
        defaultValue={defaults.preferredContact}
        error={errors.preferredContact}
      />

      <div className="space-y-4">
        <SubmitButton submitting={submitting} label="Send Message" busyLabel="Sending..." />
        <ConsentLine text={consent} />
      </div>
    </form>
  );
}
