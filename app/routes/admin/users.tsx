/**
 * The team (administrators only): who has an account, who is invited, and
 * the actions on them: invite someone (an e-mail with a set-up link) as an
 * administrator or a member with permissions, change what an account may do
 * (docs/decisions/044-permissions.md), send someone a new set-up link (a
 * lost phone), end an account's sessions, disable an account. Every change
 * is audited.
 */
import { data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/users";
import { StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { ActionAnswer } from "~/components/admin/action-answer.tsx";
import { PostForm, RowButton } from "~/components/admin/post-form.tsx";
import { ActionRow, RuledList, StaffSection } from "~/components/admin/sections.tsx";
import { RoleChoice } from "~/components/admin/role-choice.tsx";
import { TextField } from "~/components/forms/field.tsx";
import {
  AccountExistsError,
  changeRole,
  createInvitation,
  createResetLink,
  disableAccount,
  findAccount,
  type InvitationField,
  listAccounts,
  listOpenInvitations,
  withdrawInvitation,
  readInvitationForm,
  revokeSessionsOf,
} from "~/staff/accounts.server.ts";
import { readRoleChoice, roleLabel, type RoleField, type StaffRole } from "~/staff/permissions.ts";
import { invitationEmail, resetEmail } from "~/staff/invitation-email.server.ts";
import { auditRequest, requireAdmin, staffRequestContext } from "~/staff/request.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { staff } = context.get(staffRequestContext);
  const now = new Date();
  return {
    accounts: await listAccounts(staff.db, now),
    invitations: await listOpenInvitations(staff.db, now),
  };
}

type Answer = {
  done?: string;
  error?: string;
  fields?: Partial<Record<InvitationField, string>>;
  /** The account whose permissions form the field messages are for (none: the invitation form). */
  account?: string;
};

const roleChangeRefusals = {
  "no-account": { status: 404, message: "There is no such active account." },
  unchanged: { status: 409, message: "The account already has these permissions." },
  "last-admin": {
    status: 409,
    message: "You are the last active administrator: make someone else an administrator first.",
  },
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const { staff } = context.get(staffRequestContext);
  const form = await request.formData();
  const intent = form.get("intent");
  const now = new Date();

  if (intent === "invite") {
    const parsed = readInvitationForm(Object.fromEntries(form), form.getAll("permissions"));
    if (!parsed.ok) return data<Answer>({ fields: parsed.problems }, { status: 400 });
    const { invitee } = parsed;
    try {
      const { token, expiresAt } = await createInvitation(
        staff.db,
        staff.keys,
        { ...invitee, invitedBy: admin.id },
        now,
      );
      await staff.sendEmail(
        invitationEmail({
          to: invitee.email,
          name: invitee.name,
          invitedBy: admin.name,
          siteUrl: staff.mail.siteUrl,
          token,
          expiresAt,
        }),
        { type: "staff_invitation", id: invitee.email.toLowerCase() },
        now,
      );
    } catch (error) {
      if (error instanceof AccountExistsError)
        return data<Answer>({ fields: { email: error.message } }, { status: 409 });
      throw error;
    }
    await auditRequest(
      context,
      {
        actor: admin,
        action: "user-invited",
        target: `invitation:${invitee.email.toLowerCase()}`,
        detail: { role: invitee.role },
      },
      now,
    );
    return data<Answer>({ done: `Invitation sent to ${invitee.email}.` });
  }

  if (intent === "withdraw") {
    const withdrawn = await withdrawInvitation(staff.db, String(form.get("email") ?? ""), now);
    if (!withdrawn) {
      return data<Answer>(
        { error: "No set-up link to that address is open: it was used, it expired, or it was withdrawn." },
        { status: 404 },
      );
    }
    await auditRequest(
      context,
      { actor: admin, action: "invitation-withdrawn", target: `invitation:${withdrawn.email}` },
      now,
    );
    return data<Answer>({
      done: withdrawn.reset
        ? `The new set-up link sent to ${withdrawn.name} no longer works. Their sign-in works as before.`
        : `The invitation sent to ${withdrawn.name} (${withdrawn.email}) no longer works.`,
    });
  }

  if (intent === "permissions") {
    const userId = String(form.get("user") ?? "");
    const chosen = readRoleChoice(form.get("access"), form.getAll("permissions"));
    if (!chosen.ok) return data<Answer>({ fields: chosen.problems, account: userId }, { status: 400 });
    const account = await findAccount(staff.db, userId);
    if (!account) return data<Answer>({ error: "There is no such account." }, { status: 404 });
    const change = await changeRole(staff.db, account.id, chosen.role, now);
    if (!change.changed) {
      const { status, message } = roleChangeRefusals[change.why];
      return data<Answer>({ error: message }, { status });
    }
    await auditRequest(
      context,
      {
        actor: admin,
        action: "permissions-changed",
        target: `user:${account.id}`,
        detail: { before: change.before, after: change.after },
      },
      now,
    );
    // An administrator who gave up the role may no longer open this page.
    if (account.id === admin.id) throw redirect("/admin");
    return data<Answer>({ done: `${account.name} may now: ${roleLabel(change.after)}.` });
  }

  if (intent === "disable" || intent === "revoke" || intent === "reset") {
    const userId = String(form.get("user") ?? "");
    const account = await findAccount(staff.db, userId);
    if (!account) return data<Answer>({ error: "There is no such account." }, { status: 404 });
    if (account.id === admin.id) {
      return data<Answer>({ error: "You cannot do this to your own account here: sign out instead." }, { status: 400 });
    }
    if (intent === "reset") {
      const link = await createResetLink(staff.db, staff.keys, account.id, admin.id, now);
      if (!link) return data<Answer>({ error: `${account.name}'s account is disabled.` }, { status: 409 });
      await staff.sendEmail(
        resetEmail({
          to: link.email,
          name: link.name,
          sentBy: admin.name,
          siteUrl: staff.mail.siteUrl,
          token: link.token,
          expiresAt: link.expiresAt,
        }),
        { type: "staff_invitation", id: link.email },
        now,
      );
      await auditRequest(context, { actor: admin, action: "sign-in-reset", target: `user:${account.id}` }, now);
      return data<Answer>({
        done: `A new set-up link is on its way to ${account.name}. Their sign-in works as before until they use it.`,
      });
    }
    if (intent === "disable") {
      const disabling = await disableAccount(staff.db, account.id, now);
      if (!disabling.disabled) {
        const error =
          disabling.why === "last-admin"
            ? `${account.name} is the last active administrator: make someone else an administrator first.`
            : `${account.name}'s account is already disabled.`;
        return data<Answer>({ error }, { status: 409 });
      }
      await auditRequest(context, { actor: admin, action: "user-disabled", target: `user:${account.id}` }, now);
      return data<Answer>({ done: `${account.name}'s account is disabled and signed out everywhere.` });
    }
    const ended = await revokeSessionsOf(staff.db, account.id, now);
    await auditRequest(
      context,
      {
        actor: admin,
        action: "sessions-revoked",
        target: `user:${account.id}`,
        detail: { sessions: ended },
      },
      now,
    );
    return data<Answer>({
      done: `${account.name} is signed out everywhere (${ended} session${ended === 1 ? "" : "s"} ended).`,
    });
  }
  return data<Answer>({ error: "Unknown action." }, { status: 400 });
}

/** The invitation's text fields (its permissions follow them). */
const inviteFields = [
  { name: "name", label: "Name" },
  { name: "email", label: "E-mail address", type: "email" },
] as const;

export default function Team() {
  const { accounts, invitations } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const inviteErrors = answer?.account ? undefined : answer?.fields;
  return (
    <StaffPage title="Team">
      <ActionAnswer answer={answer} />
      <StaffSection id="accounts" title="Accounts">
        <RuledList
          items={accounts}
          row={(account) => (
            <ActionRow
              key={account.id}
              actions={
                !account.disabledAt && (
                  <div className="flex flex-wrap gap-2">
                    <AccountAction account={account} intent="reset" label="Send a new set-up link" />
                    <AccountAction account={account} intent="revoke" label="Sign out everywhere" />
                    <AccountAction account={account} intent="disable" label="Disable" danger />
                  </div>
                )
              }
            >
              <p className="font-semibold text-navy-900">{account.name}</p>
              <p className="text-sm text-slate-700">May: {roleLabel(account.role)}</p>
              <p className="text-sm break-all text-slate-700">{account.email}</p>
              <p className="text-sm text-slate-700">
                {account.disabledAt ? (
                  <>
                    Disabled <Time iso={account.disabledAt} />
                  </>
                ) : (
                  `${account.liveSessions} signed-in session${account.liveSessions === 1 ? "" : "s"}`
                )}
              </p>
              {!account.disabledAt && (
                <ChangeRole account={account} errors={answer?.account === account.id ? answer.fields : undefined} />
              )}
            </ActionRow>
          )}
        />
      </StaffSection>

      <StaffSection id="invitations" title="Open invitations" className="mt-10">
        <RuledList
          items={invitations}
          empty="None."
          row={(open) => (
            <ActionRow
              key={open.email}
              actions={
                <PostForm fields={{ email: open.email }}>
                  <RowButton intent="withdraw" label={`Withdraw the link sent to ${open.name}`} tone="danger">
                    Withdraw
                  </RowButton>
                </PostForm>
              }
            >
              <p className="font-semibold text-navy-900">
                {open.name} <span className="font-normal break-all text-slate-700">{open.email}</span>
              </p>
              <p className="text-sm text-slate-700">
                {open.reset ? "A new set-up link for their account" : roleLabel(open.role)}; the link works until{" "}
                <Time iso={open.expiresAt} />
              </p>
            </ActionRow>
          )}
        />
      </StaffSection>

      <StaffSection id="invite" title="Invite someone" className="mt-10 max-w-md">
        <p className="mt-2 text-slate-700">
          They get an e-mail with a link to choose a password and set up their authenticator app. Inviting an address
          again sends a new link and cancels the old one.
        </p>
        <PostForm className="mt-4 space-y-4">
          {inviteFields.map((field) => (
            <TextField
              key={field.name}
              formId="invite"
              {...field}
              autoComplete="off"
              error={inviteErrors?.[field.name]}
              required
            />
          ))}
          <RoleChoice formId="invite" role="leads" errors={inviteErrors} />
          <button type="submit" name="intent" value="invite" disabled={submitting} className="btn-primary">
            Send invitation
          </button>
        </PostForm>
      </StaffSection>
    </StaffPage>
  );
}

/** A button that acts on one account (its name completes the button's label for screen readers). */
function AccountAction({
  account,
  intent,
  label,
  danger = false,
}: {
  account: { id: string; name: string };
  intent: "reset" | "revoke" | "disable";
  label: string;
  danger?: boolean;
}) {
  return (
    <PostForm fields={{ user: account.id }}>
      <RowButton intent={intent} label={`${label}: ${account.name}`} tone={danger ? "danger" : "plain"}>
        {label}
      </RowButton>
    </PostForm>
  );
}

/** What an account may do, changed (open when its last change had a problem). */
function ChangeRole({
  account,
  errors,
}: {
  account: { id: string; name: string; role: StaffRole };
  errors?: Partial<Record<RoleField, string>>;
}) {
  return (
    <details className="mt-2" open={errors ? true : undefined}>
      <summary className="min-h-11 cursor-pointer py-2.5 text-sm font-semibold text-navy-800 underline">
        Change what {account.name} may do
      </summary>
      <PostForm intent="permissions" fields={{ user: account.id }} className="mt-2 max-w-md space-y-4">
        <RoleChoice formId={`account-${account.id}`} role={account.role} errors={errors} />
        <button type="submit" className="btn-primary" aria-label={`Save permissions: ${account.name}`}>
          Save permissions
        </button>
      </PostForm>
    </details>
  );
}
