/** What the spam folder keeps of an IP address (app/spam/shortened-address.ts): never the whole of it. */
import { describe, expect, it } from "vitest";
import { clientKey } from "~/http/rate-limit.server.ts";
import { shortenedAddress } from "~/spam/shortened-address.ts";

describe("shortenedAddress", () => {
  it("keeps an IPv4 address's /24 network, however it arrived", () => {
    expect(shortenedAddress(clientKey("203.0.113.77"))).toBe("203.0.113.0/24");
    expect(shortenedAddress(clientKey("::ffff:198.51.100.7"))).toBe("198.51.100.0/24");
    expect(shortenedAddress(clientKey("192.0.2.1"))).toBe(shortenedAddress(clientKey("192.0.2.254")));
  });

  it("keeps an IPv6 address's /64, and anything else as the one shared key", () => {
    expect(shortenedAddress(clientKey("2001:db8:1:2::ffff"))).toBe("2001:db8:1:2::/64");
    expect(shortenedAddress(clientKey("not an address"))).toBe("unknown");
  });
});
