/**
 * One webhook endpoint (administrators only): its recent deliveries (state,
 * the endpoint's answer, when), a retry for a given-up delivery and a replay
 * for any event; its events, a new signing secret (the old one keeps signing
 * for a day) and disabling it. Every change is audited.
 */
import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/webhook";
import { EventChoices } from "~/components/admin/webhook-events.tsx";
import { SecretOnce } from "~/components/admin/webhook-secret.tsx";
import { Notice, StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { PostForm, RowButton } from "~/components/admin/post-form.tsx";
import { StaffSection } from "~/components/admin/sections.tsx";
import { StaffTable } from "~/components/admin/data-table.tsx";
import { FormAlert } from "~/components/forms/field.tsx";
import { periodText, retentionPeriods } from "~/content/retention-periods.ts";
import { requireAdmin, staffRequestContext } from "~/staff/request.server.ts";
import { webhookEndpointAction } from "~/staff/webhook-actions.server.ts";
import { getEndpoint, listDeliveries } from "~/webhooks/endpoints.server.ts";
import type { DeliveryState } from "~/webhooks/event-types.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { staff } = context.get(staffRequestContext);
  const endpoint = await getEndpoint(staff.db, params.id, new Date());
  if (!endpoint) throw data("There is no such endpoint.", { status: 404 });
  return { endpoint, deliveries: await listDeliveries(staff.db, endpoint.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  return webhookEndpointAction(
    context.get(staffRequestContext),
    admin,
    params.id,
    await request.formData(),
    new Date(),
  );
}

const stateLabels: Record<DeliveryState, string> = {
  pending: "Waiting",
  failing: "Failing, being retried",
  delivered: "Delivered",
  dead: "Given up",
};

export default function Webhook() {
  const { endpoint, deliveries } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const active = !endpoint.disabledAt;
  return (
    <StaffPage
      title={endpoint.description || "Webhook endpoint"}
      intro={
        <>
          <p className="break-all">{endpoint.url}</p>
          {endpoint.disabledAt && (
            <p>
              Disabled <Time iso={endpoint.disabledAt} />.
            </p>
          )}
        </>
      }
    >
      <Notice>
        {answer?.secret ? (
          <>
            New secret made. <SecretOnce secret={answer.secret} /> The old secret keeps signing beside it for 24 hours,
            so switch the receiver over within a day.
          </>
        ) : (
          answer?.done
        )}
      </Notice>
      <FormAlert message={answer?.error} className="mb-6" />

      <StaffSection id="deliveries" title="Recent deliveries">
        <p className="mt-1 text-slate-700">
          The latest 50, newest first. Delivered {endpoint.counts.delivered} · waiting {endpoint.counts.pending} ·
          failing {endpoint.counts.failing} · given up {endpoint.counts.dead}. Messages are kept for{" "}
          {periodText(retentionPeriods.webhook_events)}.
        </p>
        {deliveries.length === 0 ? (
          <p className="mt-3 text-slate-700">None yet.</p>
        ) : (
          <StaffTable
            label="Recent deliveries, newest first"
            headings={["Event", "Happened", "State", "Answer", "Last attempt", ""]}
            className="mt-3 min-w-3xl"
          >
            {deliveries.map((d) => (
              <tr key={d.id} className="border-b border-slate-300 align-top" data-delivery={d.state}>
                <td className="py-2 pr-3">
                  <code className="font-mono font-semibold">{d.eventType}</code>
                  <span className="block font-mono text-xs break-all text-slate-700">{d.eventId}</span>
                </td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  <Time iso={d.eventAt} />
                </td>
                <td className="py-2 pr-3">
                  {stateLabels[d.state]}
                  {d.attempts > 0 && (
                    <span className="block text-slate-700">
                      {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
                    </span>
                  )}
                  {d.nextAttemptAt && d.state === "failing" && (
                    <span className="block text-slate-700">
                      next <Time iso={d.nextAttemptAt} />
                    </span>
                  )}
                </td>
                <td className="py-2 pr-3">
                  {d.lastStatus ?? (d.attempts > 0 ? "none" : "")}
                  {d.lastError && <span className="block break-words text-red-800">{d.lastError}</span>}
                </td>
                <td className="py-2 pr-3 whitespace-nowrap">{d.lastAttemptAt && <Time iso={d.lastAttemptAt} />}</td>
                <td className="py-2">
                  {active && d.state === "dead" && (
                    <DeliveryAction intent="retry" name="delivery" value={d.id} label="Retry" about={d.eventType} />
                  )}
                  {active && (d.state === "delivered" || d.state === "dead") && (
                    <DeliveryAction
                      intent="replay"
                      name="event"
                      value={d.eventId}
                      label="Send again"
                      about={d.eventType}
                    />
                  )}
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </StaffSection>

      {active && (
        <>
          <StaffSection id="events" title="What it receives" className="mt-10 max-w-xl">
            <PostForm className="mt-4 space-y-4">
              <EventChoices formId="endpoint" chosen={endpoint.events} error={answer?.eventsError} />
              <button type="submit" name="intent" value="events" className="btn-primary">
                Save events
              </button>
            </PostForm>
          </StaffSection>

          <StaffSection id="secret" title="Signing secret" className="mt-10 max-w-xl">
            <p className="mt-2 text-slate-700">
              {endpoint.previousSecretUntil ? (
                <>
                  The previous secret still signs beside the new one until <Time iso={endpoint.previousSecretUntil} />.
                </>
              ) : (
                "Make a new secret if the old one may have leaked. The old one keeps signing beside it for 24 hours."
              )}
            </p>
            <PostForm className="mt-3">
              <button
                type="submit"
                name="intent"
                value="rotate"
                className="min-h-11 rounded-md border border-navy-800 px-4 py-2 font-semibold text-navy-900"
              >
                Make a new secret
              </button>
            </PostForm>
          </StaffSection>

          <StaffSection id="disable" title="Disable" className="mt-10 max-w-xl">
            <p className="mt-2 text-slate-700">
              It receives nothing more, and its waiting deliveries are given up. This cannot be undone: add it again to
              start over.
            </p>
            <PostForm className="mt-3 space-y-3">
              <div className="flex items-start gap-3">
                <input
                  type="checkbox"
                  id="disable-confirm"
                  name="confirm"
                  value="yes"
                  required
                  className="mt-1 size-5 shrink-0 accent-red-800"
                />
                <label htmlFor="disable-confirm" className="text-slate-900">
                  I understand: it receives nothing more, and this cannot be undone
                </label>
              </div>
              <button
                type="submit"
                name="intent"
                value="disable"
                className="min-h-11 rounded-md border-2 border-red-800 px-4 py-2 font-semibold text-red-900"
              >
                Disable this endpoint
              </button>
            </PostForm>
          </StaffSection>
        </>
      )}
    </StaffPage>
  );
}

function DeliveryAction({
  intent,
  name,
  value,
  label,
  about,
}: {
  intent: "retry" | "replay";
  name: string;
  value: string;
  label: string;
  about: string;
}) {
  return (
    <PostForm intent={intent} fields={{ [name]: value }} className="mb-2">
      <RowButton label={`${label}: ${about} ${value}`} className="whitespace-nowrap">
        {label}
      </RowButton>
    </PostForm>
  );
}
