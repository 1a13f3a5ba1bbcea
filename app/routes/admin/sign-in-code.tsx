/**
 * Sign-in, second step: a passkey, where the account has one and the
 * browser can use it, or the 6-digit code from the authenticator app. Only
 * reachable with the short session a right password started; a right
 * answer replaces it with a full session (a new token).
 */
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/sign-in-code";
import { PasskeyButton } from "~/components/admin/passkey-button.tsx";
import { CsrfField, StaffPage, useCsrfToken } from "~/components/admin/staff-ui.tsx";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/field.tsx";
import { completeSignIn } from "~/staff/accounts.server.ts";
import { completeSignInWithPasskey, hasPasskey, passkeyAnswer, relyingParty } from "~/staff/passkeys.server.ts";
import { auditRequest, safeReturnPath, sessionCookieHeader, staffRequestContext } from "~/staff/request.server.ts";
import { tooManyAttempts } from "~/staff/sign-in-messages.ts";

export const wrongCode = "That code is not right. Enter the 6-digit code your authenticator app shows now.";
export const wrongPasskey =
  "That passkey could not be checked. Try it again, or enter a code from your authenticator app.";

function pendingSession(context: Route.LoaderArgs["context"]) {
  const { session } = context.get(staffRequestContext);
  if (session?.stage === "full") throw redirect("/admin");
  if (!session) throw redirect("/admin/sign-in");
  return session;
}

/** The action's headers (Retry-After on a refusal) reach the page's answer. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const pending = pendingSession(context);
  const { staff } = context.get(staffRequestContext);
  return {
    next: safeReturnPath(new URL(request.url).searchParams.get("next")),
    passkey: await hasPasskey(staff.db, pending.user.id),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const pending = pendingSession(context);
  const { staff, client } = context.get(staffRequestContext);
  const form = await request.formData();
  const step = form.get("intent") === "passkey" ? "passkey" : "code";
  const next = safeReturnPath(form.get("next"));
  const now = new Date();
  const actor = { id: pending.user.id, email: pending.user.email };
  const signInWithPasskey = async (field: unknown) => {
    const answer = passkeyAnswer(field);
    const rp = relyingParty(staff.mail.siteUrl);
    return answer && completeSignInWithPasskey(staff.db, pending, answer, client, rp, now);
  };
  const attempt = await staff.signIn.attempt(client.ip, pending.user.email, now);
  if (!attempt) {
    await auditRequest(context, { actor, action: "sign-in-throttled", detail: { step } }, now);
    return data({ error: tooManyAttempts }, { status: 429, headers: { "Retry-After": "900" } });
  }
  const session =
    step === "passkey"
      ? await signInWithPasskey(form.get("credential"))
      : await completeSignIn(staff.db, staff.keys, pending, String(form.get("code") ?? "").slice(0, 20), client, now);
  if (!session) {
    await auditRequest(context, { actor, action: "sign-in-failed", detail: { step } }, now);
    return data({ error: step === "passkey" ? wrongPasskey : wrongCode }, { status: 401 });
  }
  await attempt.succeeded();
  await auditRequest(context, { actor, action: "sign-in", detail: { with: step } }, now);
  throw redirect(next, { headers: { "Set-Cookie": await sessionCookieHeader(session.token, session.expiresAt) } });
}

export default function SignInCode() {
  const { next, passkey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const submit = useSubmit();
  const csrf = useCsrfToken();
  return (
    <StaffPage
      title={passkey ? "Confirm it is you" : "Enter your code"}
      intro={
        <p>
          {passkey
            ? "Use your passkey, or enter the 6-digit code your authenticator app shows for this site."
            : "Open your authenticator app and enter the 6-digit code it shows for this site."}
        </p>
      }
      narrow
    >
      <FormAlert message={answer?.error} className="mb-5" />
      {passkey && (
        <div className="mb-8">
          <PasskeyButton
            purpose="sign-in"
            label="Sign in with a passkey"
            busy={submitting}
            onAnswer={(credential) =>
              void submit({ _csrf: csrf, next, intent: "passkey", credential }, { method: "post" })
            }
          />
        </div>
      )}
      <Form method="post" className="space-y-5">
        <CsrfField />
        <input type="hidden" name="next" value={next} />
        <TextField
          formId="sign-in-code"
          name="code"
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          required
        />
        <SubmitButton submitting={submitting} label="Sign in" busyLabel="Checking…" />
      </Form>
      <p className="mt-6 text-sm text-slate-700">
        Lost your phone or passkey? An administrator can send you a new set-up link, to choose a new password and set up
        your authenticator app again.{" "}
        <Link to="/admin/sign-in" className="font-semibold text-navy-800 underline">
          Start again
        </Link>
      </p>
    </StaffPage>
  );
}
