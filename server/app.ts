/**
 * The Express application: security headers, compression, static files,
 * prerendered pages and React Router's server rendering. Vite bundles this
 * file as the server build's entry (vite.config.ts), so it shares module
 * instances (router contexts) with the app it serves.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import proxyaddr from "proxy-addr";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import { currentSitePaths, prerenderedPaths, showsSessions } from "../app/content/site-map.server.ts";
import { sessionScheduleStep } from "../app/publishing/sessions-on-site.server.ts";
import { redirectFor } from "../app/content/redirects.server.ts";
import { servedContentVersion, servesReleaseContent } from "../app/content/index.server.ts";
import { isPerson, pageOf, viewedPage } from "../app/analytics/page-view-rules.ts";
import { backOfficeHeaders, isBackOfficeAddress } from "../app/staff/back-office-address.ts";
import type { AppConfig } from "../app/config/config.server.ts";
import { servicesContext, type AppServices } from "../app/services.ts";
import { pageRendererContext } from "../app/publishing/preview.server.ts";
import { clientIpContext, configContext, logContext, nonceContext } from "../app/http/request-context.ts";
import {
  loggablePath,
  metricsEndpoint,
  observeRequests,
  readinessEndpoint,
  requestLogger,
  requestObserver,
  type RequestObserver,
} from "../app/observability/http.server.ts";
import { routeLabel } from "../app/observability/route-label.ts";
import { siteMetricsToken, type Operations } from "./operations.ts";
import { bodyLimitFor, maxBodyBytes, tooLarge } from "../app/http/http.server.ts";
import { mayPostLargeBody } from "../app/staff/request.server.ts";
import { loadPrerenderedPages } from "./prerendered.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";
import {
  answerFor,
  loadPrecompressedFiles,
  sendAnswer,
  sendResource,
  serveAs,
  serveFiles,
  servePrecompressed,
  type ServedResource,
} from "./static-files.ts";
import { frameSources, renderedPageCsp, securityHeaders, staticCsp } from "./security.ts";
import { serveMedia } from "../app/media/serve.server.ts";

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

/** What serves the site: Node's request listener (production), or middleware (under Vite in development). */
export type SiteHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

export function createApp({ config, services, ops, clientDir }: AppOptions): SiteHandler {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY_HOPS);
  // Express's own rule for req.ip, also for what the fast path answers before Express.
  const trust = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const observe = requestObserver({
    log: ops.log,
    metrics: ops.metrics,
    trustProxy: config.TRUST_PROXY_HOPS > 0,
    clientIp: (req) => proxyaddr(req, trust),
  });
  const notIndexed: Record<string, string> =
    config.APP_ENV !== "production" ? { "X-Robots-Tag": "noindex, nofollow" } : {};
  const frames = frameSources(config.SCHEDULER_URL);
  const everyAnswer = { ...notIndexed, ...securityHeaders(frames) };
  // The site's pages as the published content has them now (a course added,
  // unpublished or moved in the editor), worked out once per content version
  // by the site map's module: all of them, and those kept in the page cache.
  const sitePaths = currentSitePaths;
  // Page views (docs/decisions/031): a person's browser opening a public page, counted once it is answered.
  const countView = pageViewCounter(() => sitePaths().all, services);

  // The build wrote .br and .gz beside every compressible file of 1 kB or
  // more; those files and the prerendered pages are served from memory in
  // the encoding the client takes, with an ETag per encoding
  // (docs/decisions/014), by the fast path before Express (below); smaller
  // files from disk (express.static).
  const inMemory = clientDir ? loadInMemory(clientDir, frames, everyAnswer) : null;
  // Public pages as published (ADR 045): the build's while the release's
  // content is served, then each rendered once per content version.
  const renderPage = fetchRenderer({ config, services, ops });
  const cache = inMemory
    ? createPageCache({
        prerendered: inMemory.pages,
        render: renderPage,
        headers: (hashes) => pageHeaders(everyAnswer, hashes, frames),
        // A page showing course sessions is also kept per places and schedule (ADR 055).
        version: (path) =>
          showsSessions(path)
            ? `${servedContentVersion()} ${services.content.placesVersion()} ${sessionScheduleStep(Date.now())}`
            : String(servedContentVersion()),
        servesRelease: servesReleaseContent,
        keeps: (path) => sitePaths().kept.has(path),
      })
    : null;

  // Liveness: the process answers. Readiness: it can serve leads (database).
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // Metrics and readiness's details on the site's port only behind a bearer token (else on METRICS_PORT).
  const metricsToken = siteMetricsToken(config);
  app.get("/readyz", readinessEndpoint(ops.readiness, { token: metricsToken }));

  app.use(observeRequests(observe));
  if (metricsToken) app.get("/metrics", metricsEndpoint(ops.collectMetrics, metricsToken));

  app.use((_req, res, next) => {
    for (const [name, value] of Object.entries(notIndexed)) res.setHeader(name, value);
    next();
  });
  app.use(limitRequestBodies(services.staff, ops.log));
  app.use((req, res, next) => {
    countView(req, req.path, res);
    next();
  });
  // A page the browser had prefetched is counted when it is opened (the page script's beacon).
  app.post("/api/page-view", express.text({ type: () => true, limit: 512 }), (req, res) => {
    const page = typeof req.body === "string" ? pageOf(req.body.trim(), sitePaths().all) : null;
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
        // An answer with a policy of its own (a draft's preview, framed by the back office) keeps only its own.
        keepLast(this, "Content-Security-Policy");
        return (writeHead as (...a: unknown[]) => Response).apply(this, args);
      } as Response["writeHead"];
    }
    next();
  });
  app.use((_req, res, next) => {
    for (const [name, value] of Object.entries(everyAnswer)) res.setHeader(name, value);
    // A page with a Referrer-Policy of its own (a booking link's pages) keeps only its own: the
    // router appends its headers to these, and two values would leave the choice to the browser.
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      keepLast(this, "Referrer-Policy");
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
    next();
  });
  app.use("/media", serveMedia(services.staff.db, ops.log)); // The library's images (ADR 049).
  app.use(compression({ threshold: 1024 }));
  // An item's old address (a course's id the team changed): 301 to where it is now (ADR 047).
  app.use(movedPermanently);

  if (clientDir && inMemory && cache) {
    // What the fast path passed on (a percent-encoded path, a client the
    // compression middleware may answer in deflate…, a page not rendered
    // since the last publish), answered as before.
    app.use(servePages(cache, ops.log));
    // The build's data files (/about.data) stand for the release's content only; its pages' HTML files are never answered at their own address.
    const files = servePrecompressed(inMemory.files);
    app.use((req, res, next) => (notServedAsFile(req.path) ? next() : files(req, res, next)));
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false }),
    );
    // A data request with a query string (/training.data?pillar=strategy) is
    // not the prerendered one: the server renders it.
    const publicFiles = express.static(clientDir, { maxAge: "1h", index: false, redirect: false });
    app.use((req, res, next) => {
      if ((req.path.endsWith(".data") && req.url.includes("?")) || notServedAsFile(req.path)) return next();
      publicFiles(req, res, next);
    });
  }

  // Only what the server renders gets a nonce (and pays for its random bytes).
  app.use(renderedPageCsp(frames));
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
        context.set(logContext, requestLogger(ops.log, req));
        context.set(pageRendererContext, renderPage);
        return context;
      },
    }),
  );
  app.use(errorHandler(ops.log));

  const handle: SiteHandler = app;
  if (!inMemory) return handle;
  const fast = fastPath(inMemory, cache!, observe, countView);
  return (req, res, next) => {
    try {
      if (fast(req, res)) return;
    } catch (error) {
      // Not expected (the answers were built at start-up); Express answers instead, if it still can.
      ops.log.error({ err: error, path: loggablePath(req.url) }, "Fast path failed");
      if (res.headersSent) return void res.destroy();
    }
    handle(req, res, next);
  };
}

/** Counts the page view a request (at `path`: no query) is, if it is one, once it is answered 200 or 304. */
function pageViewCounter(pages: () => ReadonlySet<string>, services: AppServices) {
  const headerOf = (req: IncomingMessage, name: string) => {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  return (req: IncomingMessage, path: string, res: ServerResponse): void => {
    const page = viewedPage({ method: req.method ?? "", path, header: (name) => headerOf(req, name) }, pages());
    if (!page) return;
    res.on("finish", () => {
      if (res.statusCode === 200 || res.statusCode === 304) services.pageViews.count(page);
    });
  };
}

/**
 * A GET or HEAD of an old address of the published content (a page, its
 * route data, a course's brochure), or of a prerendered page's HTML file
 * (/about/index.html), answers 301 to the page's address, its query kept,
 * before anything else could answer 404. Cached for an hour only: the
 * old address may be given to another item later.
 */
function movedPermanently(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const page = pageFileAddress(req.path);
  const to = page === undefined ? redirectFor(req.path) : (redirectFor(page) ?? page);
  if (to === undefined) return next();
  const query = req.url.indexOf("?");
  res.set("Cache-Control", "public, max-age=3600");
  res.redirect(301, query === -1 ? to : `${to}${req.url.slice(query)}`);
}

/**
 * Request bodies: forms and API calls are small. A body over the limit gets
 * 413, and one of unknown length (chunked) 411, before anything reads it.
 * The limit is the path's as the router reads it (bodyLimitFor); a body
 * larger than a public form's (the content editor's forms and uploads) is
 * also refused, before a byte of it is read, unless the request carries the
 * session of an account that may edit the site and the CSRF cookie
 * (docs/decisions/061). A refused body is not read: the connection closes.
 */
function limitRequestBodies(staff: Pick<AppServices["staff"], "db">, log: Operations["log"]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const length = req.headers["content-length"];
    const text = (status: number, message: string) =>
      res.status(status).set({ "Cache-Control": "no-store", Connection: "close" }).json({ success: false, message });
    if (length === undefined) {
      if (req.headers["transfer-encoding"]) return text(411, "Please send the request with a Content-Length.");
      return next();
    }
    const declared = Number(length);
    if (declared <= maxBodyBytes) return next();
    const limit = bodyLimitFor(req.originalUrl);
    if (!(declared <= limit.bytes)) return text(413, limit.message);
    mayPostLargeBody(staff.db, req.headers.cookie, new Date()).then(
      (may) => (may ? next() : text(413, tooLarge)),
      (error: unknown) => {
        requestLogger(log, req).error({ err: error }, "Body limit: the session could not be read");
        text(503, "Please try again shortly.");
      },
    );
  };
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
  requestLogger(log, req).error({ err: error }, "Request failed");
  res.status(500).type("text/plain").send("Sorry, something went wrong on our side. Please try again shortly.");
};

type InMemory = {
  /** Prerendered pages by path (/about), with their hash CSP. */
  pages: ReadonlyMap<string, ServedResource>;
  /** Precompressed files by URL path (/assets/entry-abc.js, /about.data). */
  files: ReadonlyMap<string, ServedResource>;
  /** The metrics' route label of each key of either. */
  routes: ReadonlyMap<string, string>;
};

/**
 * What is served from memory, with every header of each answer: `everyAnswer`
 * (security headers, X-Robots-Tag), then prerendered pages'
 * `Cache-Control: public, max-age=0, must-revalidate` and a CSP that allows
 * their inline scripts by hash; hashed build output (never changes) cached
 * for a year; other public files (favicon, robots.txt, prerendered .data
 * files) briefly.
 */
function loadInMemory(clientDir: string, frames: string[], everyAnswer: Record<string, string>): InMemory {
  const loaded = loadPrecompressedFiles(clientDir);
  const pages = new Map(
    [...loadPrerenderedPages(clientDir, prerenderedPaths, loaded)].map(([key, page]) => [
      key,
      serveAs(page.resource, pageHeaders(everyAnswer, page.scriptHashes, frames)),
    ]),
  );
  const yearLong = "public, max-age=31536000, immutable";
  const brief = "public, max-age=3600";
  const files = serveFiles(loaded, (urlPath) => ({
    ...everyAnswer,
    "Cache-Control": urlPath.startsWith("/assets/") ? yearLong : brief,
  }));
  const routes = new Map([...pages.keys(), ...files.keys()].map((key) => [key, routeLabel(key)]));
  return { pages, files, routes };
}

/** A public page's headers: those of every answer, revalidated on each use, its inline scripts allowed by hash. */
function pageHeaders(everyAnswer: Record<string, string>, scriptHashes: string[], frames: string[]) {
  return {
    ...everyAnswer,
    "Cache-Control": "public, max-age=0, must-revalidate",
    "Content-Security-Policy": staticCsp(scriptHashes, frames),
  };
}

/**
 * A build's file that is not answered at its own address: a page's data
 * (/about.data) once the served content is no longer the release's, and a
 * prerendered page's HTML file (/about/index.html) ever: the page's one
 * address is /about (movedPermanently sends the file's address there), and
 * the file keeps the release's content (a course since withdrawn, moved or
 * repriced) after the team publishes.
 */
const notServedAsFile = (urlPath: string) =>
  pageFileAddress(urlPath) !== undefined || (urlPath.endsWith(".data") && !servesReleaseContent());

/** The page address of a prerendered page's HTML file (/about/index.html → /about), if `urlPath` names one. */
function pageFileAddress(urlPath: string): string | undefined {
  if (!urlPath.endsWith("/index.html")) return undefined;
  return urlPath.slice(0, -"/index.html".length) || "/";
}

/**
 * Renders a page as the server renders it for a visitor, without a nonce
 * (its inline scripts are allowed by hash): React Router's own handler, with
 * the request context every loader gets.
 */
function fetchRenderer({ config, services, ops }: Pick<AppOptions, "config" | "services" | "ops">) {
  const handler = createFetchHandler(serverBuild, process.env.NODE_ENV);
  return async (path: string) => {
    const context = new RouterContextProvider();
    context.set(clientIpContext, null);
    context.set(configContext, config);
    context.set(servicesContext, services);
    context.set(logContext, ops.log);
    const response = await handler(new Request(new URL(path, "http://localhost")), context);
    return { status: response.status, html: await response.text() };
  };
}

/**
 * A page is served from memory at its own path (/about, not /about/: no
 * trailing-slash redirect), in the encoding the client takes, with an ETag
 * per encoding and 304 to a matching If-None-Match: the build's, or rendered
 * now (once per content version) when the content changed since. Requests
 * with a query string are server-rendered instead. A render that fails is
 * logged, and the router answers.
 */
function servePages(cache: PageCache, log: Operations["log"]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.url.includes("?")) return next();
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    if (!cache.keeps(path)) return next();
    cache.fill(path).then(
      (page) => (page ? sendResource(req, res, page) : next()),
      (error: unknown) => {
        requestLogger(log, req).error({ err: error }, "Page cache: the page could not be rendered");
        next();
      },
    );
  };
}

/**
 * The fast path: a GET or HEAD of a prerendered page or a precompressed file
 * at its plain address, answered before Express, with what the chain would
 * have done for it and nothing else: its id, log line and metrics
 * (`observe`), its page view, and its answer's headers, built at start-up,
 * in one writeHead. It declines (false) the rest, which Express answers as
 * before: a page with a query string (the server renders it), a .data file
 * with one, a percent-encoded path, and a client that gets identity while
 * naming some coding (the compression middleware may deflate for it). No
 * answer here needs a nonce, and none is under /admin (docs/decisions/035).
 */
function fastPath(
  inMemory: InMemory,
  cache: PageCache,
  observe: RequestObserver,
  countView: ReturnType<typeof pageViewCounter>,
) {
  const { files, routes } = inMemory;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const urlPath = query === -1 ? url : url.slice(0, query);
    if (urlPath.includes("%")) return false;
    let key = urlPath;
    let served = query === -1 ? cache.get(key) : undefined;
    if (!served && query === -1 && key.length > 1 && key.endsWith("/")) {
      key = key.replace(/\/+$/, "");
      served = cache.get(key);
    }
    if (!served) {
      key = urlPath;
      served = (key.endsWith(".data") && query !== -1) || notServedAsFile(key) ? undefined : files.get(key);
    }
    if (!served) return false;
    const answer = answerFor(req, served);
    if (answer.encoding === "identity" && req.headers["accept-encoding"]?.trim()) return false;
    const id = observe(req, res, routes.get(key));
    countView(req, urlPath, res);
    sendAnswer(req, res, served, answer, { "X-Request-Id": id });
    return true;
  };
}

/** A header set site-wide and again by the answer (the router appends its own): the answer's value alone. */
function keepLast(res: Response, name: string): void {
  const values = res.getHeader(name);
  if (Array.isArray(values)) res.setHeader(name, values.at(-1)!);
}
