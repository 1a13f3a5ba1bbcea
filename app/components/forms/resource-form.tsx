/**
 * The home page's free-resources form: one work e-mail for one guide. Posts
 * to the home route's action, which tags its answer with the guide id (three
 * of these forms share the page). Works without JavaScript.
 */
import { useEffect, useRef } from "react";
import { trackEvent } from "~/analytics/track-event.ts";
import { ConsentNote } from "./consent-note.tsx";
import { BotFields } from "./bot-fields.tsx";
import { FormAlert, FormStatus, SubmitButton, useFormValidation } from "./field.tsx";
import { PersonField } from "./person-field.tsx";
import { useFormSubmission } from "./submission.ts";

export function resourceFormId(guideId: string): string {
  return `resource-${guideId}`;
}

export function ResourceDownloadForm({ guide }: { guide: { id: string; title: string } }) {
  const { fetcher, failure, success, submitting } = useFormSubmission(guide.id);
  const { errors, formRef, formProps } = useFormValidation("resourceDownload", failure?.errors);
  const statusRef = useRef<HTMLDivElement | null>(null);
  const id = resourceFormId(guide.id);

  useEffect(() => {
    if (!success) return;
    trackEvent({ category: "Resource", action: "Download", label: guide.title });
    formRef.current?.reset();
    if (document.activeElement === document.body || document.activeElement === null) statusRef.current?.focus();
  }, [success, guide.title, formRef]);

  // Messages that belong to no visible field (the general one, an unknown guide).
  const otherErrors = Object.entries(errors)
    .filter(([name]) => name !== "email")
    .map(([, message]) => message);
  const alert = failure && !errors.email ? [failure.message, ...otherErrors].join(" ") : otherErrors.join(" ");

  return (
    <fetcher.Form method="post" aria-label={`Download ${guide.title}`} className="mt-5 space-y-3" {...formProps}>
      <BotFields />
      <input type="hidden" name="resourceId" value={guide.id} />
      <PersonField
        formId={id}
        field="email"
        label={`Work email for ${guide.title}`}
        labelHidden
        placeholder="Your work email"
        required
        values={failure?.values}
        errors={errors}
      />
      {alert && <FormAlert message={alert} className="text-sm" />}
      <SubmitButton
        submitting={submitting}
        label="Download Free Guide"
        busyLabel="Sending..."
        className="btn-primary w-full"
      />
      <ConsentNote kind="resourceDownload" />
      <FormStatus statusRef={statusRef}>
        {success && <p className="text-sm font-semibold text-green-800">{success.message}</p>}
      </FormStatus>
    </fetcher.Form>
  );
}
