/**
 * Sending a form without React Router: what an island (ADR 090) uses, where
 * there is no router on the page. The form keeps its plain `method="post"`
 * and `action` (it works without JavaScript); with JavaScript, `onSubmit`
 * sends its fields as JSON to the form kind's API endpoint (the same checks
 * and answers as the page's action: leads/form-action.server.ts) and the
 * answer arrives as `result`. A request that never reaches the server, or an
 * answer that is not a FormResult, becomes a FormResult that says so.
 */
import { useState, type FormEvent } from "react";
import type { FormResult } from "~/forms/result.ts";
import { postJson } from "~/http/post-json.ts";

export const connectionProblemMessage =
  "We could not reach our server, so nothing was sent. Please check your connection and try again: everything you typed is still here.";

export function serverProblemMessage(status: number): string {
  return `Sorry, something went wrong on our side (error ${status}), so nothing was sent. Please try again in a few minutes: everything you typed is still here.`;
}

export function isFormResult(value: unknown): value is FormResult {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { success?: unknown }).success === "boolean" &&
    typeof (value as { message?: unknown }).message === "string"
  );
}

/** The FormResult inside an error answer's body (JSON text or an object), if any. */
export function resultInErrorBody(data: unknown): FormResult | null {
  let value = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  return isFormResult(value) && !value.success ? value : null;
}

/** A form's text fields, as the browser would post them (with the button that sent it). */
function formFields(form: HTMLFormElement, submitter?: HTMLElement | null): Record<string, string> {
  const fields: Record<string, string> = {};
  new FormData(form, submitter ?? undefined).forEach((value, key) => {
    if (typeof value === "string") fields[key] = value;
  });
  return fields;
}

/** Posts fields as JSON to `endpoint`; answers a FormResult whatever happens. */
export async function postFields(endpoint: string, fields: Record<string, string>): Promise<FormResult> {
  const answer = await postJson(endpoint, fields);
  if (!answer) return { success: false, message: connectionProblemMessage };
  if (answer.ok && isFormResult(answer.json)) return answer.json;
  return resultInErrorBody(answer.json) ?? { success: false, message: serverProblemMessage(answer.status) };
}

/** An answer split as a form shows it: none while a submission is under way, a failure or a success. */
export function shownResult<T extends FormResult>(answer: T | undefined, submitting: boolean) {
  const result = submitting ? undefined : answer;
  return {
    result,
    failure: result && !result.success ? (result as Extract<T, { success: false }>) : undefined,
    success: result?.success ? (result as Extract<T, { success: true }>) : undefined,
  };
}

export type FetchSubmission<T extends FormResult> = {
  /** The form's sending: useFormValidation's `onValid`, called once the form's own checks pass (a prevented event is not sent). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The last answer (a new object each time: a key for what restarts with it). */
  data: T | undefined;
  /** The answer to show: none while a submission is under way. */
  result: T | undefined;
  failure: Extract<T, { success: false }> | undefined;
  success: Extract<T, { success: true }> | undefined;
  submitting: boolean;
  /**
   * What an answer last filled the fields with: the values of the latest answer that carried them (the
   * page's answer to a post without JavaScript, or a refusal), kept while the next try is sent and through
   * a failure that carries none; none after a success. The fields' defaults read it, so that a default
   * never changes under a field the visitor has not touched since (it would show empty mid-send).
   */
  values: Record<string, string> | undefined;
};

/**
 * One form's submission to `endpoint` (`/api/<kind>`). `pageResult`: the
 * answer to a post made without JavaScript, if the page that shows it passes
 * it on.
 */
export function useFetchSubmission<T extends FormResult = FormResult>(
  endpoint: string,
  pageResult?: T,
): FetchSubmission<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  const [values, setValues] = useState(() => valuesOf(pageResult));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (submitting) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    setSubmitting(true);
    void postFields(endpoint, formFields(event.currentTarget, submitter)).then((answer) => {
      setData(answer as T);
      setValues((kept) => (answer.success ? undefined : (valuesOf(answer) ?? kept)));
      setSubmitting(false);
    });
  };
  return {
    onSubmit,
    data,
    ...shownResult(data ?? pageResult, submitting),
    submitting,
    values,
  };
}

/** The values a refusal carries back, if any. */
function valuesOf(answer: FormResult | undefined): Record<string, string> | undefined {
  return answer && !answer.success ? answer.values : undefined;
}
