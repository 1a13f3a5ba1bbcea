/**
 * A new draft made from an item (/admin/content/:type/:key/duplicate,
 * docs/decisions/067-duplicate-and-next-date.md): for a course date, "Add
 * the next date" with the start date the person chooses (a Monday, London
 * date, suggested a quarter on); for any other kind that takes new items, a
 * copy. The draft then opens in the editor; nothing is on the site until it
 * is published.
 */
import { useState } from "react";
import { Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/content-duplicate";
import { PostForm } from "~/components/admin/post-form.tsx";
import { StaffPage } from "~/components/admin/staff-ui.tsx";
import { controlClass, errorId, FieldError, FormAlert, fieldId } from "~/components/forms/field.tsx";
import { duplicateAction, duplicatePage } from "~/publishing/duplicate.server.ts";
import { contentTypeOf, editorContext } from "~/publishing/editor.server.ts";
import { addDays, dateInWords } from "~/publishing/duplicate-rules.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  return duplicatePage(editorContext(context).db, contentTypeOf(params.type), params.key, new Date());
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return duplicateAction(editorContext(context), contentTypeOf(params.type), params.key, await request.formData());
}

const formId = "duplicate";

/** A chosen start date in words: "The new date would run Monday 7 June 2027 to Friday 11 June 2027." */
function chosenInWords(date: string): string {
  const words = dateInWords(date);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || words === date) return "";
  if (!words.startsWith("Monday ")) return `${words} is not a Monday: a course date starts on a Monday.`;
  return `The new date would run ${words} to ${dateInWords(addDays(date, 4))}.`;
}

export default function DuplicateContent() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // The date as chosen, shown back in words (the date input shows it in the browser's own format).
  const [chosen, setChosen] = useState<string | null>(null);
  const busy = useNavigation().state !== "idle";
  const back = (
    <p>
      <Link to={`/admin/content/${page.type}/${page.key}`} className="underline">
        Back to {page.title}
      </Link>
    </p>
  );
  if (!page.session) {
    return (
      <StaffPage title={`Duplicate: ${page.title}`} intro={back}>
        <FormAlert message={answer?.message} className="mb-6" />
        <p className="max-w-2xl text-slate-700">
          A copy is made as a new draft, titled “{page.title} (copy)” with its own address, and opens in the editor.
          Nothing is on the site until you publish it.
          {page.type === "webinar" && " The joining link is not copied: give the new webinar its own."}
        </p>
        <PostForm intent="duplicate" className="mt-6">
          <button type="submit" disabled={busy} className="btn-primary min-h-11">
            Make a copy
          </button>
        </PostForm>
      </StaffPage>
    );
  }
  const s = page.session;
  const id = fieldId(formId, "startDate");
  const hintId = `${id}-hint`;
  const error = answer?.startDate;
  return (
    <StaffPage title={`Add the next date: ${page.title}`} intro={back}>
      <FormAlert message={answer?.message} className="mb-6" />
      <p className="max-w-2xl text-slate-700">
        This date runs {s.dates}, {s.where}. The new date keeps its course, venue, format, hours, capacity and price,
        and is saved as a draft that opens in the editor: nothing is on the site, and no places are offered, until you
        publish it. An early-bird offer ends as many days before the new start as it did before this one.
      </p>
      <PostForm intent="duplicate" className="mt-6 max-w-md space-y-5" noValidate>
        <div data-field="startDate">
          <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
            Start date of the new date
          </label>
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            A Monday (London date): the course runs Monday to Friday. Suggested: {s.suggestedWords}, a quarter after
            this one.
          </p>
          <input
            id={id}
            name="startDate"
            type="date"
            defaultValue={answer?.chosen ?? s.suggested}
            onChange={(event) => setChosen(event.currentTarget.value)}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId(id)}` : hintId}
            className={controlClass(error, "mt-1.5 min-h-11")}
          />
          <FieldError id={id} message={error} />
          <p aria-live="polite" className="mt-2 text-slate-700">
            {chosenInWords(chosen ?? answer?.chosen ?? s.suggested)}
          </p>
        </div>
        <button type="submit" disabled={busy} className="btn-primary min-h-11">
          Add the next date
        </button>
      </PostForm>
    </StaffPage>
  );
}
