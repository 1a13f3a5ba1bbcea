/**
 * The second factor: time-based one-time codes (RFC 6238: SHA-1, 6 digits,
 * 30-second steps, what every authenticator app reads) through otpauth. A
 * code is accepted one step either side of now (clock drift), and never
 * twice: the step it was made for must be later than the last one accepted.
 */
import { Secret, TOTP } from "otpauth";
import { organisation } from "~/content/organisation.ts";

const period = 30;

function totp(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: organisation.name,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret (160 random bits, base32). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads (from the QR code). */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The secret as people type it into an app: groups of four. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * The time step of `code` if it is right at `now` and newer than
 * `lastStep`; null otherwise. Spaces and dashes in the code are ignored.
 */
export function acceptedStep(secret: string, code: string, now: Date, lastStep: number): number | null {
  const token = code.replace(/[\s-]/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const timestamp = now.getTime();
  const delta = totp(secret, "").validate({ token, timestamp, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(timestamp / 1000 / period) + delta;
  return step > lastStep ? step : null;
}
