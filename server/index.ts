/**
 * Starts the site. Production (`npm start`): serves the build in ./build.
 * Development (`npm run dev`): the same Express app, with Vite's dev server
 * as middleware for hot reloading.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { ConfigError, parseConfig } from "../app/lib/config.server.ts";
import type * as ServerApp from "./app.ts";

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

const production = process.env.NODE_ENV === "production";
let app;
let running: Awaited<ReturnType<ServerModule["startServices"]>>;
try {
  if (production) {
    const build = (await import(path.resolve("build/server/index.js"))) as ServerModule;
    running = await build.startServices(config);
    app = build.createApp({ config, services: running.services, clientDir: path.resolve("build/client") });
  } else {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true } });
    const express = (await import("express")).default;
    const first = (await vite.ssrLoadModule("./server/app.ts")) as ServerModule;
    running = await first.startServices(config);
    const services = running.services;
    app = express();
    app.use(vite.middlewares);
    app.use(async (req, res, next) => {
      try {
        const mod = (await vite.ssrLoadModule("./server/app.ts")) as ServerModule;
        mod.createApp({ config, services })(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  }
} catch (error) {
  console.error(`Could not start: ${(error as Error).message}`);
  process.exit(1);
}

const server = app.listen(config.PORT, config.HOST, () => {
  console.log(`Site listening on http://${config.HOST}:${config.PORT} (${config.APP_ENV}, data in ${config.dataDir})`);
  console.log(`Leads: ${running.description}`);
});
server.on("error", (error: Error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    setTimeout(() => process.exit(0), 5000).unref();
    server.close(() => {
      running.close().finally(() => process.exit(0));
    });
  });
}
