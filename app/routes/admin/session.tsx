/**
 * One course session for the team (issue 29): its places, its roster
 * (each delegate, their organisation and the booking's payment state, with
 * a CSV export), each delegate's answers to the pre-course questionnaire
 * (issue 41; access and dietary needs go by the retention rule course_delegate_needs) and cancelling the whole session (every booker and
 * delegate told, every booking credited in full, cards refunded).
 */
import { data, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/session";
import { ActionAnswer } from "~/components/admin/action-answer.tsx";
import { StaffTable, TwoLineCell } from "~/components/admin/data-table.tsx";
import { PostForm } from "~/components/admin/post-form.tsx";
import { StaffSection } from "~/components/admin/sections.tsx";
import { StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { TextAreaField } from "~/components/forms/field.tsx";
import { sessionView } from "~/orders/course-booking/team-views.server.ts";
import { paymentStateText } from "~/orders/course-booking/states.ts";
import { questionnaireFields, type QuestionnaireField } from "~/orders/course-booking/joining.ts";
import { servicesContext } from "~/services.ts";
import { auditRequest, requirePermission, staffRequestContext } from "~/staff/request.server.ts";
import { may } from "~/staff/permissions.ts";

const unknownSession = "There is no such session: it may have been deleted in Site content.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const view = await sessionView(staff.db, params.key, new Date());
  if (!view) throw data(unknownSession, { status: 404 });
  // The waiting list (ADR 083): how many wait, and the places its offers hold (taken, so not free).
  const waiting = await context.get(servicesContext).courseBookings.waiting.list(params.key);
  const waitingList = {
    waiting: waiting.filter((e) => e.state === "waiting").length,
    offered: waiting.filter((e) => e.state === "offered").reduce((sum, e) => sum + e.places, 0),
  };
  // "Add the next date" is the content editor's (docs/decisions/067-duplicate-and-next-date.md).
  return { ...view, waitingList, mayEditSite: may(user.role, "site") };
}

type Answer = { done?: string; error?: string };

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requirePermission(context, "leads");
  const form = await request.formData();
  if (form.get("intent") !== "cancel-session") return data<Answer>({ error: "Unknown action." }, { status: 400 });
  const reason = String(form.get("reason") ?? "").trim();
  if (reason.length < 5 || reason.length > 500) {
    return data<Answer>(
      { error: "Say why the session is cancelled (5 to 500 characters): every booker is told." },
      { status: 400 },
    );
  }
  if (form.get("confirm") !== "on") {
    return data<Answer>(
      { error: "Tick the box to confirm: this cancels every booking on the session." },
      { status: 400 },
    );
  }
  const { staff } = context.get(staffRequestContext);
  if (!(await sessionView(staff.db, params.key, new Date()))) throw data(unknownSession, { status: 404 });
  const now = new Date();
  const result = await context.get(servicesContext).courseBookings.cancelSession(params.key, user.id, reason);
  await auditRequest(
    context,
    {
      actor: user,
      action: "course-session-cancelled",
      target: `session:${params.key}`,
      detail: { bookings: String(result.cancelled), reason },
    },
    now,
  );
  const refunds = result.refundErrors.length
    ? ` Card refunds that failed (make them in Stripe): ${result.refundErrors.join("; ")}.`
    : "";
  const failed = result.failed.length
    ? ` ${result.failed.length} booking${result.failed.length === 1 ? "" : "s"} could not be cancelled just now (${result.failed.join(", ")}): cancel the session again to finish.`
    : "";
  return data<Answer>({
    done: `Cancelled ${result.cancelled} booking${result.cancelled === 1 ? "" : "s"}; every booker and delegate is told, and so is everyone on its waiting list. No one can book the date any more: mark the session cancelled in Site content so its pages say so.${refunds}${failed}`,
  });
}

export default function Session() {
  const s = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <StaffPage
      title={`${s.courseTitle}, ${s.label}`}
      intro={
        <p>
          {s.where}. Capacity {s.counts.capacity}: {s.counts.sold} sold, {s.counts.held} held (a card payment or the
          booker's confirmation awaited),{" "}
          {s.waitingList.offered > 0 && <>{s.waitingList.offered} held for the waiting list's offers, </>}
          {s.counts.free} free.{" "}
          <a href={`/admin/sessions/${s.key}/roster.csv`} download className="font-semibold text-navy-800 underline">
            Download the roster (CSV)
          </a>{" "}
          ·{" "}
          <Link to={`/admin/sessions/${s.key}/waiting-list`} className="font-semibold text-navy-800 underline">
            Waiting list ({s.waitingList.waiting} waiting)
          </Link>
          {s.mayEditSite && (
            <>
              {" "}
              ·{" "}
              <Link to={`/admin/content/session/${s.key}/duplicate`} className="font-semibold text-navy-800 underline">
                Add the next date
              </Link>
            </>
          )}
        </p>
      }
    >
      <ActionAnswer answer={answer} />
      <StaffSection id="roster" title="Roster">
        {s.roster.length === 0 ? (
          <p className="mt-2 text-slate-700">No one is booked yet.</p>
        ) : (
          <StaffTable
            label="Delegates on this session"
            headings={["Delegate", "Organisation", "Booker", "Booking", "Payment", "Before the course"]}
            className="mt-3 min-w-5xl"
          >
            {s.roster.map((r) => (
              <tr key={`${r.bookingId}-${r.position}`} className="border-b border-slate-300 align-top">
                <td className="py-2 pr-3">
                  {r.name ?? "Name to follow"}
                  {r.email && <span className="block break-all text-slate-700">{r.email}</span>}
                  {r.jobTitle && <span className="block text-slate-700">{r.jobTitle}</span>}
                </td>
                <td className="py-2 pr-3">{r.organisation}</td>
                <TwoLineCell first={r.bookerName} second={r.bookerEmail} breakAll />
                <td className="py-2 pr-3">
                  <Link to={`/admin/course-bookings/${r.bookingId}`} className="font-semibold text-navy-800 underline">
                    {r.reference}
                  </Link>
                </td>
                <td className="py-2 pr-3">{paymentStateText[r.status]}</td>
                <td className="py-2">
                  <Answers answers={r.answers} />
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </StaffSection>
      {s.state !== "cancelled" && s.upcoming && (
        <StaffSection id="cancel-session" title="Cancel this session" className="mt-10">
          <p className="mt-2 text-slate-700">
            Every booking is cancelled with a full credit note; card payments are refunded; every booker and named
            delegate is e-mailed.
          </p>
          <PostForm intent="cancel-session" className="mt-4 max-w-xl space-y-4" noValidate>
            <TextAreaField formId="cancel-session" name="reason" label="Why (the bookers are told)" rows={3} required />
            <label className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name="confirm" className="size-6 accent-navy-800" />
              Cancel every booking on this session
            </label>
            <button
              type="submit"
              className="min-h-11 rounded-md border border-red-800 px-4 py-2 font-semibold text-red-800"
            >
              Cancel the session
            </button>
          </PostForm>
        </StaffSection>
      )}
    </StaffPage>
  );
}

const answerLabels: Record<QuestionnaireField, string> = {
  objectives: "Objectives",
  experience: "Experience",
  accessNeeds: "Access needs",
  dietaryNeeds: "Dietary needs",
};

/** A delegate's questionnaire answers, or that there are none yet. */
function Answers({
  answers,
}: {
  answers: (Record<QuestionnaireField, string | null> & { answeredAt: string | null }) | null;
}) {
  if (!answers?.answeredAt) return <span className="text-slate-700">Not answered</span>;
  const given = (Object.keys(questionnaireFields) as QuestionnaireField[]).filter((f) => answers[f]);
  return (
    <>
      {given.length === 0 ? (
        <span className="block">Answered, nothing to add</span>
      ) : (
        <dl className="space-y-1">
          {given.map((f) => (
            <div key={f}>
              <dt className="font-semibold">{answerLabels[f]}</dt>
              <dd className="break-words whitespace-pre-line">{answers[f]}</dd>
            </div>
          ))}
        </dl>
      )}
      <span className="block text-sm text-slate-700">
        Answered <Time iso={answers.answeredAt} />
      </span>
    </>
  );
}
