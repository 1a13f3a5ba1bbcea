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
import { clientIpContext, configContext } from "~/http/request-context.ts";

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

  // Refused as automated: the answer is the same whether or not it is kept
  // for the spam folder (and a failure to keep it is only logged).
  const refuse = async (reason: "honeypot" | "too-fast") => {
    const clientAddress = context.get(clientIpContext) ?? "unknown";
    await services.leads
      .keepRefused({ kind, reason, fields, clientAddress, sourcePage })
      .catch((error: unknown) => requestLog(context).warn({ err: error, kind }, "Could not keep a refused submission"));
  };
  const honeypot = fields[protectionFields.honeypot];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    await refuse("honeypot");
    return { status: 400, body: { success: false, message: resultMessages.rejected } };
  }
  // The browser's clock may differ from ours: a time in our future says
  // nothing (skipped), only 0 <= elapsed < minimum is refused.
  const elapsed = Date.now() - Number(fields[protectionFields.startedAt]);
  if (Number.isFinite(elapsed) && elapsed >= 0 && elapsed < config.FORM_MIN_FILL_SECONDS * 1000) {
    await refuse("too-fast");
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
