/**
 * Secrets at rest (docs/decisions/033-secrets-at-rest.md): values the
 * database must keep but a copy of it must not give away (second-factor
 * keys, the one-time links of e-mails waiting in the outbox) are sealed with
 * AES-256-GCM under a key from the configuration (SECRETS_KEY), or, on the
 * embedded defaults, from a key file beside the database (never in it).
 *
 * A sealed value is `v1.<key id>.<nonce>.<ciphertext and tag>` (base64url):
 * a random 96-bit nonce per value, and the value's purpose ("totp",
 * "outbox") as additional data, so one kind of sealed value cannot stand in
 * for another. The key id names the key that sealed it, so a value sealed
 * under the previous key (SECRETS_KEY_PREVIOUS) still opens during a
 * rotation (`npm run admin -- rotate-secrets` seals everything anew).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

export type SecretKey = { readonly id: string; readonly aes: Buffer };

/** The key that seals, and older keys that still open. */
export type Keyring = { readonly current: SecretKey; readonly previous: readonly SecretKey[] };

export type SealPurpose = "totp" | "outbox" | "webinar-link";

/** The shortest key material accepted (a random 32-byte key in base64 is 43 or 44 characters). */
export const minimumKeyLength = 32;

const version = "v1";

export class SealedSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SealedSecretError";
  }
}

/** A key from its configured text: HKDF-SHA-256 to 256 bits, whatever the text's encoding. */
export function secretKey(material: string): SecretKey {
  if (material.length < minimumKeyLength) {
    throw new SealedSecretError(`a secrets key must be at least ${minimumKeyLength} characters`);
  }
  const aes = Buffer.from(hkdfSync("sha256", Buffer.from(material, "utf8"), "meridian-secrets", "aes-256-gcm v1", 32));
  const id = createHmac("sha256", aes).update("key id").digest("hex").slice(0, 8);
  return { id, aes };
}

export function keyring(current: string, previous: readonly string[] = []): Keyring {
  return { current: secretKey(current), previous: previous.map(secretKey) };
}

/** New key material: 32 random bytes, base64url (43 characters). */
export function newKeyMaterial(): string {
  return randomBytes(32).toString("base64url");
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${version}.`);
}

export function seal(keys: Keyring, plaintext: string, purpose: SealPurpose): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.current.aes, nonce);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return [version, keys.current.id, nonce.toString("base64url"), body.toString("base64url")].join(".");
}

/** The plaintext of a sealed value; throws SealedSecretError if no key of the ring opens it. */
export function unseal(keys: Keyring, sealed: string, purpose: SealPurpose): string {
  const [v, id, nonceText, bodyText, extra] = sealed.split(".");
  if (v !== version || !id || !nonceText || !bodyText || extra !== undefined) {
    throw new SealedSecretError("not a sealed value");
  }
  const key = [keys.current, ...keys.previous].find((k) => k.id === id);
  if (!key) throw new SealedSecretError(`sealed under an unknown key (${id}): is SECRETS_KEY right?`);
  const nonce = Buffer.from(nonceText, "base64url");
  const body = Buffer.from(bodyText, "base64url");
  if (nonce.length !== 12 || body.length < 16) throw new SealedSecretError("not a sealed value");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.aes, nonce);
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString("utf8");
  } catch {
    throw new SealedSecretError("a sealed value failed its integrity check");
  }
}

/** The plaintext of a sealed value, or null if no key of the ring opens it (unseal's SealedSecretError); any other error is thrown. */
export function unsealOrNull(keys: Keyring, sealed: string, purpose: SealPurpose): string | null {
  try {
    return unseal(keys, sealed, purpose);
  } catch (error) {
    if (error instanceof SealedSecretError) return null;
    throw error;
  }
}

/** True if the value was sealed under a key other than the current one (a rotation has it to do). */
export function sealedUnderOldKey(keys: Keyring, sealed: string): boolean {
  return isSealed(sealed) && sealed.split(".")[1] !== keys.current.id;
}

/** What a fingerprint is of: each purpose has a key of its own. */
export type FingerprintPurpose = "joining-link";

const fingerprintKey = (key: SecretKey, purpose: FingerprintPurpose) =>
  Buffer.from(hkdfSync("sha256", key.aes, "meridian-fingerprints", `${purpose} v1`, 32));

const fingerprintUnder = (key: SecretKey, value: string, purpose: FingerprintPurpose) =>
  createHmac("sha256", fingerprintKey(key, purpose)).update(value, "utf8").digest("base64url");

/**
 * A keyed fingerprint of `value` (HMAC-SHA-256 under a key derived from the
 * current one, `<key id>.<digest>`): it tells whether a secret changed
 * without keeping the secret, and, unlike a plain hash, a copy of the
 * database alone cannot test guesses against it (a guessable link).
 */
export function fingerprint(keys: Keyring, value: string, purpose: FingerprintPurpose): string {
  return `${keys.current.id}.${fingerprintUnder(keys.current, value, purpose)}`;
}

/**
 * Whether `stored` is the fingerprint of `value`: "same" (under any key of
 * the ring: `current` says whether under the current one), "different", or
 * "unknown" (made under a key the ring no longer holds).
 */
export function fingerprintOf(
  keys: Keyring,
  stored: string,
  value: string,
  purpose: FingerprintPurpose,
): { same: true; current: boolean } | { same: false; unknown: boolean } {
  const [id, digest, extra] = stored.split(".");
  const key = [keys.current, ...keys.previous].find((k) => k.id === id);
  if (!key || !digest || extra !== undefined) return { same: false, unknown: true };
  const expected = Buffer.from(fingerprintUnder(key, value, purpose));
  const given = Buffer.from(digest);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { same: true, current: key === keys.current }
    : { same: false, unknown: false };
}
