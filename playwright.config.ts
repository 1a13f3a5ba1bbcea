import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 12111);
/** Test keys for the Stripe-shaped test server (not real keys). */
export const e2eStripe = {
  port: stripePort,
  secretKey: "sk_test_e2e_not_a_real_key",
  publishableKey: "pk_test_e2e_not_a_real_key",
  webhookSecret: "whsec_e2e_not_a_real_secret",
};
/** Plain HTTP tests (no browser): run once, in the "server" project. */
const httpOnly = /(server|site)\.spec\.ts$|\.http\.spec\.ts$/;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";

/**
 * End-to-end tests run against the production build (`npm run build`
 * first), served by the real server on its embedded defaults, in Debian's
 * Chromium. Set CHROMIUM_PATH to use another Chromium.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        "--disable-dev-shm-usage",
      ],
    },
  },
  // Browser tests run at desktop and phone widths; a test tagged @desktop
  // or @phone runs at that width only. Plain HTTP checks run once.
  projects: [
    {
      name: "desktop",
      testIgnore: httpOnly,
      grepInvert: /@phone/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "phone",
      testIgnore: httpOnly,
      grepInvert: /@desktop/,
      use: { ...devices["Pixel 7"], channel: undefined },
    },
    { name: "server", testMatch: httpOnly },
  ],
  // A real SMTP server (tests/support/smtp-sink.ts) receives the site's
  // e-mails; tests read them with tests/e2e/mailbox.ts.
  webServer: [
    {
      command: "node tests/support/smtp-sink.ts",
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SMTP_SINK_PORT: String(smtpPort), SMTP_SINK_DIR: ".e2e/smtp" },
    },
    {
      // Stripe cannot be reached from here: a Stripe-shaped test server.
      command: "node tests/support/fake-stripe.ts",
      port: stripePort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        FAKE_STRIPE_PORT: String(stripePort),
        FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/webhook/stripe`,
        FAKE_STRIPE_WEBHOOK_SECRET: e2eStripe.webhookSecret,
      },
    },
    {
      command: "rm -rf .e2e/data && node server/index.ts",
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_ENV: "test",
        COUNTRY_HEADER: "cf-ipcountry",
        DATA_DIR: ".e2e/data",
        SITE_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        TEAM_EMAIL: "team@example.test",
        // Browser tests fill forms in milliseconds and all come from one
        // address: the bot timer and the rate limit get their own tests.
        FORM_MIN_FILL_SECONDS: "0",
        RATE_LIMIT_MAX: "1000000",
        STRIPE_SECRET_KEY: e2eStripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: e2eStripe.publishableKey,
        STRIPE_WEBHOOK_SECRET: e2eStripe.webhookSecret,
        STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
      },
    },
  ],
});
