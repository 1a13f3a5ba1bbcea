/**
 * Everything the database keeps sealed, sealed under the current key: the
 * second-factor keys of accounts and open set-up links, and the one-time
 * credentials of e-mails still waiting in the outbox. Run at start-up (it
 * seals keys stored before they were sealed) and by
 * `npm run admin -- rotate-secrets` after SECRETS_KEY changes (values sealed
 * under a key in SECRETS_KEY_PREVIOUS are sealed again under the new one).
 */
import type { Db } from "~/data/db.server.ts";
import {
  isSealed,
  seal,
  SealedSecretError,
  sealedUnderOldKey,
  unseal,
  type Keyring,
  type SealPurpose,
} from "./sealing.server.ts";

export type ResealCounts = {
  accounts: number;
  invitations: number;
  outbox: number;
  /** Values no key of the ring opens (SECRETS_KEY changed without SECRETS_KEY_PREVIOUS?): left as they are. */
  unopenable: number;
};

const needsSealing = (keys: Keyring, value: string | null): value is string =>
  value !== null && value !== "" && (!isSealed(value) || sealedUnderOldKey(keys, value));

/** The value sealed under the current key, or null if no key of the ring opens it. */
function resealed(keys: Keyring, value: string, purpose: SealPurpose): string | null {
  if (!isSealed(value)) return seal(keys, value, purpose);
  try {
    return seal(keys, unseal(keys, value, purpose), purpose);
  } catch (error) {
    if (error instanceof SealedSecretError) return null;
    throw error;
  }
}

export async function resealSecrets(db: Db, keys: Keyring): Promise<ResealCounts> {
  const counts: ResealCounts = { accounts: 0, invitations: 0, outbox: 0, unopenable: 0 };
  for (const table of ["staff_users", "staff_invitations"] as const) {
    for (const row of await db.selectFrom(table).select(["id", "totp_secret"]).execute()) {
      if (!needsSealing(keys, row.totp_secret)) continue;
      const value = resealed(keys, row.totp_secret, "totp");
      if (value === null) {
        counts.unopenable += 1;
        continue;
      }
      // Only if nobody changed it meanwhile (a sign-in, a new set-up link).
      await db
        .updateTable(table)
        .set({ totp_secret: value })
        .where("id", "=", row.id)
        .where("totp_secret", "=", row.totp_secret)
        .execute();
      counts[table === "staff_users" ? "accounts" : "invitations"] += 1;
    }
  }
  const waiting = await db.selectFrom("outbox").select(["id", "secrets"]).where("secrets", "is not", null).execute();
  for (const row of waiting) {
    if (!needsSealing(keys, row.secrets)) continue;
    const value = resealed(keys, row.secrets, "outbox");
    if (value === null) {
      counts.unopenable += 1;
      continue;
    }
    await db
      .updateTable("outbox")
      .set({ secrets: value })
      .where("id", "=", row.id)
      .where("secrets", "=", row.secrets)
      .execute();
    counts.outbox += 1;
  }
  return counts;
}
