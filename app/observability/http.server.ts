/**
 * The HTTP side of observability: a request id on every request (taken from
 * X-Request-Id when a trusted proxy sends one, else generated; echoed in the
 * response), one JSON log line per request, request durations
 * by route (prom-client), the /metrics endpoint, which is never public (on a
 * port of its own, or behind a bearer token), and /readyz, whose details go
 * only where the metrics go.
 */
import { randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { publicReadiness, type Readiness } from "./health.server.ts";
import type { Metrics } from "./metrics.server.ts";
import { routeLabel } from "./route-label.ts";
import { credentialRouteOf } from "../addresses/credential-routes.ts";

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** The proxy's id when proxies are trusted and it looks like one; else a new one. */
export function requestIdFor(header: string | string[] | undefined, trustProxy: boolean): string {
  const given = Array.isArray(header) ? header[0] : header;
  return trustProxy && given && requestIdPattern.test(given) ? given : randomUUID();
}

/**
 * The path without its query string (a query can carry tokens), a
 * credential route's as its pattern in whatever spelling it was sent
 * (app/addresses/credential-routes.ts).
 */
export function loggablePath(url: string | undefined): string {
  const path = (url ?? "/").split("?")[0]!;
  return (credentialRouteOf(path) ?? path).slice(0, 300);
}

const quiet = new Set(["/healthz", "/readyz", "/metrics"]);

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The request id (X-Request-Id), set by `observeRequests`. */
      id?: string;
    }
  }
}

/** A request as the observer reads it: Node's, or Express's (with its path and original URL). */
type ObservedRequest = IncomingMessage & { originalUrl?: string; path?: string };

/**
 * Starts observing a request, and returns its id (for X-Request-Id, which
 * the caller writes: a middleware with setHeader, the fast path in its one
 * writeHead). Once the response is done: one log line (unless it is a
 * health or metrics check), and its duration in the metrics by method,
 * route and status (`route`: the label when the caller knows it; else from
 * the path as it is then). The line is built here, without a child logger
 * per request: `reqId`, `req` (id, method, path without query, address,
 * browser: what the privacy notice allows), `res` (status), `responseTime`
 * (ms); at level error with `err` for an error or a 5xx, warn for a 4xx.
 * A request the client gave up on is logged when its connection closes,
 * not counted in the metrics.
 */
export type RequestObserver = (req: ObservedRequest, res: ServerResponse, route?: string) => string;

export function requestObserver({
  log,
  metrics,
  trustProxy,
  clientIp,
}: {
  log: Logger;
  metrics: Pick<Metrics, "httpDuration">;
  /** Whether a proxy's X-Request-Id is taken. */
  trustProxy: boolean;
  /** The client's address, by the trusted-proxy rules (Express's req.ip). */
  clientIp: (req: IncomingMessage) => string | undefined;
}): RequestObserver {
  // The line's keys are fixed here and none is one the logger redacts (log.server.ts; `err`
  // is masked by its serializer): redaction, a third of the line's cost, would find nothing.
  const lines = log.child({}, { redact: { paths: [] } });
  const logLine = (req: ObservedRequest, res: ServerResponse, id: string, ms: number, error: unknown) => {
    const status = res.statusCode;
    const line = {
      reqId: id,
      req: {
        id,
        method: req.method,
        path: loggablePath(req.originalUrl ?? req.url),
        ip: clientIp(req),
        userAgent: req.headers["user-agent"]?.slice(0, 300),
      },
      res: { statusCode: status },
      responseTime: Math.round(ms),
    };
    if (error !== undefined || status >= 500) {
      lines.error({ ...line, err: error ?? new Error(`failed with status code ${status}`) }, "request errored");
    } else if (status >= 400) lines.warn(line, "request completed");
    else lines.info(line, "request completed");
  };
  return (req, res, route) => {
    const id = requestIdFor(req.headers["x-request-id"], trustProxy);
    const start = performance.now();
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const logged = !quiet.has(query === -1 ? url : url.slice(0, query));
    let done = false;
    const end = (error?: unknown) => {
      if (done) return;
      done = true;
      const ms = performance.now() - start;
      if (res.writableFinished) {
        const labels = {
          method: req.method,
          route: route ?? routeLabel(req.path ?? url),
          status: String(res.statusCode),
        };
        metrics.httpDuration.observe(labels, ms / 1000);
      }
      if (logged) logLine(req, res, id, ms, error);
    };
    // 'close' follows 'finish', and comes alone when the client goes away first.
    res.on("close", end);
    res.on("error", end);
    return id;
  };
}

/** The request observer as middleware: the id in `req.id` and X-Request-Id. */
export function observeRequests(observe: RequestObserver): RequestHandler {
  return (req, res, next) => {
    req.id = observe(req, res);
    res.setHeader("X-Request-Id", req.id);
    next();
  };
}

/** The log of a request's own work (loaders, actions, the render): its lines carry `reqId`. */
export function requestLogger(log: Logger, req: Request): Logger {
  return req.id === undefined ? log : log.child({ reqId: req.id });
}

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(req: Request, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(req.headers.authorization ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function unauthorized(res: Response) {
  res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized");
}

/** GET /metrics with `Authorization: Bearer <token>`; anything else is refused. */
export function metricsEndpoint(collect: () => Promise<{ contentType: string; body: string }>, token?: string) {
  return async (req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    if (token && !bearerMatches(req, token)) return unauthorized(res);
    const { contentType, body } = await collect();
    res.type(contentType).send(body);
  };
}

/**
 * GET /readyz: 200 when ready, 503 when not. The public gets the status
 * alone; the details (database, backlogs, fallbacks, warnings) go to whoever
 * may read the metrics:
 * - on the site's port (`privatePort` false), to requests with the metrics
 *   token, when one is given; a request with any other Authorization header
 *   is refused (401), one without gets the public answer;
 * - on METRICS_PORT (`privatePort` true), to every request, or only to the
 *   token's holder when a token is set (as /metrics there).
 */
export function readinessEndpoint(
  check: () => Promise<Readiness>,
  { token, privatePort = false }: { token?: string; privatePort?: boolean },
) {
  return async (req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    const asks = privatePort || req.headers.authorization !== undefined;
    if (token && asks && !bearerMatches(req, token)) return unauthorized(res);
    const details = privatePort || (token !== undefined && asks);
    const readiness = await check();
    res.status(readiness.status === "ready" ? 200 : 503).json(details ? readiness : publicReadiness(readiness));
  };
}
