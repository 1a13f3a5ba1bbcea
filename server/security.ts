import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

type Source = string | ((req: IncomingMessage, res: ServerResponse) => string);

/** Content-Security-Policy directives shared by every page. */
/** Third-party pages that may be framed, each only after the visitor asks:
 * the map on the contact page, and the scheduler (SCHEDULER_URL). */
export function frameSources(schedulerUrl?: string): string[] {
  return ["https://www.openstreetmap.org", ...(schedulerUrl ? [new URL(schedulerUrl).origin] : [])];
}

/** The card payment pages, the only ones that may load Stripe.js (and talk to Stripe). */
export const paymentPagePaths = ["/consultation-payment", "/test-payment"];

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
    // The stylesheet is inlined in a <style> element, and a few widgets set
    // style attributes for positioning.
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

/**
 * Helmet's headers, with a per-request nonce for server-rendered pages.
 * The card payment pages also admit Stripe's origins; no other page does.
 */
export function securityHeaders(frames: string[] = []) {
  const nonce: Source = (_req, res) =>
    `'nonce-${(res as ServerResponse & { locals: { nonce: string } }).locals.nonce}'`;
  const options = (directives: Record<string, Source[] | null>) => ({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" as const },
  });
  const everyPage = helmet(options(cspDirectives([nonce], frames)));
  const paymentPages = helmet(
    options(
      cspDirectives([nonce, ...stripeSources.script], [...frames, ...stripeSources.frame], stripeSources.connect),
    ),
  );
  return (req: IncomingMessage & { path?: string }, res: ServerResponse, next: (error?: unknown) => void) => {
    const path = (req.path ?? "").replace(/\/+$/, "") || "/";
    return (paymentPagePaths.includes(path) ? paymentPages : everyPage)(req, res, next);
  };
}
