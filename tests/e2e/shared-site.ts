/** How the shared site of the browser tests is configured (tests/e2e/global-setup.ts). */
import { teamAddress } from "../support/servers.ts";

/** Test keys for the Stripe-shaped test server (not real keys). */
export const e2eStripe = {
  secretKey: "sk_test_e2e_not_a_real_key",
  publishableKey: "pk_test_e2e_not_a_real_key",
  webhookSecret: "whsec_e2e_not_a_real_secret",
};

export const sharedSiteEnv: Record<string, string> = {
  APP_ENV: "test",
  COUNTRY_HEADER: "cf-ipcountry",
  TEAM_EMAIL: teamAddress,
  // Browser tests fill forms in milliseconds and all come from one
  // address: the bot timer and the rate limit get their own tests.
  FORM_MIN_FILL_SECONDS: "0",
  RATE_LIMIT_MAX: "1000000",
  BOOKING_RATE_LIMIT_MAX: "1000000",
  STAFF_SIGN_IN_MAX: "1000000",
  STRIPE_SECRET_KEY: e2eStripe.secretKey,
  STRIPE_PUBLISHABLE_KEY: e2eStripe.publishableKey,
  STRIPE_WEBHOOK_SECRET: e2eStripe.webhookSecret,
};
