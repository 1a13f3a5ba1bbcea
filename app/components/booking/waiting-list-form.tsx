/**
 * "Join the waiting list" on a full date's booking page (ADR 083): name,
 * e-mail, organisation and places wanted, posted to the booking page's own
 * action (its guard and limits). Answered with each field's message, or
 * "check your inbox": nothing happens until the address confirms it.
 */
import { BotFields } from "~/components/forms/bot-fields.tsx";
import { fieldId } from "~/components/forms/field.tsx";
import { MAX_PLACES } from "~/orders/course-booking/booking-request.ts";
import { waitingFields, waitingIntent } from "~/orders/course-booking/waiting-form.ts";
import { BookerFields, bindField } from "./booker-fields.tsx";
import { PlaceOptions } from "./place-options.tsx";
import { ProblemList } from "./problem-list.tsx";

const formId = "waiting";

export type WaitingFormAnswer = {
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  problem?: string;
  sent?: string;
};

export function WaitingListForm({ answer }: { answer?: WaitingFormAnswer | undefined }) {
  if (answer?.sent) {
    return (
      <section aria-labelledby="waiting-sent-title" role="status" className="mt-8">
        <h2 id="waiting-sent-title" className="text-2xl font-bold text-navy-900">
          Check your inbox to join the waiting list
        </h2>
        <p className="mt-3 text-slate-800">
          We have e-mailed {answer.sent} a link. Please follow it within 48 hours: you are on the list only once you do.
          When places free up, we offer them in the list's order and hold them for you for a short time.
        </p>
      </section>
    );
  }
  const values = answer?.values ?? {};
  const errors = answer?.fieldErrors ?? {};
  const bind = bindField(formId, values, errors);
  return (
    <section aria-labelledby="waiting-title" className="mt-10 rounded-lg border border-slate-300 p-6">
      <h2 id="waiting-title" className="text-2xl font-bold text-navy-900">
        Join the waiting list
      </h2>
      <p className="mt-2 text-slate-700">
        If places free up on this date, we offer them to the waiting list in turn, by e-mail, and hold them for you
        while you decide.
      </p>
      {answer?.problem && (
        <p role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-4 font-semibold text-red-900">
          {answer.problem}
        </p>
      )}
      <ProblemList formId={formId} errors={errors} heading="h3" className="mt-4" />
      <form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="intent" value={waitingIntent} />
        <BotFields />
        <div className="grid gap-4 sm:grid-cols-2">
          <BookerFields names={waitingFields} bind={bind} />
          <div data-field={waitingFields.places}>
            <label
              htmlFor={fieldId(formId, waitingFields.places)}
              className="block text-sm font-semibold text-navy-900"
            >
              Places wanted
            </label>
            <select
              id={fieldId(formId, waitingFields.places)}
              name={waitingFields.places}
              defaultValue={values[waitingFields.places] ?? "1"}
              aria-invalid={errors[waitingFields.places] ? true : undefined}
              className="mt-1.5 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink"
            >
              <PlaceOptions max={MAX_PLACES} />
            </select>
          </div>
        </div>
        <button type="submit" className="btn btn-primary min-h-11 w-full sm:w-auto">
          Join the waiting list
        </button>
      </form>
    </section>
  );
}
