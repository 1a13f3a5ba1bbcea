/**
 * Data-protection requests for one e-mail address: what we hold (and its
 * download, JSON or CSV: the access request), and, for administrators,
 * erasure of all of it but what the law keeps, after a confirmation.
 * The address travels in posted forms only, never in an address bar,
 * history or proxy log; every look-up, download and erasure is audited by a
 * hash of the address (app/privacy/requests.server.ts).
 */
import { data, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/requests";
import { CsrfField, Notice, StaffPage } from "~/components/admin/staff-ui.tsx";
import { PostForm } from "~/components/admin/post-form.tsx";
import { StaffSection } from "~/components/admin/sections.tsx";
import { FormAlert, TextField } from "~/components/forms/field.tsx";
import { isEmailAddress } from "~/forms/schemas.ts";
import { addressHash, erase, findEverything, normalAddress, type Holdings } from "~/privacy/requests.server.ts";
import { auditRequest, requireAdmin, requirePermission, staffRequestContext } from "~/staff/request.server.ts";
import { may } from "~/staff/permissions.ts";

export function loader({ context }: Route.LoaderArgs) {
  return { canErase: may(requirePermission(context, "leads").role, "admin") };
}

function summaryOf(held: Holdings) {
  return {
    leads: held.leads.map((g) => ({ kind: g.kind, count: g.rows.length })),
    notes: held.notes.length,
    emails: held.emails.length,
    bookings: held.bookings.length,
    paidBookings: held.bookings.filter((b) => b.status === "paid").length,
    mailFiles: held.mailFiles.length,
    webhooks: held.webhooks.length,
    securityRecords: held.securityRecords.length,
    onlySuppression:
      held.leads.length === 1 &&
      held.leads[0]!.table === "newsletter_subscriptions" &&
      held.leads[0]!.rows.every((r) => r.status === "unsubscribed" && r.consent_text === ""),
  };
}

type Answer = {
  email: string;
  invalid?: boolean;
  error?: string;
  erased?: boolean;
  /** The database files were cleared of what was erased (false: a reader held them; erasing again clears them). */
  wiped?: boolean;
  summary?: ReturnType<typeof summaryOf>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const intent = form.get("intent");
  const now = new Date();
  if (intent === "erase") {
    const admin = requireAdmin(context);
    const confirm = String(form.get("confirm") ?? "").trim();
    if (!isEmailAddress(email))
      return data<Answer>({ email, error: "Enter the e-mail address first." }, { status: 400 });
    if (normalAddress(confirm) !== normalAddress(email)) {
      const summary = summaryOf(await findEverything(staff.db, email, staff.mailDir));
      return data<Answer>(
        { email: normalAddress(email), summary, error: "Type the same address in the confirmation box to erase." },
        { status: 400 },
      );
    }
    const counts = await erase(staff.db, email, now, staff.mailDir);
    await auditRequest(
      context,
      { actor: admin, action: "erasure", target: `address:${addressHash(email)}`, detail: counts },
      now,
    );
    const summary = summaryOf(await findEverything(staff.db, email, staff.mailDir));
    return data<Answer>({ email: normalAddress(email), summary, erased: true, wiped: counts.wiped });
  }
  if (intent !== "look-up") return data<Answer>({ email, error: "Unknown action." }, { status: 400 });
  if (!isEmailAddress(email)) return data<Answer>({ email, invalid: true }, { status: 400 });
  const held = await findEverything(staff.db, email, staff.mailDir);
  await auditRequest(context, { actor: user, action: "access-look-up", target: `address:${addressHash(email)}` }, now);
  return data<Answer>({ email: held.address, summary: summaryOf(held) });
}

/** A download of everything held, as a posted form (the address stays out of the URL). */
function DownloadButton({ email, format }: { email: string; format: "json" | "csv" }) {
  return (
    <form method="post" action={`/admin/requests/access.${format}`}>
      <CsrfField />
      <input type="hidden" name="email" value={email} />
      <button type="submit" className="min-h-11 font-semibold text-navy-800 underline">
        Download everything ({format.toUpperCase()})
      </button>
    </form>
  );
}

export default function Requests() {
  const { canErase } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const email = answer?.email ?? "";
  const invalid = answer?.invalid ?? false;
  const summary = answer?.summary;
  return (
    <StaffPage
      title="Access and erasure requests"
      intro={
        <p>
          When someone asks what we hold about them, or asks us to delete it, answer within one month (the privacy
          notice promises it). Look their address up here.
        </p>
      }
    >
      {answer?.erased && (
        <Notice>
          Erased. What the law keeps is listed below.
          {answer.wiped === false &&
            " The database file could not be cleared of it just now (it was busy): erase the same address again in a few minutes to clear it."}
        </Notice>
      )}
      <PostForm className="flex flex-wrap items-end gap-3" intent="look-up">
        <TextField
          formId="request"
          name="email"
          type="email"
          label="E-mail address"
          defaultValue={email}
          error={invalid ? "Enter an e-mail address, like name@example.com." : undefined}
          className="min-w-0 flex-1"
          required
        />
        <button type="submit" className="btn-primary">
          Find
        </button>
      </PostForm>

      {summary && (
        <StaffSection id="held" title={<>What we hold about {email}</>} className="mt-8">
          <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-900">
            {summary.leads.map((g) => (
              <li key={g.kind}>
                {g.kind}: {g.count}
              </li>
            ))}
            <li>Team notes and changes: {summary.notes}</li>
            <li>E-mails to or about them: {summary.emails}</li>
            <li>Bookings: {summary.bookings}</li>
            {summary.mailFiles > 0 && <li>E-mail files on the server: {summary.mailFiles}</li>}
            {summary.webhooks > 0 && <li>Messages to the team's business tools (webhooks): {summary.webhooks}</li>}
            {summary.securityRecords > 0 && (
              <li>Sign-ins to the staff area with this address, or attempts: {summary.securityRecords}</li>
            )}
          </ul>
          <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
            <DownloadButton email={email} format="json" />
            <DownloadButton email={email} format="csv" />
          </div>

          {canErase && !summary.onlySuppression && (
            <section aria-labelledby="erase-heading" className="mt-8 rounded-md border-2 border-red-800 p-4">
              <h3 id="erase-heading" className="text-lg font-bold text-red-900">
                Erase everything about this address
              </h3>
              <p className="mt-2 text-slate-900">
                This deletes their enquiries, requests, registrations, the team's notes on them and the e-mails to them,
                at once and for good. What the law makes us keep stays:
              </p>
              <ul className="mt-2 list-disc pl-6 text-slate-900">
                <li>the address alone on the newsletter suppression list, so we never e-mail it again;</li>
                <li>
                  paid bookings ({summary.paidBookings}), for the accounting period, with the address removed (name,
                  amount, dates and payment reference stay);
                </li>
                <li>
                  sign-ins to the staff area with the address, or attempts ({summary.securityRecords}), for their 12
                  months, to protect the accounts.
                </li>
              </ul>
              <PostForm className="mt-4 space-y-3" intent="erase" fields={{ email }}>
                <FormAlert message={answer?.error} />
                <TextField
                  formId="erase"
                  name="confirm"
                  type="email"
                  label="To confirm, type the address again"
                  autoComplete="off"
                  required
                />
                <button
                  type="submit"
                  disabled={busy}
                  className="min-h-11 rounded-md bg-red-800 px-4 py-2 font-semibold text-white"
                >
                  Erase everything about this address
                </button>
              </PostForm>
            </section>
          )}
          {!canErase && <p className="mt-6 text-slate-700">Only an administrator can erase.</p>}
        </StaffSection>
      )}
    </StaffPage>
  );
}
