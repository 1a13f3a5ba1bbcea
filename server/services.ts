/**
 * The long-lived parts behind the routes: the database (migrated at
 * start-up), the e-mail transport and outbox worker, the lead service and
 * the form rate limit, and the scheduled jobs (retention). Started once per
 * process, before the server listens.
 */
import path from "node:path";
import { digestJob } from "../app/inbox/digest.server.ts";
import { webinarRemindersJob } from "../app/leads/webinar-reminders.server.ts";
import { startScheduler, type ScheduledJob } from "../app/jobs/scheduler.server.ts";
import type { AppConfig } from "../app/config/config.server.ts";
import { retentionJob } from "../app/retention/job.server.ts";
import { silentLogger, type Logger } from "../app/observability/log.server.ts";
import { createMetrics, type Metrics } from "../app/observability/metrics.server.ts";
import { openDatabase, type DatabaseHandle } from "../app/data/db.server.ts";
import { createFormLimits } from "../app/http/rate-limit.server.ts";
import { createLeadService } from "../app/leads/service.server.ts";
import { createConsultationPayments } from "../app/orders/consultation-payments.server.ts";
import { stripeClient } from "../app/orders/stripe/client.server.ts";
import { createStripeWebhooks } from "../app/orders/stripe/router.server.ts";
import { createCourseBookingService } from "../app/orders/course-booking/service.server.ts";
import { courseBookingHoldsJob } from "../app/orders/course-booking/holds-job.server.ts";
import { paymentRemindersJob } from "../app/orders/course-booking/payment-reminders.server.ts";
import { calendarUpdatesJob } from "../app/orders/course-booking/invitations.server.ts";
import { joiningJob } from "../app/orders/course-booking/joining.server.ts";
import { waitingListsJob } from "../app/orders/course-booking/waiting.server.ts";
import { createQuestionnaireService } from "../app/orders/course-booking/questionnaire.server.ts";
import { vatDocumentAttachments } from "../app/orders/course-booking/documents.server.ts";
import { createStaffServices } from "../app/staff/service.server.ts";
import { createSignInGuard } from "../app/staff/sign-in-guard.server.ts";
import type { AppServices } from "../app/services.ts";
import { OutboxWorker } from "../app/mail/outbox-worker.server.ts";
import { createMailTransport } from "../app/mail/transport.server.ts";
import { WebhookDispatcher } from "../app/webhooks/dispatcher.server.ts";
import { createPageViewCounter } from "../app/analytics/page-views.server.ts";
import { loadKeyring } from "../app/secrets/keys.server.ts";
import { resealSecrets } from "../app/secrets/reseal.server.ts";
import { scheduledPublishingJob, startSiteContent } from "../app/publishing/site-content.server.ts";
import { webinarJoinLinks } from "../app/content/index.server.ts";
import { openJoiningLinks } from "../app/publishing/webinar-links.server.ts";
import { contentVersion } from "../app/publishing/store/core.server.ts";

export type RunningServices = {
  services: AppServices;
  database: DatabaseHandle;
  worker: OutboxWorker;
  /** One line on where leads and e-mail go, for the start-up log. */
  description: string;
  close(): Promise<void>;
};

export type Observability = { log: Logger; metrics: Metrics };

export async function startServices(
  config: AppConfig,
  { log, metrics }: Observability = { log: silentLogger, metrics: createMetrics() },
): Promise<RunningServices> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    onConnectionError: (error) => log.warn({ err: error }, "Database: a pooled connection failed"),
  });
  // The key that seals secrets kept in the database (ADR 033); anything stored
  // before, or under a previous key, is sealed under it now.
  const { keys } = loadKeyring(config);
  const resealed = await resealSecrets(database.db, keys);
  if (resealed.accounts + resealed.invitations + resealed.outbox + resealed.webinarLinks > 0) {
    log.info(resealed, "Secrets: sealed under the current key");
  }
  if (resealed.unopenable > 0) {
    log.error(
      { unopenable: resealed.unopenable },
      "Secrets: some sealed values open with no key (SECRETS_KEY changed without SECRETS_KEY_PREVIOUS?): those accounts need new set-up links",
    );
  }
  // The site's content: seeded from this release if never seeded, then what
  // is published, swapped in whenever any instance publishes (ADR 045).
  const content = await startSiteContent({
    db: database.db,
    log: log.child({ component: "content" }),
  });
  const transport = createMailTransport({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.dataDir,
    maxConnections: config.MAIL_CONCURRENCY,
  });
  const worker = new OutboxWorker({
    db: database.db,
    transport,
    maxRetryDelayMs: config.MAIL_RETRY_MAX_SECONDS * 1000,
    concurrency: config.MAIL_CONCURRENCY,
    heartbeatMs: config.MAIL_HEARTBEAT_SECONDS * 1000,
    giveUpMs: config.MAIL_GIVE_UP_HOURS * 3600_000,
    log: log.child({ component: "outbox" }),
    metrics,
    keys,
    // A course booking's invoice or credit note, rendered as its e-mail is sent.
    attachments: vatDocumentAttachments(database.db),
  });
  // Webhooks are leased under the outbox worker's identity, so its heartbeat
  // and reaper cover them (app/webhooks/dispatcher.server.ts).
  const webhooks = new WebhookDispatcher({
    db: database.db,
    workerId: worker.identity.id,
    allowLocal: config.WEBHOOK_LOCAL_RECEIVERS === "on",
    log: log.child({ component: "webhooks" }),
    metrics,
  });
  const kick = () => {
    worker.kick();
    webhooks.kick();
  };
  const mail = {
    siteUrl: config.siteUrl,
    teamEmail: config.TEAM_EMAIL,
    calendar: config.businessCalendar,
    // The published webinars' joining links, opened (they are stored sealed) when an e-mail is written.
    get webinarJoinUrls() {
      return openJoiningLinks(keys, webinarJoinLinks());
    },
  };
  const leads = createLeadService({
    db: database.db,
    mail,
    keys,
    onEmailsQueued: kick,
    onStored: (kind) => metrics.leadsStored.inc({ kind }),
  });
  // The one Stripe client (docs/decisions/068-one-stripe-module.md), when the keys are set.
  const stripe = config.paymentsEnabled ? stripeClient(config.STRIPE_SECRET_KEY!, config.STRIPE_API_URL) : null;
  const courseBookings = createCourseBookingService({
    db: database.db,
    mail,
    keys,
    stripe: stripe ? { client: stripe, publishableKey: config.STRIPE_PUBLISHABLE_KEY! } : null,
    confirmation: {
      confirmHours: config.BOOKING_CONFIRM_HOURS,
      sessionSharePercent: config.BOOKING_UNCONFIRMED_SESSION_PERCENT,
      perBookerPlaces: config.BOOKING_UNCONFIRMED_PER_BOOKER_PLACES,
      perBookerBookings: config.BOOKING_UNCONFIRMED_PER_BOOKER_BOOKINGS,
    },
    linkDaysAfterCourse: config.BOOKING_LINK_DAYS_AFTER_COURSE,
    onEmailsQueued: kick,
    // The course pages show places left: read the places' stamp at once on this instance.
    onPlacesChanged: () => void content.placesChanged().catch(() => {}),
    // A session's change is followed only by an instance serving the newest content (ADR 098).
    contentIsCurrent: async (trx) => (await contentVersion(trx)) === content.version(),
    log: (message) => log.error(message),
  });
  const consultations = stripe
    ? createConsultationPayments({
        db: database.db,
        mail,
        stripe,
        onEmailsQueued: kick,
        log: (message) => log.error(message),
      })
    : null;
  // Stripe's webhook: one router, each paid kind's handler registered by its name (app/orders/stripe/kinds.ts).
  const stripeWebhooks =
    stripe && consultations
      ? createStripeWebhooks({
          db: database.db,
          stripe,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          handlers: { consultation: consultations.stripeOrders, "course-booking": courseBookings.stripeOrders },
          onEmailsQueued: kick,
          log: (message) => log.error(message),
          metrics,
        })
      : null;
  // The public forms' limits, one scope per family, each counted per client
  // address (ADR 059). Redis (REDIS_URL) wins over PostgreSQL (DATABASE_URL);
  // else this process's memory. The consultation's card payment has the
  // forms' numbers and a count of its own.
  const formLimits = await createFormLimits(
    {
      enquiry: { max: config.RATE_LIMIT_MAX, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
      booking: { max: config.BOOKING_RATE_LIMIT_MAX, windowSeconds: config.BOOKING_RATE_LIMIT_WINDOW_SECONDS },
      payment: { max: config.RATE_LIMIT_MAX, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
    },
    { redisUrl: config.REDIS_URL, pgPool: database.pgPool, metrics, log },
  );
  // Back-office sign-in limits (ADR 037), in the same store.
  const signIn = await createSignInGuard({
    db: database.db,
    maxPerAddress: config.STAFF_SIGN_IN_MAX,
    redisUrl: config.REDIS_URL,
    pgPool: database.pgPool,
    metrics,
    log,
  });
  const staff = createStaffServices({
    db: database.db,
    mail,
    mailDir: path.join(config.dataDir, "mail"),
    keys,
    kickOutbox: () => worker.kick(),
    webhooks: { kick: () => webhooks.kick(), allowLocal: config.WEBHOOK_LOCAL_RECEIVERS === "on" },
    signIn,
  });
  await worker.start();
  webhooks.start();
  // Scheduled jobs, each run by one instance at a time (a lease in job_runs):
  // retention, as the privacy notice promises (ADR 013), webinar reminders
  // (the notice promises them too), and the team's daily digest (ADR 028).
  const jobs: ScheduledJob[] = [
    retentionJob({
      db: database.db,
      logFile: config.LOG_FILE,
      mailDir: path.join(config.dataDir, "mail"),
      log,
      metrics,
    }),
  ];
  jobs.push(webinarRemindersJob({ db: database.db, mail, kickOutbox: () => worker.kick(), log }));
  if (config.DAILY_DIGEST === "on") jobs.push(digestJob({ db: database.db, mail, kickOutbox: () => worker.kick() }));
  jobs.push(courseBookingHoldsJob({ db: database.db, onExpired: () => void content.placesChanged().catch(() => {}) }));
  // Reminders to pay invoices, on the days the business settings say (issue 41).
  jobs.push(paymentRemindersJob({ db: database.db, compose: courseBookings.composeReminder, onSent: kick }));
  // Joining instructions and the reminder the working day before, to each delegate (issue 41, ADR 082).
  jobs.push(joiningJob({ db: database.db, mail, keys, onSent: kick }));
  // Waiting lists: offers past their time lapse, free places are offered to the next request that fits (ADR 083).
  jobs.push(
    waitingListsJob({
      db: database.db,
      mail,
      keys,
      onSent: () => {
        kick();
        void content.placesChanged().catch(() => {});
      },
    }),
  );
  // A session's days, hours or place changed: its bookings' copies follow it
  // and its delegates' calendars are updated as soon as this instance serves
  // the change, and by a job as a backstop.
  jobs.push(calendarUpdatesJob({ follow: (now) => courseBookings.followSessionChanges(now) }));
  content.onChange(() => {
    courseBookings
      .followSessionChanges()
      .catch((error: unknown) => log.error({ err: error }, "Session changes: could not follow"));
  });
  jobs.push(scheduledPublishingJob({ db: database.db, content, log: log.child({ component: "content" }) }));
  const scheduler = startScheduler({ db: database.db, log, jobs });
  const pageViews = createPageViewCounter({
    db: database.db,
    flushMs: config.PAGE_VIEWS_FLUSH_SECONDS * 1000,
    log: log.child({ component: "page-views" }),
  });
  return {
    services: {
      leads,
      consultations,
      courseBookings,
      questionnaires: createQuestionnaireService({ db: database.db }),
      stripeWebhooks,
      allowSubmission: (family, clientAddress) => formLimits.consume(family, clientAddress),
      staff,
      pageViews,
      content,
    },
    database,
    worker,
    description: `leads in ${database.description}; e-mail via ${transport.description}; card payment ${
      config.paymentsEnabled ? (config.stripeTestMode ? "on (Stripe test mode)" : "on") : "off (no Stripe keys)"
    }; form limits: ${formLimits.description}`,
    async close() {
      content.close();
      await scheduler.stop();
      await pageViews.close();
      await webhooks.stop();
      await worker.stop();
      await formLimits.close();
      await signIn.close();
      transport.close?.();
      await database.close();
    },
  };
}
