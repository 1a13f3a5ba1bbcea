/**
 * A group of checkboxes under a legend, each with its label and a line
 * under it, and the group's message (the events a webhook endpoint
 * receives, what a member may do).
 */
import type { ReactNode } from "react";
import { FieldError, errorId } from "~/components/forms/field.tsx";

export type CheckboxChoice = { value: string; label: ReactNode; hint: ReactNode };

export function CheckboxChoices({
  id,
  name,
  legend,
  legendClassName,
  choices,
  chosen,
  error,
}: {
  /** The group's id; each box's is `${id}-${value}`. */
  id: string;
  name: string;
  legend: ReactNode;
  legendClassName: string;
  choices: readonly CheckboxChoice[];
  chosen: readonly string[];
  error?: string;
}) {
  return (
    <fieldset id={id} data-field={name} aria-describedby={error ? errorId(id) : undefined}>
      <legend className={legendClassName}>{legend}</legend>
      <ul className="mt-2 space-y-2">
        {choices.map((choice) => (
          <li key={choice.value} className="flex items-start gap-3">
            <input
              type="checkbox"
              id={`${id}-${choice.value}`}
              name={name}
              value={choice.value}
              defaultChecked={chosen.includes(choice.value)}
              aria-invalid={error ? true : undefined}
              className="mt-1 size-5 shrink-0 accent-navy-800"
            />
            <label htmlFor={`${id}-${choice.value}`} className="text-slate-900">
              {choice.label}
              <span className="block text-sm text-slate-700">{choice.hint}</span>
            </label>
          </li>
        ))}
      </ul>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}
