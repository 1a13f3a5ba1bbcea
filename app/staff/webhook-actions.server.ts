/**
 * What an administrator does to one webhook endpoint from its page (ADR
 * 030): retry a given-up delivery or replay an event, change its events,
 * rotate its signing secret, disable it. Each in one order: the change is
 * made (or refused, with the reason), and only a change that was made is
 * audited (and a delivery sent again wakes the dispatcher first). Answers
 * as the page shows them, with the status to send. Who may do this
 * (administrators only) is checked by the route before it calls.
 */
import { data } from "react-router";
import { readEvents } from "~/webhooks/endpoint-form.server.ts";
import {
  disableEndpoint,
  replayEvent,
  retryDelivery,
  rotateSecret,
  updateEndpointEvents,
} from "~/webhooks/endpoints.server.ts";
import type { ClientFacts, StaffUser } from "./accounts.server.ts";
import { audit as record, type AuditAction } from "./audit.server.ts";
import type { StaffServices } from "./service.server.ts";

export type WebhookAnswer = { done?: string; error?: string; eventsError?: string; secret?: string };

/** Runs the posted form's `intent` on endpoint `id` for the administrator `admin`. */
export async function webhookEndpointAction(
  { staff, client }: { staff: Pick<StaffServices, "db" | "webhooks">; client: Pick<ClientFacts, "ip"> },
  admin: Pick<StaffUser, "id" | "email">,
  id: string,
  form: FormData,
  now: Date,
) {
  const intent = form.get("intent");
  const audit = (action: AuditAction, detail?: Record<string, string>) =>
    record(staff.db, { actor: admin, action, target: `webhook:${id}`, detail, ip: client.ip }, now);
  const gone = () => data<WebhookAnswer>({ error: "This endpoint is disabled or no longer exists." }, { status: 409 });

  if (intent === "retry" || intent === "replay") {
    const ok =
      intent === "retry"
        ? await retryDelivery(staff.db, id, String(form.get("delivery") ?? ""), now)
        : await replayEvent(staff.db, id, String(form.get("event") ?? ""), now);
    if (!ok) {
      return data<WebhookAnswer>(
        {
          error:
            "That could not be sent again: it is no longer given up, its event has expired, or the endpoint is disabled.",
        },
        { status: 409 },
      );
    }
    staff.webhooks.kick();
    await audit(intent === "retry" ? "webhook-retried" : "webhook-replayed", {
      [intent === "retry" ? "delivery" : "event"]: String(form.get(intent === "retry" ? "delivery" : "event")),
    });
    return data<WebhookAnswer>({
      done: "It is being sent now. Its state below changes once the endpoint has answered.",
    });
  }
  if (intent === "events") {
    const read = readEvents(form);
    if ("error" in read) return data<WebhookAnswer>({ eventsError: read.error }, { status: 400 });
    if (!(await updateEndpointEvents(staff.db, id, read.events, now))) return gone();
    await audit("webhook-changed", { events: read.events.join(" ") });
    return data<WebhookAnswer>({ done: "Saved. New events are sent to it from now on." });
  }
  if (intent === "rotate") {
    const rotated = await rotateSecret(staff.db, id, now);
    if (!rotated) return gone();
    await audit("webhook-secret-rotated");
    return data<WebhookAnswer>({ secret: rotated.secret });
  }
  if (intent === "disable") {
    if (form.get("confirm") !== "yes") {
      return data<WebhookAnswer>(
        { error: "Tick the box to confirm: a disabled endpoint receives nothing more, and this cannot be undone." },
        { status: 400 },
      );
    }
    if (!(await disableEndpoint(staff.db, id, now))) return gone();
    await audit("webhook-disabled");
    return data<WebhookAnswer>({
      done: "Disabled. It receives nothing from now on; its waiting deliveries were given up.",
    });
  }
  return data<WebhookAnswer>({ error: "Unknown action." }, { status: 400 });
}
