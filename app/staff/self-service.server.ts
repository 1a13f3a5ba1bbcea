/**
 * Looking after your own account (/admin/account,
 * docs/decisions/036-account-self-service.md): a fresh proof of identity,
 * a new password, your sessions; and the e-mail that tells you of each
 * change to your sign-in. Every function takes the time it acts at, so the
 * data tests can move the clock.
 *
 * - A session's `proved_at` is when it last proved it is its account's
 *   owner: set when it starts (sign-in or set-up, both factors given), by
 *   "Confirm it is you" (the password or an authenticator code), and by a
 *   password change (the current password).
 * - A password change needs the current password and ends every other
 *   session of the account; the session that made it stays.
 */
import type { Db } from "~/data/db.server.ts";
import {
  acceptAuthenticatorCode,
  checkPassword,
  sessionLimits,
  type ClientFacts,
  type StaffSession,
  type StaffUser,
} from "./accounts.server.ts";
import { accountChangeEmail, type AccountChange } from "./account-emails.server.ts";
import { deviceSummary, isProofFresh, proofFreshUntil, type ProofAnswer } from "./account-rules.ts";
import { passwordProblem } from "./password-check.server.ts";
import type { Keyring } from "~/secrets/sealing.server.ts";
import { hashPassword } from "./passwords.server.ts";
import type { StaffServices } from "./service.server.ts";

/** Until when the session's last proof counts (ISO), or null if it has none that counts at `now`. */
export async function freshProofUntil(db: Db, sessionId: string, now: Date): Promise<string | null> {
  const row = await db.selectFrom("staff_sessions").select("proved_at").where("id", "=", sessionId).executeTakeFirst();
  const provedAt = row?.proved_at ?? null;
  return isProofFresh(provedAt, now) ? proofFreshUntil(provedAt) : null;
}

export async function hasFreshProof(db: Db, sessionId: string, now: Date): Promise<boolean> {
  return (await freshProofUntil(db, sessionId, now)) !== null;
}

async function recordProof(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.updateTable("staff_sessions").set({ proved_at: now.toISOString() }).where("id", "=", sessionId).execute();
}

/**
 * "Confirm it is you": the account's password, or a code from its
 * authenticator app (used up, like at sign-in). A right answer is a fresh
 * proof for this session; false when it is wrong.
 */
export async function proveIdentity(
  db: Db,
  keys: Keyring,
  session: StaffSession,
  answer: ProofAnswer,
  now: Date,
): Promise<boolean> {
  if (session.stage !== "full") return false;
  const right =
    answer.kind === "code"
      ? await acceptAuthenticatorCode(db, keys, session.user.id, answer.code, now)
      : (await checkPassword(db, session.user.email, answer.password.slice(0, 1000)))?.id === session.user.id;
  if (right) await recordProof(db, session.id, now);
  return right;
}

export type PasswordChangeField = "current" | "password" | "confirm";
export type PasswordChangeProblem = { field: PasswordChangeField; message: string };

export const wrongCurrentPassword = "That is not your current password.";

/**
 * Changes the signed-in account's password: the new one must meet the
 * rules and be typed twice alike, and the current one must be right (a
 * proof: the session's proof is renewed). Ends every other session of the
 * account; returns how many were live.
 */
export async function changePassword(
  db: Db,
  session: StaffSession,
  form: { current: string; password: string; confirm: string },
  now: Date,
): Promise<{ sessionsEnded: number } | { problem: PasswordChangeProblem }> {
  if (session.stage !== "full") return { problem: { field: "current", message: wrongCurrentPassword } };
  if (!form.current) return { problem: { field: "current", message: "Enter your current password." } };
  const weak = await passwordProblem(form.password, session.user);
  if (weak) return { problem: { field: "password", message: weak } };
  if (form.password !== form.confirm) {
    return { problem: { field: "confirm", message: "The two new passwords are not the same." } };
  }
  const account = await checkPassword(db, session.user.email, form.current.slice(0, 1000));
  if (account?.id !== session.user.id) return { problem: { field: "current", message: wrongCurrentPassword } };
  const passwordHash = await hashPassword(form.password);
  const sessionsEnded = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff_users")
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where("id", "=", session.user.id)
      .execute();
    await recordProof(trx, session.id, now);
    return endOtherSessions(trx, session, now);
  });
  return { sessionsEnded };
}

export type SessionView = {
  id: string;
  /** "Chrome on Android" (app/staff/account-rules.ts). */
  device: string;
  ip: string;
  startedAt: string;
  lastActiveAt: string;
  /** The session this page was asked for from. */
  current: boolean;
};

/** The account's live full sessions: this one first, then the most recently active. */
export async function listSessions(db: Db, session: StaffSession, now: Date): Promise<SessionView[]> {
  const idleSince = new Date(now.getTime() - sessionLimits.idleMinutes * 60_000).toISOString();
  const rows = await db
    .selectFrom("staff_sessions")
    .select(["id", "user_agent", "ip", "created_at", "last_seen_at"])
    .where("user_id", "=", session.user.id)
    .where("stage", "=", "full")
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .where("last_seen_at", ">", idleSince)
    .orderBy("last_seen_at", "desc")
    .orderBy("id")
    .execute();
  const views = rows.map((r) => ({
    id: r.id,
    device: deviceSummary(r.user_agent),
    ip: r.ip,
    startedAt: r.created_at,
    lastActiveAt: r.last_seen_at,
    current: r.id === session.id,
  }));
  return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
}

/**
 * Ends one of the account's other sessions (not the one asking); returns
 * its device, or null if the account has no such live session.
 */
export async function endSession(
  db: Db,
  session: StaffSession,
  sessionId: string,
  now: Date,
): Promise<{ device: string } | null> {
  if (sessionId === session.id) return null;
  const ended = await db
    .updateTable("staff_sessions")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", sessionId)
    .where("user_id", "=", session.user.id)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .returning("user_agent")
    .executeTakeFirst();
  return ended ? { device: deviceSummary(ended.user_agent) } : null;
}

/** Ends every other session of the account (those half-way through sign-in too); returns how many were live. */
export async function endOtherSessions(db: Db, session: StaffSession, now: Date): Promise<number> {
  const result = await db
    .updateTable("staff_sessions")
    .set({ revoked_at: now.toISOString() })
    .where("user_id", "=", session.user.id)
    .where("id", "!=", session.id)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Tells the account's owner, by e-mail through the outbox, of a change to their sign-in. */
export async function notifyAccountChange(
  staff: StaffServices,
  user: StaffUser,
  change: AccountChange,
  client: ClientFacts,
  now: Date,
): Promise<void> {
  await staff.sendEmail(
    accountChangeEmail({
      to: user.email,
      name: user.name,
      change,
      at: now.toISOString(),
      client,
      teamEmail: staff.mail.teamEmail,
    }),
    { type: "staff_account_notice", id: user.id },
    now,
  );
}
