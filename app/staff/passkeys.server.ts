/**
 * Passkeys (WebAuthn): the better second factor, beside the authenticator
 * app's codes (docs/decisions/026-passkeys.md). The ceremonies are
 * `@simplewebauthn/server`'s; this module keeps the credentials and the
 * challenges.
 *
 * - A passkey is added from a full session (the account page) and answers
 *   the second step of sign-in, after the password, like a code does.
 * - Each ceremony's challenge is kept on the session that asked for it, for
 *   5 minutes, and taken (cleared) by the first answer, right or wrong: an
 *   answer can never be replayed, and a session has one ceremony open.
 * - The relying party is the site's own address (SITE_URL): its host is the
 *   RP ID and its origin the only one accepted.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { z } from "zod";
import type { Db } from "~/data/db.server.ts";
import { organisation } from "~/content/organisation.ts";
import { maxPasskeysPerAccount, passkeyNameMaxLength } from "./passkey-rules.ts";
import { promoteToFullSession, type ClientFacts, type StaffSession } from "./accounts.server.ts";

export const challengeMinutes = 5;

/**
 * The browser's answer as posted (the JSON `@simplewebauthn/browser` makes),
 * checked for its shape only: the library checks the rest, and a malformed
 * answer is refused like a wrong one.
 */
const answerShape = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
  clientExtensionResults: z.looseObject({}),
});

function parseAnswer(value: unknown): unknown {
  if (typeof value !== "string" || value.length > 40_000) return null;
  try {
    const parsed = answerShape.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A sign-in answer from a form field, or null. */
export function passkeyAnswer(value: unknown): AuthenticationResponseJSON | null {
  return parseAnswer(value) as AuthenticationResponseJSON | null;
}

/** A new passkey's answer from a form field, or null. */
export function newPasskeyAnswer(value: unknown): RegistrationResponseJSON | null {
  return parseAnswer(value) as RegistrationResponseJSON | null;
}

export type RelyingParty = { id: string; origin: string; name: string };

/** The relying party of a site at `siteUrl` (SITE_URL). */
export function relyingParty(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name: organisation.name };
}

export type Passkey = { id: string; name: string; backedUp: boolean; createdAt: string; lastUsedAt: string | null };

export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .selectFrom("staff_passkeys")
    .select(["id", "name", "backed_up", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    backedUp: r.backed_up === 1,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}

export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("staff_passkeys").select("id").where("user_id", "=", userId).executeTakeFirst();
  return row !== undefined;
}

/** Keeps `challenge` as the session's one open ceremony (replacing any other). */
async function keepChallenge(db: Db, sessionId: string, challenge: string, now: Date): Promise<void> {
  await db
    .updateTable("staff_sessions")
    .set({
      challenge,
      challenge_expires_at: new Date(now.getTime() + challengeMinutes * 60_000).toISOString(),
    })
    .where("id", "=", sessionId)
    .execute();
}

/**
 * Takes the session's open challenge: returns it if it has not expired, and
 * clears it either way, so that it answers one attempt at most (two
 * requests racing for it cannot both have it).
 */
export async function takeChallenge(db: Db, sessionId: string, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom("staff_sessions")
    .select(["challenge", "challenge_expires_at"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
  if (!row?.challenge || !row.challenge_expires_at) return null;
  const taken = await db
    .updateTable("staff_sessions")
    .set({ challenge: null, challenge_expires_at: null })
    .where("id", "=", sessionId)
    .where("challenge", "=", row.challenge)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return null;
  return row.challenge_expires_at > now.toISOString() ? row.challenge : null;
}

function transportsOf(json: string): AuthenticatorTransport[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is AuthenticatorTransport => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** An account's passkeys as the browser is told of them: their ids and transports. */
async function descriptorsOf(db: Db, userId: string): Promise<{ id: string; transports: AuthenticatorTransport[] }[]> {
  const rows = await db
    .selectFrom("staff_passkeys")
    .select(["id", "transports"])
    .where("user_id", "=", userId)
    .execute();
  return rows.map((p) => ({ id: p.id, transports: transportsOf(p.transports) }));
}

/** The options for adding a passkey to the signed-in account (its existing passkeys excluded). */
export async function registrationOptions(
  db: Db,
  session: StaffSession,
  rp: RelyingParty,
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await descriptorsOf(db, session.user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: session.user.email,
    userDisplayName: session.user.name,
    userID: new TextEncoder().encode(session.user.id),
    attestationType: "none",
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await keepChallenge(db, session.id, options.challenge, now);
  return options;
}

export type PasskeyProblem = { message: string };

export const passkeyNotChecked =
  "That passkey could not be checked. Try again, and finish the browser's passkey prompt within 5 minutes.";

/** Checks a new passkey's answer against the session's challenge and keeps it. */
export async function addPasskey(
  db: Db,
  session: StaffSession,
  answer: { response: RegistrationResponseJSON; name: string },
  rp: RelyingParty,
  now: Date,
): Promise<{ passkey: Passkey } | { problem: PasskeyProblem }> {
  const challenge = await takeChallenge(db, session.id, now);
  if (!challenge) return { problem: { message: passkeyNotChecked } };
  if ((await descriptorsOf(db, session.user.id)).length >= maxPasskeysPerAccount) {
    return { problem: { message: `An account can have ${maxPasskeysPerAccount} passkeys. Remove one first.` } };
  }
  const verified = await verifyRegistrationResponse({
    response: answer.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return { problem: { message: passkeyNotChecked } };
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const taken = await db.selectFrom("staff_passkeys").select("id").where("id", "=", credential.id).executeTakeFirst();
  if (taken) return { problem: { message: "This passkey is already registered." } };
  const passkey: Passkey = {
    id: credential.id,
    name: answer.name.trim().slice(0, passkeyNameMaxLength) || "Passkey",
    backedUp: credentialBackedUp,
    createdAt: now.toISOString(),
    lastUsedAt: null,
  };
  await db
    .insertInto("staff_passkeys")
    .values({
      id: passkey.id,
      user_id: session.user.id,
      name: passkey.name,
      public_key: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      backed_up: credentialBackedUp ? 1 : 0,
      created_at: passkey.createdAt,
      last_used_at: null,
    })
    .execute();
  return { passkey };
}

/** Removes one of the account's passkeys; returns its name, or null if the account has no such passkey. */
export async function removePasskey(db: Db, userId: string, passkeyId: string): Promise<string | null> {
  const removed = await db
    .deleteFrom("staff_passkeys")
    .where("id", "=", passkeyId)
    .where("user_id", "=", userId)
    .returning("name")
    .executeTakeFirst();
  return removed?.name ?? null;
}

/** The options for the second step of sign-in: the account's own passkeys only. */
export async function signInOptions(
  db: Db,
  pending: StaffSession,
  rp: RelyingParty,
  now: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  if (pending.stage !== "password") return null;
  const passkeys = await descriptorsOf(db, pending.user.id);
  if (passkeys.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys,
    userVerification: "preferred",
  });
  await keepChallenge(db, pending.id, options.challenge, now);
  return options;
}

/**
 * The second step of sign-in with a passkey: a right answer (one of the
 * account's passkeys, signing this session's challenge) ends the
 * password-stage session and starts a full one. Null otherwise.
 */
export async function completeSignInWithPasskey(
  db: Db,
  pending: StaffSession,
  response: AuthenticationResponseJSON,
  client: ClientFacts,
  rp: RelyingParty,
  now: Date,
): Promise<{ token: string; expiresAt: string } | null> {
  if (pending.stage !== "password") return null;
  const challenge = await takeChallenge(db, pending.id, now);
  if (!challenge) return null;
  const stored = await db
    .selectFrom("staff_passkeys")
    .selectAll()
    .where("id", "=", String(response.id))
    .where("user_id", "=", pending.user.id)
    .executeTakeFirst();
  if (!stored) return null;
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: stored.id,
      publicKey: new Uint8Array(Buffer.from(stored.public_key, "base64url")),
      counter: Number(stored.counter),
      transports: transportsOf(stored.transports),
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return null;
  // The counter moves on only from the value checked: two sign-ins racing with one passkey's counter cannot both win.
  const moved = await db
    .updateTable("staff_passkeys")
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: now.toISOString() })
    .where("id", "=", stored.id)
    .where("counter", "=", stored.counter)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return null;
  return promoteToFullSession(db, pending, client, now);
}
