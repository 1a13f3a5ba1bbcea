/** A Stripe API client: the real API, or a Stripe-shaped server at `apiUrl` (the tests' double). */
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
