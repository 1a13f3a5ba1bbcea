/**
 * Looking after your own account on both databases
 * (app/staff/self-service.server.ts): the fresh proof, a new password, your
 * sessions. The clock is moved by hand.
 */
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { describe, expect, it } from "vitest";
import {
  checkPassword,
  completeSignIn,
  readSession,
  startSession,
  type StaffSession,
} from "~/staff/accounts.server.ts";
import {
  changePassword,
  endOtherSessions,
  endSession,
  freshProofUntil,
  hasFreshProof,
  listSessions,
  proveIdentity,
  wrongCurrentPassword,
} from "~/staff/self-service.server.ts";
import { dialects } from "./databases.ts";
import {
  staffFromInvitation,
  staffPassword as password,
  totpCode as code,
  uniqueStaffEmail,
  useTestDatabase,
} from "./fixtures.ts";

const keys = keyring(newKeyMaterial());
const phone = {
  ip: "192.0.2.7",
  userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/140.0.0.0 Mobile Safari/537.36",
};
const laptop = {
  ip: "198.51.100.4",
  userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0.0.0 Safari/537.36",
};
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

describe.each(dialects)("looking after your own account on %s", (dialect) => {
  const t = useTestDatabase(dialect);
  const db = () => t.handle.db;

  /** An account set up at `at` (its set-up used the code of that moment), with its secret. */
  const account = (at: Date) =>
    staffFromInvitation(db(), keys, { at, email: uniqueStaffEmail("self"), name: "Sam Self" });

  async function session(user: Awaited<ReturnType<typeof account>>["user"], client: typeof phone, at: Date) {
    const { token } = await startSession(db(), user, "full", client, at);
    return { token, session: (await readSession(db(), token, at))! };
  }

  it("signing in is a proof that counts for 5 minutes; the password or a new code renews it, a wrong one does not", async () => {
    const at = new Date("2026-11-25T10:00:00Z");
    const { user, secret } = await account(at);
    // Sign-in with password and code: the full session has proved it at that moment.
    const pending = await startSession(db(), user, "password", phone, at);
    const pendingSession = (await readSession(db(), pending.token, at))!;
    expect(await hasFreshProof(db(), pendingSession.id, at)).toBe(false);
    const later = minutes(at, 1);
    const full = (await completeSignIn(db(), keys, pendingSession, code(secret, later), phone, later))!;
    const signedIn = (await readSession(db(), full.token, later))!;
    expect(await freshProofUntil(db(), signedIn.id, later)).toBe("2026-11-25T10:06:00.000Z");
    expect(await hasFreshProof(db(), signedIn.id, minutes(later, 4.9))).toBe(true);
    const stale = minutes(later, 6);
    expect(await hasFreshProof(db(), signedIn.id, stale)).toBe(false);
    expect(await freshProofUntil(db(), signedIn.id, stale)).toBeNull();

    // Wrong answers leave it stale.
    expect(await proveIdentity(db(), keys, signedIn, { kind: "password", password: "not my password" }, stale)).toBe(
      false,
    );
    expect(await proveIdentity(db(), keys, signedIn, { kind: "code", code: "000000" }, stale)).toBe(false);
    // The code sign-in used, again: refused (one code, one use).
    expect(await proveIdentity(db(), keys, signedIn, { kind: "code", code: code(secret, later) }, later)).toBe(false);
    expect(await hasFreshProof(db(), signedIn.id, stale)).toBe(false);

    expect(await proveIdentity(db(), keys, signedIn, { kind: "password", password }, stale)).toBe(true);
    expect(await hasFreshProof(db(), signedIn.id, minutes(stale, 4))).toBe(true);
    expect(await hasFreshProof(db(), signedIn.id, minutes(stale, 5))).toBe(false);
    const next = minutes(stale, 10);
    expect(await proveIdentity(db(), keys, signedIn, { kind: "code", code: code(secret, next) }, next)).toBe(true);
    expect(await hasFreshProof(db(), signedIn.id, next)).toBe(true);
    // That code is now used up.
    expect(await proveIdentity(db(), keys, signedIn, { kind: "code", code: code(secret, next) }, next)).toBe(false);

    // Another account's password proves nothing for this one.
    const other = await account(at);
    const theirs = (await session(other.user, laptop, at)).session;
    const staleTheirs = minutes(at, 6);
    const otherSession: StaffSession = { ...theirs, user: { ...theirs.user, email: user.email } };
    expect(await proveIdentity(db(), keys, otherSession, { kind: "password", password }, staleTheirs)).toBe(false);
    expect(await hasFreshProof(db(), theirs.id, staleTheirs)).toBe(false);
  });

  it("a password change needs the current password and a good new one, and ends every other session", async () => {
    const at = new Date("2026-11-25T10:00:00Z");
    const { user } = await account(at);
    const here = await session(user, laptop, at);
    const there = await session(user, phone, at);
    const later = minutes(at, 30);
    // Someone half-way through sign-in, past the password (the password stage lasts 10 minutes).
    const halfway = await startSession(db(), user, "password", phone, minutes(later, -5));
    const newPassword = "a brand new passphrase for me";

    const attempts: [Parameters<typeof changePassword>[2], string, string][] = [
      [{ current: "", password: newPassword, confirm: newPassword }, "current", "Enter your current password."],
      [{ current: password, password: "too short", confirm: "too short" }, "password", "Use at least 12 characters."],
      [
        { current: password, password: newPassword, confirm: `${newPassword}!` },
        "confirm",
        "The two new passwords are not the same.",
      ],
      [{ current: "not my password", password: newPassword, confirm: newPassword }, "current", wrongCurrentPassword],
    ];
    for (const [form, field, message] of attempts) {
      expect(await changePassword(db(), here.session, form, later)).toEqual({ problem: { field, message } });
    }
    expect(await checkPassword(db(), user.email, password)).toEqual(user);
    expect(await readSession(db(), there.token, later)).not.toBeNull();
    expect(await hasFreshProof(db(), here.session.id, later)).toBe(false);

    const changed = await changePassword(
      db(),
      here.session,
      { current: password, password: newPassword, confirm: newPassword },
      later,
    );
    // The phone's full session and the sign-in half-way through with the old password.
    expect(changed).toEqual({ sessionsEnded: 2 });
    expect(await checkPassword(db(), user.email, password)).toBeNull();
    expect(await checkPassword(db(), user.email, newPassword)).toEqual(user);
    expect(await readSession(db(), there.token, later)).toBeNull();
    expect(await readSession(db(), halfway.token, later)).toBeNull();
    // This session stays, and the current password was a proof.
    expect(await readSession(db(), here.token, later)).not.toBeNull();
    expect(await hasFreshProof(db(), here.session.id, later)).toBe(true);
  });

  it("lists the account's live sessions, this one first, and ends one or all of the others, never this one", async () => {
    const at = new Date("2026-11-25T10:00:00Z");
    const { user } = await account(at);
    const other = await account(at);
    const here = await session(user, laptop, at);
    const phoneSession = await session(user, phone, minutes(at, 1));
    const tablet = await session(user, phone, minutes(at, 2));
    await startSession(db(), user, "password", phone, at);
    const theirs = await session(other.user, phone, at);
    const idle = await session(user, phone, minutes(at, -200));

    const now = minutes(at, 5);
    const listed = await listSessions(db(), here.session, now);
    expect(listed.map((s) => s.id)).toEqual([here.session.id, tablet.session.id, phoneSession.session.id]);
    expect(listed[0]).toEqual({
      id: here.session.id,
      device: "Chrome on Windows",
      ip: laptop.ip,
      startedAt: at.toISOString(),
      lastActiveAt: at.toISOString(),
      current: true,
    });
    expect(listed[1]).toMatchObject({ device: "Chrome on Android", ip: phone.ip, current: false });
    expect(listed.some((s) => s.id === idle.session.id || s.id === theirs.session.id)).toBe(false);

    // Not this session, not another account's, not one already ended.
    expect(await endSession(db(), here.session, here.session.id, now)).toBeNull();
    expect(await endSession(db(), here.session, theirs.session.id, now)).toBeNull();
    expect(await readSession(db(), theirs.token, now)).not.toBeNull();
    expect(await endSession(db(), here.session, phoneSession.session.id, now)).toEqual({ device: "Chrome on Android" });
    expect(await endSession(db(), here.session, phoneSession.session.id, now)).toBeNull();
    expect(await readSession(db(), phoneSession.token, now)).toBeNull();
    expect((await listSessions(db(), here.session, now)).map((s) => s.id)).toEqual([
      here.session.id,
      tablet.session.id,
    ]);

    // All others: the tablet, the half-way sign-in and the idle one (not yet expired); this one stays.
    expect(await endOtherSessions(db(), here.session, now)).toBe(3);
    expect(await readSession(db(), tablet.token, now)).toBeNull();
    expect(await readSession(db(), here.token, now)).not.toBeNull();
    expect(await readSession(db(), theirs.token, now)).not.toBeNull();
    expect((await listSessions(db(), here.session, now)).map((s) => s.id)).toEqual([here.session.id]);
    expect(await endOtherSessions(db(), here.session, now)).toBe(0);
  });
});
