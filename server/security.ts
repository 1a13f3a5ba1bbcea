import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

type Source = string | ((req: IncomingMessage, res: ServerResponse) => string);

/** Content-Security-Policy directives shared by every page. */
/** Third-party pages that may be framed, each only after the visitor asks:
 * the map on the contact page, and the scheduler (SCHEDULER_URL). */
export function frameSources(schedulerUrl?: string): string[] {
  return ["https://www.openstreetmap.org", ...(schedulerUrl ? [new URL(schedulerUrl).origin] : [])];
}

export function cspDirectives(scriptSources: Source[], frames: string[] = []): Record<string, Source[] | null> {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...scriptSources],
    // The stylesheet is inlined in a <style> element, and a few widgets set
    // style attributes for positioning.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
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

/** Helmet's headers, with a per-request nonce for server-rendered pages. */
export function securityHeaders(frames: string[] = []) {
  const nonce: Source = (_req, res) => `'nonce-${(res as ServerResponse & { locals: { nonce: string } }).locals.nonce}'`;
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives([nonce], frames) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
