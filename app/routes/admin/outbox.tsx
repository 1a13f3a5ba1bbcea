/**
 * The outbox: e-mails waiting, failing (with their last error) or given up,
 * newest first, and a button to send one again now. Audited.
 */
import { data, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/outbox";
import { StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { ActionAnswer } from "~/components/admin/action-answer.tsx";
import { PostForm, RowButton } from "~/components/admin/post-form.tsx";
import { ActionRow, RuledList } from "~/components/admin/sections.tsx";
import { periodText, retentionPeriods } from "~/content/retention-periods.ts";
import { leadKindTexts } from "~/leads/kinds/index.ts";
import { outboxStates, type OutboxState } from "~/mail/outbox-states.ts";
import { listOutbox, outboxCounts, retryNow } from "~/mail/outbox-view.server.ts";
import { auditRequest, requirePermission, staffRequestContext } from "~/staff/request.server.ts";

const stateLabels: Record<OutboxState, string> = {
  waiting: "Waiting",
  failing: "Failing, being retried",
  "given-up": "Given up",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const asked = new URL(request.url).searchParams.get("state");
  const state: OutboxState = outboxStates.includes(asked as OutboxState) ? (asked as OutboxState) : "failing";
  const [messages, counts] = await Promise.all([listOutbox(staff.db, state), outboxCounts(staff.db)]);
  return { state, counts, messages };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const form = await request.formData();
  const id = String(form.get("message") ?? "");
  const now = new Date();
  if (!(await retryNow(staff.db, id, now))) {
    return data({ error: "That e-mail was sent meanwhile, is being sent now, or does not exist." }, { status: 409 });
  }
  staff.kickOutbox();
  await auditRequest(context, { actor: user, action: "email-retried", target: `email:${id}` }, now);
  return data({ done: "It will be sent again now. Its state here changes once the mail server has answered." });
}

const isLeadKind = (type: string): type is keyof typeof leadKindTexts => Object.hasOwn(leadKindTexts, type);

export default function Outbox() {
  const { state, counts, messages } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <StaffPage
      title="Outbox"
      intro={
        <p>
          E-mails not sent yet. Sent ones are kept for {periodText(retentionPeriods.outbox)} and shown on their lead's
          page.
        </p>
      }
    >
      <ActionAnswer answer={answer} />
      <nav aria-label="Outbox states">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {outboxStates.map((s) => (
            <li key={s}>
              <Link
                to={`?state=${s}`}
                aria-current={s === state ? "page" : undefined}
                className="inline-block min-h-11 py-2.5 font-semibold text-navy-800 underline-offset-4 aria-[current=page]:underline"
              >
                {stateLabels[s]} ({counts[s]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="mt-6 text-xl font-bold text-navy-900">{stateLabels[state]}</h2>
      <RuledList
        items={messages}
        empty="None."
        row={(m) => (
          <ActionRow
            key={m.id}
            top
            actions={
              state !== "waiting" && (
                <PostForm fields={{ message: m.id }}>
                  <RowButton label={`Send again now: ${m.subject}`}>Send again now</RowButton>
                </PostForm>
              )
            }
          >
            <p className="font-semibold break-words text-navy-900">{m.subject}</p>
            <p className="text-sm break-all text-slate-800">To {m.to}</p>
            <p className="text-sm text-slate-800">
              Queued <Time iso={m.createdAt} />
              {m.attempts > 0 && ` · ${m.attempts} attempt${m.attempts === 1 ? "" : "s"}`}
              {m.deadAt ? (
                <>
                  {" "}
                  · given up <Time iso={m.deadAt} />
                </>
              ) : (
                m.attempts > 0 && (
                  <>
                    {" "}
                    · next try <Time iso={m.nextAttemptAt} />
                  </>
                )
              )}
            </p>
            {m.lastError && <p className="mt-1 text-sm break-words text-red-800">Last error: {m.lastError}</p>}
            {isLeadKind(m.leadType) && (
              <p className="mt-1 text-sm">
                <Link to={`/admin/leads/${m.leadId}`} className="text-navy-800 underline">
                  Its lead
                </Link>
              </p>
            )}
          </ActionRow>
        )}
      />
    </StaffPage>
  );
}
