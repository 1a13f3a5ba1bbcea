/**
 * Staff accounts, invitations and sign-in sessions, in the database
 * (docs/decisions/023-staff-accounts.md). Every function takes the time it
 * acts at, so the data tests can move the clock.
 *
 * - An account exists once its invitation is accepted: the person chose a
 *   password and proved they hold the TOTP secret, so no account is ever
 *   without its second factor. The first administrator's invitation comes
 *   from the command line (scripts/admin.ts), the others from /admin/users.
 * - A session's token is only in the browser's cookie; the row is named by
 *   its SHA-256, so a copy of the database signs nobody in.
 * - Signing in makes two sessions: one for the code page after the password
 *   (10 minutes, nothing else), then a new one (a new token) once the code is
 *   right. A full session ends after 2 idle hours or 12 hours, whichever is
 *   first, at sign-out, or when it is revoked.
 */
import { randomUUID } from "node:crypto";
import * as v from "valibot";
import type { Db } from "~/data/db.server.ts";
import type { StaffRole } from "~/data/schema.ts";
import { isPostgres } from "~/data/dialect.ts";
import { isEmailAddress, validateWith } from "~/forms/schemas.ts";
import { passwordProblem } from "./password-check.server.ts";
import { hashPassword, verifyNothing, verifyPassword } from "./passwords.server.ts";
import { isSealed, seal, unseal, type Keyring } from "~/secrets/sealing.server.ts";
import { acceptedStep, newTotpSecret } from "./totp.server.ts";
import { readRoleChoice, type RoleField } from "./permissions.ts";
import { newToken, tokenHash } from "~/secrets/tokens.server.ts";

export const sessionLimits = {
  /** The code page after a right password. */
  secondFactorMinutes: 10,
  idleMinutes: 120,
  maxHours: 12,
  /** last_seen_at is written at most this often (a page view is not a write). */
  touchEveryMinutes: 1,
} as const;

export const invitationDays = 3;

export type StaffUser = { id: string; email: string; name: string; role: StaffRole };

export type StaffSession = {
  /** SHA-256 of the token (the row's id). */
  id: string;
  stage: "password" | "full";
  user: StaffUser;
  expiresAt: string;
};

export type ClientFacts = { ip: string; userAgent: string };

/** A new random token (256 bits, base64url) and the id it is stored under. */
function newSecretToken(): { token: string; id: string } {
  const token = newToken();
  return { token, id: tokenHash(token) };
}

const normalEmail = (email: string) => email.trim().toLowerCase();
const addMinutes = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

export class AccountExistsError extends Error {
  constructor() {
    super("There is already an account with this e-mail address.");
  }
}

export type Invitation = {
  email: string;
  name: string;
  role: StaffRole;
  totpSecret: string;
  expiresAt: string;
  /** The account whose sign-in the link sets up again; null for a new account. */
  resetOf: string | null;
};

const invalidEmail = "Enter an e-mail address, like name@example.com.";
const invitationForm = v.object({
  name: v.pipe(
    v.string("Enter their name."),
    v.trim(),
    v.minLength(1, "Enter their name."),
    v.maxLength(100, "Use at most 100 characters."),
  ),
  email: v.pipe(v.string(invalidEmail), v.check(isEmailAddress, invalidEmail)),
});
export type InvitationField = keyof v.InferInput<typeof invitationForm> | RoleField;

/**
 * The invitation form's fields (/admin/users), checked: name, address, and
 * the role (`access`: admin or member; a member's `permissions`, every
 * checked box). On a problem, the first message per field.
 */
export function readInvitationForm(
  fields: Record<string, unknown>,
  permissions: readonly unknown[],
):
  | { ok: true; invitee: v.InferOutput<typeof invitationForm> & { role: StaffRole } }
  | { ok: false; problems: Partial<Record<InvitationField, string>> } {
  const checked = validateWith(invitationForm, fields);
  const role = readRoleChoice(fields.access, permissions);
  if (checked.ok && role.ok) return { ok: true, invitee: { ...checked.data, role: role.role } };
  return {
    ok: false,
    problems: { ...(checked.ok ? {} : checked.fieldErrors), ...(role.ok ? {} : role.problems) },
  };
}

/**
 * Invites someone (replacing any open invitation for the same address).
 * Returns the token for the set-up link, which only the invitee receives.
 */
export async function createInvitation(
  db: Db,
  keys: Keyring,
  invitee: { email: string; name: string; role: StaffRole; invitedBy: string | null },
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const email = normalEmail(invitee.email);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("staff_users").select("id").where("email", "=", email).executeTakeFirst();
    if (existing) throw new AccountExistsError();
    return insertInvitation(trx, keys, { ...invitee, email, resetOf: null }, now);
  });
}

/**
 * A set-up link for an active account whose owner lost their second factor
 * (or password): using it sets a new password and authenticator key, and
 * ends the account's sessions and passkeys. Replaces any open link for the
 * address. Null if there is no such active account.
 */
export async function createResetLink(
  db: Db,
  keys: Keyring,
  userId: string,
  invitedBy: string | null,
  now: Date,
): Promise<{ token: string; expiresAt: string; email: string; name: string } | null> {
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("staff_users")
      .select(["id", "email", "name", "role"])
      .where("id", "=", userId)
      .where("disabled_at", "is", null)
      .executeTakeFirst();
    if (!account) return null;
    const link = await insertInvitation(trx, keys, { ...account, invitedBy, resetOf: account.id }, now);
    return { ...link, email: account.email, name: account.name };
  });
}

async function insertInvitation(
  trx: Db,
  keys: Keyring,
  invitee: { email: string; name: string; role: StaffRole; invitedBy: string | null; resetOf: string | null },
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const { token, id } = newSecretToken();
  const expiresAt = addMinutes(now, invitationDays * 24 * 60);
  await trx
    .deleteFrom("staff_invitations")
    .where("email", "=", invitee.email)
    .where("accepted_at", "is", null)
    .execute();
  await trx
    .insertInto("staff_invitations")
    .values({
      id,
      email: invitee.email,
      name: invitee.name.trim(),
      role: invitee.role,
      totp_secret: sealTotpSecret(keys, newTotpSecret()),
      invited_by: invitee.invitedBy,
      user_id: invitee.resetOf,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      accepted_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * Withdraws the open set-up link sent to `email` (an invitation, or a new
 * link for an account): it stops working at once, and the account, if there
 * is one, keeps its sign-in as it was. Whom it was for and whether it was
 * for an account, or null if no link to the address is open.
 */
export async function withdrawInvitation(
  db: Db,
  email: string,
  now: Date,
): Promise<{ name: string; email: string; reset: boolean } | null> {
  const address = normalEmail(email);
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom("staff_invitations")
      .select(["name", "email", "user_id"])
      .where("email", "=", address)
      .where("accepted_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirst();
    if (!open) return null;
    await trx.deleteFrom("staff_invitations").where("email", "=", address).where("accepted_at", "is", null).execute();
    return { name: open.name, email: open.email, reset: open.user_id !== null };
  });
}

/** The open invitation behind a set-up link, or null (unknown, used or expired). */
export async function findInvitation(db: Db, keys: Keyring, token: string, now: Date): Promise<Invitation | null> {
  const row = await db
    .selectFrom("staff_invitations")
    .selectAll()
    .where("id", "=", tokenHash(token))
    .where("accepted_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    // An invitation is its administrator's word: it lapses when their account is disabled (one from the
    // command line has no inviter, so none that is disabled).
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("staff_users as inviter")
            .select("inviter.id")
            .whereRef("inviter.id", "=", "staff_invitations.invited_by")
            .where("inviter.disabled_at", "is not", null),
        ),
      ),
    )
    .executeTakeFirst();
  if (!row) return null;
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    totpSecret: openTotpSecret(keys, row.totp_secret),
    expiresAt: row.expires_at,
    resetOf: row.user_id,
  };
}

/** An authenticator key as stored: sealed (docs/decisions/033-secrets-at-rest.md). */
export function sealTotpSecret(keys: Keyring, secret: string): string {
  return seal(keys, secret, "totp");
}

/** A stored authenticator key, opened (one stored before keys were sealed opens as it is, until sealed at start-up). */
export function openTotpSecret(keys: Keyring, stored: string): string {
  return isSealed(stored) ? unseal(keys, stored, "totp") : stored;
}

export type SetupProblem = { field: "password" | "code" | "form"; message: string };

/**
 * Accepts an invitation: the password must meet the rules and the code must
 * come from the invitation's TOTP secret. Creates the account, or for a
 * reset link sets the account's password and key anew, ending its sessions
 * and removing its passkeys (once: a second use of the same link finds it
 * used).
 */
export async function acceptInvitation(
  db: Db,
  keys: Keyring,
  token: string,
  answer: { password: string; code: string },
  now: Date,
): Promise<{ user: StaffUser; reset: boolean } | { problem: SetupProblem }> {
  const invitation = await findInvitation(db, keys, token, now);
  if (!invitation) return { problem: { field: "form", message: "This set-up link has expired or was already used." } };
  const weak = await passwordProblem(answer.password, invitation);
  if (weak) return { problem: { field: "password", message: weak } };
  const step = acceptedStep(invitation.totpSecret, answer.code, now, 0);
  if (step === null) {
    return {
      problem: {
        field: "code",
        message: "That code is not right. Enter the 6-digit code your authenticator app shows now.",
      },
    };
  }
  const passwordHash = await hashPassword(answer.password);
  const sealedSecret = sealTotpSecret(keys, invitation.totpSecret);
  const user: StaffUser = {
    id: invitation.resetOf ?? randomUUID(),
    email: invitation.email,
    name: invitation.name,
    role: invitation.role,
  };
  const created = await db.transaction().execute(async (trx) => {
    // Used: kept as a record until it expires, without the key (now the account's).
    const used = await trx
      .updateTable("staff_invitations")
      .set({ accepted_at: now.toISOString(), totp_secret: "" })
      .where("id", "=", tokenHash(token))
      .where("accepted_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    if (invitation.resetOf) {
      const reset = await trx
        .updateTable("staff_users")
        .set({ password_hash: passwordHash, totp_secret: sealedSecret, totp_last_step: step })
        .set({ updated_at: now.toISOString() })
        .where("id", "=", invitation.resetOf)
        .where("email", "=", invitation.email)
        .where("disabled_at", "is", null)
        .executeTakeFirst();
      if (Number(reset.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom("staff_passkeys").where("user_id", "=", invitation.resetOf).execute();
      await revokeSessionsOf(trx, invitation.resetOf, now);
      return true;
    }
    const existing = await trx
      .selectFrom("staff_users")
      .select("id")
      .where("email", "=", user.email)
      .executeTakeFirst();
    if (existing) return false;
    await trx
      .insertInto("staff_users")
      .values({
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        password_hash: passwordHash,
        totp_secret: sealedSecret,
        totp_last_step: step,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        disabled_at: null,
      })
      .execute();
    return true;
  });
  if (!created) return { problem: { field: "form", message: "This set-up link has expired or was already used." } };
  return { user, reset: invitation.resetOf !== null };
}

/** The active account with this address and password, or null (the same time either way). */
export async function checkPassword(db: Db, email: string, password: string): Promise<StaffUser | null> {
  const outcome = await checkSignInPassword(db, email, password);
  return outcome && "user" in outcome ? outcome.user : null;
}

/**
 * Sign-in's password step: the active account with this address and
 * password; `disabled` for a disabled account's address (its password hash
 * is gone, so the password is not compared: nobody can tell it from a wrong
 * one, which takes the same time); null otherwise.
 */
export async function checkSignInPassword(
  db: Db,
  email: string,
  password: string,
): Promise<{ user: StaffUser } | { disabled: Pick<StaffUser, "id" | "email"> } | null> {
  const row = await db
    .selectFrom("staff_users")
    .select(["id", "email", "name", "role", "password_hash", "disabled_at"])
    .where("email", "=", normalEmail(email))
    .executeTakeFirst();
  if (!row || row.disabled_at !== null) {
    await verifyNothing(password);
    return row ? { disabled: { id: row.id, email: row.email } } : null;
  }
  if (!(await verifyPassword(row.password_hash, password))) return null;
  return { user: { id: row.id, email: row.email, name: row.name, role: row.role } };
}

/** Starts a session for `user` at `stage`; returns the token for the cookie. */
export async function startSession(
  db: Db,
  user: StaffUser,
  stage: "password" | "full",
  client: ClientFacts,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const { token, id } = newSecretToken();
  const expiresAt = addMinutes(
    now,
    stage === "password" ? sessionLimits.secondFactorMinutes : sessionLimits.maxHours * 60,
  );
  await db
    .insertInto("staff_sessions")
    .values({
      id,
      user_id: user.id,
      stage,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt,
      revoked_at: null,
      ip: client.ip.slice(0, 100),
      user_agent: client.userAgent.slice(0, 300),
      // A full session starts with both factors just given: a fresh proof (app/staff/account-rules.ts).
      proved_at: stage === "full" ? now.toISOString() : null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The live session behind a cookie's token, or null: unknown, revoked,
 * expired, idle too long, or its account disabled. A full session's
 * last_seen_at moves on (at most once a minute).
 */
export async function readSession(db: Db, token: string, now: Date): Promise<StaffSession | null> {
  if (!token) return null;
  const id = tokenHash(token);
  const row = await db
    .selectFrom("staff_sessions as s")
    .innerJoin("staff_users as u", "u.id", "s.user_id")
    .select(["s.id", "s.stage", "s.expires_at", "s.last_seen_at", "u.id as user_id", "u.email", "u.name", "u.role"])
    .where("s.id", "=", id)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", now.toISOString())
    .where("u.disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.stage === "full") {
    const idleSince = Date.parse(row.last_seen_at);
    if (now.getTime() - idleSince >= sessionLimits.idleMinutes * 60_000) return null;
    if (now.getTime() - idleSince >= sessionLimits.touchEveryMinutes * 60_000) {
      await db.updateTable("staff_sessions").set({ last_seen_at: now.toISOString() }).where("id", "=", id).execute();
    }
  }
  return {
    id: row.id,
    stage: row.stage,
    expiresAt: row.expires_at,
    user: { id: row.user_id, email: row.email, name: row.name, role: row.role },
  };
}

/**
 * The code page: a right code (for a step not used before) ends the
 * password-stage session and starts a full one. Null when the code is wrong.
 */
export async function completeSignIn(
  db: Db,
  keys: Keyring,
  pending: StaffSession,
  code: string,
  client: ClientFacts,
  now: Date,
): Promise<{ token: string; expiresAt: string } | null> {
  if (pending.stage !== "password") return null;
  if (!(await acceptAuthenticatorCode(db, keys, pending.user.id, code, now))) return null;
  return promoteToFullSession(db, pending, client, now);
}

/**
 * Checks a code from the account's authenticator app and uses it up: true
 * for a right code of a step not used before (sign-in, or a proof on the
 * account page).
 */
export async function acceptAuthenticatorCode(
  db: Db,
  keys: Keyring,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const account = await db
    .selectFrom("staff_users")
    .select(["totp_secret", "totp_last_step"])
    .where("id", "=", userId)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  if (!account) return false;
  const step = acceptedStep(openTotpSecret(keys, account.totp_secret), code, now, account.totp_last_step);
  if (step === null) return false;
  // The step moves on only if nobody used a code since we read it: one code, one use.
  const moved = await db
    .updateTable("staff_users")
    .set({ totp_last_step: step })
    .where("id", "=", userId)
    .where("totp_last_step", "=", account.totp_last_step)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** After a right second factor: the password-stage session ends and a full one (a new token) starts. */
export async function promoteToFullSession(
  db: Db,
  pending: StaffSession,
  client: ClientFacts,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  await revokeSession(db, pending.id, now);
  return startSession(db, pending.user, "full", client, now);
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable("staff_sessions")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Ends every session of an account; returns how many were live. */
export async function revokeSessionsOf(db: Db, userId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable("staff_sessions")
    .set({ revoked_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type StaffAccount = StaffUser & { createdAt: string; disabledAt: string | null; liveSessions: number };

export async function listAccounts(db: Db, now: Date): Promise<StaffAccount[]> {
  const rows = await db
    .selectFrom("staff_users as u")
    .leftJoin("staff_sessions as s", (join) =>
      join
        .onRef("s.user_id", "=", "u.id")
        .on("s.revoked_at", "is", null)
        .on("s.stage", "=", "full")
        .on("s.expires_at", ">", now.toISOString()),
    )
    .select(({ fn }) => [
      "u.id",
      "u.email",
      "u.name",
      "u.role",
      "u.created_at",
      "u.disabled_at",
      fn.count<number>("s.id").as("sessions"),
    ])
    .groupBy(["u.id", "u.email", "u.name", "u.role", "u.created_at", "u.disabled_at"])
    .orderBy("u.name")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    createdAt: r.created_at,
    disabledAt: r.disabled_at,
    liveSessions: Number(r.sessions),
  }));
}

/** The active accounts a lead can be given to, by name. */
export async function listOwners(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectFrom("staff_users").select(["id", "name"]).where("disabled_at", "is", null).orderBy("name").execute();
}

export type OpenInvitation = {
  email: string;
  name: string;
  role: StaffRole;
  expiresAt: string;
  /** A new set-up link for an existing account, not an invitation. */
  reset: boolean;
};

export async function listOpenInvitations(db: Db, now: Date): Promise<OpenInvitation[]> {
  const rows = await db
    .selectFrom("staff_invitations")
    .select(["email", "name", "role", "expires_at", "user_id"])
    .where("accepted_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((r) => ({
    email: r.email,
    name: r.name,
    role: r.role,
    expiresAt: r.expires_at,
    reset: r.user_id !== null,
  }));
}

/**
 * What a transaction that may take an administrator away reads first: the
 * active administrators' ids, and the account it changes (null if there is
 * none). On PostgreSQL all those rows are locked in one statement, in the
 * order of their ids (`FOR UPDATE`), so two such transactions at once see
 * each other's outcome and never wait on each other in a circle: the account
 * is locked in the same pass even when it is not an administrator, and a row
 * PostgreSQL locks and then finds changed (an administrator who has just
 * stepped down) stays locked without being returned, so the account's later
 * update must not be the first to ask for it. SQLite runs one write
 * transaction at a time.
 */
async function lockAdminsAnd(
  trx: Db,
  userId: string,
): Promise<{ activeAdmins: string[]; account: { role: StaffRole; disabled: boolean } | null }> {
  const query = trx
    .selectFrom("staff_users")
    .select(["id", "role", "disabled_at"])
    .where((eb) => eb.or([eb("id", "=", userId), eb.and([eb("role", "=", "admin"), eb("disabled_at", "is", null)])]))
    .orderBy("id");
  const rows = await (isPostgres(trx) ? query.forUpdate() : query).execute();
  const row = rows.find((r) => r.id === userId);
  return {
    activeAdmins: rows.filter((r) => r.role === "admin" && r.disabled_at === null).map((r) => r.id),
    account: row ? { role: row.role, disabled: row.disabled_at !== null } : null,
  };
}

export type Disabling = { disabled: true } | { disabled: false; why: "no-account" | "last-admin" };

/**
 * Disables an account (no sign-in), ends its sessions and deletes its
 * sign-in details (password hash, authenticator key, passkeys): the name and
 * address stay for the retention period (rule staff_accounts_disabled).
 * Refused if there is no such active account, or if it is the last active
 * administrator (as `changeRole`: two administrators disabling each other,
 * or one disabled while the other steps down, cannot both succeed).
 */
export async function disableAccount(db: Db, userId: string, now: Date): Promise<Disabling> {
  return db.transaction().execute(async (trx) => {
    const { activeAdmins } = await lockAdminsAnd(trx, userId);
    if (activeAdmins.includes(userId) && activeAdmins.length === 1) return { disabled: false, why: "last-admin" };
    const result = await trx
      .updateTable("staff_users")
      .set({ disabled_at: now.toISOString(), updated_at: now.toISOString(), password_hash: "", totp_secret: "" })
      .where("id", "=", userId)
      .where("disabled_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return { disabled: false, why: "no-account" };
    await revokeSessionsOf(trx, userId, now);
    await trx.deleteFrom("staff_passkeys").where("user_id", "=", userId).execute();
    // An open set-up link for the account (a reset) holds a key too; and the invitations it sent, still open,
    // lapse with it (an administrator disabled cannot leave an account to be made after them).
    await trx
      .deleteFrom("staff_invitations")
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("invited_by", "=", userId)]))
      .where("accepted_at", "is", null)
      .execute();
    return { disabled: true };
  });
}

export async function findAccount(db: Db, userId: string): Promise<(StaffUser & { disabled: boolean }) | null> {
  const row = await db
    .selectFrom("staff_users")
    .select(["id", "email", "name", "role", "disabled_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row
    ? { id: row.id, email: row.email, name: row.name, role: row.role, disabled: row.disabled_at !== null }
    : null;
}

export type RoleChange =
  | { changed: true; before: StaffRole; after: StaffRole }
  | { changed: false; why: "no-account" | "unchanged" | "last-admin" };

/**
 * Gives an active account another role. An account cannot stop being an
 * administrator while it is the last active one (someone must be able to
 * manage the team; `lockAdminsAnd`). The account's sessions
 * carry on, with the new role from their next request.
 */
export async function changeRole(db: Db, userId: string, role: StaffRole, now: Date): Promise<RoleChange> {
  return db.transaction().execute(async (trx) => {
    const { activeAdmins, account } = await lockAdminsAnd(trx, userId);
    if (!account || account.disabled) return { changed: false, why: "no-account" };
    if (account.role === role) return { changed: false, why: "unchanged" };
    const otherAdmins = activeAdmins.filter((id) => id !== userId).length;
    if (account.role === "admin" && otherAdmins === 0) return { changed: false, why: "last-admin" };
    await trx
      .updateTable("staff_users")
      .set({ role, updated_at: now.toISOString() })
      .where("id", "=", userId)
      .execute();
    return { changed: true, before: account.role, after: role };
  });
}
