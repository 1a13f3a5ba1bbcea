/**
 * Back-office sign-in limits (the rules: sign-in-limits.server.ts; ADR 037),
 * counted with the form limit's limiter in the same store (Redis, else
 * PostgreSQL, else this process's memory), so every instance shares them.
 * Which addresses an account signed in from is read from its sessions
 * (staff_sessions keeps them 30 days after they end).
 */
import type pg from "pg";
import type { Logger } from "pino";
import type { Db } from "~/data/db.server.ts";
import { createSubmissionLimiter, type SubmissionLimiter } from "~/http/rate-limit.server.ts";
import type { Metrics } from "~/observability/metrics.server.ts";
import {
  accountAndAddressKey,
  accountKey,
  countsFor,
  isKnownAddress,
  signInLimits,
  type SignInCount,
} from "./sign-in-limits.server.ts";
import { perMinute } from "./per-minute.server.ts";

export type SignInAttempt = {
  /** Whether the client's address is one the account signed in from. */
  known: boolean;
  /** The answer was right: gives back what the attempt counted against the account. */
  succeeded(): Promise<void>;
};

export type SignInGuard = {
  /**
   * Counts one sign-in attempt (a password or a code) for this account (its
   * e-mail address as typed) from this client address; null when it is
   * refused (429). Never rejects.
   */
  attempt(clientAddress: string, typedEmail: string, now: Date): Promise<SignInAttempt | null>;
  /**
   * Whether an attempt on a disabled account gets its own audit entry and
   * log line: at most once a minute per account, in this process, so a flood
   * cannot fill either.
   */
  reportDisabled(accountId: string): Promise<boolean>;
  close(): Promise<void>;
};

export async function createSignInGuard(options: {
  db: Db;
  /** STAFF_SIGN_IN_MAX: attempts per client address in the window. */
  maxPerAddress: number;
  redisUrl?: string;
  pgPool?: pg.Pool;
  metrics?: Pick<Metrics, "rateLimited">;
  log?: Logger;
}): Promise<SignInGuard> {
  const { db, maxPerAddress, ...store } = options;
  const windowSeconds = signInLimits.windowSeconds;
  const same = (value: string) => value;
  const [address, accountAndAddress, account] = await Promise.all([
    createSubmissionLimiter({
      ...store,
      max: maxPerAddress,
      windowSeconds,
      keyPrefix: "signin-address",
      scope: "sign-in-address",
    }),
    createSubmissionLimiter({
      ...store,
      max: signInLimits.perAccountAndAddress,
      windowSeconds,
      keyPrefix: "signin-account-address",
      keyOf: same,
      scope: "sign-in-account-address",
    }),
    createSubmissionLimiter({
      ...store,
      max: signInLimits.perAccountFromNewAddresses,
      windowSeconds,
      keyPrefix: "signin-account-new",
      keyOf: same,
      scope: "sign-in-account",
    }),
  ]);
  const disabledReports = perMinute("signin-disabled", 1);

  return {
    async attempt(clientAddress, typedEmail, now) {
      const known = isKnownAddress(clientAddress, await signedInAddresses(db, typedEmail, now));
      const counts = countsFor(known);
      const keyed: Record<SignInCount, [SubmissionLimiter, string]> = {
        address: [address, clientAddress],
        "account-and-address": [accountAndAddress, accountAndAddressKey(typedEmail, clientAddress)],
        account: [account, accountKey(typedEmail)],
      };
      // In turn, stopping at the first refusal: only attempts let through are
      // counted further, so every count is of answers actually checked.
      for (const count of counts) {
        const [limiter, key] = keyed[count];
        if (!(await limiter.consume(key))) return null;
      }
      return {
        known,
        async succeeded() {
          // The address's count stays: it limits attempts, right or wrong.
          const given = counts.filter((count) => count !== "address");
          await Promise.all(given.map((count) => keyed[count][0].reward(keyed[count][1])));
        },
      };
    },
    async reportDisabled(accountId) {
      return (await disabledReports.take(accountId)).allowed;
    },
    async close() {
      await Promise.all([address.close(), accountAndAddress.close(), account.close()]);
    },
  };
}

/**
 * The client addresses the account with this address (as typed) started a
 * full session from (a second factor, or a set-up link, proved) in the
 * last 30 days; none for an address with no account.
 */
export async function signedInAddresses(db: Db, typedEmail: string, now: Date): Promise<string[]> {
  const since = new Date(now.getTime() - signInLimits.knownForDays * 86_400_000).toISOString();
  const rows = await db
    .selectFrom("staff_sessions as s")
    .innerJoin("staff_users as u", "u.id", "s.user_id")
    .select("s.ip")
    .distinct()
    .where("u.email", "=", typedEmail.trim().toLowerCase())
    .where("s.stage", "=", "full")
    .where("s.created_at", ">=", since)
    .limit(200)
    .execute();
  return rows.map((row) => row.ip);
}
