/**
 * The outbox worker's pure rules (unit-tested): a stored message's
 * credentials put back in at sending, the retry backoff, and when a failing
 * message is given up (./outbox-worker.server.ts).
 */
import { withheldCredential } from "./types.ts";

/** A stored message's text with its one-time credentials put in (at sending only). */
export function withCredentials(text: string, secrets: Readonly<Record<string, string>>): string {
  let out = text;
  for (const [name, value] of Object.entries(secrets)) out = out.replaceAll(withheldCredential(name), value);
  return out;
}

/** Delay before attempt n+1 after n failures: 2 s, 4 s, 8 s ... capped. */
export function retryDelayMs(failures: number, maxMs: number): number {
  return Math.min(maxMs, 2000 * 2 ** Math.max(0, failures - 1));
}

export type FailureOutcome = { giveUp: true } | { giveUp: false; nextAttemptAt: Date };

/**
 * What to do after a failed attempt: a message queued more than `giveUpMs`
 * before `now`, or past its `notAfter`, is given up; any other is tried
 * again after the backoff.
 */
export function failureOutcome({
  createdAt,
  failures,
  now,
  giveUpMs,
  maxRetryDelayMs,
  notAfter = null,
}: {
  createdAt: string;
  failures: number;
  now: Date;
  giveUpMs: number;
  maxRetryDelayMs: number;
  notAfter?: string | null;
}): FailureOutcome {
  if (now.getTime() - Date.parse(createdAt) > giveUpMs) return { giveUp: true };
  if (notAfter !== null && now.getTime() >= Date.parse(notAfter)) return { giveUp: true };
  return { giveUp: false, nextAttemptAt: new Date(now.getTime() + retryDelayMs(failures, maxRetryDelayMs)) };
}
