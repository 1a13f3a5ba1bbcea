/**
 * The one way a form submission enters the system, from a page form (React
 * Router action, with or without JavaScript) or from the JSON API. Checks
 * the bot protection and the rate limit, validates with the form's shared
 * schema, stores the lead (and queues its e-mails) through the lead service,
 * and answers { success, message } with an honest status: 200, 400, 413,
 * 415, 429, or 503 when the lead could not be stored (never a false success).
 */
import { data, type RouterContextProvider } from "react-router";
import { type FormResult, resultMessages } from "~/forms/result.ts";
import { type FormKind, protectionFields, validate } from "~/forms/schemas.ts";
import { requestLog } from "~/observability/request-log.server.ts";
import { UnknownReferenceError } from "./errors.ts";
import { clientIpContext, configContext, servicesContext } from "~/lib/request-context.ts";

const successMessages: Record<FormKind, string> = {
  contact: resultMessages.contactReceived,
  guideRequest: resultMessages.guideRequested,
  resourceDownload: resultMessages.resourceSent,
  newsletter: resultMessages.newsletterPending,
  webinarRegistration: resultMessages.webinarRegistered,
};

/** Largest request body a form or API call may send. */
export const maxBodyBytes = 32 * 1024;

type Answer = { status: number; body: FormResult };

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Route action for a page form: reads the posted form fields. */
export async function formAction(kind: FormKind, { request, context }: Args) {
  let fields: Record<string, unknown>;
  try {
    const form = await request.formData();
    fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  } catch {
    return data<FormResult>({ success: false, message: "The form could not be read. Please try again." }, 400);
  }
  const answer = await handleSubmission(kind, fields, {
    context,
    sourcePage: sourcePageOf(request),
    testRequested: false,
  });
  return data(answer.body, answer.status);
}

/** Resource route action for POST /api/*: reads a JSON body. */
export async function apiAction(kind: FormKind, { request, context }: Args): Promise<Response> {
  const parsed = await readJsonBody(request);
  if ("error" in parsed) return Response.json(parsed.error.body, { status: parsed.error.status });
  const answer = await handleSubmission(kind, parsed.value, {
    context,
    sourcePage: sourcePageFromReferer(request),
    testRequested: request.headers.get("x-test-submission") === "true",
  });
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}

export async function readJsonBody(request: Request): Promise<{ value: Record<string, unknown> } | { error: Answer }> {
  const fail = (status: number, message: string) => ({ error: { status, body: { success: false as const, message } } });
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type.trim())) {
    return fail(415, "Please send the data as JSON (Content-Type: application/json).");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBodyBytes) return fail(413, "The request is too large.");
  let text: string;
  try {
    text = await request.text();
  } catch {
    return fail(400, "The request body could not be read.");
  }
  if (Buffer.byteLength(text) > maxBodyBytes) return fail(413, "The request is too large.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail(400, "The request body is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return fail(400, "Please send the form's fields as a JSON object.");
  }
  return { value: value as Record<string, unknown> };
}

type SubmissionContext = {
  context: Readonly<RouterContextProvider>;
  sourcePage: string;
  /** The caller asked for the submission to be marked as a test. */
  testRequested: boolean;
};

export async function handleSubmission(
  kind: FormKind,
  fields: Record<string, unknown>,
  { context, sourcePage, testRequested }: SubmissionContext,
): Promise<Answer> {
  const config = context.get(configContext);
  const services = context.get(servicesContext);
  const values = typedValues(fields);

  const honeypot = fields[protectionFields.honeypot];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return { status: 400, body: { success: false, message: resultMessages.rejected } };
  }
  // The browser's clock may differ from ours: a time in our future says
  // nothing (skipped), only 0 <= elapsed < minimum is refused.
  const elapsed = Date.now() - Number(fields[protectionFields.startedAt]);
  if (Number.isFinite(elapsed) && elapsed >= 0 && elapsed < config.FORM_MIN_FILL_SECONDS * 1000) {
    return { status: 400, body: { success: false, message: resultMessages.tooFast, values } };
  }
  if (!(await services.allowSubmission(context.get(clientIpContext) ?? "unknown"))) {
    return { status: 429, body: { success: false, message: resultMessages.rateLimited, values } };
  }

  const result = validate(kind, fields);
  if (!result.ok) {
    return {
      status: 400,
      body: { success: false, message: resultMessages.invalid, errors: result.fieldErrors, values },
    };
  }
  try {
    await services.leads.submit(kind, result.data, {
      sourcePage,
      isTest: testRequested && config.testPagesEnabled,
    });
  } catch (error) {
    if (error instanceof UnknownReferenceError) {
      return {
        status: 400,
        body: { success: false, message: resultMessages.invalid, errors: { [error.field]: error.message }, values },
      };
    }
    requestLog(context).error({ err: error, kind }, "Could not store a submission");
    return { status: 503, body: { success: false, message: resultMessages.unavailable, values } };
  }
  return { status: 200, body: { success: true, message: successMessages[kind] } };
}

/** What the visitor typed, to re-fill a form the server re-renders (strings only, capped). */
function typedValues(fields: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value !== "string" || key === protectionFields.honeypot || key.length > 40) continue;
    values[key] = value.slice(0, 6000);
  }
  return values;
}

/** The page a form was posted from: the action's own path and query. */
export function sourcePageOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("_routes");
  // React Router's data requests: /contact.data, /_root.data or /_.data (home), /page/_.data.
  const path =
    url.pathname
      .replace(/\/(_root|_)\.data$/, "/")
      .replace(/\.data$/, "")
      .replace(/(.)\/$/, "$1") || "/";
  const search = url.searchParams.toString();
  return (search ? `${path}?${search}` : path).slice(0, 500);
}

/** For API calls: the referring page on this site, if the browser said. */
export function sourcePageFromReferer(request: Request): string {
  const referer = request.headers.get("referer");
  if (!referer) return "api";
  try {
    const ref = new URL(referer);
    if (ref.host !== new URL(request.url).host) return "api";
    return `${ref.pathname}${ref.search}`.slice(0, 500);
  } catch {
    return "api";
  }
}

/** Answer for a GET (or other method) on a POST-only endpoint. */
export function methodNotAllowed(allow: string): Response {
  return Response.json(
    { success: false, message: `This address only accepts ${allow} requests.` },
    { status: 405, headers: { Allow: allow } },
  );
}
