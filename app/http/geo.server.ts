/**
 * The visitor's country, decided on the server:
 *
 * 1. the country header of the CDN in front of the site, if one is
 *    configured (COUNTRY_HEADER) and its value is a real country code;
 * 2. else a lookup of the client address in the local GeoIP database
 *    (geoip-lite, loaded on first use only);
 * 3. else "gb".
 *
 * The result is always a lowercase ISO 3166-1 alpha-2 code.
 */
import { BlockList, isIP } from "node:net";

/** Header names in which the common CDNs pass the visitor's country. */
export const countryHeaders = {
  cloudflare: "cf-ipcountry",
  cloudfront: "cloudfront-viewer-country",
  fastly: "fastly-client-country",
  vercel: "x-vercel-ip-country",
} as const;

export type GeoOptions = {
  /**
   * Name of the header a CDN in front of the site fills with the visitor's
   * country. Unset: no header is read, since visitors can send any header
   * themselves.
   */
  countryHeader?: string | undefined;
  /** Country code (any case) for a public address, or null if unknown. Default: geoip-lite. */
  lookupIp?: (ip: string) => Promise<string | null>;
};

/** Used whenever the country cannot be determined. */
const fallbackCountry = "gb";

/**
 * Two-letter values that CDNs and GeoIP databases use for "no country":
 * XX (Cloudflare: unknown), ZZ (unknown region), AA (user-assigned),
 * AP and EU (old MaxMind "Asia/Pacific" and "Europe" blocks).
 * T1 (Tor), A1, A2 and O1 contain digits and are rejected by the pattern.
 */
const notCountries = new Set(["xx", "zz", "aa", "ap", "eu"]);

/** A lowercase ISO 3166-1 alpha-2 code, or null for anything else. */
export function normaliseCountry(value: string | null | undefined): string | null {
  if (value == null) return null;
  const code = value.trim().toLowerCase();
  if (!/^[a-z]{2}$/.test(code) || notCountries.has(code)) return null;
  return code;
}

/**
 * Addresses that are not routed on the public internet, so have no country.
 * IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are checked against the
 * IPv4 ranges by BlockList itself.
 */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  nonPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["2001:db8::", 32], // documentation
] as const) {
  nonPublic.addSubnet(network, prefix, "ipv6");
}

/** True for a valid IPv4 or IPv6 address outside the private and reserved ranges. */
export function isPublicIp(ip: string): boolean {
  const address = ip.trim();
  const version = isIP(address);
  if (version === 0) return false;
  return !nonPublic.check(address, version === 4 ? "ipv4" : "ipv6");
}

/** The part of geoip-lite this module uses (the package ships no types). */
type GeoipLite = { lookup(ip: string): { country?: string } | null };

let geoipLite: Promise<GeoipLite> | undefined;

/**
 * geoip-lite reads its whole database into memory when first imported
 * (~150 ms, ~190 MB), so it is imported only when a lookup is needed, once.
 */
function loadGeoipLite(): Promise<GeoipLite> {
  geoipLite ??= import(
    // `as string` only hides the untyped package from TypeScript; the
    // compiled code keeps the literal specifier, so bundlers still see it.
    "geoip-lite" as string
  ).then(
    (module: { default?: GeoipLite } & Partial<GeoipLite>) => module.default ?? (module as GeoipLite),
    (error: unknown) => {
      geoipLite = undefined; // try again on the next lookup
      throw error;
    },
  );
  return geoipLite;
}

/** The default `lookupIp`: the country geoip-lite's bundled database gives the address. */
export async function lookupIpWithGeoipLite(ip: string): Promise<string | null> {
  const geoip = await loadGeoipLite();
  return geoip.lookup(ip)?.country || null; // "" for ranges without a country
}

/**
 * The visitor's country as a lowercase ISO 3166-1 alpha-2 code ("gb" if
 * unknown). Only the configured country header is read; `clientIp` is the
 * address the server saw (after its trusted-proxy handling).
 */
export async function detectCountry(
  request: { headers: Headers },
  clientIp: string | undefined,
  options: GeoOptions = {},
): Promise<string> {
  const headerName = options.countryHeader?.trim();
  if (headerName) {
    const fromHeader = normaliseCountry(request.headers.get(headerName));
    if (fromHeader) return fromHeader;
  }

  if (clientIp === undefined || !isPublicIp(clientIp)) return fallbackCountry;

  const lookupIp = options.lookupIp ?? lookupIpWithGeoipLite;
  try {
    return normaliseCountry(await lookupIp(clientIp.trim())) ?? fallbackCountry;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // The address itself is personal data, so it is not logged.
    console.warn(`Country lookup failed, using "${fallbackCountry}": ${reason}`);
    return fallbackCountry;
  }
}
