/**
 * The home page's free-resources form: one work e-mail for one guide. An
 * island (ADR 090): without JavaScript it posts to the home route's action
 * (`/?index`: the index route's, not the root's),
 * which tags its answer with the guide id (three of these forms share the
 * page), and the route hands each card only its own answer; once it has
 * woken it sends to /api/resource-download.
 */
import { useEffect, useRef } from "react";
import { trackEvent } from "~/analytics/track-event.ts";
import type { FormResult } from "~/forms/result.ts";
import { ConsentLine } from "./consent-line.tsx";
import { BotFields } from "./bot-fields.tsx";
import { FormAlert, FormStatus, SubmitButton, useFormValidation } from "./field.tsx";
import { PersonField } from "./person-field.tsx";
import { useFetchSubmission } from "./fetch-submission.ts";

/** Where the request goes once the form has woken (the same checks as the page's action). */
export const resourceEndpoint = "/api/resource-download";

export function resourceFormId(guideId: string): string {
  return `resource-${guideId}`;
}

/** The form's props, and its island's. */
export type ResourceFormProps = {
  guide: { id: string; title: string };
  /** The answer to a post made without JavaScript from this card (the page's action data, when it names this guide). */
  pageResult?: FormResult;
  /** The consent line (the resource download kind's text, ~/leads/kinds/). */
  consent: string | undefined;
};

export function ResourceDownloadForm({ guide, pageResult, consent }: ResourceFormProps) {
  const submission = useFetchSubmission<FormResult>(resourceEndpoint, pageResult);
  const { failure, success, submitting } = submission;
  const { errors, formRef, formProps } = useFormValidation("resourceDownload", failure?.errors, {
    onValid: submission.onSubmit,
  });
  const statusRef = useRef<HTMLDivElement | null>(null);
  const id = resourceFormId(guide.id);
  // An answer that arrived here, not one the page was rendered with.
  const answered = submission.data;

  useEffect(() => {
    if (!answered?.success) return;
    trackEvent({ category: "Resource", action: "Download", label: guide.title });
    formRef.current?.reset();
    if (document.activeElement === document.body || document.activeElement === null) statusRef.current?.focus();
  }, [answered, guide.title, formRef]);

  // Messages that belong to no visible field (the general one, an unknown guide).
  const otherErrors = Object.entries(errors)
    .filter(([name]) => name !== "email")
    .map(([, message]) => message);
  const alert = failure && !errors.email ? [failure.message, ...otherErrors].join(" ") : otherErrors.join(" ");

  return (
    <form
      method="post"
      action="/?index"
      aria-label={`Download ${guide.title}`}
      className="mt-5 space-y-3"
      {...formProps}
    >
      <BotFields />
      <input type="hidden" name="resourceId" value={guide.id} />
      <PersonField
        formId={id}
        field="email"
        label={`Work email for ${guide.title}`}
        labelHidden
        placeholder="Your work email"
        required
        values={submission.values}
        errors={errors}
      />
      {alert && <FormAlert message={alert} className="text-sm" />}
      <SubmitButton
        submitting={submitting}
        label="Download Free Guide"
        busyLabel="Sending..."
        className="btn-primary w-full"
      />
      <ConsentLine text={consent} />
      <FormStatus statusRef={statusRef}>
        {success && <p className="text-sm font-semibold text-green-800">{success.message}</p>}
      </FormStatus>
    </form>
  );
}
