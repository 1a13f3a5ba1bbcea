/**
 * The spam folder: submissions the honeypot or the fill-time check refused
 * (app/spam/form-guard.server.ts) are kept (what was submitted and why) for
 * 30 days, so the team can see what was caught and release a real lead form,
 * which then becomes a lead and gets its e-mails. A refused course booking is
 * kept for review only (it holds nothing; the booker books again). A flood cannot fill the disk: at most `perAddressPerDay`
 * are kept per client address in 24 hours and `total` altogether; beyond
 * that a refusal is simply not kept. The visitor's answer never changes. The
 * address is kept shortened (./shortened-address.ts: an IPv4 /24, an IPv6
 * /64), never whole, and the cap counts it so.
 */
import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import type { FormKind } from "~/forms/schemas.ts";
import { attributionField, attributionWithoutCredentials } from "~/forms/attribution.ts";
import { likeLiteral } from "~/data/same-address.ts";
import { clientKey } from "~/http/rate-limit.server.ts";
import { shortenedAddress } from "./shortened-address.ts";

export const spamCaps = { perAddressPerDay: 20, total: 10_000, fieldsBytes: 10_000 } as const;

export type SpamReason = "honeypot" | "too-fast";

/** What a kept refusal was: a lead form's kind, or the course booking form. */
export type SpamKind = FormKind | "course-booking";

/** The posted field that names the sender's address: a lead form's `email`, a booking's `bookerEmail`. */
const senderAddress = (fields: Record<string, unknown>) =>
  [fields.email, fields.bookerEmail].find((v): v is string => typeof v === "string") ?? "";

/**
 * The kept refusals that hold `address` (lower-case): as the sender's address,
 * or as any posted value (a booking's delegates): what access requests and
 * erasure find (app/privacy/requests.server.ts).
 */
export function spamHolding(address: string) {
  const pattern = `%${likeLiteral(JSON.stringify(address))}%`;
  return (eb: ExpressionBuilder<Database, "spam_submissions">) =>
    eb.or([eb("email", "=", address), sql<boolean>`lower(fields_json) like ${pattern} escape '\\'`]);
}

/** Keeps a refused submission unless a cap is reached; true when kept. */
export async function keepSpam(
  db: Db,
  spam: {
    kind: SpamKind;
    reason: SpamReason;
    fields: Record<string, unknown>;
    clientAddress: string;
    sourcePage: string;
  },
  now: Date,
): Promise<boolean> {
  const key = shortenedAddress(clientKey(spam.clientAddress));
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const fromAddress = await db
    .selectFrom("spam_submissions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("client_key", "=", key)
    .where("received_at", ">", dayAgo)
    .executeTakeFirstOrThrow();
  if (Number(fromAddress.n) >= spamCaps.perAddressPerDay) return false;
  const all = await db
    .selectFrom("spam_submissions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(all.n) >= spamCaps.total) return false;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(spam.fields)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      // The attribution's landing page may be a booking link: kept as its route's pattern (ADR 061).
      const text = name === attributionField ? attributionWithoutCredentials(String(value)) : String(value);
      fields[name.slice(0, 60)] = text.slice(0, 5000);
    }
  }
  let json = JSON.stringify(fields);
  if (json.length > spamCaps.fieldsBytes) json = JSON.stringify({ truncated: json.slice(0, spamCaps.fieldsBytes) });
  const email = senderAddress(spam.fields).trim().toLowerCase().slice(0, 254);
  await db
    .insertInto("spam_submissions")
    .values({
      id: randomUUID(),
      kind: spam.kind,
      received_at: now.toISOString(),
      reason: spam.reason,
      fields_json: json,
      email,
      client_key: key,
      source_page: spam.sourcePage.slice(0, 300),
    })
    .execute();
  return true;
}

export type SpamEntry = {
  id: string;
  kind: SpamKind;
  receivedAt: string;
  reason: SpamReason;
  fields: Record<string, string>;
  sourcePage: string;
};

const toEntry = (r: {
  id: string;
  kind: SpamKind;
  received_at: string;
  reason: SpamReason;
  fields_json: string;
  source_page: string;
}): SpamEntry => ({
  id: r.id,
  kind: r.kind,
  receivedAt: r.received_at,
  reason: r.reason,
  fields: JSON.parse(r.fields_json) as Record<string, string>,
  sourcePage: r.source_page,
});

/** The newest kept refusals (50). */
export async function listSpam(db: Db): Promise<SpamEntry[]> {
  const rows = await db
    .selectFrom("spam_submissions")
    .select(["id", "kind", "received_at", "reason", "fields_json", "source_page"])
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return rows.map(toEntry);
}

/** What a kept refusal is (its kind), without taking it out; null if gone. */
export async function spamKindOf(db: Db, id: string): Promise<SpamKind | null> {
  const row = await db.selectFrom("spam_submissions").select("kind").where("id", "=", id).executeTakeFirst();
  return row?.kind ?? null;
}

/** Takes one out of the folder (to release it, or because it is spam after all); null if already gone. */
export async function takeSpam(db: Db, id: string): Promise<SpamEntry | null> {
  const row = await db
    .selectFrom("spam_submissions")
    .select(["id", "kind", "received_at", "reason", "fields_json", "source_page"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const deleted = await db.deleteFrom("spam_submissions").where("id", "=", id).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? toEntry(row) : null;
}
