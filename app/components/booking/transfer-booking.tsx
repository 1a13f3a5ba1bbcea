/**
 * The booker's page's way to move the booking to another date of the same
 * course (routes/booking.tsx, issue 41, ADR 081): each other date with what
 * moving there does to the price (said in pounds before they confirm: the
 * action refuses any other amount), or why it cannot be chosen; or, when
 * the terms no longer allow a move, the sentence that says so.
 */
import { formatPenceGbp } from "~/format/money.ts";

export type TransferChoices =
  | { open: false; closed: string }
  | {
      open: true;
      dates: ({ id: string; label: string; full: boolean } & (
        { ok: true; creditPence: number; extraPence: number; carryPence: number } | { ok: false; why: string }
      ))[];
    };

function what(date: Extract<TransferChoices, { open: true }>["dates"][number]): string {
  if (date.full) return "Not enough places left on this date.";
  if (!date.ok) return date.why;
  if (date.extraPence > 0) {
    const due =
      date.carryPence > 0
        ? `; the ${formatPenceGbp(date.carryPence)} you have paid is carried to it, and the difference is due`
        : ", due";
    return `Dearer: ${formatPenceGbp(date.extraPence)} more including VAT. Your invoice is replaced by a new one at this date's price (the old one is cancelled by a credit note)${due} in the usual payment terms.`;
  }
  return date.creditPence === 0
    ? "Same price: nothing to pay, nothing credited."
    : `Cheaper: ${formatPenceGbp(date.creditPence)} including VAT is credited to you, with a credit note.`;
}

/** The other dates, each with what a move there does, and the button that moves the booking. */
export function TransferBooking({ choices }: { choices: TransferChoices }) {
  if (!choices.open) {
    return (
      <section aria-labelledby="move-title" className="mt-8">
        <h3 id="move-title" className="text-xl font-bold text-navy-900">
          Move to another date
        </h3>
        <p className="mt-2 text-slate-800">{choices.closed}</p>
      </section>
    );
  }
  const choosable = choices.dates.filter((d) => d.ok && !d.full);
  return (
    <details className="mt-8">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-navy-800 underline">
        Move to another date
      </summary>
      {choices.dates.length === 0 ? (
        <p className="mt-2 text-slate-800">This course has no other dates to move to yet.</p>
      ) : (
        <form method="post" className="mt-2 space-y-3 rounded-md border border-slate-300 p-4">
          <input type="hidden" name="intent" value="transfer" />
          <fieldset>
            <legend className="font-semibold text-navy-900">Move every place of this booking to</legend>
            <ul className="mt-2 space-y-3">
              {choices.dates.map((d) => {
                const id = `move-${d.id}`;
                const usable = d.ok && !d.full;
                return (
                  <li key={d.id} className="flex gap-3">
                    <input
                      type="radio"
                      name="session"
                      value={d.id}
                      id={id}
                      disabled={!usable}
                      aria-describedby={`${id}-what`}
                      className="mt-1 size-5"
                    />
                    <div>
                      <label htmlFor={id} className="font-semibold text-slate-900">
                        {d.label}
                      </label>
                      <p id={`${id}-what`} className="text-slate-800">
                        {what(d)}
                      </p>
                      {usable && (
                        <input
                          type="hidden"
                          name={`difference-${d.id}`}
                          value={d.ok ? d.extraPence - d.creditPence : 0}
                        />
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <p className="text-slate-800">
            Each named delegate gets the new joining details and calendar invitation, and the old dates are cancelled in
            their calendars.
          </p>
          {choosable.length > 0 && (
            <button type="submit" className="btn btn-primary min-h-11">
              Move the booking to the date chosen
            </button>
          )}
        </form>
      )}
    </details>
  );
}
