/**
 * The HTTP side of observability: a request id on every request (taken from
 * X-Request-Id when a trusted proxy sends one, else generated; echoed in the
 * response), one JSON log line per request (pino-http), request durations
 * by route (prom-client), the /metrics endpoint, which is never public (on a
 * port of its own, or behind a bearer token), and /readyz, whose details go
 * only where the metrics go.
 */
import { randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { publicReadiness, type Readiness } from "./health.server.ts";
import { errSerializer } from "./log.server.ts";
import type { Metrics } from "./metrics.server.ts";
import { routeLabel } from "./route-label.ts";

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** The proxy's id when proxies are trusted and it looks like one; else a new one. */
export function requestIdFor(header: string | string[] | undefined, trustProxy: boolean): string {
  const given = Array.isArray(header) ? header[0] : header;
  return trustProxy && given && requestIdPattern.test(given) ? given : randomUUID();
}

/** The path without its query string (a query can carry tokens) and with tokens in the path masked. */
export function loggablePath(url: string | undefined): string {
  const path = (url ?? "/").split("?")[0]!.slice(0, 300);
  return path
    .replace(/^\/downloads\/[^/]+/, "/downloads/:token")
    .replace(/^\/admin\/setup\/[^/]+/, "/admin/setup/:token");
}

const quiet = new Set(["/healthz", "/readyz", "/metrics"]);

export function requestLogging(log: Logger, trustProxy: boolean): RequestHandler {
  const middleware = pinoHttp({
    logger: log,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const id = requestIdFor(req.headers["x-request-id"], trustProxy);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    autoLogging: { ignore: (req) => quiet.has(loggablePath(req.url)) },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return "error";
      return res.statusCode >= 400 ? "warn" : "info";
    },
    // What the privacy notice allows in server logs: address, time, page, browser.
    serializers: {
      // wrapSerializers is off: the serializer gets Express's own request.
      req: (req: Request & { id?: unknown }) => ({
        id: req.id,
        method: req.method,
        path: loggablePath(req.originalUrl ?? req.url),
        ip: req.ip,
        userAgent: req.headers["user-agent"]?.slice(0, 300),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: errSerializer,
    },
    wrapSerializers: false,
    quietReqLogger: true,
  });
  return middleware as unknown as RequestHandler;
}

export function requestMetrics(metrics: Pick<Metrics, "httpDuration">): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = metrics.httpDuration.startTimer();
    res.once("finish", () => end({ method: req.method, route: routeLabel(req.path), status: String(res.statusCode) }));
    next();
  };
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
