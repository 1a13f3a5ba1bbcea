/**
 * Prometheus metrics (prom-client), one registry per process. Served on a
 * port of their own (METRICS_PORT) or at /metrics behind a bearer token
 * (METRICS_TOKEN); never to the public.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method, route and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    leadsStored: new Counter({
      name: "leads_stored_total",
      help: "Leads stored, by kind (repeats within the duplicate window not counted)",
      labelNames: ["kind"] as const,
      registers,
    }),
    outboxSent: new Counter({ name: "outbox_sent_total", help: "E-mails handed to the mail server", registers }),
    outboxFailed: new Counter({
      name: "outbox_failed_total",
      help: "Attempts to send an e-mail that failed (it is retried)",
      registers,
    }),
    outboxDead: new Counter({
      name: "outbox_dead_total",
      help: "E-mails given up after MAIL_GIVE_UP_HOURS (never retried)",
      registers,
    }),
    webhookAttempts: new Counter({
      name: "webhook_attempts_total",
      help: "Attempts to deliver a webhook, by outcome (delivered, failed: retried later, dead: given up)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    outboxBacklog: new Gauge({
      name: "outbox_backlog",
      help: "E-mails in the outbox by state (pending: waiting to be sent; dead: given up)",
      labelNames: ["state"] as const,
      registers,
    }),
    outboxOldestUnsent: new Gauge({
      name: "outbox_oldest_unsent_seconds",
      help: "Age of the oldest e-mail still waiting to be sent",
      registers,
    }),
    webhookBacklog: new Gauge({
      name: "webhook_backlog",
      help: "Webhook deliveries by state (pending: waiting to be delivered; dead: given up)",
      labelNames: ["state"] as const,
      registers,
    }),
    webhookOldestUndelivered: new Gauge({
      name: "webhook_oldest_undelivered_seconds",
      help: "Age of the oldest webhook delivery still waiting",
      registers,
    }),
    rateLimited: new Counter({
      name: "rate_limit_refusals_total",
      help: "Requests refused by the rate limit, by what was limited",
      labelNames: ["scope"] as const,
      registers,
    }),
    webhookEvents: new Counter({
      name: "stripe_webhook_events_total",
      help: "Stripe webhook deliveries, by event type and outcome",
      labelNames: ["type", "outcome"] as const,
      registers,
    }),
    retentionDeleted: new Counter({
      name: "retention_records_total",
      help: "Records deleted or anonymised by the retention job, by rule",
      labelNames: ["rule"] as const,
      registers,
    }),
  };
}
