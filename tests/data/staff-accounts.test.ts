/**
 * Staff accounts, invitations and sessions on both databases
 * (app/staff/accounts.server.ts), with the clock moved by hand.
 */
import { describe, expect, it } from "vitest";
import {
  acceptInvitation,
  AccountExistsError,
  checkPassword,
  completeSignIn,
  createInvitation,
  createResetLink,
  disableAccount,
  findInvitation,
  listAccounts,
  listOpenInvitations,
  openTotpSecret,
  readSession,
  revokeSession,
  revokeSessionsOf,
  sessionLimits,
  startSession,
  type StaffUser,
  withdrawInvitation,
} from "~/staff/accounts.server.ts";
import type { StaffRole } from "~/data/schema.ts";
import { audit, listAudit, auditPageSize } from "~/staff/audit.server.ts";
import { resealSecrets } from "~/secrets/reseal.server.ts";
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { tokenHash } from "~/secrets/tokens.server.ts";
import { dialects } from "./databases.ts";
import {
  staffFromInvitation,
  staffPassword as password,
  totpCode as code,
  uniqueStaffEmail as uniqueEmail,
  useTestDatabase,
} from "./fixtures.ts";

const client = { ip: "192.0.2.7", userAgent: "data test" };
const keyMaterial = newKeyMaterial();
const keys = keyring(keyMaterial);
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

describe.each(dialects)("staff accounts on %s", (dialect) => {
  const t = useTestDatabase(dialect);
  const db = () => t.handle.db;

  /** An account set up from an invitation at `at`; returns it with its secret. */
  const account = (at: Date, role: StaffRole = "leads") =>
    staffFromInvitation(db(), keys, { at, email: uniqueEmail(), role });

  it("an invitation is used once, expires, and its token is not stored", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const email = uniqueEmail();
    const { token, expiresAt } = await createInvitation(
      db(),
      keys,
      { email: email.toUpperCase(), name: " Ann ", role: "admin", invitedBy: null },
      at,
    );
    expect(expiresAt).toBe("2026-11-27T10:00:00.000Z");
    const stored = await db().selectFrom("staff_invitations").selectAll().where("email", "=", email).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toBe(tokenHash(token));
    expect(stored[0]!.name).toBe("Ann");
    expect(await findInvitation(db(), keys, token, new Date("2026-11-27T10:00:00Z"))).toBeNull();
    const invitation = (await findInvitation(db(), keys, token, at))!;
    expect(invitation.email).toBe(email);

    const weak = await acceptInvitation(
      db(),
      keys,
      token,
      { password: "short", code: code(invitation.totpSecret, at) },
      at,
    );
    expect(weak).toEqual({ problem: { field: "password", message: "Use at least 12 characters." } });
    const wrongCode = await acceptInvitation(db(), keys, token, { password, code: "000000" }, at);
    expect("problem" in wrongCode && wrongCode.problem.field).toBe("code");

    const good = await acceptInvitation(db(), keys, token, { password, code: code(invitation.totpSecret, at) }, at);
    expect("user" in good && good.user).toMatchObject({ email, name: "Ann", role: "admin" });
    const again = await acceptInvitation(db(), keys, token, { password, code: code(invitation.totpSecret, at) }, at);
    expect("problem" in again && again.problem.field).toBe("form");
    await expect(
      createInvitation(db(), keys, { email, name: "Ann", role: "leads", invitedBy: null }, at),
    ).rejects.toBeInstanceOf(AccountExistsError);
  });

  it("a second invitation to the same address replaces the first", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const email = uniqueEmail();
    const first = await createInvitation(db(), keys, { email, name: "Bo", role: "leads", invitedBy: null }, at);
    const second = await createInvitation(db(), keys, { email, name: "Bo", role: "leads", invitedBy: null }, at);
    expect(await findInvitation(db(), keys, first.token, at)).toBeNull();
    expect(await findInvitation(db(), keys, second.token, at)).not.toBeNull();
  });

  it("a set-up link withdrawn stops working at once; the account of a reset link keeps its sign-in", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const later = minutes(at, 1);
    const email = uniqueEmail();
    const invited = await createInvitation(db(), keys, { email, name: "Cy", role: "leads", invitedBy: null }, at);
    const other = await createInvitation(
      db(),
      keys,
      { email: uniqueEmail(), name: "Di", role: "leads", invitedBy: null },
      at,
    );
    expect(await withdrawInvitation(db(), email.toUpperCase(), later)).toEqual({ name: "Cy", email, reset: false });
    expect(await findInvitation(db(), keys, invited.token, later)).toBeNull();
    expect((await listOpenInvitations(db(), later)).map((i) => i.name)).not.toContain("Cy");
    expect(
      await acceptInvitation(db(), keys, invited.token, { password: "a brand new passphrase", code: "000000" }, later),
    ).toMatchObject({ problem: { field: "form" } });
    // Withdrawn once: nothing is open any more. Another address's link stands.
    expect(await withdrawInvitation(db(), email, later)).toBeNull();
    expect(await findInvitation(db(), keys, other.token, later)).toMatchObject({ name: "Di" });

    // A new set-up link for an account: withdrawn, the account signs in as before.
    const { user } = await account(at);
    const reset = (await createResetLink(db(), keys, user.id, null, at))!;
    expect(await withdrawInvitation(db(), user.email, later)).toMatchObject({ reset: true });
    expect(await findInvitation(db(), keys, reset.token, later)).toBeNull();
    expect(await checkPassword(db(), user.email, password)).toMatchObject({ id: user.id });
    // An expired link is not open: nothing to withdraw.
    const expired = uniqueEmail();
    await createInvitation(db(), keys, { email: expired, name: "Ed", role: "leads", invitedBy: null }, at);
    expect(await withdrawInvitation(db(), expired, minutes(at, 4 * 24 * 60))).toBeNull();
  });

  it("a reset link sets an account's sign-in up again: new password and key, passkeys and sessions gone", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const { user, secret } = await account(at);
    const live = await startSession(db(), user, "full", client, at);
    await db()
      .insertInto("staff_passkeys")
      .values({
        id: `reset-key-${user.id}`,
        user_id: user.id,
        name: "Old phone",
        public_key: "AQID",
        counter: 0,
        transports: "[]",
        backed_up: 0,
        created_at: at.toISOString(),
        last_used_at: null,
      })
      .execute();
    // A new-account invitation cannot be made for it.
    await expect(
      createInvitation(db(), keys, { email: user.email, name: "Again", role: "admin", invitedBy: null }, at),
    ).rejects.toThrow(AccountExistsError);

    const link = (await createResetLink(db(), keys, user.id, null, at))!;
    expect(link.email).toBe(user.email);
    const invitation = (await findInvitation(db(), keys, link.token, at))!;
    expect(invitation).toMatchObject({ resetOf: user.id, role: user.role, name: user.name });
    expect(invitation.totpSecret).not.toBe(secret);
    // Until it is used, the old sign-in works.
    expect(await checkPassword(db(), user.email, password)).toEqual(user);
    expect(await readSession(db(), live.token, at)).not.toBeNull();

    const later = minutes(at, 1);
    const newPassword = "a brand new passphrase";
    const outcome = await acceptInvitation(
      db(),
      keys,
      link.token,
      { password: newPassword, code: code(invitation.totpSecret, later) },
      later,
    );
    expect(outcome).toEqual({ user, reset: true });
    expect(await checkPassword(db(), user.email, password)).toBeNull();
    expect(await checkPassword(db(), user.email, newPassword)).toEqual(user);
    expect(await readSession(db(), live.token, later)).toBeNull();
    const left = await db().selectFrom("staff_passkeys").select("id").where("user_id", "=", user.id).execute();
    expect(left).toEqual([]);
    const row = await db().selectFrom("staff_users").select("totp_secret").where("id", "=", user.id).executeTakeFirst();
    expect(openTotpSecret(keys, row!.totp_secret)).toBe(invitation.totpSecret);
    // Used once; the used link keeps no key.
    expect(await findInvitation(db(), keys, link.token, later)).toBeNull();
    const used = await db()
      .selectFrom("staff_invitations")
      .select("totp_secret")
      .where("user_id", "=", user.id)
      .execute();
    expect(used).toEqual([{ totp_secret: "" }]);

    // No reset for a disabled account, and a link made before it was disabled is gone.
    const other = await account(at);
    const early = (await createResetLink(db(), keys, other.user.id, null, at))!;
    expect(await disableAccount(db(), other.user.id, at)).toEqual({ disabled: true });
    expect(await createResetLink(db(), keys, other.user.id, null, at)).toBeNull();
    // Disabling deleted the open link (and the key it held).
    expect(await findInvitation(db(), keys, early.token, at)).toBeNull();
    const refused = await acceptInvitation(db(), keys, early.token, { password: newPassword, code: "000000" }, later);
    expect(refused).toMatchObject({ problem: { field: "form" } });
    expect(await checkPassword(db(), other.user.email, newPassword)).toBeNull();
  });

  it("an administrator's open invitations lapse when their account is disabled, whichever comes first", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const later = new Date(at.getTime() + 60_000);
    const [inviter, stays] = [await account(at, "admin"), await account(at, "admin")];
    const invite = (name: string, by: string) =>
      createInvitation(db(), keys, { email: uniqueEmail(), name, role: "admin", invitedBy: by }, at);
    const before = await invite("Before", inviter.user.id);
    const byTheOther = await invite("Kept", stays.user.id);
    expect(await disableAccount(db(), inviter.user.id, later)).toEqual({ disabled: true });

    // Its link makes no account: not an administrator they chose before they went. Nor is it listed as open.
    expect(await findInvitation(db(), keys, before.token, later)).toBeNull();
    expect((await listOpenInvitations(db(), later)).map((i) => i.name)).not.toContain("Before");
    const refused = await acceptInvitation(
      db(),
      keys,
      before.token,
      { password: "a brand new passphrase", code: "000000" },
      later,
    );
    expect(refused).toMatchObject({ problem: { field: "form" } });
    // One made as the account was being disabled (its request already past the checks) lapses too.
    const racing = await invite("Racing", inviter.user.id);
    expect(await findInvitation(db(), keys, racing.token, later)).toBeNull();
    // Another administrator's invitation stands.
    expect(await findInvitation(db(), keys, byTheOther.token, later)).toMatchObject({ name: "Kept", role: "admin" });
  });

  it("checks passwords against argon2id hashes; a disabled account never signs in", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const { user } = await account(at);
    const row = await db()
      .selectFrom("staff_users")
      .select("password_hash")
      .where("id", "=", user.id)
      .executeTakeFirst();
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await checkPassword(db(), user.email.toUpperCase(), password)).toEqual(user);
    expect(await checkPassword(db(), user.email, `${password}!`)).toBeNull();
    expect(await checkPassword(db(), "nobody@example.test", password)).toBeNull();
    expect(await disableAccount(db(), user.id, at)).toEqual({ disabled: true });
    expect(await disableAccount(db(), user.id, at)).toEqual({ disabled: false, why: "no-account" });
    expect(await checkPassword(db(), user.email, password)).toBeNull();
  });

  it("sign-in takes a password session to a full one with a new token; a code is never used twice", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const { user, secret } = await account(at);
    const later = minutes(at, 5);
    const pending = await startSession(db(), user, "password", client, later);
    const pendingSession = (await readSession(db(), pending.token, later))!;
    expect(pendingSession).toMatchObject({ stage: "password", user });
    // The password stage lasts 10 minutes.
    expect(await readSession(db(), pending.token, minutes(later, sessionLimits.secondFactorMinutes))).toBeNull();

    expect(await completeSignIn(db(), keys, pendingSession, "123456", client, later)).toBeNull();
    const full = (await completeSignIn(db(), keys, pendingSession, code(secret, later), client, later))!;
    expect(full.token).not.toBe(pending.token);
    expect(await readSession(db(), pending.token, later)).toBeNull();
    expect(await readSession(db(), full.token, later)).toMatchObject({ stage: "full", user });

    // The same code again (another password session, same 30 seconds): refused.
    const second = await startSession(db(), user, "password", client, later);
    const secondSession = (await readSession(db(), second.token, later))!;
    expect(await completeSignIn(db(), keys, secondSession, code(secret, later), client, later)).toBeNull();
    // A full session cannot be "completed" again.
    const fullSession = (await readSession(db(), full.token, later))!;
    expect(
      await completeSignIn(db(), keys, fullSession, code(secret, minutes(later, 1)), client, minutes(later, 1)),
    ).toBeNull();
  });

  it("authenticator keys are stored sealed: the database alone gives none away, the key opens them", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const email = uniqueEmail();
    const { token } = await createInvitation(db(), keys, { email, name: "Kay", role: "leads", invitedBy: null }, at);
    const invitation = (await findInvitation(db(), keys, token, at))!;
    const held = await db().selectFrom("staff_invitations").select("totp_secret").where("email", "=", email).execute();
    expect(held[0]!.totp_secret).toMatch(/^v1\./);
    expect(held[0]!.totp_secret).not.toContain(invitation.totpSecret);
    // Another key opens nothing: the link is as good as unknown.
    await expect(findInvitation(db(), keyring(newKeyMaterial()), token, at)).rejects.toThrow(/unknown key/);
    await acceptInvitation(db(), keys, token, { password, code: code(invitation.totpSecret, at) }, at);
    const user = await db()
      .selectFrom("staff_users")
      .select(["id", "totp_secret"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user.totp_secret).toMatch(/^v1\./);
    expect(user.totp_secret).not.toContain(invitation.totpSecret);
    const dump = JSON.stringify(await db().selectFrom("staff_users").selectAll().execute());
    expect(dump).not.toContain(invitation.totpSecret);

    // A key stored before sealing is sealed at start-up; a rotation seals it anew under the new key.
    await db()
      .updateTable("staff_users")
      .set({ totp_secret: invitation.totpSecret })
      .where("id", "=", user.id)
      .execute();
    expect((await resealSecrets(db(), keys)).accounts).toBeGreaterThanOrEqual(1);
    const sealed = await db()
      .selectFrom("staff_users")
      .select("totp_secret")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(sealed.totp_secret).toMatch(/^v1\./);
    const rotated = keyring(newKeyMaterial(), [keyMaterial]);
    expect((await resealSecrets(db(), rotated)).unopenable).toBe(0);
    const later = minutes(at, 2);
    const pending = await startSession(
      db(),
      { id: user.id, email, name: "Kay", role: "leads" },
      "password",
      client,
      later,
    );
    const session = (await readSession(db(), pending.token, later))!;
    // Sealed under the new key now: the old key alone no longer opens it.
    await expect(
      completeSignIn(db(), keys, session, code(invitation.totpSecret, later), client, later),
    ).rejects.toThrow(/unknown key/);
    expect(
      await completeSignIn(db(), rotated, session, code(invitation.totpSecret, later), client, later),
    ).not.toBeNull();
  });

  it("a full session ends after 2 idle hours, after 12 hours, when revoked, or when its account is disabled", async () => {
    const at = new Date("2026-11-24T08:00:00Z");
    const { user } = await account(at);
    const s = await startSession(db(), user, "full", client, at);
    expect(s.expiresAt).toBe("2026-11-24T20:00:00.000Z");
    // Idle: nothing for 2 hours.
    expect(await readSession(db(), s.token, minutes(at, 119))).not.toBeNull();
    expect(await readSession(db(), s.token, minutes(at, 119 + 120))).toBeNull();

    // Active every hour: alive until the 12 hours are up, not after.
    const busy = await startSession(db(), user, "full", client, at);
    for (let hour = 1; hour < 12; hour++) {
      expect(await readSession(db(), busy.token, minutes(at, hour * 60))).not.toBeNull();
    }
    expect(await readSession(db(), busy.token, minutes(at, 12 * 60))).toBeNull();

    const revoked = await startSession(db(), user, "full", client, at);
    const session = (await readSession(db(), revoked.token, at))!;
    await revokeSession(db(), session.id, at);
    expect(await readSession(db(), revoked.token, at)).toBeNull();

    // Every session not yet ended by its expiry (the two above included) is revoked.
    const a = await startSession(db(), user, "full", client, at);
    const b = await startSession(db(), user, "full", client, at);
    expect(await revokeSessionsOf(db(), user.id, at)).toBe(4);
    expect(await readSession(db(), a.token, at)).toBeNull();
    expect(await readSession(db(), b.token, at)).toBeNull();

    const c = await startSession(db(), user, "full", client, at);
    await disableAccount(db(), user.id, at);
    expect(await readSession(db(), c.token, at)).toBeNull();
    expect(await readSession(db(), "not-a-token", at)).toBeNull();
  });

  it("lists accounts with their live sessions", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const { user } = await account(at, "admin");
    await startSession(db(), user, "full", client, at);
    await startSession(db(), user, "password", client, at);
    const listed = (await listAccounts(db(), at)).find((a) => a.id === user.id)!;
    expect(listed).toMatchObject({ email: user.email, role: "admin", liveSessions: 1, disabledAt: null });
  });

  it("the audit log pages newest first, by (at, id)", async () => {
    const actor: StaffUser = { id: "u-audit", email: "auditor@example.test", name: "A", role: "admin" };
    const base = new Date("2030-01-01T00:00:00Z");
    const total = auditPageSize + 5;
    for (let i = 0; i < total; i++) {
      // Two events share each time: the id orders them.
      await audit(db(), { actor, action: "sign-in", ip: "192.0.2.1" }, minutes(base, Math.floor(i / 2)));
    }
    const first = await listAudit(db());
    expect(first.events).toHaveLength(auditPageSize);
    expect(first.events[0]!.at >= first.events.at(-1)!.at).toBe(true);
    const second = await listAudit(db(), first.next!);
    const seen = new Set([...first.events, ...second.events].map((e) => e.id));
    expect(seen.size).toBe(first.events.length + second.events.length);
    const ours = [...first.events, ...second.events].filter((e) => e.actorEmail === actor.email);
    expect(ours).toHaveLength(total);
    expect(first.events[0]).toMatchObject({ action: "sign-in", what: "Signed in", ip: "192.0.2.1" });
  });
});
