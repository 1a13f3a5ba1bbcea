/**
 * The newsletter sign-up, wherever it appears: the footer of every page, the
 * /newsletter page and the exit popup. With JavaScript it sends the address
 * to /api/newsletter-signup (the visitor stays where they are); without it
 * (or before it has woken) it is a plain form post to the /newsletter
 * route's action, which shows the answer (`pageResult`). No router: the
 * footer's form and the exit popup are islands (ADR 090).
 *
 * Built from the form kit like every other form: the shared schema checks
 * the address in the browser, the server's message goes under the field, a
 * failure that belongs to no field is an alert, and the thank-you is
 * announced in the status region.
 */
import { useEffect, useEffectEvent } from "react";
import type { FormResult } from "~/forms/result.ts";
import { BotFields } from "./bot-fields.tsx";
import { ConsentLine } from "./consent-line.tsx";
import { FormAlert, FormStatus, SubmitButton, useFormValidation, type Tone } from "./field.tsx";
import { PersonField } from "./person-field.tsx";
import { useFetchSubmission } from "./fetch-submission.ts";

/** Where the sign-up goes with JavaScript. */
export const newsletterEndpoint = "/api/newsletter-signup";

export type NewsletterFormProps = Parameters<typeof NewsletterForm>[0];

export function NewsletterForm({
  formId,
  consent,
  tone = "light",
  layout = "inline",
  pageResult,
  hideAfterSuccess = false,
  onEngaged,
  onSubscribed,
}: {
  /** Prefix of the field ids (several sign-up forms can share a page). */
  formId: string;
  /** The consent line (the newsletter kind's text, ~/leads/kinds/). */
  consent: string | undefined;
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
  const submission = useFetchSubmission(newsletterEndpoint, pageResult);
  const { failure, success, submitting } = submission;
  const { errors, formRef, formProps } = useFormValidation("newsletter", failure?.errors, {
    onValid: submission.onSubmit,
  });
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
    <form
      method="post"
      action="/newsletter"
      aria-label="Newsletter sign-up"
      className="relative mt-4 space-y-3"
      {...formProps}
      onSubmit={(event) => {
        onEngaged?.();
        formProps.onSubmit(event);
      }}
      onInput={(event) => {
        onEngaged?.();
        formProps.onInput(event);
      }}
    >
      {showFields && (
        <>
          {/* A fresh start time after each answer (bot protection). */}
          <BotFields resetKey={submission.data} />
          <div className={stacked ? "space-y-4" : "flex flex-col gap-2 sm:flex-row sm:items-start"}>
            <PersonField
              formId={formId}
              field="email"
              label="Email address"
              required
              values={submission.values}
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
      {showFields && <ConsentLine text={consent} tone={tone} className="text-xs" />}
    </form>
  );
}
