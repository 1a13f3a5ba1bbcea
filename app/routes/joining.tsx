/**
 * A delegate's pre-course questionnaire (/joining/{token}; issue 41, ADR
 * 082), opened by the private link in their joining instructions: what they
 * want from the course, their experience, access and dietary needs, all
 * optional. The answers can be changed until the course starts; after it,
 * they are shown and no longer changed. An unknown link (or one past its
 * expiry, or whose delegate no longer holds the place) is a 404. Never
 * cached, never indexed; the link never leaves in a Referer.
 */
import { data, redirect } from "react-router";
import { NarrowPage } from "~/components/sections.tsx";
import { TextAreaField } from "~/components/forms/field.tsx";
import { formatDateTime } from "~/format/dates.ts";
import {
  needsKeptDaysAfterCourse,
  questionnaireFields,
  type QuestionnaireField,
} from "~/orders/course-booking/joining.ts";
import { privateLinkHeaders, privateLinkMeta } from "~/seo/private-link.ts";
import { servicesContext } from "~/services.ts";
import type { Route } from "./+types/joining";
import { islandsOnly } from "~/page-script/hydration.ts";

const fieldNames = Object.keys(questionnaireFields) as QuestionnaireField[];

/** No React Router: its forms are plain posts that need no script (ADR 090); only the footer's sign-up and the exit popup wake, as islands. */
export const handle = islandsOnly;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await context.get(servicesContext).questionnaires.open(params.token);
  if (!found) throw data("Not found", { status: 404 });
  return {
    delegateName: found.delegateName,
    courseTitle: found.courseTitle,
    sessionLabel: found.sessionLabel,
    startsAt: found.startsAt.toISOString(),
    answers: found.answers,
    open: found.open,
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw data("Bad request", { status: 400 });
  const values = Object.fromEntries(fieldNames.map((name) => [name, form.get(name) ?? ""]));
  const result = await context.get(servicesContext).questionnaires.answer(params.token, values);
  if (result.ok) return redirect(`/joining/${params.token}?saved`, 303);
  if (result.reason === "unknown") throw data("Not found", { status: 404 });
  const typed = Object.fromEntries(
    fieldNames.map((name) => [name, typeof values[name] === "string" ? values[name] : ""]),
  );
  if (result.reason === "started") {
    const problems: Partial<Record<QuestionnaireField, string>> = {};
    return data({ problem: "The course has started: your answers can no longer be changed.", problems, typed }, 409);
  }
  const problems = "problems" in result ? result.problems : {};
  return data({ problem: "Check your answers below.", problems, typed }, 400);
}

export function headers() {
  return privateLinkHeaders();
}

export function meta() {
  return privateLinkMeta({
    title: "Before your course",
    description: "Your pre-course questionnaire.",
    path: "/joining",
  });
}

export default function Joining({ loaderData: q, actionData }: Route.ComponentProps) {
  const formId = "questionnaire";
  const value = (name: QuestionnaireField) => actionData?.typed[name] ?? q.answers[name] ?? "";
  return (
    <NarrowPage eyebrow="Before your course" title={q.courseTitle} lead={q.sessionLabel}>
      <h2 className="text-2xl font-bold text-navy-900">Your pre-course questionnaire</h2>
      <p className="mt-3 text-slate-800">
        {q.delegateName ? `${q.delegateName}, please` : "Please"} tell your trainer what you want from the course and
        your experience so far, and tell us of any access or dietary needs. Every question is optional. Your trainer and
        our team see your answers; access and dietary needs are deleted {needsKeptDaysAfterCourse} days after the
        course, the rest is kept with the booking (see our{" "}
        <a href="/privacy" className="font-semibold text-navy-800 underline">
          privacy notice
        </a>
        ).
      </p>
      {q.saved && !actionData && (
        <p role="status" className="mt-4 rounded-md border border-green-800 bg-green-50 p-3 text-green-900">
          Thank you: your answers are saved.
          {q.open ? " You can change them here until the course starts." : ""}
        </p>
      )}
      {actionData?.problem && (
        <p role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          {actionData.problem}
        </p>
      )}
      {q.open ? (
        <form method="post" className="mt-6 space-y-6" noValidate>
          {fieldNames.map((name) => (
            <TextAreaField
              key={name}
              formId={formId}
              name={name}
              label={questionnaireFields[name].label}
              hint={`Optional, up to ${questionnaireFields[name].max.toLocaleString("en-GB")} characters.`}
              rows={name === "dietaryNeeds" ? 3 : 5}
              defaultValue={value(name)}
              error={actionData?.problems[name]}
            />
          ))}
          <button type="submit" className="btn btn-primary min-h-11">
            Save my answers
          </button>
        </form>
      ) : (
        <>
          <p className="mt-6 text-slate-800">
            The course started on {formatDateTime(q.startsAt)} (London time): your answers can no longer be changed.
          </p>
          <dl className="mt-4 space-y-4">
            {fieldNames.map((name) => (
              <div key={name}>
                <dt className="font-semibold text-navy-900">{questionnaireFields[name].label}</dt>
                <dd className="mt-1 whitespace-pre-line text-slate-800">{q.answers[name] ?? "No answer"}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </NarrowPage>
  );
}
