/**
 * What the spam folder keeps of a refused visitor's IP address: a shortened
 * form, as the privacy notice says. It starts from the rate limit's client
 * key (app/http/rate-limit.server.ts: an IPv4 address, an IPv6 /64, or
 * "unknown") and keeps an IPv4 address's /24 network; an IPv6 key is its /64
 * already. The folder's cap per address counts this same value.
 */
const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/;

export function shortenedAddress(clientKey: string): string {
  const four = ipv4.exec(clientKey);
  return four ? `${four[1]}.${four[2]}.${four[3]}.0/24` : clientKey;
}
