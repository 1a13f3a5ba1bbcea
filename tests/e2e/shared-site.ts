/** How the shared site of the browser tests is configured (tests/e2e/global-setup.ts). */
import { teamAddress } from "../../harness/servers.ts";

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

/**
 * The sites apart from the shared one that spec files share, by name: each
 * is started once per test worker, the first time a file asks for it
 * (`siteWith` in tests/e2e/fixtures.ts), and every file of the worker that
 * names the same settings uses it. A file that needs settings of its own,
 * or a site no other file touches (a count of everything in it, the last
 * administrator), starts its own with `launcher` or `servers`. Tests on a
 * shared site keep their data their own (unique addresses and ids).
 */
export const apartSites = {
  /**
   * The embedded defaults (rate limits and the bot timer on), with a real
   * SMTP server of its own and no limit on back-office sign-ins per address
   * (many accounts are set up from one address; the limit has its own tests).
   * Its content is edited by the editor's tests: they must not show on the
   * shared site's pages.
   */
  staff: { mail: true, env: { STAFF_SIGN_IN_MAX: "1000000" } },
} satisfies Record<string, { mail: boolean; env: Record<string, string> }>;

export type ApartSiteName = keyof typeof apartSites;
