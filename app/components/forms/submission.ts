/**
 * Sending a page form, with and without JavaScript.
 *
 * - Without JavaScript (or before the page has hydrated), the form posts
 *   natively; the server runs the route's action and renders the page again
 *   with the answer as the route's action data (`useActionData`).
 * - With JavaScript, the form posts through a fetcher; the answer arrives as
 *   `fetcher.data`. The route's `clientAction` (see `clientFormAction`) turns
 *   a network failure or an unreadable error answer into a FormResult, so
 *   the form can say what happened instead of the page failing.
 *
 * `useFormSubmission` merges the two into one `result`.
 */
import {
  isRouteErrorResponse,
  useActionData,
  useFetcher,
  useLocation,
  type FetcherWithComponents,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { FormResult } from "~/forms/result.ts";
import { connectionProblemMessage, resultInErrorBody, serverProblemMessage, shownResult } from "./fetch-submission.ts";

/** What a page form's action answers: a FormResult, tagged with the form it
 * came from when one page has several forms of the same kind. */
export type TaggedResult = FormResult & { formId?: string };

/**
 * The body of a route's `clientAction`: calls the server action and answers
 * a FormResult whatever happens (no error boundary for a failed submission).
 */
export async function clientFormAction<T>(serverAction: () => Promise<T>): Promise<T | FormResult> {
  try {
    return await serverAction();
  } catch (error) {
    if (isRouteErrorResponse(error)) {
      return resultInErrorBody(error.data) ?? { success: false, message: serverProblemMessage(error.status) };
    }
    return { success: false, message: connectionProblemMessage };
  }
}

export type FormSubmission<T extends TaggedResult> = {
  fetcher: FetcherWithComponents<T>;
  /** The answer to show: none while a submission is under way. */
  result: T | undefined;
  /** The answer, when it is a failure (the form shows it and the visitor's values). */
  failure: Extract<T, { success: false }> | undefined;
  /** The answer, when it is a success. */
  success: Extract<T, { success: true }> | undefined;
  submitting: boolean;
};

/**
 * One form's submission state. `formId`: on a page with several forms of the
 * same kind, the action tags its answer with the form's id, and a form shows
 * only the action data that is its own.
 */
export function useFormSubmission<T extends TaggedResult = TaggedResult>(formId?: string): FormSubmission<T> {
  const actionData = useActionData() as T | undefined;
  const own = actionData && (formId === undefined || actionData.formId === formId) ? actionData : undefined;
  const fetcher = useFetcher<T>() as FetcherWithComponents<T>;
  const submitting = fetcher.state !== "idle";
  return { fetcher, ...shownResult(fetcher.data ?? own, submitting), submitting };
}

/**
 * Where a page's form posts: the page's own address without a trailing
 * slash, with its query (a prerendered page would otherwise post to
 * "/page/", which the server records as the source page "/page/_").
 */
export function useOwnFormAction(): string {
  const { pathname, search } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return `${path}${search}`;
}

/** A form page's `shouldRevalidate`: the page's content does not change when a form on it is sent. */
export function keepDataAfterPost({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? false : defaultShouldRevalidate;
}
