/**
 * Your account (docs/decisions/036-account-self-service.md): who you are
 * signed in as; your password (changed with the current one, which signs
 * out your other sessions); your sessions (device, address, started, last
 * active), any or all of the others ended from here; and your passkeys
 * (WebAuthn), the better second factor: added from here (the browser's
 * passkey prompt) after a fresh proof that it is you, listed with when each
 * was last used, and removed. The authenticator app stays as the other
 * factor, so removing every passkey locks nobody out. Each change is
 * audited, and each change to your sign-in is e-mailed to you.
 */
import { useRef } from "react";
import { Form, redirect, useActionData, useLoaderData, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/account";
import { PasskeyButton } from "~/components/admin/passkey-button.tsx";
import { RowAction } from "~/components/admin/row-action.tsx";
import { CsrfField, londonDateTime, StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { ActionAnswer } from "~/components/admin/action-answer.tsx";
import { NewPasswordFields } from "~/components/admin/new-password-fields.tsx";
import { PostForm } from "~/components/admin/post-form.tsx";
import { ActionRow, RuledList, StaffSection } from "~/components/admin/sections.tsx";
import { SubmitButton, TextField } from "~/components/forms/field.tsx";
import { freshProofMinutes } from "~/staff/account-rules.ts";
import { accountAction } from "~/staff/account-actions.server.ts";
import { passkeyNameMaxLength } from "~/staff/passkey-rules.ts";
import { roleLabel } from "~/staff/permissions.ts";
import { listPasskeys } from "~/staff/passkeys.server.ts";
import { staffRequestContext } from "~/staff/request.server.ts";
import { freshProofUntil, listSessions } from "~/staff/self-service.server.ts";

/** The signed-in request (the layout's middleware let only full sessions in). */
function signedIn(context: Route.LoaderArgs["context"]) {
  const request = context.get(staffRequestContext);
  const { session } = request;
  if (session?.stage !== "full") throw redirect("/admin/sign-in");
  return { ...request, session, user: session.user };
}

export async function loader({ context }: Route.LoaderArgs) {
  const { staff, session, user } = signedIn(context);
  const now = new Date();
  const [passkeys, sessions, provedUntil] = await Promise.all([
    listPasskeys(staff.db, user.id),
    listSessions(staff.db, session, now),
    freshProofUntil(staff.db, session.id, now),
  ]);
  return { user, passkeys, sessions, provedUntil };
}

/** The action's headers (Retry-After on a refusal) reach the page's answer. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  return accountAction(signedIn(context), await request.formData(), new Date());
}

export default function Account() {
  const { user, passkeys, sessions, provedUntil } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const submittingIntent = submitting ? navigation.formData?.get("intent") : null;
  const submit = useSubmit();
  const addForm = useRef<HTMLFormElement>(null);
  const problem = (form: "proof" | "password", field: string) =>
    answer?.problem?.form === form && answer.problem.field === field ? answer.problem.message : undefined;
  const others = sessions.filter((s) => !s.current);
  return (
    <StaffPage title="Your account">
      <ActionAnswer answer={answer} />
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-navy-900">Name</dt>
        <dd>{user.name}</dd>
        <dt className="font-semibold text-navy-900">E-mail address</dt>
        <dd className="break-all">{user.email}</dd>
        <dt className="font-semibold text-navy-900">What you may do</dt>
        <dd>{roleLabel(user.role)}</dd>
      </dl>

      <StaffSection id="password" title="Password" className="mt-10">
        <p className="mt-2 max-w-prose text-slate-700">
          Changing your password signs you out everywhere else: all your other sessions end, and this one stays signed
          in. We send you an e-mail each time your password or passkeys change.
        </p>
        <PostForm className="mt-4 max-w-md space-y-4" key={answer?.changedAt ?? "password"} intent="password">
          <TextField
            formId="password-change"
            name="current"
            type="password"
            label="Current password"
            autoComplete="current-password"
            error={problem("password", "current")}
            required
          />
          <NewPasswordFields
            formId="password-change"
            labels={["New password", "The new password again"]}
            error={(field) => problem("password", field)}
          />
          <SubmitButton submitting={submittingIntent === "password"} label="Change my password" busyLabel="Changing…" />
        </PostForm>
      </StaffSection>

      <StaffSection id="sessions" title="Where you are signed in" className="mt-10">
        <p className="mt-2 max-w-prose text-slate-700">
          If you see a device or an address you do not know, end its session, change your password and tell an
          administrator.
        </p>
        <RuledList
          items={sessions}
          label="Your sessions"
          row={(s) => (
            <ActionRow
              key={s.id}
              actions={
                !s.current && (
                  <RowAction
                    intent="end-session"
                    fields={{ session: s.id }}
                    text="End"
                    label={`End the session on ${s.device}, started ${londonDateTime.format(new Date(s.startedAt))}`}
                  />
                )
              }
            >
              <p className="font-semibold text-navy-900">
                {s.device}
                {s.current && <span className="font-normal text-slate-700"> (this session)</span>}
              </p>
              <p className="text-sm break-all text-slate-700">
                Address {s.ip}; started <Time iso={s.startedAt} />; last active <Time iso={s.lastActiveAt} />
              </p>
            </ActionRow>
          )}
        />
        {others.length > 0 && (
          <div className="mt-4">
            <RowAction intent="end-others" fields={{}} text="End all other sessions" label="End all other sessions" />
          </div>
        )}
      </StaffSection>

      <StaffSection id="passkeys" title="Passkeys" className="mt-10">
        <p className="mt-2 max-w-prose text-slate-700">
          A passkey confirms it is you after your password, with your fingerprint, face or device PIN instead of a code,
          and cannot be used on a fake copy of this site. Your authenticator app keeps working beside it.
        </p>
        <RuledList
          items={passkeys}
          empty="You have no passkey yet."
          label="Your passkeys"
          row={(passkey) => (
            <ActionRow
              key={passkey.id}
              actions={
                <RowAction
                  intent="remove"
                  fields={{ passkey: passkey.id }}
                  text="Remove"
                  label={`Remove the passkey ${passkey.name}`}
                />
              }
            >
              <p className="font-semibold text-navy-900">{passkey.name}</p>
              <p className="text-sm text-slate-700">
                Added <Time iso={passkey.createdAt} />
                {passkey.lastUsedAt ? (
                  <>
                    ; last used <Time iso={passkey.lastUsedAt} />
                  </>
                ) : (
                  "; not used yet"
                )}
                {passkey.backedUp && "; synced by its provider"}
              </p>
            </ActionRow>
          )}
        />

        {provedUntil ? (
          <form ref={addForm} className="mt-6 max-w-md space-y-4" onSubmit={(e) => e.preventDefault()}>
            <h3 className="text-lg font-bold text-navy-900">Add a passkey</h3>
            <p className="text-sm text-slate-700">
              You confirmed it is you: you can add a passkey until <Time iso={provedUntil} />.
            </p>
            <CsrfField />
            <TextField
              formId="passkey"
              name="name"
              label="A name to tell it apart (for example, Work laptop)"
              maxLength={passkeyNameMaxLength}
              autoComplete="off"
            />
            <PasskeyButton
              purpose="register"
              label="Add a passkey"
              unavailable="This browser cannot make passkeys. Try another browser or device; your authenticator app keeps working."
              busy={submitting}
              onAnswer={(credential) => {
                const fields = new FormData(addForm.current ?? undefined);
                fields.set("intent", "add");
                fields.set("credential", credential);
                void submit(fields, { method: "post" });
              }}
            />
            <noscript>
              <p className="text-slate-700">Adding a passkey needs JavaScript, which is off in this browser.</p>
            </noscript>
          </form>
        ) : (
          <Form method="post" className="mt-6 max-w-md space-y-4">
            <h3 className="text-lg font-bold text-navy-900">Confirm it is you to add a passkey</h3>
            <p className="text-sm text-slate-700">
              Adding a passkey needs a fresh proof that it is you, in the last {freshProofMinutes} minutes: your
              password, or the code your authenticator app shows now.
            </p>
            <CsrfField />
            <input type="hidden" name="intent" value="prove" />
            <TextField
              formId="proof"
              name="proof"
              type="password"
              label="Your password, or the 6-digit code from your authenticator app"
              autoComplete="current-password"
              error={problem("proof", "proof")}
              required
            />
            <SubmitButton submitting={submittingIntent === "prove"} label="Confirm it is me" busyLabel="Checking…" />
          </Form>
        )}
      </StaffSection>
    </StaffPage>
  );
}
