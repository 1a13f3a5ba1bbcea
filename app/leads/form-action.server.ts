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
import { type FormKind, protectionFields } from "~/forms/schemas.ts";
import { validate } from "./validation.ts";
import { requestLog } from "~/observability/request-log.server.ts";
import { attributionField, parseAttribution } from "~/forms/attribution.ts";
import { UnknownReferenceError } from "./errors.ts";
import { leadKinds } from "./kinds/index.server.ts";
import { readJsonBody, sourcePageFromReferer, sourcePageOf, type JsonAnswer } from "~/http/http.server.ts";
import { servicesContext } from "~/services.ts";
import { configContext } from "~/http/request-context.ts";
import { guardPost, readFormFields, unreadableForm } from "~/spam/form-guard.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Route action for a page form: reads the posted form fields. */
export async function formAction(kind: FormKind, { request, context }: Args) {
  const fields = await readFormFields(request);
  if (!fields) return data<FormResult>({ success: false, message: unreadableForm }, 400);
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
): Promise<JsonAnswer> {
  const config = context.get(configContext);
  const services = context.get(servicesContext);
  const values = typedValues(fields);

  // Honeypot, fill time and the enquiry forms' own per-address limit (ADR 059).
  const refusal = await guardPost(context, { family: "enquiry", kind, fields, sourcePage });
  if (refusal) {
    const body: FormResult = { success: false, message: refusal.message };
    // A honeypot answer re-fills nothing: the form is not shown again.
    if (refusal.reason !== "honeypot") body.values = values;
    return { status: refusal.status, body };
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
      attribution: parseAttribution(fields[attributionField]),
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
  return { status: 200, body: { success: true, message: leadKinds[kind].successMessage } };
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
