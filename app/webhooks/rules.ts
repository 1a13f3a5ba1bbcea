/**
 * Outgoing webhooks' rules, pure and unit-tested
 * (docs/decisions/030-outgoing-webhooks.md): which addresses an endpoint may
 * have, when a failed delivery is tried again or given up, and which secrets
 * sign a message while a rotated one overlaps.
 */
import ipaddr from "ipaddr.js";
import type { DeliveryState } from "./event-types.ts";

export type UrlCheck = { ok: true; url: string } | { ok: false; error: string };

const loopbackNames = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * An endpoint's address: https, no user name or password, no private,
 * loopback, link-local or otherwise reserved IP address, no local-only
 * name. `allowLocal` (WEBHOOK_LOCAL_RECEIVERS=on) also accepts http and
 * https on this machine's loopback (a receiver beside the site). The
 * addresses a name resolves to are checked again at each delivery.
 */
export function checkEndpointUrl(input: string, { allowLocal }: { allowLocal: boolean }): UrlCheck {
  const text = input.trim();
  if (text === "") return { ok: false, error: "Enter the endpoint's address, starting https://." };
  if (text.length > 2000) return { ok: false, error: "Use an address of at most 2,000 characters." };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: "Enter a whole address, like https://hooks.example.com/leads." };
  }
  const local = loopbackNames.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local && allowLocal)) {
    return { ok: false, error: "Use an https:// address: webhooks carry personal data and are sent encrypted." };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      error: "Leave the user name and password out of the address; the signature proves the sender.",
    };
  }
  if (url.hash) return { ok: false, error: "Leave out the part after #: it is never sent." };
  if (local) {
    return allowLocal
      ? { ok: true, url: url.toString() }
      : { ok: false, error: "This machine's own addresses are not allowed." };
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) {
    const address = ipaddr.process(host);
    if (address.range() !== "unicast") {
      return { ok: false, error: `${host} is a ${address.range()} address, not one on the internet.` };
    }
  } else if (!host.includes(".") || /\.(localhost|local|internal|home\.arpa|localdomain)$/i.test(host)) {
    return { ok: false, error: `${host} is not a public internet name.` };
  }
  return { ok: true, url: url.toString() };
}

/** Delay before the attempt after `failures` failed ones: 15 s, 30 s, 1 min … at most 6 hours. */
export function retryDelayMs(failures: number): number {
  return Math.min(6 * 3600_000, 15_000 * 2 ** Math.max(0, failures - 1));
}

/** A delivery still failing this long after its event is given up (about three days). */
export const giveUpAfterMs = 72 * 3600_000;

export type AttemptOutcome = { state: "delivered" } | { state: "dead" } | { state: "failing"; nextAttemptAt: Date };

/** What a finished attempt means: a 2xx answer delivers; anything else is retried with backoff until it is too old. */
export function attemptOutcome({
  status,
  failures,
  queuedAt,
  now,
}: {
  /** The HTTP status, or null when there was no answer (refused, timed out, blocked). */
  status: number | null;
  /** Failed attempts so far, this one included if it failed. */
  failures: number;
  queuedAt: string;
  now: Date;
}): AttemptOutcome {
  if (status !== null && status >= 200 && status < 300) return { state: "delivered" };
  if (now.getTime() - Date.parse(queuedAt) >= giveUpAfterMs) return { state: "dead" };
  return { state: "failing", nextAttemptAt: new Date(now.getTime() + retryDelayMs(failures)) };
}

/** A rotated-out secret still signs, beside the new one, for this long. */
export const rotationOverlapMs = 24 * 3600_000;

/** The secrets that sign a message now: the current one, and the previous one while it overlaps. */
export function signingSecrets(
  endpoint: { secret: string; previousSecret: string | null; previousSecretUntil: string | null },
  now: Date,
): string[] {
  const previous =
    endpoint.previousSecret && endpoint.previousSecretUntil && now.getTime() < Date.parse(endpoint.previousSecretUntil)
      ? [endpoint.previousSecret]
      : [];
  return [endpoint.secret, ...previous];
}

/** A delivery's state from its row. */
export function deliveryState(row: {
  delivered_at: string | null;
  dead_at: string | null;
  attempts: number;
}): DeliveryState {
  if (row.delivered_at) return "delivered";
  if (row.dead_at) return "dead";
  return row.attempts > 0 ? "failing" : "pending";
}
