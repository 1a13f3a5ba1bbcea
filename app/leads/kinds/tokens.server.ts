/**
 * The tokens of the links a lead's e-mails carry (a guide's download, the
 * newsletter's confirmation and unsubscribe links). Each is a credential,
 * given to the address's owner only: the database keeps its SHA-256 alone,
 * so a copy of the database opens no link, and the outbox keeps the token
 * sealed until it sends the e-mail (OutgoingEmail.secrets).
 */
import { createHash, randomBytes } from "node:crypto";

/** A random, unguessable token (192 bits, base64url: 32 characters). */
export const newToken = () => randomBytes(24).toString("base64url");

/** What the database keeps of a token: its SHA-256, in hex. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token as a link carries it: base64url, of a sane length (anything else is not one of ours). */
export const looksLikeToken = (value: string) => /^[A-Za-z0-9_-]{16,128}$/.test(value);
