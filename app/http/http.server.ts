/**
 * HTTP plumbing shared by the form actions, the JSON API, the payment
 * routes, the webhook and the server: body limits, reading a JSON body with
 * an honest 4xx for every way it can be wrong, where a submission came from,
 * and the answer for a wrong method. No lead or payment rules live here.
 */
import type { FormResult } from "~/forms/result.ts";
import { maxGuidePdfBytes } from "../content/guide-files.ts";
import { maxImageUploadBytes as maxUploadBytes } from "../content/upload-limits.ts";
import { withoutCredentials } from "../addresses/credential-routes.ts";
import { routerPath } from "../addresses/router-path.ts";

/** Largest request body a form or API call may send. */
export const maxBodyBytes = 32 * 1024;

/**
 * Largest form the content editor posts (an item's every field, a Markdown
 * preview): an item's rich text may hold 40,000 characters
 * (app/content/schema.ts), which form encoding can make nine bytes each
 * (a character of three UTF-8 bytes, each written %XX), so a course with
 * its other fields needs far more than a public form. deploy/nginx lets
 * the same addresses through (meridian-proxy.conf).
 */
export const maxContentFormBytes = 1024 * 1024;

/**
 * The forms that take a file, each at its page's address or its data
 * request's (a post from React): a guide's PDF (maxGuidePdfBytes) and an
 * image for the library (maxUploadBytes, ADR 049), with room to spare so
 * that a file a little too large is refused by the page with its own
 * message rather than here; then the content editor's other forms
 * (maxContentFormBytes). The first that matches sets the limit. Matched on
 * the path as the router reads it (`routerPath`: dot segments, encoding,
 * case), so /admin/content/../../contact has the contact form's limit.
 * Only a signed-in editor may send more than `maxBodyBytes` even there
 * (server/app.ts asks before the body is read, ADR 061).
 */
const uploads = [
  {
    path: /^\/admin\/content\/guide\/[^/]+\/pdf(?:\/+|\.data)?$/,
    bytes: 2 * maxGuidePdfBytes,
    message: `The file is too large: a guide's PDF can be at most ${maxGuidePdfBytes / (1024 * 1024)} MB.`,
  },
  {
    path: /^\/admin\/content\/images(?:\/+|\.data)?$/,
    bytes: 2 * maxUploadBytes,
    message: `The file is too large: an image can be at most ${maxUploadBytes / (1024 * 1024)} MB.`,
  },
  {
    path: /^\/admin\/content(?:\/|\.data$|$)/,
    bytes: maxContentFormBytes,
    message: "The item is too large to save: shorten its longest text and save again.",
  },
];

/** What a request over a public form's limit is told. */
export const tooLarge = "The request is too large.";

/**
 * The largest body a request to `requestTarget` (the path and query as
 * sent) may send, and what a larger one is told: the first upload rule
 * its router path matches, else a public form's limit.
 */
export function bodyLimitFor(requestTarget: string): { bytes: number; message: string } {
  const path = routerPath(requestTarget);
  return (path !== null && uploads.find((u) => u.path.test(path))) || { bytes: maxBodyBytes, message: tooLarge };
}

/** An answer with its status: what the JSON API sends back. */
export type JsonAnswer = { status: number; body: FormResult };

/** Reads a JSON object body: 415 for another type, 413 over maxBodyBytes, 400 for what does not parse or is not an object. */
export async function readJsonBody(
  request: Request,
): Promise<{ value: Record<string, unknown> } | { error: JsonAnswer }> {
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

/** The page a form was posted from: the action's own path and query, without a credential (ADR 061). */
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
  return withoutCredentials(search ? `${path}?${search}` : path).slice(0, 500);
}

/** For API calls: the referring page on this site, if the browser said, without a credential. */
export function sourcePageFromReferer(request: Request): string {
  const referer = request.headers.get("referer");
  if (!referer) return "api";
  try {
    const ref = new URL(referer);
    if (ref.host !== new URL(request.url).host) return "api";
    return withoutCredentials(`${ref.pathname}${ref.search}`).slice(0, 500);
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
