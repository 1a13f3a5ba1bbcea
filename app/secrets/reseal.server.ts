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

/**
 * Seals again each value of `rows` that needs it; `write` stores a row's new
 * value only if the row still holds the one read (nobody changed it meanwhile:
 * a sign-in, a new set-up link, a send). Returns how many it sealed again and
 * how many no key opens.
 */
async function resealRows(
  keys: Keyring,
  purpose: SealPurpose,
  rows: readonly { id: string; value: string | null }[],
  write: (id: string, read: string, value: string) => Promise<unknown>,
): Promise<{ resealed: number; unopenable: number }> {
  const result = { resealed: 0, unopenable: 0 };
  for (const row of rows) {
    if (!needsSealing(keys, row.value)) continue;
    const value = resealed(keys, row.value, purpose);
    if (value === null) {
      result.unopenable += 1;
      continue;
    }
    await write(row.id, row.value, value);
    result.resealed += 1;
  }
  return result;
}

export async function resealSecrets(db: Db, keys: Keyring): Promise<ResealCounts> {
  const counts: ResealCounts = { accounts: 0, invitations: 0, outbox: 0, unopenable: 0 };
  const add = (
    counted: Exclude<keyof ResealCounts, "unopenable">,
    result: { resealed: number; unopenable: number },
  ) => {
    counts[counted] += result.resealed;
    counts.unopenable += result.unopenable;
  };
  for (const [table, counted] of [
    ["staff_users", "accounts"],
    ["staff_invitations", "invitations"],
  ] as const) {
    const rows = await db.selectFrom(table).select(["id", "totp_secret as value"]).execute();
    const result = await resealRows(keys, "totp", rows, (id, read, value) =>
      db.updateTable(table).set({ totp_secret: value }).where("id", "=", id).where("totp_secret", "=", read).execute(),
    );
    add(counted, result);
  }
  const waiting = await db
    .selectFrom("outbox")
    .select(["id", "secrets as value"])
    .where("secrets", "is not", null)
    .execute();
  const result = await resealRows(keys, "outbox", waiting, (id, read, value) =>
    db.updateTable("outbox").set({ secrets: value }).where("id", "=", id).where("secrets", "=", read).execute(),
  );
  add("outbox", result);
  return counts;
}
