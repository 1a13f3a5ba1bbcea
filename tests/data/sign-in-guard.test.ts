/**
 * Back-office sign-in limits (app/staff/sign-in-guard.server.ts, ADR 037) in
 * each store: this process's memory (SQLite), PostgreSQL, and Redis (with
 * the database on PostgreSQL). With a shared store, two guards stand for
 * two instances behind a load balancer and take turns. And the password
 * step's answer for a disabled account, on both databases.
 */
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSignInPassword, disableAccount, startSession } from "~/staff/accounts.server.ts";
import { createSignInGuard, signedInAddresses, type SignInGuard } from "~/staff/sign-in-guard.server.ts";
import { signInLimits } from "~/staff/sign-in-limits.server.ts";
import type { Db } from "~/data/db.server.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";
import { staffFromInvitation, staffPassword as password, uniqueStaffEmail, useTestDatabase } from "./fixtures.ts";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const uniqueEmail = () => uniqueStaffEmail("guard");
/** A fresh address per call: counts left in Redis by an earlier run (15 minutes) never meet this one's. */
const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const perAddress = 40;
const keys = keyring(newKeyMaterial());

/** An account set up from an invitation, now. */
async function setUpAccount(db: Db, role: "admin" | "leads" = "admin") {
  const { user } = await staffFromInvitation(db, keys, { at: now, email: uniqueEmail(), name: "Guarded Owner", role });
  return user;
}

const stores = [
  { store: "memory", dialect: "sqlite", instances: 1 },
  { store: "PostgreSQL", dialect: "postgres", instances: 2 },
  { store: "Redis", dialect: "postgres", instances: 2 },
] as const;

describe.each(stores)("sign-in limits in $store", ({ store, dialect, instances }) => {
  let t: TestDatabase;
  let guards: SignInGuard[];
  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    guards = await Promise.all(
      Array.from({ length: instances }, () =>
        createSignInGuard({
          db: t.handle.db,
          maxPerAddress: perAddress,
          pgPool: t.handle.pgPool,
          redisUrl: store === "Redis" ? redisUrl : undefined,
        }),
      ),
    );
  });
  afterAll(async () => {
    for (const guard of guards ?? []) await guard.close();
    await t?.dispose();
  });
  const db = () => t.handle.db;
  let turn = 0;
  /** One attempt, on the next instance in turn; whether it was let through. */
  const attempt = async (address: string, email: string, outcome: "wrong" | "right" = "wrong") => {
    const started = await guards[turn++ % guards.length]!.attempt(address, email, now);
    if (started && outcome === "right") await started.succeeded();
    return started;
  };
  const attempts = async (address: string, email: string, times: number) => {
    const answers: boolean[] = [];
    for (let i = 0; i < times; i++) answers.push((await attempt(address, email)) !== null);
    return answers;
  };

  /** An account that signed in fully from `knownAddress` yesterday. */
  async function account(knownAddress: string) {
    const user = await setUpAccount(db());
    await startSession(db(), user, "full", { ip: knownAddress, userAgent: "test" }, daysAgo(1));
    return user;
  }

  it("an account's known addresses are those of its full sessions in the last 30 days", async () => {
    const known = newAddress();
    const user = await account(known);
    const stale = newAddress();
    const halfway = newAddress();
    await startSession(db(), user, "full", { ip: stale, userAgent: "test" }, daysAgo(31));
    await startSession(db(), user, "password", { ip: halfway, userAgent: "test" }, daysAgo(1));
    await startSession(db(), user, "full", { ip: known, userAgent: "test" }, daysAgo(2));
    expect(await signedInAddresses(db(), user.email, now)).toEqual([known]);
    expect(await signedInAddresses(db(), ` ${user.email.toUpperCase()}`, now)).toEqual([known]);
    expect(await signedInAddresses(db(), "nobody@example.test", now)).toEqual([]);
    expect((await guards[0]!.attempt(known, user.email, now))?.known).toBe(true);
    expect((await guards[0]!.attempt(halfway, user.email, now))?.known).toBe(false);
  });

  it("a guesser is stopped per address, new addresses are stopped together, and the owner still gets in from a known one", async () => {
    const ownersAddress = newAddress();
    const { email } = await account(ownersAddress);
    const guesser = newAddress();
    // One address: 5 wrong answers, then refused.
    expect(await attempts(guesser, email, 7)).toEqual([true, true, true, true, true, false, false]);
    // Other new addresses: 5 more wrong answers make 10 for the account; then every new address is refused.
    const others = Array.from({ length: 5 }, newAddress);
    for (const other of others) expect(await attempt(other, email)).not.toBeNull();
    expect(await attempt(newAddress(), email, "right")).toBeNull();
    expect(await attempt(others[0]!, email, "right")).toBeNull();
    // The owner, from where they signed in before: wrong answers of their own too, then the right one.
    expect(await attempts(ownersAddress, email, 4)).toEqual([true, true, true, true]);
    expect((await attempt(ownersAddress, email, "right"))?.known).toBe(true);
    expect(await attempt(ownersAddress, email, "right")).not.toBeNull();
    // Another account is not touched by this one's counts.
    const other = await account(newAddress());
    expect(await attempt(newAddress(), other.email, "right")).not.toBeNull();
  });

  it("only wrong answers count: right ones give theirs back", async () => {
    const { email } = await account(newAddress());
    const travelling = newAddress();
    for (let i = 0; i < 2 * signInLimits.perAccountFromNewAddresses; i++) {
      expect(await attempt(travelling, email, "right")).not.toBeNull();
    }
    expect(await attempts(travelling, email, 6)).toEqual([true, true, true, true, true, false]);
  });

  it("one address trying many accounts is refused after STAFF_SIGN_IN_MAX attempts, right or wrong", async () => {
    const sprayer = newAddress();
    for (let i = 0; i < perAddress; i++)
      expect(await attempt(sprayer, uniqueEmail(), i % 2 ? "right" : "wrong")).not.toBeNull();
    expect(await attempt(sprayer, uniqueEmail())).toBeNull();
  });

  it("an attempt on a disabled account is reported at most once a minute per account (per instance)", async () => {
    const guard = guards[0]!;
    expect(await guard.reportDisabled("account-1")).toBe(true);
    expect(await guard.reportDisabled("account-1")).toBe(false);
    expect(await guard.reportDisabled("account-2")).toBe(true);
  });
});

describe.each(dialects)("the password step on %s", (dialect) => {
  const t = useTestDatabase(dialect);

  it("tells a disabled account apart, without comparing its (deleted) password", async () => {
    const db = t.handle.db;
    const user = await setUpAccount(db, "leads");
    expect(await checkSignInPassword(db, user.email.toUpperCase(), password)).toEqual({ user });
    expect(await checkSignInPassword(db, user.email, `${password}!`)).toBeNull();
    expect(await checkSignInPassword(db, "nobody@example.test", password)).toBeNull();
    expect(await disableAccount(db, user.id, now)).toEqual({ disabled: true });
    expect(await checkSignInPassword(db, user.email, password)).toEqual({
      disabled: { id: user.id, email: user.email },
    });
  });
});
