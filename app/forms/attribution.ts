/**
 * Attribution: the visit that brought a lead (docs/decisions/031-attribution-and-page-views.md).
 * The page script keeps, for the length of the visit, the page the visitor
 * landed on, the site that sent them (its domain only) and the campaign
 * tags of the landing address, in the browser's sessionStorage (no
 * cookie), and adds them to every form's data; a visitor who objects (on
 * /cookies) is remembered in localStorage and nothing is kept. The server
 * reads the field with `parseAttribution`: anything malformed is dropped,
 * never a reason to refuse a lead. A landing page that carries a credential
 * (a booking link) is kept as its route's pattern (`/booking/:token`).
 * Client-safe and pure.
 */
import * as v from "valibot";
import { withoutCredentials } from "../addresses/credential-routes.ts";

/** The form field the page script adds (a JSON string). */
export const attributionField = "attribution";
/** sessionStorage: this visit's source. */
export const attributionStorageKey = "visit-source";
/** localStorage: "1" once the visitor has objected. */
export const attributionOptOutKey = "visit-source-off";

export type Attribution = {
  landingPage: string;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
};

/** An empty value is no value (a malformed one is dropped: `v.fallback`). */
const orNull = v.transform((value: string) => value || null);

const tag = v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(100), orNull), null);

/** What the page script stores: short keys keep it to a few dozen bytes. */
const stored = v.object({
  l: v.pipe(v.string(), v.maxLength(300), v.regex(/^\/[^\s]*$/)),
  r: v.fallback(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.maxLength(253),
      v.regex(/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^$/),
      orNull,
    ),
    null,
  ),
  s: tag,
  m: tag,
  c: tag,
});

/** The attribution in a submitted form field, or null if there is none or it is malformed. */
export function parseAttribution(raw: unknown): Attribution | null {
  if (typeof raw !== "string" || raw.length > 1000) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = v.safeParse(stored, value);
  if (!parsed.success) return null;
  const { l, r, s, m, c } = parsed.output;
  // A booking, download or set-up link is kept as its route's pattern, never as the link (ADR 061).
  return { landingPage: withoutCredentials(l), referrer: r, utmSource: s, utmMedium: m, utmCampaign: c };
}

/** "google / cpc / spring-launch", or "" when the visit carried no campaign tags. */
export function campaignLabel(a: Pick<Attribution, "utmSource" | "utmMedium" | "utmCampaign">): string {
  return [a.utmSource, a.utmMedium, a.utmCampaign].filter(Boolean).join(" / ");
}

/**
 * The attribution field as posted, kept as it is (a refused post in the spam
 * folder, to be released later) but for a landing page that carries a
 * credential, which becomes its route's pattern; anything that is not the
 * page script's JSON is kept whole (it holds no landing page to redact).
 */
export function attributionWithoutCredentials(raw: string): string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (typeof value !== "object" || value === null || typeof (value as { l?: unknown }).l !== "string") return raw;
  const landing = (value as { l: string }).l;
  const cleaned = withoutCredentials(landing);
  return cleaned === landing ? raw : JSON.stringify({ ...value, l: cleaned });
}
