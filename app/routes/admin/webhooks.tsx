/**
 * Webhooks (administrators only): the endpoints that receive the site's
 * events (docs/decisions/030-outgoing-webhooks.md), and the form to add one.
 * A new endpoint's signing secret is shown once, here. Audited.
 */
import { data, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/webhooks";
import { EventChoices } from "~/components/admin/webhook-events.tsx";
import { Notice, StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { PostForm } from "~/components/admin/post-form.tsx";
import { RuledList, StaffSection } from "~/components/admin/sections.tsx";
import { TextField } from "~/components/forms/field.tsx";
import { auditRequest, requireAdmin, staffRequestContext } from "~/staff/request.server.ts";
import { readEndpoint, type EndpointProblems } from "~/webhooks/endpoint-form.server.ts";
import { createEndpoint, listEndpoints } from "~/webhooks/endpoints.server.ts";
import { SecretOnce } from "~/components/admin/webhook-secret.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { staff } = context.get(staffRequestContext);
  return { endpoints: await listEndpoints(staff.db, new Date()), allowLocal: staff.webhooks.allowLocal };
}

type Answer = { problems?: EndpointProblems; created?: { id: string; url: string; secret: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const { staff } = context.get(staffRequestContext);
  const read = readEndpoint(await request.formData(), staff.webhooks.allowLocal);
  if (!read.ok) return data<Answer>({ problems: read.problems }, { status: 400 });
  const now = new Date();
  const { id, secret } = await createEndpoint(staff.db, read.endpoint, now);
  await auditRequest(
    context,
    {
      actor: admin,
      action: "webhook-added",
      target: `webhook:${id}`,
      detail: { events: read.endpoint.events.join(" ") },
    },
    now,
  );
  return data<Answer>({ created: { id, url: read.endpoint.url, secret } });
}

export default function Webhooks() {
  const { endpoints, allowLocal } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const created = answer?.created;
  return (
    <StaffPage
      title="Webhooks"
      intro={
        <p>
          Send each new lead, change, payment and newsletter event to your CRM or automation tool as it happens. Each
          message is signed the Standard Webhooks way (webhook-id, webhook-timestamp and webhook-signature headers), so
          the receiver can check it came from this site. A receiver that is down gets every message once it is back:
          failed deliveries are retried for about three days.
        </p>
      }
    >
      {created && (
        <Notice>
          Endpoint added: {created.url}. <SecretOnce secret={created.secret} />{" "}
          <Link to={`/admin/webhooks/${created.id}`} className="underline">
            Its deliveries and settings
          </Link>
        </Notice>
      )}
      <StaffSection id="endpoints" title="Endpoints">
        <RuledList
          items={endpoints}
          empty="None yet."
          row={(e) => (
            <li key={e.id} className="py-3">
              <p className="font-semibold break-all text-navy-900">
                <Link to={`/admin/webhooks/${e.id}`} className="underline">
                  {e.description || e.url}
                </Link>
                {e.disabledAt && <span className="font-normal text-slate-700"> (disabled)</span>}
              </p>
              {e.description && <p className="text-sm break-all text-slate-700">{e.url}</p>}
              <p className="text-sm text-slate-700">
                {e.events.join(", ")} · added <Time iso={e.createdAt} />
              </p>
              <p className="text-sm text-slate-800">
                Delivered {e.counts.delivered} · waiting {e.counts.pending} · failing {e.counts.failing} · given up{" "}
                {e.counts.dead}
              </p>
            </li>
          )}
        />
      </StaffSection>

      <StaffSection id="add" title="Add an endpoint" className="mt-10 max-w-xl">
        <PostForm className="mt-4 space-y-5">
          <TextField
            formId="webhook"
            name="url"
            label="Address"
            hint={
              allowLocal
                ? "https://… on the internet, or http://127.0.0.1:… on this machine."
                : "https://… on the internet, as your CRM or automation tool gives it."
            }
            autoComplete="off"
            error={answer?.problems?.url}
            required
          />
          <TextField
            formId="webhook"
            name="description"
            label="Description"
            hint="Who receives it, for example “HubSpot” (optional)."
            autoComplete="off"
            maxLength={100}
            error={answer?.problems?.description}
          />
          <EventChoices formId="webhook" chosen={["lead.created"]} error={answer?.problems?.events} />
          <button type="submit" disabled={submitting} className="btn-primary">
            Add endpoint
          </button>
        </PostForm>
      </StaffSection>
    </StaffPage>
  );
}
