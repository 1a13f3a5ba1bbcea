/**
 * Starts the site. Production (`npm start`): serves the build in ./build.
 * Development (`npm run dev`): the same Express app, with Vite's dev server
 * as middleware for hot reloading.
 */
import { mkdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { ConfigError, parseConfig } from "../app/config/config.server.ts";
import { createLogger } from "../app/observability/log.server.ts";
import { createMetrics } from "../app/observability/metrics.server.ts";
import type * as ServerApp from "./app.ts";
import { createOperations, settingWarnings, startMetricsServer, type Operations } from "./operations.ts";

type ServerModule = typeof ServerApp;

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
try {
  mkdirSync(config.dataDir, { recursive: true });
} catch (error) {
  console.error(`Invalid configuration:\n  - DATA_DIR: cannot create ${config.dataDir} (${(error as Error).message})`);
  process.exit(1);
}

const log = createLogger({ level: config.LOG_LEVEL, file: config.LOG_FILE });
const metrics = createMetrics();
if (config.fallbacks.length > 0) {
  log.warn(
    { fallbacks: config.fallbacks },
    `Running in production on embedded defaults (fine for a trial, not for real visitors): ${config.fallbacks.join("; ")}. ` +
      "Set these settings (docs/configuration.md); /readyz's details (metrics token or port) list what is still missing.",
  );
}
for (const warning of settingWarnings(config, new Date())) log.warn(warning);

/** Start-up failed: say why (also on the terminal when the log goes to a file) and stop. */
const fail = (message: string, error: unknown): never => {
  const text = `${message}: ${(error as Error).message}`;
  log.fatal({ err: error }, text);
  if (config.LOG_FILE) console.error(text);
  process.exit(1);
};

const production = process.env.NODE_ENV === "production";
// Made before the app, so that in development Vite's hot reload shares its
// port: the page's CSP allows connections to its own origin only.
const server = http.createServer();
let app;
let running: Awaited<ReturnType<ServerModule["startServices"]>>;
let ops: Operations;
try {
  if (production) {
    const build = (await import(path.resolve("build/server/index.js"))) as ServerModule;
    running = await build.startServices(config, { log, metrics });
    ops = createOperations({ config, log, metrics, db: running.database.db });
    app = build.createApp({ config, services: running.services, ops, clientDir: path.resolve("build/client") });
  } else {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true, hmr: { server } } });
    const express = (await import("express")).default;
    const first = (await vite.ssrLoadModule("./server/app.ts")) as ServerModule;
    running = await first.startServices(config, { log, metrics });
    const services = running.services;
    const devOps = (ops = createOperations({ config, log, metrics, db: running.database.db }));
    app = express();
    app.use(vite.middlewares);
    app.use(async (req, res, next) => {
      try {
        const mod = (await vite.ssrLoadModule("./server/app.ts")) as ServerModule;
        mod.createApp({ config, services, ops: devOps })(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  }
} catch (error) {
  fail("Could not start", error);
}

const metricsServer = await startMetricsServer(config, ops!).catch((error: unknown) =>
  fail(`Could not start the metrics server on ${config.METRICS_HOST}:${config.METRICS_PORT}`, error),
);

server.on("request", app!);
// An idle keep-alive connection is kept longer than a load balancer keeps its
// own (nginx's upstream keepalive_timeout and the usual proxies' 60 s): the
// side that closes an idle connection first must be the one that reuses it,
// or a request sent as this server closes it is reset (ECONNRESET; seen in a
// test's request sent 5 s after its last, Node's default timeout).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
let listening = false;
// EADDRINUSE and friends: say which address could not be used (as Express's listen, only until listening).
server.once("error", (error) => {
  if (!listening) fail(`Could not start the server on ${config.HOST}:${config.PORT}`, error);
});
server.listen(config.PORT, config.HOST, () => {
  listening = true;
  log.info(
    {
      appEnv: config.APP_ENV,
      dataDir: config.dataDir,
      metrics: metricsServer ? "port" : config.METRICS_TOKEN ? "token" : "off",
    },
    `Site listening on http://${config.HOST}:${config.PORT} (${config.APP_ENV}). Leads: ${running.description}`,
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    setTimeout(() => process.exit(0), 5000).unref();
    metricsServer?.close();
    server.close(() => {
      running.close().finally(() => {
        log.flush?.();
        process.exit(0);
      });
    });
  });
}
