/**
 * The rules of back-office sign-in limits (ADR 037), pure. Every attempt (a
 * password or a code) is counted three ways, each in a fixed 15-minute
 * window that starts with its first count:
 *
 * - per client address (STAFF_SIGN_IN_MAX, every attempt): one address
 *   trying many accounts;
 * - per account and client address (5 wrong answers): one address guessing
 *   one account;
 * - per account, from addresses it has not signed in from (10 wrong answers
 *   from all of them together): many addresses guessing one account. Over
 *   it, new addresses are refused until the window ends, while the owner,
 *   from an address they signed in from in the last 30 days, is not.
 *
 * Right answers give their count back (only failures count), so the owner's
 * sign-ins never use up what an attacker's failures leave. IPv6 clients are
 * counted by their /64, as the form limit does.
 */
import { createHash } from "node:crypto";
import { clientKey } from "~/http/rate-limit.server.ts";

export const signInLimits = {
  windowSeconds: 15 * 60,
  /** Wrong answers allowed for one account from one client address. */
  perAccountAndAddress: 5,
  /** Wrong answers allowed for one account from all the addresses it has not signed in from. */
  perAccountFromNewAddresses: 10,
  /** A full sign-in from an address makes it known for the account this long. */
  knownForDays: 30,
} as const;

/** What an attempt is counted against. */
export type SignInCount = "address" | "account-and-address" | "account";

/** An account's limits apply to what was typed (an address with no account is counted the same). */
export function accountKey(typedEmail: string): string {
  return digest(typedEmail.trim().toLowerCase().slice(0, 320));
}

export function accountAndAddressKey(typedEmail: string, address: string): string {
  return digest(`${accountKey(typedEmail)} ${clientKey(address)}`);
}

/** Whether `address` is (in the same /64 as) one the account signed in from. */
export function isKnownAddress(address: string, signedInFrom: readonly string[]): boolean {
  const key = clientKey(address);
  return key !== "unknown" && signedInFrom.some((known) => clientKey(known) === key);
}

/** The counts an attempt from a known or a new address takes (and a right answer gives back, but the address's). */
export function countsFor(known: boolean): SignInCount[] {
  return known ? ["address", "account-and-address"] : ["address", "account-and-address", "account"];
}

/** Keys in the shared store name no e-mail address (a hash of it). */
function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 40);
}
