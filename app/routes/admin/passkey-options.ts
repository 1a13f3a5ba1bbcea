/**
 * POST /admin/passkey-options: the options (and a new challenge) for a
 * passkey ceremony, as JSON, for the browser's passkey prompt
 * (app/components/admin/passkey-button.tsx). `purpose=sign-in` needs the
 * password-stage session of sign-in; `purpose=register` a full session
 * with a fresh proof that it is its account's owner (the account page asks
 * for it first; docs/decisions/036-account-self-service.md).
 * The area's middleware has checked the CSRF token.
 */
import type { Route } from "./+types/passkey-options";
import { proofNeeded } from "~/staff/account-rules.ts";
import { registrationOptions, relyingParty, signInOptions } from "~/staff/passkeys.server.ts";
import { staffRequestContext } from "~/staff/request.server.ts";
import { hasFreshProof } from "~/staff/self-service.server.ts";

export const noSession = "Sign in first.";
export const noPasskeys = "This account has no passkey. Enter a code from your authenticator app.";

/** A refusal the button shows as it is (plain text). */
function refuse(message: string, status: number): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, staff } = context.get(staffRequestContext);
  const purpose = (await request.formData()).get("purpose");
  const rp = relyingParty(staff.mail.siteUrl);
  const now = new Date();
  if (purpose === "register") {
    if (session?.stage !== "full") return refuse(noSession, 401);
    if (!(await hasFreshProof(staff.db, session.id, now))) return refuse(proofNeeded, 403);
    return Response.json(await registrationOptions(staff.db, session, rp, now));
  }
  if (purpose === "sign-in") {
    if (session?.stage !== "password") return refuse(noSession, 401);
    const options = await signInOptions(staff.db, session, rp, now);
    if (!options) return refuse(noPasskeys, 404);
    return Response.json(options);
  }
  return refuse("Unknown purpose.", 400);
}

export function loader() {
  return refuse("Not found.", 404);
}
