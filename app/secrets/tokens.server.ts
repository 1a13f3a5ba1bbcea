/**
 * Bearer tokens: the one-time links' (a booking's page, a waiting list's
 * confirmation and offer, a questionnaire, a guide's download, the
 * newsletter's confirmation and unsubscribe links, a staff account's set-up
 * and reset links) and the staff's sessions and CSRF tokens. Each is a
 * credential, given to its holder only: the database keeps its SHA-256
 * alone, so a copy of the database opens nothing, and an e-mail carrying
 * one keeps it sealed in the outbox until it is sent (OutgoingEmail.secrets).
 */
import { createHash, randomBytes } from "node:crypto";

/** A new random, unguessable token: 256 bits, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString("base64url");

/** What the database keeps of a token: its SHA-256, in hex. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A token as a link or a cookie carries it: base64url of a sane length.
 * Anything else is not one of ours, and is refused before any lookup.
 */
export const looksLikeToken = (value: string) => /^[A-Za-z0-9_-]{16,128}$/.test(value);
