/**
 * The guide request form (guide request screen, spec sections 2 to 5):
 * idle, submitting (spinner, "Sending Guide..."), then the success screen or
 * an alert. An island (ADR 090): without JavaScript it posts to the page's
 * action; once it has woken it sends to /api/webhook/guide-request.
 */
import { CheckCircle2 } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { useEffect, useRef } from "react";
import { NextStepLinks } from "~/components/next-step-links.tsx";
import type { FormResult } from "~/forms/result.ts";
import { ConsentLine } from "./consent-line.tsx";
import { BotFields } from "./bot-fields.tsx";
import {
  ErrorSummary,
  FormAlert,
  FormStatus,
  RequiredNote,
  SelectField,
  SubmitButton,
  useFormValidation,
  type Option,
} from "./field.tsx";
import { PersonField } from "./person-field.tsx";
import { useFetchSubmission } from "./fetch-submission.ts";

export const guideFormId = "guide";
export const guideFailureTitle = "Something went wrong. Please try again.";
export const guideSuccessTitle = "Success! Your Guide is On Its Way";

const fieldOrder = ["first_name", "last_name", "email", "company", "guide_name"] as const;

/** Where the request goes once the form has woken (the same checks as the page's action). */
export const guideEndpoint = "/api/webhook/guide-request";

/** The form's props, and its island's. */
export type GuideFormProps = {
  guides: Option[];
  /** The guide the page's `?guide=` names, if any. */
  preselect?: string;
  /** The answer to a post made without JavaScript (the page's action data). */
  pageResult?: FormResult;
  /** The consent line (the guide request kind's text, ~/leads/kinds/). */
  consent: string | undefined;
  /** Where the page posts without JavaScript (its own address, query kept: /get-guide or /lead-capture). */
  action: string;
};

export function GuideForm({ guides, preselect, pageResult, consent, action }: GuideFormProps) {
  const submission = useFetchSubmission<FormResult>(guideEndpoint, pageResult);
  const { failure, success, submitting } = submission;
  const { errors, summaryRef, formProps } = useFormValidation("guideRequest", failure?.errors, {
    onValid: submission.onSubmit,
  });
  const successRef = useRef<HTMLDivElement | null>(null);
  const id = guideFormId;

  useEffect(() => {
    if (success) successRef.current?.focus();
  }, [success]);

  const values = submission.values ?? {};
  const chosen = values.guide_name ?? (guides.some((g) => g.value === preselect) ? preselect : "");

  return (
    <>
      <FormStatus statusRef={successRef}>
        {success && (
          <div className="text-center">
            <Icon drawing={CheckCircle2} className="mx-auto size-12 text-green-700" />
            <h2 className="mt-4 text-2xl font-bold text-navy-900">{guideSuccessTitle}</h2>
            <p className="mt-3 text-slate-700">
              We have e-mailed you a link to download your guide. Please check your inbox (and your spam folder if it
              has not arrived within a few minutes).
            </p>
            <p className="mt-6 flex flex-wrap justify-center gap-3">
              <NextStepLinks />
            </p>
          </div>
        )}
      </FormStatus>
      {!success && (
        <form method="post" action={action} aria-labelledby={`${id}-form-title`} className="space-y-5" {...formProps}>
          <h2 id={`${id}-form-title`} className="text-2xl font-bold text-navy-900">
            Get your free guide
          </h2>
          <RequiredNote />
          {failure && (
            <FormAlert
              title={guideFailureTitle}
              message={failure.message !== guideFailureTitle ? failure.message : undefined}
            />
          )}
          <ErrorSummary formId={id} errors={errors} order={fieldOrder} summaryRef={summaryRef} />
          <BotFields />
          <div className="grid gap-5 sm:grid-cols-2">
            <PersonField
              formId={id}
              field="givenName"
              name="first_name"
              label="First Name"
              required
              values={values}
              errors={errors}
            />
            <PersonField
              formId={id}
              field="familyName"
              name="last_name"
              label="Last Name"
              required
              values={values}
              errors={errors}
            />
          </div>
          <PersonField formId={id} field="email" label="Email Address" required values={values} errors={errors} />
          <PersonField formId={id} field="company" label="Company Name" required values={values} errors={errors} />
          <SelectField
            formId={id}
            name="guide_name"
            label="Guide"
            required
            options={guides}
            placeholder="Select a guide"
            defaultValue={chosen}
            error={errors.guide_name}
          />
          <SubmitButton
            submitting={submitting}
            label="Send Me the Guide"
            busyLabel="Sending Guide..."
            spinner
            className="btn-accent w-full"
          />
          <ConsentLine text={consent} />
        </form>
      )}
    </>
  );
}
