/**
 * The Express application: security headers, compression, static files,
 * prerendered pages and React Router's server rendering. Vite bundles this
 * file as the server build's entry (vite.config.ts), so it shares module
 * instances (router contexts) with the app it serves.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider } from "react-router";
import { prerenderedPaths, sitePages } from "../app/content/site-map.server.ts";
import { isPerson, pageOf, viewedPage } from "../app/analytics/page-view-rules.ts";
import { backOfficeHeaders, isBackOfficeAddress } from "../app/staff/back-office-address.ts";
import type { AppConfig } from "../app/config/config.server.ts";
import { servicesContext, type AppServices } from "../app/services.ts";
import { clientIpContext, configContext, logContext, nonceContext } from "../app/http/request-context.ts";
import {
  metricsEndpoint,
  readinessEndpoint,
  requestLogging,
  requestMetrics,
} from "../app/observability/http.server.ts";
import { siteMetricsToken, type Operations } from "./operations.ts";
import { maxBodyBytes } from "../app/http/http.server.ts";
import { loadPrerenderedPages } from "./prerendered.ts";
import { loadPrecompressedFiles, sendResource, servePrecompressed, type StaticResource } from "./static-files.ts";
import { frameSources, securityHeaders, staticCsp } from "./security.ts";

// The server bundle is also React Router's server build (prerendering reads it).
export * from "virtual:react-router/server-build";
// One static import serves the request handler too (a dynamic import of the
// same module would be bundled into this chunk anyway, with a warning).
import * as serverBuild from "virtual:react-router/server-build";
export { startServices } from "./services.ts";

export type AppOptions = {
  config: AppConfig;
  services: AppServices;
  /** Logs, metrics and readiness (server/operations.ts). */
  ops: Operations;
  /** build/client in production; absent in development (Vite serves assets). */
  clientDir?: string;
};

export function createApp({ config, services, ops, clientDir }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY_HOPS);

  // Liveness: the process answers. Readiness: it can serve leads (database).
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // Metrics and readiness's details on the site's port only behind a bearer token (else on METRICS_PORT).
  const metricsToken = siteMetricsToken(config);
  app.get("/readyz", readinessEndpoint(ops.readiness, { token: metricsToken }));

  app.use(requestLogging(ops.log, config.TRUST_PROXY_HOPS > 0));
  app.use(requestMetrics(ops.metrics));
  if (metricsToken) app.get("/metrics", metricsEndpoint(ops.collectMetrics, metricsToken));

  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    if (config.APP_ENV !== "production") res.set("X-Robots-Tag", "noindex, nofollow");
    next();
  });
  app.use(limitRequestBodies);
  // Page views (docs/decisions/031): a person's browser opening a public page, counted once it is answered.
  const pages = new Set(sitePages.map((p) => p.path));
  app.use((req, res, next) => {
    const page = viewedPage({ method: req.method, path: req.path, header: (name) => req.get(name) }, pages);
    if (page) {
      res.on("finish", () => {
        if (res.statusCode === 200 || res.statusCode === 304) services.pageViews.count(page);
      });
    }
    next();
  });
  // A page the browser had prefetched is counted when it is opened (the page script's beacon).
  app.post("/api/page-view", express.text({ type: () => true, limit: 512 }), (req, res) => {
    const page = typeof req.body === "string" ? pageOf(req.body.trim(), pages) : null;
    if (page && isPerson(req.get("user-agent"))) services.pageViews.count(page);
    res.status(204).set("Cache-Control", "no-store").end();
  });
  // The back office: never stored by a browser or proxy, never indexed,
  // whatever answers and however its address is spelt (/ADMIN, /%61dmin,
  // /x/../admin: read as the router reads it). Its own middleware sets the
  // same on every answer it gives; this covers the router's 404s and what
  // is refused before that middleware (docs/decisions/035). Set as the head
  // is written (as on-headers does), so each header has one value even
  // where the router's answer carries it too (its headers are appended).
  app.use((req, res, next) => {
    if (isBackOfficeAddress(req.originalUrl)) {
      const writeHead = res.writeHead;
      res.writeHead = function (this: Response, ...args: unknown[]) {
        this.set(backOfficeHeaders);
        return (writeHead as (...a: unknown[]) => Response).apply(this, args);
      } as Response["writeHead"];
    }
    next();
  });
  const frames = frameSources(config.SCHEDULER_URL);
  app.use(securityHeaders(frames));
  app.use(compression({ threshold: 1024 }));

  if (clientDir) {
    // The build wrote .br and .gz beside every compressible file of 1 kB or
    // more; those files are served from memory in the encoding the client
    // takes, with an ETag per encoding (docs/decisions/014). Prerendered pages
    // first, then those files; smaller files from disk (express.static).
    const precompressed = loadPrecompressedFiles(clientDir);
    servePrerendered(app, clientDir, frames, precompressed);
    // Hashed build output never changes: cache for a year. Other public files
    // (favicon, robots.txt, prerendered .data files): briefly.
    const yearLong = "public, max-age=31536000, immutable";
    const brief = "public, max-age=3600";
    app.use(servePrecompressed(precompressed, (urlPath) => (urlPath.startsWith("/assets/") ? yearLong : brief)));
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false }),
    );
    // A data request with a query string (/training.data?pillar=strategy) is
    // not the prerendered one: the server renders it.
    const publicFiles = express.static(clientDir, { maxAge: "1h", index: false, redirect: false });
    app.use((req, res, next) => {
      if (req.path.endsWith(".data") && req.url.includes("?")) return next();
      publicFiles(req, res, next);
    });
  }

  app.use(
    createRequestHandler({
      build: serverBuild,
      mode: process.env.NODE_ENV,
      getLoadContext(req: Request, res: Response) {
        const context = new RouterContextProvider();
        context.set(clientIpContext, req.ip ?? null);
        context.set(configContext, config);
        context.set(servicesContext, services);
        context.set(nonceContext, res.locals.nonce as string);
        context.set(logContext, req.log);
        return context;
      },
    }),
  );
  app.use(errorHandler(ops.log));
  return app;
}

/**
 * Request bodies: forms and API calls are small. A body over the limit gets
 * 413, and one of unknown length (chunked) 411, before anything reads it.
 */
function limitRequestBodies(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const length = req.headers["content-length"];
  const text = (status: number, message: string) =>
    res.status(status).set("Cache-Control", "no-store").json({ success: false, message });
  if (length === undefined) {
    if (req.headers["transfer-encoding"]) return text(411, "Please send the request with a Content-Length.");
    return next();
  }
  if (Number(length) > maxBodyBytes) return text(413, "The request is too large.");
  next();
}

/** Bad requests (such as a malformed address) get a short 4xx answer; anything
 * else is logged and gets a plain 500 page without internals. */
const errorHandler = (log: Operations["log"]) => (error: unknown, req: Request, res: Response, next: NextFunction) => {
  if (res.headersSent) return next(error);
  const status = (error as { status?: unknown }).status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    res.status(status).type("text/plain").send("Bad request: the address or request could not be understood.");
    return;
  }
  (req.log ?? log).error({ err: error }, "Request failed");
  res.status(500).type("text/plain").send("Sorry, something went wrong on our side. Please try again shortly.");
};

/**
 * Prerendered HTML is served straight from memory at its own path (/about,
 * not /about/: no trailing-slash redirect), with a CSP that allows its inline
 * scripts by hash, in the encoding the client takes (brotli and gzip written
 * at build), with an ETag per encoding and 304 to a matching If-None-Match.
 * Requests with a query string are server-rendered instead.
 */
function servePrerendered(
  app: express.Express,
  clientDir: string,
  frames: string[],
  loaded: ReadonlyMap<string, StaticResource>,
) {
  const pages = new Map(
    [...loadPrerenderedPages(clientDir, prerenderedPaths, loaded)].map(([key, page]) => [
      key,
      {
        resource: page.resource,
        headers: {
          "Cache-Control": "public, max-age=0, must-revalidate",
          "Content-Security-Policy": staticCsp(page.scriptHashes, frames),
        },
      },
    ]),
  );
  app.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.url.includes("?")) return next();
    const key = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    const page = pages.get(key);
    if (!page) return next();
    sendResource(req, res, page.resource, page.headers);
  });
}
