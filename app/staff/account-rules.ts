/**
 * The rules of looking after your own account (/admin/account,
 * docs/decisions/036-account-self-service.md), pure:
 *
 * - a fresh proof of identity (the password or the second factor) lasts 5
 *   minutes: adding a passkey needs one;
 * - what a proof answer is: 6 digits are an authenticator code, anything
 *   else a password (a password has at least 12 characters, so the two never
 *   meet);
 * - a session's device in a few readable words, from its user agent.
 */

export const freshProofMinutes = 5;

/** The refusal of a passkey ceremony without a fresh proof (the account page offers the proof first). */
export const proofNeeded = `Confirm it is you first (your password or a code from your authenticator app): adding a passkey needs that in the last ${freshProofMinutes} minutes.`;

/** When a proof given at `provedAt` stops counting (null: never proved). */
export function proofFreshUntil(provedAt: string | null): string | null {
  if (!provedAt) return null;
  const at = Date.parse(provedAt);
  return Number.isNaN(at) ? null : new Date(at + freshProofMinutes * 60_000).toISOString();
}

/** Whether a proof given at `provedAt` still counts at `now` (a proof dated ahead of `now` does not). */
export function isProofFresh(provedAt: string | null, now: Date): boolean {
  const until = proofFreshUntil(provedAt);
  if (!until || !provedAt) return false;
  return Date.parse(provedAt) <= now.getTime() && now.getTime() < Date.parse(until);
}

export type ProofAnswer = { kind: "code"; code: string } | { kind: "password"; password: string };

/** What someone typed to prove it is them: a 6-digit code (spaces allowed) or their password. */
export function readProofAnswer(value: string): ProofAnswer {
  const digits = value.replace(/\s/g, "");
  return /^\d{6}$/.test(digits) ? { kind: "code", code: digits } : { kind: "password", password: value };
}

const browsers: [pattern: RegExp, name: string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const systems: [pattern: RegExp, name: string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPod\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

/**
 * A session's device as a person reads it ("Chrome on Android"), from its
 * User-Agent header; "Unknown device" when it names no browser or system we
 * know. Only a hint: the header is whatever the client sends.
 */
export function deviceSummary(userAgent: string): string {
  const text = userAgent.slice(0, 300);
  const browser = first(browsers, text);
  const system = first(systems, text);
  if (browser && system) return `${browser} on ${system}`;
  if (system) return `A browser on ${system}`;
  return browser ?? "Unknown device";
}
