/**
 * Free webinar registration (resources page): "Register Now" discloses a
 * short form (a native <details>, so it opens and posts without
 * JavaScript). The resources route's action tags its answer with the
 * webinar id, so the page re-rendered without JavaScript opens the right one.
 */
import { useEffect, useRef, useState } from "react";
import { ConsentNote } from "./consent-note.tsx";
import { BotFields } from "./bot-fields.tsx";
import { ErrorSummary, FormAlert, FormStatus, SubmitButton, useFormValidation } from "./field.tsx";
import { PersonField } from "./person-field.tsx";
import { useFormSubmission, useOwnFormAction } from "./submission.ts";

const fieldOrder = ["name", "email", "company"] as const;

export function webinarFormId(webinarId: string): string {
  return `webinar-${webinarId}`;
}

export function WebinarRegistration({ webinar }: { webinar: { id: string; title: string } }) {
  const { fetcher, result, failure, success, submitting } = useFormSubmission(webinar.id);
  const { errors, summaryRef, formProps } = useFormValidation("webinarRegistration", failure?.errors);
  // Open from the start when the server answered for this webinar (no JavaScript).
  const [initiallyOpen] = useState(() => result !== undefined);
  const statusRef = useRef<HTMLDivElement | null>(null);
  const action = useOwnFormAction();
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
          <fetcher.Form
            method="post"
            action={action}
            aria-label={`Register for ${webinar.title}`}
            className="space-y-4"
            {...formProps}
          >
            <p className="text-sm text-slate-700">Free to attend. Fields marked with an asterisk (*) are required.</p>
            {failure && <FormAlert message={failure.message} className="text-sm" />}
            <ErrorSummary formId={id} errors={errors} order={fieldOrder} summaryRef={summaryRef} headingLevel={4} />
            <BotFields />
            <input type="hidden" name="webinarId" value={webinar.id} />
            <PersonField formId={id} field="name" label="Name" required values={failure?.values} errors={errors} />
            <PersonField formId={id} field="email" label="Email" required values={failure?.values} errors={errors} />
            <PersonField
              formId={id}
              field="company"
              label="Company"
              required
              values={failure?.values}
              errors={errors}
            />
            <SubmitButton submitting={submitting} label="Register" busyLabel="Registering..." />
            <ConsentNote kind="webinarRegistration" />
          </fetcher.Form>
        )}
      </div>
    </details>
  );
}
