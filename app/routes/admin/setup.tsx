/**
 * The set-up link from an invitation (or from `npm run admin -- create-user`):
 * the invitee chooses a password and adds the site to an authenticator app
 * (a QR code, or the key typed in), then proves it with a code. That makes
 * the account and signs them in. A link an administrator sent for an
 * existing account (a lost phone) sets its sign-in up again the same way.
 */
import QRCode from "qrcode";
import { data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/setup";
import { StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { NewPasswordFields } from "~/components/admin/new-password-fields.tsx";
import { PostForm } from "~/components/admin/post-form.tsx";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/field.tsx";
import { acceptInvitation, findInvitation, startSession, type SetupProblem } from "~/staff/accounts.server.ts";
import { auditRequest, sessionCookieHeader, staffRequestContext } from "~/staff/request.server.ts";
import { roleAsPerson } from "~/staff/permissions.ts";
import { notifyAccountChange } from "~/staff/self-service.server.ts";
import { groupedSecret, totpUri } from "~/staff/totp.server.ts";

export const expiredLink = "This set-up link has expired or was already used. Ask an administrator for a new one.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { staff } = context.get(staffRequestContext);
  const invitation = await findInvitation(staff.db, staff.keys, params.token, new Date());
  if (!invitation) throw data(expiredLink, { status: 404 });
  const uri = totpUri(invitation.totpSecret, invitation.email);
  return {
    name: invitation.name,
    email: invitation.email,
    role: roleAsPerson(invitation.role),
    expiresAt: invitation.expiresAt,
    reset: invitation.resetOf !== null,
    key: groupedSecret(invitation.totpSecret),
    qr: await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { staff, client } = context.get(staffRequestContext);
  const form = await request.formData();
  const password = String(form.get("password") ?? "").slice(0, 1000);
  const confirm = String(form.get("confirm") ?? "").slice(0, 1000);
  const code = String(form.get("code") ?? "").slice(0, 20);
  const now = new Date();
  if (password !== confirm) {
    return data(
      { problem: { field: "confirm", message: "The two passwords are not the same." } as const },
      { status: 400 },
    );
  }
  const outcome = await acceptInvitation(staff.db, staff.keys, params.token, { password, code }, now);
  if ("problem" in outcome) {
    const status = outcome.problem.field === "form" ? 404 : 400;
    return data({ problem: outcome.problem as SetupProblem | { field: "confirm"; message: string } }, { status });
  }
  const { user, reset } = outcome;
  await auditRequest(
    context,
    { actor: user, action: "user-activated", target: `user:${user.id}`, detail: { reset } },
    now,
  );
  if (reset) await notifyAccountChange(staff, user, { kind: "sign-in-set-up-again" }, client, now);
  const session = await startSession(staff.db, user, "full", client, now);
  await auditRequest(context, { actor: user, action: "sign-in", detail: { via: "set-up" } }, now);
  throw redirect("/admin", { headers: { "Set-Cookie": await sessionCookieHeader(session.token, session.expiresAt) } });
}

export default function Setup() {
  const invitation = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const problem = answer?.problem;
  const error = (field: string) => (problem?.field === field ? problem.message : undefined);
  return (
    <StaffPage
      title={invitation.reset ? "Set up your sign-in again" : "Set up your account"}
      intro={
        invitation.reset ? (
          <p>
            {invitation.name} ({invitation.email}), choose a new password and add the site to your authenticator app
            again. Your old password, code and passkeys stop working, and you are signed out everywhere else. This link
            works until <Time iso={invitation.expiresAt} />.
          </p>
        ) : (
          <p>
            {invitation.name} ({invitation.email}), you are invited to the back office as {invitation.role}. This link
            works until <Time iso={invitation.expiresAt} />.
          </p>
        )
      }
      narrow
    >
      <PostForm className="space-y-6">
        <FormAlert message={error("form")} />
        <fieldset className="space-y-4">
          <legend className="text-lg font-bold text-navy-900">1. Choose a password</legend>
          <NewPasswordFields formId="setup" labels={["Password", "The same password again"]} error={error} />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-lg font-bold text-navy-900">2. Add the site to your authenticator app</legend>
          <p className="text-slate-800">
            Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or
            1Password), or type the key below into it.
          </p>
          <div
            role="img"
            aria-label="QR code for your authenticator app (the key below holds the same)"
            className="size-48 bg-white p-1"
            dangerouslySetInnerHTML={{ __html: invitation.qr }}
          />
          <p className="text-slate-800">
            Key:{" "}
            <code id="authenticator-key" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm break-all">
              {invitation.key}
            </code>
          </p>
          <TextField
            formId="setup"
            name="code"
            label="The 6-digit code the app now shows"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            error={error("code")}
            required
          />
        </fieldset>
        <SubmitButton
          submitting={submitting}
          label={invitation.reset ? "Set up my sign-in" : "Set up my account"}
          busyLabel="Setting up…"
        />
      </PostForm>
    </StaffPage>
  );
}
