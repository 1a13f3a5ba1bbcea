/**
 * Everything the database keeps sealed, sealed under the current key: the
 * second-factor keys of accounts and open set-up links, and the one-time
 * credentials of e-mails still waiting in the outbox, and webinars' joining
 * links in the content's drafts and revisions. Run at start-up (it
 * seals keys stored before they were sealed) and by
 * `npm run admin -- rotate-secrets` after SECRETS_KEY changes (values sealed
 * under a key in SECRETS_KEY_PREVIOUS are sealed again under the new one).
 */
import { sealedValuePattern } from "~/content/schema.ts";
import type { Db } from "~/data/db.server.ts";
import { isSealed, seal, sealedUnderOldKey, unsealOrNull, type Keyring, type SealPurpose } from "./sealing.server.ts";

export type ResealCounts = {
  accounts: number;
  invitations: number;
  outbox: number;
  /** Webinars' joining links, in drafts and revisions (ADR 062). */
  webinarLinks: number;
  /** Live online course sessions' joining links, in drafts and revisions (ADR 082). */
  sessionLinks: number;
  /** Values no key of the ring opens (SECRETS_KEY changed without SECRETS_KEY_PREVIOUS?): left as they are. */
  unopenable: number;
};

const needsSealing = (keys: Keyring, value: string | null): value is string =>
  value !== null && value !== "" && (!isSealed(value) || sealedUnderOldKey(keys, value));

/** The value sealed under the current key, or null if no key of the ring opens it. */
function resealed(keys: Keyring, value: string, purpose: SealPurpose): string | null {
  if (!isSealed(value)) return seal(keys, value, purpose);
  const plaintext = unsealOrNull(keys, value, purpose);
  return plaintext === null ? null : seal(keys, plaintext, purpose);
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
  const counts: ResealCounts = {
    accounts: 0,
    invitations: 0,
    outbox: 0,
    webinarLinks: 0,
    sessionLinks: 0,
    unopenable: 0,
  };
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
  add("webinarLinks", await resealWebinarLinks(db, keys));
  add("sessionLinks", await resealWebinarLinks(db, keys, "session", "joiningLink"));
  return counts;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A stored joining link in readable form (app/publishing/webinar-links.server.ts); null if no key opens it. */
function openLink(keys: Keyring, stored: string): string | null {
  return sealedValuePattern.test(stored) ? unsealOrNull(keys, stored, "webinar-link") : stored;
}

/**
 * Seals every webinar's joining link under the current key, in the drafts
 * and in every revision: one stored before this change, or under a previous
 * key. Within an item the same link gets the same seal, so a draft equal to
 * its published revision stays equal. Counts what changed, and what no key
 * opens (left as it is).
 */
async function resealWebinarLinks(
  db: Db,
  keys: Keyring,
  type: "webinar" | "session" = "webinar",
  field: "joinUrl" | "joiningLink" = "joinUrl",
): Promise<{ resealed: number; unopenable: number }> {
  let resealed = 0;
  let unopenable = 0;
  const sealedFor = new Map<string, string>();
  const reseal = (key: string, json: string): string | null => {
    const data = JSON.parse(json) as unknown;
    if (!isRecord(data) || typeof data[field] !== "string") return null;
    const stored = data[field];
    if (sealedValuePattern.test(stored) && !sealedUnderOldKey(keys, stored)) return null;
    const open = openLink(keys, stored);
    if (open === null) {
      unopenable += 1;
      return null;
    }
    const mapKey = `${key}\u0000${open}`;
    let sealed = sealedFor.get(mapKey);
    if (!sealed) {
      sealed = seal(keys, open, "webinar-link");
      sealedFor.set(mapKey, sealed);
    }
    return JSON.stringify({ ...data, [field]: sealed });
  };
  const drafts = await db.selectFrom("content_items").select(["key", "draft"]).where("type", "=", type).execute();
  for (const row of drafts) {
    const next = reseal(row.key, row.draft);
    if (next === null) continue;
    const done = await db
      .updateTable("content_items")
      .set({ draft: next })
      .where("type", "=", type)
      .where("key", "=", row.key)
      .where("draft", "=", row.draft)
      .executeTakeFirst();
    resealed += Number(done.numUpdatedRows);
  }
  const revisions = await db
    .selectFrom("content_revisions")
    .select(["key", "revision", "data"])
    .where("type", "=", type)
    .execute();
  for (const row of revisions) {
    const next = reseal(row.key, row.data);
    if (next === null) continue;
    const done = await db
      .updateTable("content_revisions")
      .set({ data: next })
      .where("type", "=", type)
      .where("key", "=", row.key)
      .where("revision", "=", row.revision)
      .where("data", "=", row.data)
      .executeTakeFirst();
    resealed += Number(done.numUpdatedRows);
  }
  return { resealed, unopenable };
}
