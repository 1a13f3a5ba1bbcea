/**
 * One lead: every field, the consent text the visitor saw, the page it came
 * from, the e-mails sent for it and their delivery, its timeline, and the
 * team's status, owner and notes (each change recorded with who and when).
 */
import { useEffect, useRef } from "react";
import { data, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { businessHoursText, businessPromises } from "~/content/business.ts";
import { campaignLabel } from "~/forms/attribution.ts";
import type { Route } from "./+types/lead";
import { StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { ActionAnswer } from "~/components/admin/action-answer.tsx";
import { PostForm } from "~/components/admin/post-form.tsx";
import { RuledList, StaffSection } from "~/components/admin/sections.tsx";
import { SelectField, TextAreaField } from "~/components/forms/field.tsx";
import { addNote, findLead, updateLead } from "~/inbox/lead.server.ts";
import { noteMaxLength } from "~/inbox/notes.ts";
import { isLeadStatus, leadStatuses, statusLabels } from "~/data/lead-statuses.ts";
import { openLeadDue } from "~/inbox/due.ts";
import { findAccount, listOwners } from "~/staff/accounts.server.ts";
import { auditRequest, requirePermission, staffRequestContext } from "~/staff/request.server.ts";

export const unknownLead = "There is no such lead. It may have been deleted at the end of its retention period.";

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const lead = await findLead(staff.db, params.id);
  if (!lead) throw data(unknownLead, { status: 404 });
  const now = new Date();
  const { listing } = lead;
  const due = openLeadDue({ deadlineAt: listing.deadline_at, status: listing.status }, now, staff.mail.calendar)?.state;
  return { lead, due: due ?? null, owners: await listOwners(staff.db) };
}

type Answer = { done?: string; error?: string };

const noteAdded = "Note added.";

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const form = await request.formData();
  const now = new Date();
  const intent = form.get("intent");
  if (intent === "update") {
    const status = form.get("status");
    const ownerId = String(form.get("owner") ?? "");
    if (!isLeadStatus(status)) return data<Answer>({ error: "Choose a status." }, { status: 400 });
    const owner = ownerId ? await findAccount(staff.db, ownerId) : null;
    if (ownerId && (!owner || owner.disabled)) {
      return data<Answer>({ error: "Choose an owner from the list." }, { status: 400 });
    }
    const changed = await updateLead(staff.db, params.id, { status, owner }, user, now);
    if (changed === null) throw data(unknownLead, { status: 404 });
    if (changed.length === 0) return data<Answer>({ done: "Nothing to change." });
    await auditRequest(
      context,
      {
        actor: user,
        action: "lead-updated",
        target: `lead:${params.id}`,
        detail: { changes: changed.join("; ") },
      },
      now,
    );
    return data<Answer>({ done: `Saved. ${changed.join(". ")}.` });
  }
  if (intent === "note") {
    const body = String(form.get("note") ?? "").trim();
    if (!body) return data<Answer>({ error: "Write the note first." }, { status: 400 });
    if (body.length > noteMaxLength) {
      return data<Answer>({ error: `Keep a note under ${noteMaxLength} characters.` }, { status: 400 });
    }
    if (!(await addNote(staff.db, params.id, body, user, now))) throw data(unknownLead, { status: 404 });
    return data<Answer>({ done: noteAdded });
  }
  return data<Answer>({ error: "Unknown action." }, { status: 400 });
}

/** The answer deadline's promise, as the page names it ("N business hours"). */
const answerHours = businessHoursText(businessPromises.responseTime.businessHours);

const emailState = { sent: "Sent", waiting: "Waiting to be sent", "given-up": "Given up" } as const;

export default function LeadPage() {
  const { lead, due, owners } = useLoaderData<typeof loader>();
  const campaign = campaignLabel({
    utmSource: lead.listing.utm_source,
    utmMedium: lead.listing.utm_medium,
    utmCampaign: lead.listing.utm_campaign,
  });
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // The note box empties once its note is stored, and only then: the page's
  // data is reloaded after every action, and a note being written meanwhile
  // (say, just after "Save") must not be lost when it arrives.
  const noteForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer?.done === noteAdded) noteForm.current?.reset();
  }, [answer]);
  const { listing } = lead;
  const timeline: { id: string; at: string; text: string; note?: string }[] = [
    { id: "received", at: listing.created_at, text: `Received from ${listing.source_page}` },
    ...lead.emails.map((e) => ({
      id: `email-${e.id}`,
      at: e.at ?? e.queuedAt,
      text: `E-mail to ${e.to}: ${emailState[e.state].toLowerCase()}`,
    })),
    ...lead.events.map((e) => ({
      id: e.id,
      at: e.at,
      text: `${e.type === "note" ? "Note" : e.type === "status" ? "Status" : "Owner"} by ${e.actorName}${e.type === "note" ? "" : `: ${e.body}`}`,
      note: e.type === "note" ? e.body : undefined,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <StaffPage
      title={listing.name || listing.email}
      intro={
        <p>
          {lead.kindLabel}
          {lead.subjectLabel && `: ${lead.subjectLabel}`}
          {listing.is_test === 1 && " (test submission)"}.{" "}
          <Link to="/admin/leads" className="font-semibold text-navy-800 underline">
            Back to the inbox
          </Link>
        </p>
      }
    >
      <ActionAnswer answer={answer} />
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <StaffSection id="fields" title="What they sent">
            {lead.page && (
              <p className="mt-2">
                <Link to={lead.page.href} className="font-semibold text-navy-800 underline">
                  {lead.page.text}
                </Link>
              </p>
            )}
            <dl className="mt-3 divide-y divide-slate-300 border-y border-slate-300">
              {lead.fields.map(([label, value]) => (
                <div key={label} className="grid gap-1 py-2 sm:grid-cols-3">
                  <dt className="font-semibold text-navy-900">{label}</dt>
                  <dd className="break-words whitespace-pre-line text-slate-900 sm:col-span-2">{value}</dd>
                </div>
              ))}
              <div className="grid gap-1 py-2 sm:grid-cols-3">
                <dt className="font-semibold text-navy-900">Received</dt>
                <dd className="sm:col-span-2">
                  <Time iso={listing.created_at} /> from the page {listing.source_page}
                </dd>
              </div>
              <div className="grid gap-1 py-2 sm:grid-cols-3">
                <dt className="font-semibold text-navy-900">How they found us</dt>
                <dd className="break-words sm:col-span-2">
                  {listing.landing_page ? (
                    <>
                      Landed on {listing.landing_page}
                      {listing.referrer ? `, from ${listing.referrer}` : ", directly or from an unknown site"}
                      {campaign && `; campaign ${campaign}`}
                    </>
                  ) : (
                    "Not recorded (the form was sent without JavaScript, or the visitor objected)."
                  )}
                </dd>
              </div>
              {listing.deadline_at && (
                <div className="grid gap-1 py-2 sm:grid-cols-3">
                  <dt className="font-semibold text-navy-900">Answer by</dt>
                  <dd className="sm:col-span-2">
                    <Time iso={listing.deadline_at} /> ({answerHours})
                    {due === "overdue" && <strong className="ml-2 text-red-800">Overdue</strong>}
                    {due === "due-soon" && <strong className="ml-2 text-amber-900">Due soon</strong>}
                  </dd>
                </div>
              )}
            </dl>
            <h3 className="mt-4 font-semibold text-navy-900">{lead.agreed.heading}</h3>
            <blockquote className="mt-1 border-l-4 border-slate-300 pl-3 whitespace-pre-line text-slate-800">
              {lead.agreed.text || "Not recorded."}
            </blockquote>
          </StaffSection>

          <StaffSection id="emails" title="E-mails">
            <RuledList
              items={lead.emails}
              empty="None."
              row={(e) => (
                <li key={e.id} className="py-2">
                  <p className="font-semibold break-words text-navy-900">{e.subject}</p>
                  <p className="text-sm break-all text-slate-800">To {e.to}</p>
                  <p className="text-sm text-slate-800">
                    {emailState[e.state]}
                    {e.at && (
                      <>
                        {" "}
                        <Time iso={e.at} />
                      </>
                    )}
                    {e.state !== "sent" &&
                      e.attempts > 0 &&
                      ` after ${e.attempts} attempt${e.attempts === 1 ? "" : "s"}`}
                    {e.lastError && e.state !== "sent" && `: ${e.lastError}`}
                  </p>
                </li>
              )}
            />
          </StaffSection>

          <StaffSection id="timeline" title="Timeline">
            <ol className="mt-3 space-y-3 border-l-2 border-slate-300 pl-4">
              {timeline.map((item) => (
                <li key={item.id}>
                  <p className="text-sm text-slate-700">
                    <Time iso={item.at} />
                  </p>
                  <p className="text-slate-900">{item.text}</p>
                  {item.note && (
                    <p className="mt-1 rounded bg-amber-50 p-2 break-words whitespace-pre-line text-slate-900">
                      {item.note}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </StaffSection>
        </div>

        <div className="space-y-8">
          <StaffSection id="work" title="Status and owner" className="rounded-md border border-slate-300 p-4">
            <PostForm className="mt-3 space-y-4">
              <SelectField
                key={`status-${listing.status}`}
                formId="lead"
                name="status"
                label="Status"
                options={leadStatuses.map((s) => ({ value: s, label: statusLabels[s] }))}
                defaultValue={listing.status}
              />
              <SelectField
                key={`owner-${listing.owner_id ?? ""}`}
                formId="lead"
                name="owner"
                label="Owner"
                options={owners.map((o) => ({ value: o.id, label: o.name }))}
                defaultValue={listing.owner_id ?? ""}
                placeholder="Nobody"
              />
              <button type="submit" name="intent" value="update" disabled={busy} className="btn-primary">
                Save
              </button>
            </PostForm>
          </StaffSection>

          <StaffSection id="note" title="Add a note" className="rounded-md border border-slate-300 p-4">
            <PostForm className="mt-3 space-y-4" ref={noteForm}>
              <TextAreaField
                formId="lead"
                name="note"
                label="Note (the team sees it on this page)"
                rows={4}
                maxLength={noteMaxLength}
                required
              />
              <button type="submit" name="intent" value="note" disabled={busy} className="btn-primary">
                Add note
              </button>
            </PostForm>
          </StaffSection>
        </div>
      </div>
    </StaffPage>
  );
}
