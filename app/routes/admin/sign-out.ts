/** Sign-out: ends the session (a post with the CSRF token), then the sign-in page. */
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { revokeSession } from "~/staff/accounts.server.ts";
import { auditRequest, clearSessionCookieHeader, staffRequestContext } from "~/staff/request.server.ts";

export function loader() {
  return redirect("/admin");
}

export async function action({ context }: Route.ActionArgs) {
  const { session, staff } = context.get(staffRequestContext);
  const now = new Date();
  if (session) {
    await revokeSession(staff.db, session.id, now);
    if (session.stage === "full") {
      await auditRequest(context, { actor: session.user, action: "sign-out" }, now);
    }
  }
  return redirect("/admin/sign-in", { headers: { "Set-Cookie": await clearSessionCookieHeader() } });
}
