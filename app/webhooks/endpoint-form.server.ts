/**
 * Reading the back office's webhook forms (administrators only): an
 * endpoint's address, description and events, with a message per field.
 */
import * as v from "valibot";
import { validateWith } from "~/forms/schemas.ts";
import { isWebhookEventType, type WebhookEventType } from "./event-types.ts";
import { checkEndpointUrl } from "./rules.ts";

export type EndpointFields = { url: string; description: string; events: WebhookEventType[] };
export type EndpointProblems = Partial<Record<"url" | "description" | "events", string>>;

const descriptionForm = v.object({
  description: v.pipe(v.string(), v.trim(), v.maxLength(100, "Use at most 100 characters.")),
});
const noEvents = "Choose at least one event.";

/** The events ticked in a form, or a message. */
export function readEvents(form: FormData): { events: WebhookEventType[] } | { error: string } {
  const events = form.getAll("events").filter(isWebhookEventType);
  return events.length === 0 ? { error: noEvents } : { events: [...new Set(events)] };
}

export function readEndpoint(
  form: FormData,
  allowLocal: boolean,
): { ok: true; endpoint: EndpointFields } | { ok: false; problems: EndpointProblems } {
  const problems: EndpointProblems = {};
  const url = checkEndpointUrl(String(form.get("url") ?? ""), { allowLocal });
  if (!url.ok) problems.url = url.error;
  const text = validateWith(descriptionForm, { description: String(form.get("description") ?? "") });
  if (!text.ok) problems.description = text.fieldErrors.description;
  const events = readEvents(form);
  if ("error" in events) problems.events = events.error;
  if (!url.ok || !text.ok || "error" in events) return { ok: false, problems };
  return { ok: true, endpoint: { url: url.url, description: text.data.description, events: events.events } };
}
