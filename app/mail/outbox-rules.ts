/**
 * The outbox worker's pure rules (unit-tested): a stored message's
 * credentials put back in at sending, the retry backoff, and when a failing
 * message is given up (./outbox-worker.server.ts).
 */
import { foldLines } from "ical-generator";
import { withheldCredential } from "./types.ts";

/** A stored message's text with its one-time credentials put in (at sending only). */
export function withCredentials(text: string, secrets: Readonly<Record<string, string>>): string {
  let out = text;
  for (const [name, value] of Object.entries(secrets)) out = out.replaceAll(withheldCredential(name), value);
  return out;
}

/** A stored message's headers with its one-time credentials put in (a List-Unsubscribe link's token: single-line, nothing to escape). */
export function withCredentialsInHeaders(
  headers: Readonly<Record<string, string>>,
  secrets: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, withCredentials(value, secrets)]));
}

const htmlEscapes: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** A stored message's HTML with its one-time credentials put in, escaped (a link's `&`; a token has nothing to escape). */
export function withCredentialsInHtml(html: string, secrets: Readonly<Record<string, string>>): string {
  const escaped = Object.fromEntries(
    Object.entries(secrets).map(([name, value]) => [name, value.replace(/[&<>"']/g, (c) => htmlEscapes[c]!)]),
  );
  return withCredentials(html, escaped);
}

/**
 * A stored calendar file (RFC 5545) with its one-time credentials put in (at
 * sending only): its folded lines joined first (a line may have been folded
 * inside the stand-in), each value escaped as a TEXT value (a link's commas
 * and semicolons), then folded again at 75 octets.
 */
export function withCredentialsInCalendar(ics: string, secrets: Readonly<Record<string, string>>): string {
  const names = Object.keys(secrets);
  if (names.length === 0) return ics;
  const unfolded = ics.replace(/\r?\n[ \t]/g, "");
  if (!names.some((name) => unfolded.includes(withheldCredential(name)))) return ics;
  const escaped = Object.fromEntries(
    Object.entries(secrets).map(([name, value]) => [
      name,
      value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n"),
    ]),
  );
  const lines = withCredentials(unfolded, escaped).split(/\r?\n/);
  return lines.map((line) => (line === "" ? line : foldLines(line))).join("\r\n");
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
