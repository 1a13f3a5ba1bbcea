/**
 * A one-button form on a row of a list (end a session, remove a passkey):
 * it posts `intent` with the row's hidden fields. The button says a short
 * verb; its accessible name says what it acts on.
 */
import { Form } from "react-router";
import { CsrfField } from "./staff-ui.tsx";

export function RowAction({
  intent,
  fields,
  text,
  label,
}: {
  intent: string;
  fields: Record<string, string>;
  /** What the button shows ("Remove"). */
  text: string;
  /** Its accessible name, starting with `text` ("Remove the passkey Work laptop"). */
  label: string;
}) {
  return (
    <Form method="post">
      <CsrfField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-label={label}
        className="min-h-11 rounded-md border border-red-800 px-3 py-2 text-sm font-semibold text-red-800"
      >
        {text}
      </button>
    </Form>
  );
}
