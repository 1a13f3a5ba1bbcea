/**
 * Your account: who you are signed in as, and your passkeys (WebAuthn), the
 * better second factor: added from here (the browser's passkey prompt),
 * listed with when each was last used, and removed. The authenticator app
 * stays as the other factor, so removing every passkey locks nobody out.
 */
import { useRef } from "react";
import { data, Form, useActionData, useLoaderData, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/account";
import { PasskeyButton } from "~/components/admin/passkey-button.tsx";
import { CsrfField, Notice, StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { FormAlert, TextField } from "~/components/forms/field.tsx";
import { passkeyNameMaxLength } from "~/staff/passkey-rules.ts";
import {
  addPasskey,
  listPasskeys,
  newPasskeyAnswer,
  passkeyNotChecked,
  relyingParty,
  removePasskey,
} from "~/staff/passkeys.server.ts";
import { auditRequest, staffRequestContext, staffUser } from "~/staff/request.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const user = staffUser(context);
  const { staff } = context.get(staffRequestContext);
  return { user, passkeys: await listPasskeys(staff.db, user.id) };
}

type Answer = { done?: string; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = staffUser(context);
  const { staff, session } = context.get(staffRequestContext);
  const form = await request.formData();
  const now = new Date();
  const intent = form.get("intent");
  if (intent === "add" && session) {
    const response = newPasskeyAnswer(form.get("credential"));
    if (!response) return data<Answer>({ error: passkeyNotChecked }, { status: 400 });
    const name = String(form.get("name") ?? "");
    const rp = relyingParty(staff.mail.siteUrl);
    const added = await addPasskey(staff.db, session, { response, name }, rp, now);
    if ("problem" in added) return data<Answer>({ error: added.problem.message }, { status: 400 });
    await auditRequest(
      context,
      {
        actor: user,
        action: "passkey-added",
        target: `user:${user.id}`,
        detail: { name: added.passkey.name },
      },
      now,
    );
    return data<Answer>({ done: `Passkey “${added.passkey.name}” added. Use it the next time you sign in.` });
  }
  if (intent === "remove") {
    const name = await removePasskey(staff.db, user.id, String(form.get("passkey") ?? ""));
    if (name === null) {
      return data<Answer>({ error: "There is no such passkey on your account." }, { status: 404 });
    }
    await auditRequest(
      context,
      { actor: user, action: "passkey-removed", target: `user:${user.id}`, detail: { name } },
      now,
    );
    return data<Answer>({ done: `Passkey “${name}” removed.` });
  }
  return data<Answer>({ error: "Unknown action." }, { status: 400 });
}

export default function Account() {
  const { user, passkeys } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const submit = useSubmit();
  const addForm = useRef<HTMLFormElement>(null);
  return (
    <StaffPage title="Your account">
      <Notice>{answer?.done}</Notice>
      <FormAlert message={answer?.error} className="mb-6" />
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-navy-900">Name</dt>
        <dd>{user.name}</dd>
        <dt className="font-semibold text-navy-900">E-mail address</dt>
        <dd className="break-all">{user.email}</dd>
        <dt className="font-semibold text-navy-900">Role</dt>
        <dd>{user.role === "admin" ? "Administrator" : "Staff"}</dd>
      </dl>

      <section aria-labelledby="passkeys-heading" className="mt-10">
        <h2 id="passkeys-heading" className="text-xl font-bold text-navy-900">
          Passkeys
        </h2>
        <p className="mt-2 max-w-prose text-slate-700">
          A passkey confirms it is you after your password, with your fingerprint, face or device PIN instead of a code,
          and cannot be used on a fake copy of this site. Your authenticator app keeps working beside it.
        </p>
        {passkeys.length === 0 ? (
          <p className="mt-3 text-slate-700">You have no passkey yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-300 border-y border-slate-300" aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1">
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
                </div>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="passkey" value={passkey.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    aria-label={`Remove the passkey ${passkey.name}`}
                    className="min-h-11 rounded-md border border-red-800 px-3 py-2 text-sm font-semibold text-red-800"
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}

        <form ref={addForm} className="mt-6 max-w-md space-y-4" onSubmit={(e) => e.preventDefault()}>
          <h3 className="text-lg font-bold text-navy-900">Add a passkey</h3>
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
      </section>
    </StaffPage>
  );
}
