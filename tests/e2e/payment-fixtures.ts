/**
 * Browser-test plumbing for the card payment pages. Stripe cannot be
 * reached from here, so:
 * - https://js.stripe.com/** is answered with the Stripe.js stand-in
 *   (tests/support/stripe-js-stand-in.js, a test double);
 * - https://api.stripe.com/** (the stand-in's confirm call, as Stripe.js
 *   would make it) is forwarded to the Stripe-shaped test server that the
 *   site itself uses in the e2e run (harness/fake-stripe.ts, started
 *   by tests/e2e/global-setup.ts; the `sharedSite` fixture's stripeUrl).
 *   Stripe.js sends the
 *   publishable key as the `key` form field; the test server reads it from
 *   the Authorization header, so the forwarder copies it there.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page, Request } from "@playwright/test";
import { holdRequests } from "./fixtures.ts";

const standIn = readFileSync(path.resolve(import.meta.dirname, "../support/stripe-js-stand-in.js"), "utf8");

const cors = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "Content-Type, Authorization, Stripe-Version, Idempotency-Key",
  "access-control-allow-methods": "GET, POST",
};

export type StripeTraffic = {
  /** Stripe.js script requests answered with the stand-in. */
  scripts: number;
  /** Confirm calls the page made to api.stripe.com. */
  confirms: number;
  /** With `holdConfirms`: lets the held confirm calls (and later ones) through. */
  releaseConfirms: () => void;
};

/**
 * Serves the stand-in and forwards api.stripe.com; with `holdConfirms`, each
 * confirm call waits for `releaseConfirms()` (to see the 'Processing...' state).
 */
export async function installStripeStandIn(
  page: Page,
  { stripeUrl, holdConfirms = false }: { stripeUrl: string; holdConfirms?: boolean },
): Promise<StripeTraffic> {
  let releaseConfirms: () => void = () => {};
  const confirmsReleased = holdConfirms
    ? new Promise<void>((resolve) => (releaseConfirms = resolve))
    : Promise.resolve();
  const traffic: StripeTraffic = { scripts: 0, confirms: 0, releaseConfirms: () => releaseConfirms() };
  await page.route("https://js.stripe.com/**", async (route) => {
    traffic.scripts += 1;
    await route.fulfill({
      status: 200,
      contentType: "application/javascript; charset=utf-8",
      body: standIn,
      headers: cors,
    });
  });
  await page.route("https://api.stripe.com/**", async (route) => {
    const request = route.request();
    if (request.method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
    const url = new URL(request.url());
    if (url.pathname.endsWith("/confirm")) {
      traffic.confirms += 1;
      await confirmsReleased;
    }
    const key = new URLSearchParams(request.postData() ?? "").get("key");
    const headers: Record<string, string> = { ...request.headers() };
    if (key) headers.authorization = `Bearer ${key}`;
    const response = await route.fetch({ url: `${stripeUrl}${url.pathname}${url.search}`, headers });
    await route.fulfill({ response, headers: { ...response.headers(), ...cors } });
  });
  return traffic;
}

/** Counts the page's requests to our payment setup endpoint. */
export function countSetupRequests(page: Page): () => number {
  let count = 0;
  const listener = (request: Request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/create-consultation-payment")
      count += 1;
  };
  page.on("request", listener);
  return () => count;
}

/** Holds every setup request until `release()` (to see 'Preparing Payment...'). */
export function holdSetup(page: Page): Promise<{ release: () => void }> {
  return holdRequests(page, "**/api/create-consultation-payment");
}

export const testCards = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  threeDSecure: "4000 0025 0000 3155",
} as const;
