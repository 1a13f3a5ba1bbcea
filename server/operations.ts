/**
 * What operators see of a running instance: its log, its metrics (prom-client,
 * with the outbox and webhook backlogs read at each scrape) and its readiness
 * (the public learns only ready or not; the details go where the metrics go).
 * Built once per process by server/index.ts and handed to the Express app.
 */
import type http from "node:http";
import express from "express";
import type { Logger } from "pino";
import type { AppConfig } from "../app/config/config.server.ts";
import type { Db } from "../app/data/db.server.ts";
import { holidaysRunningOut } from "../app/calendar/business-hours.ts";
import { backlog } from "../app/data/backlog.server.ts";
import { checkReadiness, type Readiness } from "../app/observability/health.server.ts";
import { metricsEndpoint, readinessEndpoint } from "../app/observability/http.server.ts";
import type { Metrics } from "../app/observability/metrics.server.ts";

/** Settings that will need changing soon, as of `now` (logged at start-up, listed in /readyz's details). */
export function settingWarnings(config: AppConfig, now: Date): string[] {
  const holidays = holidaysRunningOut(config.businessCalendar, now);
  return holidays ? [holidays] : [];
}

export type Operations = {
  log: Logger;
  metrics: Metrics;
  readiness(): Promise<Readiness>;
  collectMetrics(): Promise<{ contentType: string; body: string }>;
};

export function createOperations({
  config,
  log,
  metrics,
  db,
}: {
  config: AppConfig;
  log: Logger;
  metrics: Metrics;
  db: Db;
}): Operations {
  return {
    log,
    metrics,
    readiness: () =>
      checkReadiness({
        db,
        fallbacks: config.fallbacks,
        warnings: (now) => settingWarnings(config, now),
      }),
    async collectMetrics() {
      try {
        const now = new Date();
        const gauges = [
          { queue: "outbox", count: metrics.outboxBacklog, oldest: metrics.outboxOldestUnsent },
          { queue: "webhook_deliveries", count: metrics.webhookBacklog, oldest: metrics.webhookOldestUndelivered },
        ] as const;
        for (const { queue, count, oldest } of gauges) {
          const waiting = await backlog(db, queue, now);
          count.set({ state: "pending" }, waiting.pending);
          count.set({ state: "dead" }, waiting.dead);
          oldest.set(waiting.oldestUnsentSeconds ?? 0);
        }
      } catch (error) {
        log.warn({ err: error }, "Metrics: could not read the outbox and webhook backlogs");
      }
      return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
    },
  };
}

/**
 * The token that opens /metrics and /readyz's details on the site's port:
 * METRICS_TOKEN, unless METRICS_PORT serves them (then the site's port serves
 * no metrics and only the public readiness).
 */
export function siteMetricsToken(config: Pick<AppConfig, "METRICS_PORT" | "METRICS_TOKEN">): string | undefined {
  return config.METRICS_PORT ? undefined : config.METRICS_TOKEN;
}

/** METRICS_PORT: a server of its own for /metrics and /readyz with its details (bind it to a private interface). */
export function startMetricsServer(config: AppConfig, ops: Operations): Promise<http.Server | null> {
  const port = config.METRICS_PORT;
  if (!port) return Promise.resolve(null);
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", metricsEndpoint(ops.collectMetrics, config.METRICS_TOKEN));
  app.get("/readyz", readinessEndpoint(ops.readiness, { token: config.METRICS_TOKEN, privatePort: true }));
  return new Promise((resolve, reject) => {
    const server = app.listen(port, config.METRICS_HOST, (error) => (error ? reject(error) : resolve(server)));
  });
}
