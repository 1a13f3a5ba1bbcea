/**
 * The long-lived parts behind the routes: the database (migrated at
 * start-up), the e-mail transport and outbox worker, the lead service and
 * the form rate limit. Started once per process, before the server listens.
 */
import type { AppConfig } from "../app/lib/config.server.ts";
import { openDatabase, type DatabaseHandle } from "../app/data/db.server.ts";
import { createRateLimiter } from "../app/leads/rate-limit.ts";
import { createLeadService } from "../app/leads/service.server.ts";
import { createPaymentService } from "../app/payments/service.server.ts";
import type { AppServices } from "../app/leads/types.ts";
import { OutboxWorker } from "../app/mail/outbox.server.ts";
import { createMailTransport } from "../app/mail/transport.server.ts";

export type RunningServices = {
  services: AppServices;
  database: DatabaseHandle;
  worker: OutboxWorker;
  /** One line on where leads and e-mail go, for the start-up log. */
  description: string;
  close(): Promise<void>;
};

export async function startServices(config: AppConfig): Promise<RunningServices> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const transport = createMailTransport({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir });
  const worker = new OutboxWorker({
    db: database.db,
    transport,
    maxRetryDelayMs: config.MAIL_RETRY_MAX_SECONDS * 1000,
  });
  const leads = createLeadService({
    db: database.db,
    mail: { siteUrl: config.siteUrl, teamEmail: config.TEAM_EMAIL },
    onEmailsQueued: () => worker.kick(),
  });
  const payments = config.paymentsEnabled
    ? createPaymentService({
        db: database.db,
        mail: { siteUrl: config.siteUrl, teamEmail: config.TEAM_EMAIL },
        secretKey: config.STRIPE_SECRET_KEY!,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        apiUrl: config.STRIPE_API_URL,
        onEmailsQueued: () => worker.kick(),
      })
    : null;
  const allowSubmission = createRateLimiter({
    max: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
  });
  await worker.start();
  return {
    services: { leads, payments, allowSubmission },
    database,
    worker,
    description: `leads in ${database.description}; e-mail via ${transport.description}; card payment ${
      config.paymentsEnabled ? (config.stripeTestMode ? "on (Stripe test mode)" : "on") : "off (no Stripe keys)"
    }`,
    async close() {
      await worker.stop();
      transport.close?.();
      await database.close();
    },
  };
}
