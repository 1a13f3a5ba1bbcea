/**
 * Sign-in, first step: e-mail address and password. A right pair starts a
 * short session that only opens the code page (sign-in-code.tsx). Attempts
 * are limited per client address, per account and address, and per account
 * from addresses it never signed in from (app/staff/sign-in-limits.server.ts).
 */
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/sign-in";
import { CsrfField, StaffPage } from "~/components/admin/staff-ui.tsx";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/field.tsx";
import { logContext } from "~/http/request-context.ts";
import { startSession, checkSignInPassword } from "~/staff/accounts.server.ts";
import { auditRequest, safeReturnPath, sessionCookieHeader, staffRequestContext } from "~/staff/request.server.ts";
import { tooManyAttempts, wrongPassword } from "~/staff/sign-in-messages.ts";

/** The action's headers (Retry-After on a refusal) reach the page's answer. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  const { session } = context.get(staffRequestContext);
  const next = safeReturnPath(new URL(request.url).searchParams.get("next"));
  if (session?.stage === "full") throw redirect(next);
  return { next };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff, client } = context.get(staffRequestContext);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const next = safeReturnPath(form.get("next"));
  const now = new Date();
  if (!email || !password) {
    return data({ error: "Enter your e-mail address and password.", email }, { status: 400 });
  }
  if (email.length > 320 || password.length > 1000) {
    return data({ error: wrongPassword, email: "" }, { status: 400 });
  }
  const attempt = await staff.signIn.attempt(client.ip, email, now);
  if (!attempt) {
    await auditRequest(context, { actor: { id: null, email }, action: "sign-in-throttled" }, now);
    return data({ error: tooManyAttempts, email }, { status: 429, headers: { "Retry-After": "900" } });
  }
  const outcome = await checkSignInPassword(staff.db, email, password);
  if (!outcome || "disabled" in outcome) {
    // A disabled account is answered as a wrong password, with one audit row
    // either way (the same time); its own entry at most once a minute.
    const disabled = outcome && (await staff.signIn.reportDisabled(outcome.disabled.id)) ? outcome.disabled : null;
    if (disabled) context.get(logContext).warn({ account: disabled.id }, "sign-in attempt on a disabled account");
    await auditRequest(
      context,
      disabled
        ? { actor: { id: null, email }, action: "sign-in-disabled-account", target: `user:${disabled.id}` }
        : { actor: { id: null, email }, action: "sign-in-failed", detail: { step: "password" } },
      now,
    );
    return data({ error: wrongPassword, email }, { status: 401 });
  }
  const { user } = outcome;
  await attempt.succeeded();
  const session = await startSession(staff.db, user, "password", client, now);
  const to = next === "/admin" ? "/admin/sign-in/code" : `/admin/sign-in/code?next=${encodeURIComponent(next)}`;
  throw redirect(to, { headers: { "Set-Cookie": await sessionCookieHeader(session.token, session.expiresAt) } });
}

export default function SignIn() {
  const { next } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  return (
    <StaffPage title="Sign in to the back office" narrow>
      <Form method="post" className="space-y-5" aria-describedby={answer?.error ? "sign-in-error" : undefined}>
        <CsrfField />
        <input type="hidden" name="next" value={next} />
        <div id="sign-in-error">
          <FormAlert message={answer?.error} />
        </div>
        <TextField
          formId="sign-in"
          name="email"
          type="email"
          label="E-mail address"
          autoComplete="username"
          defaultValue={answer?.email}
          required
        />
        <TextField
          formId="sign-in"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          required
        />
        <SubmitButton submitting={submitting} label="Continue" busyLabel="Checking…" />
      </Form>
    </StaffPage>
  );
}
