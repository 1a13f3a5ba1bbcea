import { methodNotAllowed, readJsonBody, sourcePageFromReferer } from "~/http/http.server.ts";
import { servicesContext } from "~/services.ts";
import { configContext } from "~/http/request-context.ts";
import { guardLimit } from "~/spam/form-guard.server.ts";
import { parsePaymentRequest } from "~/orders/consultation-request.ts";
import { PaymentSetupError } from "~/orders/consultation-payments.server.ts";
import { requestLog } from "~/observability/request-log.server.ts";
import type { Route } from "./+types/create-consultation-payment";
import { siteContact } from "~/content/index.server.ts";

const json = (status: number, body: object) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * POST /api/create-consultation-payment (spec section 7): { amount,
 * customerName, customerEmail, quantity } → { success, clientSecret } or
 * { success: false, message }. The amount is computed here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const config = context.get(configContext);
  const services = context.get(servicesContext);
  if (!services.consultations) {
    return json(503, {
      success: false,
      message: `Card payment is not set up on this site yet. Please contact us to book your consultation: ${siteContact().email} or the contact page (/contact).`,
    });
  }
  const parsed = await readJsonBody(request);
  if ("error" in parsed) return json(parsed.error.status, parsed.error.body);
  // The payment's own per-address limit (ADR 059).
  const refusal = await guardLimit(context, "payment");
  if (refusal) return json(refusal.status, { success: false, message: refusal.message });
  const checked = parsePaymentRequest(parsed.value, config.stripeTestMode);
  if (!checked.ok) return json(400, { success: false, message: checked.message });
  try {
    const payment = await services.consultations.createPayment(checked.value, sourcePageFromReferer(request));
    return json(200, { success: true, clientSecret: payment.clientSecret, paymentIntentId: payment.paymentIntentId });
  } catch (error) {
    if (error instanceof PaymentSetupError) {
      return json(502, {
        success: false,
        message:
          "We could not start the card payment just now. You have not been charged. Please try again in a few minutes or contact us.",
      });
    }
    requestLog(context).error({ err: error }, "Creating a consultation payment failed");
    return json(503, {
      success: false,
      message:
        "Sorry, we could not start the payment just now. You have not been charged. Please try again in a few minutes.",
    });
  }
}

export const loader = () => methodNotAllowed("POST");
