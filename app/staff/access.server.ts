/**
 * The back office's access rule, enforced (docs/decisions/035-one-access-rule.md):
 * the area's second middleware (after `staffArea`, which has checked the
 * CSRF token and read the session) looks the request up in the one table,
 * app/staff/access-rules.ts, by the pattern of the route React Router
 * matched, whatever the spelling of the address. Any rule but "public"
 * without a full session sends to sign-in (`signedIn`); a permission or
 * administrator rule with an account that lacks it is refused 403, naming
 * what is missing (`requirePermission`, docs/decisions/044-permissions.md).
 * Its refusals are rendered by the area's error boundary and pass back
 * through `staffArea`, which marks every answer no-store and noindex.
 */
import { data, type MiddlewareFunction } from "react-router";
import { decide, refusals } from "./access-rules.ts";
import { requirePermission, signedIn } from "./request.server.ts";

/** The form's `intent` field ("" without one, or when the body is not a form). */
async function intentOf(request: Request): Promise<string> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = form?.get("intent");
  return typeof intent === "string" ? intent : "";
}

export const accessRule: MiddlewareFunction<Response> = async (args, next) => {
  const { request, pattern, context } = args;
  const read = request.method === "GET" || request.method === "HEAD";
  const decision = decide(pattern, request.method, read ? null : await intentOf(request));
  if ("refuse" in decision) {
    const { status, message } = refusals[decision.refuse];
    throw data(message, { status });
  }
  if (decision.allow === "public") return next();
  if (decision.allow === "signed-in") return signedIn(args, next);
  const grant = decision.allow;
  return signedIn(args, () => {
    requirePermission(context, grant);
    return next();
  });
};
