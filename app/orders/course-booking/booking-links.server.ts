/**
 * The booking link (/booking/{token}): how a booker sees their booking, its
 * invoices and, for a card booking, pays. A credential: the token is 32
 * random bytes, given to the booker only (the address the booking page sends
 * them to, and their confirmation e-mail, where the outbox keeps it sealed);
 * the database keeps its SHA-256 alone, so a copy of the database opens no
 * booking. Erasing a booking's booker removes its links. A link expires
 * (./link-expiry.ts); a new one sent to the booker revokes the others: their
 * rows are deleted, so a revoked link is as unknown as one never made.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { looksLikeToken, newToken, tokenHash } from "~/secrets/tokens.server.ts";

/** The insert of a link that makes `token` open booking `bookingId` (written with a new booking by ./placing.server.ts). */
export function bookingLinkInsert(trx: Transaction<Database>, bookingId: string, token: string, now: Date) {
  return trx
    .insertInto("course_booking_links")
    .values({ id: randomUUID(), token_hash: tokenHash(token), booking_id: bookingId, created_at: now.toISOString() });
}

/** A new link to booking `bookingId`: its token (kept nowhere but in what the booker gets). */
export async function newBookingLink(trx: Transaction<Database>, bookingId: string, now: Date): Promise<string> {
  const token = newToken();
  await bookingLinkInsert(trx, bookingId, token, now).execute();
  return token;
}

/** Every link to booking `bookingId` stops opening it. */
export async function revokeBookingLinks(trx: Transaction<Database>, bookingId: string): Promise<void> {
  await trx.deleteFrom("course_booking_links").where("booking_id", "=", bookingId).execute();
}

export type StoredLink = { bookingId: string; createdAt: Date; sessionEndsAt: Date };

/** The stored link a token is, expired or not; null for anything that is not a link (unknown, revoked, erased). */
export async function linkFor(db: Db, token: string): Promise<StoredLink | null> {
  if (!looksLikeToken(token)) return null;
  const row = await db
    .selectFrom("course_booking_links as l")
    .innerJoin("course_bookings as b", "b.id", "l.booking_id")
    .select(["l.booking_id", "l.created_at", "b.session_ends_at"])
    .where("l.token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  return row
    ? { bookingId: row.booking_id, createdAt: new Date(row.created_at), sessionEndsAt: new Date(row.session_ends_at) }
    : null;
}
