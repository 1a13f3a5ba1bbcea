/**
 * Webinars' joining links at rest (issue 37, ADR 062): a link is a
 * credential of the webinar's registrants, so the content keeps it sealed
 * under SECRETS_KEY (AES-256-GCM with a random nonce per value, as the
 * outbox's links: app/secrets/sealing.server.ts), in the draft and in every
 * revision published from it. The editor seals it when the team saves a
 * webinar and opens it to show the team the form; the e-mails to the
 * registrants open it when they are written. The site's pages never show
 * it. `rotate-secrets` (and each start) seals it anew under the current key,
 * and seals a link stored before this change (app/secrets/reseal.server.ts).
 * A live online course session's joining link (`joiningLink`, issue 41, ADR
 * 082) is its delegates' credential in the same way, and kept the same way.
 */
import { sealedValuePattern } from "~/content/schema.ts";
import { seal, unsealOrNull, type Keyring } from "~/secrets/sealing.server.ts";

const purpose = "webinar-link";

/** The content types that hold a joining link, and its field. */
export const joiningLinkFields: Readonly<Record<string, string>> = { webinar: "joinUrl", session: "joiningLink" };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isSealedLink = (value: string) => sealedValuePattern.test(value);

const httpsLink = (value: string) => {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
};

/** A stored link in readable form: null if it is sealed under no key of the ring. */
export function openJoiningLink(keys: Keyring, stored: string): string | null {
  return isSealedLink(stored) ? unsealOrNull(keys, stored, purpose) : stored;
}

/**
 * The item `data` (of `type`) to store, its joining link sealed. A link the
 * same as the one in `previous` (what is stored now) keeps that seal, so a
 * draft saved unchanged stays equal to what is published. A link that is not
 * https is left as typed, for the schema to refuse.
 */
export function sealJoiningLink(keys: Keyring, type: string, data: unknown, previous: unknown): unknown {
  const field = joiningLinkFields[type];
  if (!field || !isRecord(data) || typeof data[field] !== "string") return data;
  const link = data[field].trim();
  if (isSealedLink(link) || !httpsLink(link)) return data;
  const before = isRecord(previous) && typeof previous[field] === "string" ? previous[field] : null;
  if (before && isSealedLink(before) && openJoiningLink(keys, before) === link) return { ...data, [field]: before };
  return { ...data, [field]: seal(keys, link, purpose) };
}

/** Stored item `data` with its joining link readable, for the team's editor (a link no key opens is left out). */
export function withOpenJoiningLink<T>(keys: Keyring, type: string, data: T): T {
  const field = joiningLinkFields[type];
  if (!field || !isRecord(data) || typeof data[field] !== "string") return data;
  const { [field]: stored, ...rest } = data;
  const open = openJoiningLink(keys, stored as string);
  return (open === null ? rest : { ...rest, [field]: open }) as T;
}

/** The published webinars' links (by webinar id) opened, for the e-mails to their registrants. */
export function openJoiningLinks(keys: Keyring, stored: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(stored).flatMap(([id, value]) => {
      const open = openJoiningLink(keys, value);
      return open === null ? [] : [[id, open]];
    }),
  );
}
