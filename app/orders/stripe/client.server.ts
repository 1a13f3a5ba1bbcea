/**
 * The one Stripe API client (docs/decisions/068-one-stripe-module.md): the
 * real API, or a Stripe-shaped server at `apiUrl` (the tests' double). The
 * server builds it once and hands it to every order kind paid by card and to
 * the webhook router; nothing else in app/ constructs one (the layering rules check it).
 */
import Stripe from "stripe";

export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const url = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === "http:" ? 80 : 443),
          protocol: url.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
}
