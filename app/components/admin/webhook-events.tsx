/** The event types an endpoint receives, as a group of checkboxes (the add and the edit form). */
import { FieldError, errorId } from "~/components/forms/field.tsx";
import { webhookEventLabels, webhookEventTypes, type WebhookEventType } from "~/webhooks/event-types.ts";

export function EventChoices({
  formId,
  chosen,
  error,
}: {
  formId: string;
  chosen: readonly WebhookEventType[];
  error?: string;
}) {
  const id = `${formId}-events`;
  return (
    <fieldset aria-describedby={error ? errorId(id) : undefined}>
      <legend className="font-semibold text-navy-900">Events it receives</legend>
      <ul className="mt-2 space-y-2">
        {webhookEventTypes.map((type) => (
          <li key={type} className="flex items-start gap-3">
            <input
              type="checkbox"
              id={`${formId}-event-${type}`}
              name="events"
              value={type}
              defaultChecked={chosen.includes(type)}
              className="mt-1 size-5 shrink-0 accent-navy-800"
            />
            <label htmlFor={`${formId}-event-${type}`} className="text-slate-900">
              <code className="font-mono text-sm font-semibold">{type}</code>
              <span className="block text-sm text-slate-700">{webhookEventLabels[type]}</span>
            </label>
          </li>
        ))}
      </ul>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}
