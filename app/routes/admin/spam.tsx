/**
 * The spam folder: submissions the honeypot or the fill-time check refused
 * (kept for its retention period). A real one can be released: it becomes a
 * lead and gets its e-mails, as if it had been accepted. Or deleted at once. Audited.
 */
import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/spam";
import { StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { ActionAnswer } from "~/components/admin/action-answer.tsx";
import { PostForm, RowButton } from "~/components/admin/post-form.tsx";
import { RuledList } from "~/components/admin/sections.tsx";
import { periodText, retentionPeriods } from "~/content/retention-periods.ts";
import { validate } from "~/leads/validation.ts";
import { leadKindTexts } from "~/leads/kinds/index.ts";
import { servicesContext } from "~/services.ts";
import { keepSpam, listSpam, spamKindOf, takeSpam } from "~/spam/folder.server.ts";
import { auditRequest, requirePermission, staffRequestContext } from "~/staff/request.server.ts";
import { spamFieldRows } from "~/spam/field-rows.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  return {
    entries: (await listSpam(staff.db)).map((e) => ({
      ...e,
      kindLabel: e.kind === "course-booking" ? "Course booking" : (leadKindTexts[e.kind]?.label ?? e.kind),
      // A refused booking is for review only: it held no place; the booker books again.
      releasable: e.kind !== "course-booking",
    })),
  };
}

const reasons = { honeypot: "A hidden field was filled in", "too-fast": "Sent faster than a person could" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const form = await request.formData();
  const id = String(form.get("entry") ?? "");
  const intent = form.get("intent");
  const now = new Date();
  // A refused booking held no places: it is reviewed or deleted, never released (left as it was).
  if (intent !== "delete" && (await spamKindOf(staff.db, id)) === "course-booking") {
    return data(
      { error: "A refused booking cannot be released: it held no places. Ask the booker to book again." },
      { status: 400 },
    );
  }
  const entry = await takeSpam(staff.db, id);
  if (!entry) return data({ error: "It is no longer in the spam folder." }, { status: 404 });
  if (intent === "delete") {
    await auditRequest(context, { actor: user, action: "spam-deleted", target: `spam:${id}` }, now);
    return data({ done: "Deleted." });
  }
  const putBack = () =>
    keepSpam(
      staff.db,
      { ...entry, fields: entry.fields, clientAddress: "released", sourcePage: entry.sourcePage },
      now,
    );
  if (entry.kind === "course-booking") {
    // Only if it became one between the two reads: put back, refused as above.
    await putBack();
    return data({ error: "A refused booking cannot be released: it held no places." }, { status: 400 });
  }
  const checked = validate(entry.kind, entry.fields);
  if (!checked.ok) {
    await putBack();
    const problems = Object.values(checked.fieldErrors).join(" ");
    return data({ error: `It cannot become a lead as it is: ${problems}` }, { status: 400 });
  }
  const leads = context.get(servicesContext).leads;
  try {
    const { id: leadId } = await leads.submit(entry.kind, checked.data, {
      sourcePage: entry.sourcePage,
      isTest: false,
    });
    await auditRequest(
      context,
      { actor: user, action: "spam-released", target: `lead:${leadId}`, detail: { kind: entry.kind } },
      now,
    );
    throw redirect(`/admin/leads/${leadId}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    await putBack();
    throw error;
  }
}

export default function SpamFolder() {
  const { entries } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <StaffPage
      title="Spam folder"
      intro={
        <p>
          Forms our spam checks refused in the last {periodText(retentionPeriods.spam_submissions)}. Release a real one
          to make it a lead: it then gets its e-mails as if it had been accepted. A refused course booking is here for
          review only: it held no places, so it cannot be released; the booker books again.
        </p>
      }
    >
      <ActionAnswer answer={answer} />
      <RuledList
        items={entries}
        empty="Nothing was refused."
        label="Refused forms"
        className=""
        row={(entry) => (
          <li key={entry.id} className="py-3">
            <p className="font-semibold text-navy-900">
              {entry.kindLabel}:{" "}
              {entry.fields.name ||
                entry.fields.first_name ||
                entry.fields.bookerName ||
                entry.fields.email ||
                entry.fields.bookerEmail ||
                "no name"}
            </p>
            <p className="text-sm text-slate-800">
              <Time iso={entry.receivedAt} /> from {entry.sourcePage} · {reasons[entry.reason]}
            </p>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              {spamFieldRows(entry.fields).map((row) => (
                <div key={row.name} className="contents">
                  <dt className="font-semibold text-slate-900">{row.label}</dt>
                  <dd className="break-words whitespace-pre-line text-slate-800">
                    {row.at ? <Time iso={row.at} /> : row.value}
                  </dd>
                </div>
              ))}
            </dl>
            <PostForm fields={{ entry: entry.id }} className="mt-3 flex flex-wrap gap-3">
              {entry.releasable && (
                <RowButton intent="release" label={`Release as a lead: ${entry.fields.email ?? entry.id}`}>
                  Release as a lead
                </RowButton>
              )}
              <RowButton
                intent="delete"
                label={`Delete now: ${entry.fields.email ?? entry.fields.bookerEmail ?? entry.id}`}
                tone="danger"
              >
                Delete now
              </RowButton>
            </PostForm>
          </li>
        )}
      />
    </StaffPage>
  );
}
