import { methodNotAllowed } from "~/http/http.server.ts";
import { servicesContext } from "~/services.ts";
import { requestLog } from "~/observability/request-log.server.ts";
import type { Route } from "./+types/stripe-webhook";

/**
 * POST /api/webhook/stripe: Stripe's events, verified by signature on the
 * raw body (STRIPE_WEBHOOK_SECRET). Unsigned, forged or stale: 400, nothing
 * changes. A replayed event: 200, nothing changes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const webhooks = context.get(servicesContext).stripeWebhooks;
  if (!webhooks) return new Response("Card payment is not set up.", { status: 503 });
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > 512 * 1024) return new Response("Too large.", { status: 413 });
  const raw = await request.text();
  try {
    const { status, message } = await webhooks.handleWebhook(raw, request.headers.get("stripe-signature"));
    return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  } catch (error) {
    requestLog(context).error({ err: error }, "Stripe webhook failed");
    // Stripe retries on 5xx: the event is handled later.
    return new Response("Temporarily unable to handle the event.", { status: 503 });
  }
}

export const loader = () => methodNotAllowed("POST");
