import { randomBytes } from "node:crypto";

/** A random, unguessable token for links in e-mails (downloads, newsletter confirmation and unsubscribe). */
export const newToken = () => randomBytes(24).toString("base64url");
