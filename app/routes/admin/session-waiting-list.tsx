/**
 * A session's waiting list for the team (/admin/sessions/{key}/waiting-list;
 * issue 41, ADR 083): each request's name, organisation, address, places and
 * state (waiting, offered until when, accepted, lapsed, or not yet
 * confirmed), in the list's order, times in London; a waiting request can be
 * moved one up or down, and any removed (an offer's held places go back).
 * Each change is audited.
 */
import { data, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/session-waiting-list";
import { ActionAnswer } from "~/components/admin/action-answer.tsx";
import { StaffTable } from "~/components/admin/data-table.tsx";
import { PostForm } from "~/components/admin/post-form.tsx";
import { StaffSection } from "~/components/admin/sections.tsx";
import { StaffPage } from "~/components/admin/staff-ui.tsx";
import { formatDateTime } from "~/format/dates.ts";
import { sessionView } from "~/orders/course-booking/team-views.server.ts";
import { stateText } from "~/orders/course-booking/waiting.ts";
import { servicesContext } from "~/services.ts";
import { auditRequest, requirePermission, staffRequestContext } from "~/staff/request.server.ts";

const unknownSession = "There is no such session: it may have been deleted in Site content.";

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const view = await sessionView(staff.db, params.key, new Date());
  if (!view) throw data(unknownSession, { status: 404 });
  const entries = await context.get(servicesContext).courseBookings.waiting.list(params.key);
  return {
    key: view.key,
    title: `${view.courseTitle}, ${view.label}`,
    entries: entries.map((e) => ({
      id: e.id,
      name: e.name,
      organisation: e.organisation,
      email: e.email,
      places: e.places,
      state: e.state,
      stateText: stateText(e.state, e.offerExpiresAt, formatDateTime),
    })),
  };
}

type Answer = { done?: string; error?: string };

const intents = {
  "waiting-up": "moved up",
  "waiting-down": "moved down",
  "waiting-remove": "removed",
} as const;

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requirePermission(context, "leads");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (!(intent in intents)) return data<Answer>({ error: "Unknown action." }, { status: 400 });
  const { staff } = context.get(staffRequestContext);
  if (!(await sessionView(staff.db, params.key, new Date()))) throw data(unknownSession, { status: 404 });
  const id = String(form.get("id") ?? "");
  const waiting = context.get(servicesContext).courseBookings.waiting;
  const entry =
    intent === "waiting-remove"
      ? await waiting.remove(params.key, id)
      : await waiting.move(params.key, id, intent === "waiting-up" ? "up" : "down");
  if (!entry) {
    return data<Answer>({ error: "That request is no longer on this list, or cannot move that way." }, { status: 409 });
  }
  await auditRequest(
    context,
    {
      actor: user,
      action: intent === "waiting-remove" ? "waiting-list-removed" : "waiting-list-moved",
      target: `session:${params.key}`,
      detail: {
        request: entry.name,
        organisation: entry.organisation,
        change: intents[intent as keyof typeof intents],
      },
    },
    new Date(),
  );
  return data<Answer>({ done: `${entry.name} (${entry.organisation}) ${intents[intent as keyof typeof intents]}.` });
}

export default function SessionWaitingList() {
  const s = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <StaffPage
      title={`Waiting list: ${s.title}`}
      intro={
        <p>
          Confirmed requests in the order they are offered places (the first whose places fit what is free), then those
          not yet confirmed.{" "}
          <Link to={`/admin/sessions/${s.key}`} className="font-semibold text-navy-800 underline">
            Back to the session
          </Link>
        </p>
      }
    >
      <ActionAnswer answer={answer} />
      <StaffSection id="waiting-list" title="Waiting list">
        {s.entries.length === 0 ? (
          <p className="mt-2 text-slate-700">No one is waiting for this date.</p>
        ) : (
          <StaffTable
            label="Requests on the waiting list"
            headings={["Name", "Organisation", "Places", "State", "Change"]}
            className="mt-3 min-w-4xl"
          >
            {s.entries.map((e) => (
              <tr key={e.id} className="border-b border-slate-300 align-top">
                <td className="py-2 pr-3">
                  {e.name}
                  <span className="block break-all text-slate-700">{e.email}</span>
                </td>
                <td className="py-2 pr-3">{e.organisation}</td>
                <td className="py-2 pr-3">{e.places}</td>
                <td className="py-2 pr-3">{e.stateText}</td>
                <td className="py-2">
                  <PostForm fields={{ id: e.id }} className="flex flex-wrap gap-2">
                    {e.state === "waiting" && (
                      <>
                        <button type="submit" name="intent" value="waiting-up" className="btn btn-outline min-h-11">
                          Move {e.name} up
                        </button>
                        <button type="submit" name="intent" value="waiting-down" className="btn btn-outline min-h-11">
                          Move {e.name} down
                        </button>
                      </>
                    )}
                    <button
                      type="submit"
                      name="intent"
                      value="waiting-remove"
                      className="min-h-11 rounded-md border border-red-800 px-4 py-2 font-semibold text-red-800"
                    >
                      Remove {e.name}
                    </button>
                  </PostForm>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </StaffSection>
    </StaffPage>
  );
}
