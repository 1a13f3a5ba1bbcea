/** The event types an endpoint receives, as a group of checkboxes (the add and the edit form). */
import { webhookEventLabels, webhookEventTypes, type WebhookEventType } from "~/webhooks/event-types.ts";
import { CheckboxChoices } from "./checkbox-choices.tsx";

const choices = webhookEventTypes.map((type) => ({
  value: type,
  label: <code className="font-mono text-sm font-semibold">{type}</code>,
  hint: webhookEventLabels[type],
}));

export function EventChoices({
  formId,
  chosen,
  error,
}: {
  formId: string;
  chosen: readonly WebhookEventType[];
  error?: string;
}) {
  return (
    <CheckboxChoices
      id={`${formId}-events`}
      name="events"
      legend="Events it receives"
      legendClassName="font-semibold text-navy-900"
      choices={choices}
      chosen={chosen}
      error={error}
    />
  );
}
