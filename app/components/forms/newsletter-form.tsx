/**
 * The newsletter sign-up, wherever it appears: the footer of every page, the
 * /newsletter page and the exit popup. All three post to the /newsletter
 * route's action: with JavaScript through a fetcher (the visitor stays where
 * they are), without it (or before the page has hydrated) as a plain form
 * post that lands on /newsletter, which shows the answer (`pageResult`).
 *
 * Built from the form kit like every other form: the shared schema checks
 * the address in the browser, the server's message goes under the field, a
 * failure that belongs to no field is an alert, and the thank-you is
 * announced in the status region.
 */
import { useEffect, useEffectEvent } from "react";
import type { FormResult } from "~/forms/result.ts";
import { BotFields } from "./bot-fields.tsx";
import { ConsentNote, FormAlert, FormStatus, SubmitButton, useFormValidation, type Tone } from "./field.tsx";
import { PersonField } from "./person-field.tsx";
import { useFetcherSubmission } from "./submission.ts";

export function NewsletterForm({
  formId,
  tone = "light",
  layout = "inline",
  pageResult,
  hideAfterSuccess = false,
  onEngaged,
  onSubscribed,
}: {
  /** Prefix of the field ids (several sign-up forms can share a page). */
  formId: string;
  tone?: Tone;
  /** "inline": the button beside the field from the sm breakpoint; "stacked": below it, full width. */
  layout?: "inline" | "stacked";
  /** The answer to a post made without JavaScript (the /newsletter page's action data). */
  pageResult?: FormResult;
  /** Show only the thank-you once subscribed (the exit popup). */
  hideAfterSuccess?: boolean;
  /** The visitor has typed in the form or sent it. */
  onEngaged?: () => void;
  onSubscribed?: () => void;
}) {
  const { fetcher, failure, success, submitting } = useFetcherSubmission(pageResult);
  const { errors, formRef, formProps } = useFormValidation("newsletter", failure?.errors);
  const subscribed = useEffectEvent(() => onSubscribed?.());
  const dark = tone === "dark";

  // After a sign-up the field is emptied for the next visitor.
  useEffect(() => {
    if (!success) return;
    formRef.current?.reset();
    subscribed();
  }, [success, formRef]);

  const alert = failure && !errors.email ? failure.message : undefined;
  const stacked = layout === "stacked";
  const showFields = !(hideAfterSuccess && success);

  return (
    <fetcher.Form
      method="post"
      action="/newsletter"
      defaultShouldRevalidate={false}
      aria-label="Newsletter sign-up"
      className="relative mt-4 space-y-3"
      {...formProps}
      onSubmit={(event) => {
        onEngaged?.();
        formProps.onSubmit(event);
      }}
      onInput={onEngaged}
    >
      {showFields && (
        <>
          {/* A fresh start time after each answer (bot protection). */}
          <BotFields resetKey={fetcher.data} />
          <div className={stacked ? "space-y-4" : "flex flex-col gap-2 sm:flex-row sm:items-start"}>
            <PersonField
              formId={formId}
              field="email"
              label="Email address"
              required
              values={failure?.values}
              errors={errors}
              tone={tone}
              className="min-w-0 flex-1"
            />
            <SubmitButton
              submitting={submitting}
              label="Subscribe"
              busyLabel="Subscribing…"
              className={`${dark ? "btn-accent" : "btn-primary"} ${stacked ? "w-full" : "sm:mt-[1.625rem]"}`}
            />
          </div>
          {alert && <FormAlert message={alert} className="text-sm" />}
        </>
      )}
      <FormStatus>
        {success && (
          <p className={`font-medium ${dark ? "text-sm text-emerald-200" : "text-emerald-800"}`}>{success.message}</p>
        )}
      </FormStatus>
      {showFields && <ConsentNote kind="newsletter" tone={tone} className="text-xs" />}
    </fetcher.Form>
  );
}
