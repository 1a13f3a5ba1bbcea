import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import { isBackOfficeAddress } from "../app/staff/back-office-address.ts";

type Source = string | ((req: IncomingMessage, res: ServerResponse) => string);

/** Content-Security-Policy directives shared by every page. */
/** Third-party pages that may be framed, each only after the visitor asks:
 * the map on the contact page, and the scheduler (SCHEDULER_URL). */
export function frameSources(schedulerUrl?: string): string[] {
  return ["https://www.openstreetmap.org", ...(schedulerUrl ? [new URL(schedulerUrl).origin] : [])];
}

/** The card payment pages, the only ones that may load Stripe.js (and talk to Stripe). */
export const paymentPagePaths = ["/consultation-payment", "/test-payment"];

/** A course booking's card payment page (/booking/{token}/pay, issue 29). */
const bookingPaymentPage = /^\/booking\/[A-Za-z0-9_-]+\/pay$/;

/** Whether `path` (without its query or a trailing slash) is a card payment page. */
export const isPaymentPage = (path: string): boolean =>
  paymentPagePaths.includes(path) || bookingPaymentPage.test(path);

/** Stripe's origins, per directive (Stripe's published CSP requirements). */
export const stripeSources = {
  script: ["https://js.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

export function cspDirectives(
  scriptSources: Source[],
  frames: string[] = [],
  connect: string[] = [],
): Record<string, Source[] | null> {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...scriptSources],
    // A page's first screen's styles are inlined in a <style> element (the
    // stylesheet itself is a file of the site: ADR 089), and a few widgets
    // set style attributes for positioning.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...connect],
    frameSrc: frames.length > 0 ? frames : ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

/** The header value for a prerendered page, whose scripts are allowed by hash. */
export function staticCsp(scriptHashes: string[], frames: string[] = []): string {
  return Object.entries(cspDirectives(scriptHashes, frames))
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([key, values]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(" ")}`)
    .join("; ");
}

type HelmetOptions = Parameters<typeof helmet>[0];
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

function helmetOptions(directives: Record<string, Source[] | null>): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  };
}

/**
 * Helmet's headers as they are on every answer, computed once (helmet run on
 * a stand-in response): its CSP here has no nonce, there being no script of
 * the answer's own to allow (a static file, an error). Answers rendered by
 * the server replace the CSP with one holding their nonce
 * (`renderedPageCsp`); prerendered pages with one holding their scripts'
 * hashes (`staticCsp`).
 */
export function securityHeaders(frames: string[] = []): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: () => undefined,
  };
  let failure: unknown;
  (helmet(helmetOptions(cspDirectives([], frames))) as Middleware)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error) => void (failure = error),
  );
  if (failure) throw failure as Error;
  return headers;
}

/**
 * The CSP of an answer the server renders, with a nonce made for it (in
 * `res.locals.nonce`, where the render reads it). Only these answers pay
 * for the random bytes. The card payment pages also admit Stripe's
 * origins; no other page does. The back office may frame this origin's
 * pages (only a draft's preview lets itself be framed, by this origin).
 */
export function renderedPageCsp(frames: string[] = []): Middleware {
  const nonce: Source = (_req, res) =>
    `'nonce-${(res as ServerResponse & { locals: { nonce: string } }).locals.nonce}'`;
  const csp = (directives: Record<string, Source[] | null>) =>
    helmet.contentSecurityPolicy({ useDefaults: false, directives }) as Middleware;
  const everyPage = csp(cspDirectives([nonce], frames));
  // The back office may frame its own pages (a draft's preview, the only page that lets it).
  const backOffice = csp(cspDirectives([nonce], ["'self'", ...frames]));
  const paymentPages = csp(
    cspDirectives([nonce, ...stripeSources.script], [...frames, ...stripeSources.frame], stripeSources.connect),
  );
  return (req: IncomingMessage & { path?: string }, res: ServerResponse & { locals?: { nonce?: string } }, next) => {
    (res.locals ??= {}).nonce = randomBytes(16).toString("base64");
    const path = (req.path ?? "").replace(/\/+$/, "") || "/";
    const policy = isPaymentPage(path) ? paymentPages : isBackOfficeAddress(req.url ?? "/") ? backOffice : everyPage;
    policy(req, res, next);
  };
}
