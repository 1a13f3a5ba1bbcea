/**
 * Free webinar registration (resources page): "Register Now" discloses a
 * short form (a native <details>, so it opens and posts without
 * JavaScript). An island (ADR 090): without JavaScript it posts to the
 * resources route's action, which tags its answer with the webinar id, and
 * the route hands each webinar only its own answer, so the page re-rendered
 * opens the right one; once it has woken it sends to
 * /api/webinar-registration.
 */
import { useEffect, useRef, useState } from "react";
import type { FormResult } from "~/forms/result.ts";
import { ConsentLine } from "./consent-line.tsx";
import { BotFields } from "./bot-fields.tsx";
import { ErrorSummary, FormAlert, FormStatus, SubmitButton, useFormValidation } from "./field.tsx";
import { PersonField } from "./person-field.tsx";
import { useFetchSubmission } from "./fetch-submission.ts";

/** Where the registration goes once the form has woken (the same checks as the page's action). */
export const webinarEndpoint = "/api/webinar-registration";

const fieldOrder = ["name", "email", "company"] as const;

export function webinarFormId(webinarId: string): string {
  return `webinar-${webinarId}`;
}

/** The form's props, and its island's. */
export type WebinarFormProps = {
  webinar: { id: string; title: string };
  /** The answer to a post made without JavaScript for this webinar (the page's action data, when it names it). */
  pageResult?: FormResult;
  /** The consent line (the webinar registration kind's text, ~/leads/kinds/). */
  consent: string | undefined;
};

export function WebinarRegistration({ webinar, pageResult, consent }: WebinarFormProps) {
  const submission = useFetchSubmission<FormResult>(webinarEndpoint, pageResult);
  const { result, failure, success, submitting } = submission;
  const { errors, summaryRef, formProps } = useFormValidation("webinarRegistration", failure?.errors, {
    onValid: submission.onSubmit,
  });
  // Open from the start when the server answered for this webinar (no JavaScript).
  const [initiallyOpen] = useState(() => result !== undefined);
  const statusRef = useRef<HTMLDivElement | null>(null);
  const id = webinarFormId(webinar.id);

  useEffect(() => {
    if (success) statusRef.current?.focus();
  }, [success]);

  return (
    <details open={initiallyOpen || undefined} className="group mt-5">
      <summary className="btn-primary cursor-pointer list-none self-start [&::-webkit-details-marker]:hidden">
        Register Now<span className="sr-only">: {webinar.title}</span>
      </summary>
      <div className="mt-4 rounded-md border border-slate-200 bg-navy-50 p-4">
        <FormStatus statusRef={statusRef}>
          {success && <p className="font-semibold text-green-800">{success.message}</p>}
        </FormStatus>
        {!success && (
          <form
            method="post"
            action="/resources"
            aria-label={`Register for ${webinar.title}`}
            className="space-y-4"
            {...formProps}
          >
            <p className="text-sm text-slate-700">Free to attend. Fields marked with an asterisk (*) are required.</p>
            {failure && <FormAlert message={failure.message} className="text-sm" />}
            <ErrorSummary formId={id} errors={errors} order={fieldOrder} summaryRef={summaryRef} headingLevel={4} />
            <BotFields />
            <input type="hidden" name="webinarId" value={webinar.id} />
            <PersonField formId={id} field="name" label="Name" required values={submission.values} errors={errors} />
            <PersonField formId={id} field="email" label="Email" required values={submission.values} errors={errors} />
            <PersonField
              formId={id}
              field="company"
              label="Company"
              required
              values={submission.values}
              errors={errors}
            />
            <SubmitButton submitting={submitting} label="Register" busyLabel="Registering..." />
            <ConsentLine text={consent} />
          </form>
        )}
      </div>
    </details>
  );
}
