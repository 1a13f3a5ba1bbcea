/**
 * The servers every browser test shares, started once per run, each on a
 * port the OS gives: a real SMTP server (in this process), the
 * Stripe-shaped test server (in this process) and the site itself
 * (production build, embedded defaults, its own DATA_DIR). Their addresses
 * reach the test workers through the environment (tests/e2e/fixtures.ts
 * reads them); two runs at once on one machine never meet.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { startFakeStripe } from "../../harness/fake-stripe.ts";
import { createSmtpSink, freshDataDir, startSite } from "../../harness/servers.ts";
import { e2eStripe, sharedSiteEnv } from "./shared-site.ts";

export default async function globalSetup() {
  const dataDir = freshDataDir("site");
  const smtpDir = `${dataDir}-smtp`;
  const sink = await createSmtpSink({ dir: smtpDir });
  const stripe = await startFakeStripe({ webhookSecret: e2eStripe.webhookSecret });
  const site = await startSite({
    name: "site",
    dataDir,
    env: { ...sharedSiteEnv, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, STRIPE_API_URL: stripe.url },
  }).catch(async (error: unknown) => {
    await Promise.all([sink.stop(), stripe.close()]);
    throw error;
  });
  stripe.setWebhookUrl(`${site.baseURL}/api/webhook/stripe`);

  process.env.E2E_BASE_URL = site.baseURL;
  process.env.E2E_DATA_DIR = path.resolve(dataDir);
  process.env.E2E_SMTP_DIR = path.resolve(smtpDir);
  process.env.E2E_STRIPE_URL = stripe.url;

  return async () => {
    await site.stop();
    await Promise.all([sink.stop(), stripe.close()]);
    if (site.child.exitCode !== null && site.child.exitCode !== 0) {
      console.error(`The shared site exited with ${site.child.exitCode}:\n${site.output()}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(smtpDir, { recursive: true, force: true });
  };
}
