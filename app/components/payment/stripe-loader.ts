/**
 * Stripe.js, fetched only when a visitor starts a payment: the wrapper
 * module (@stripe/stripe-js/pure, which injects nothing on import) is a
 * separate chunk, and it adds Stripe's <script> only when called. Only the
 * payment pages' Content-Security-Policy admits js.stripe.com, so pages that
 * link here must do so with a full page load (`reloadDocument`).
 */
import type { Stripe } from "@stripe/stripe-js";

let cached: { key: string; promise: Promise<Stripe | null> } | null = null;

/** One Stripe object per publishable key; a failed load is tried afresh next time. */
export function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  if (cached?.key === publishableKey) return cached.promise;
  const promise = import("@stripe/stripe-js/pure").then(({ loadStripe }) => loadStripe(publishableKey));
  cached = { key: publishableKey, promise };
  promise.catch(() => {
    if (cached?.promise === promise) cached = null;
  });
  return promise;
}

/** The PaymentIntent's id, from its client secret ("pi_123_secret_456" → "pi_123"). */
export function paymentIntentIdFromSecret(clientSecret: string): string {
  const at = clientSecret.indexOf("_secret_");
  return at > 0 ? clientSecret.slice(0, at) : clientSecret;
}
