import { afterEach, describe, expect, it, vi } from "vitest";
import {
  countryHeaders,
  detectCountry,
  isPublicIp,
  lookupIpWithGeoipLite,
  normaliseCountry,
} from "~/http/geo.server.ts";

function request(headers: Record<string, string> = {}) {
  return { headers: new Headers(headers) };
}

/** A lookup that must not decide the result unless a test expects it to. */
function lookupGiving(country: string | null) {
  return vi.fn(async (_ip: string) => country);
}

const publicIp = "8.8.8.8";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("countryHeaders", () => {
  it("names the documented CDN headers", () => {
    expect(countryHeaders).toEqual({
      cloudflare: "cf-ipcountry",
      cloudfront: "cloudfront-viewer-country",
      fastly: "fastly-client-country",
      vercel: "x-vercel-ip-country",
    });
  });
});

describe("normaliseCountry", () => {
  it.each([
    ["GB", "gb"],
    ["fr", "fr"],
    ["De", "de"],
    ["  us\t", "us"],
    ["XK", "xk"], // Kosovo, as Cloudflare and CloudFront send it
  ])("turns %j into %j", (value, expected) => {
    expect(normaliseCountry(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    "",
    "   ",
    "XX",
    "xx",
    "T1",
    "A1",
    "A2",
    "O1",
    "ZZ",
    "EU",
    "AP",
    "G",
    "GBR",
    "1",
    "g b",
    "gb;",
    "é€",
  ])("rejects %j", (value) => {
    expect(normaliseCountry(value)).toBeNull();
  });
});

describe("isPublicIp", () => {
  it.each([
    "8.8.8.8",
    "81.2.69.142",
    "1.0.0.1",
    "9.255.255.255",
    "11.0.0.0",
    "126.255.255.255",
    "128.0.0.1",
    "172.15.255.255",
    "172.32.0.0",
    "192.167.255.255",
    "192.169.0.0",
    "2001:4860:4860::8888",
    "2a00:1450:4009:81f::200e",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    " 8.8.8.8 ",
  ])("%j is public", (ip) => {
    expect(isPublicIp(ip)).toBe(true);
  });

  it.each([
    // IPv4 private, loopback, link-local and other reserved ranges
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.0",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "192.168.255.255",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "192.0.2.1",
    "224.0.0.1",
    "255.255.255.255",
    // IPv6 loopback, unique local, link-local, unspecified, multicast, documentation
    "::1",
    "0:0:0:0:0:0:0:1",
    "::",
    "fc00::1",
    "fd12:3456:789a::1",
    "fe80::1",
    "fe80::1%eth0",
    "febf:ffff::1",
    "ff02::1",
    "2001:db8::1",
    // IPv4-mapped IPv6 forms of private addresses
    "::ffff:127.0.0.1",
    "::FFFF:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.1.2.3",
    "::ffff:172.16.0.1",
    "::ffff:192.168.1.1",
    "::ffff:169.254.0.1",
    // not addresses at all
    "",
    "localhost",
    "unknown",
    "999.1.1.1",
    "8.8.8.8:443",
    "[::1]",
  ])("%j is not public", (ip) => {
    expect(isPublicIp(ip)).toBe(false);
  });
});

describe("detectCountry: configured header", () => {
  it.each(Object.entries(countryHeaders))("reads the %s header (%s)", async (_cdn, header) => {
    const lookupIp = lookupGiving("de");
    const country = await detectCountry(request({ [header]: "FR" }), publicIp, { countryHeader: header, lookupIp });
    expect(country).toBe("fr");
    expect(lookupIp).not.toHaveBeenCalled();
  });

  it.each([
    ["FR", "fr"],
    ["fr", "fr"],
    ["Fr", "fr"],
    [" IE ", "ie"],
    ["\tus", "us"],
  ])("accepts the value %j as %j", async (value, expected) => {
    const lookupIp = lookupGiving("de");
    const country = await detectCountry(request({ "cf-ipcountry": value }), publicIp, {
      countryHeader: "cf-ipcountry",
      lookupIp,
    });
    expect(country).toBe(expected);
    expect(lookupIp).not.toHaveBeenCalled();
  });

  it("reads any configured header name, in any case", async () => {
    const lookupIp = lookupGiving("de");
    const country = await detectCountry(request({ "x-geo-country": "NZ" }), publicIp, {
      countryHeader: "X-Geo-Country",
      lookupIp,
    });
    expect(country).toBe("nz");
    expect(lookupIp).not.toHaveBeenCalled();
  });

  it("uses the header even when the client address is private", async () => {
    const lookupIp = lookupGiving("de");
    const country = await detectCountry(request({ "x-vercel-ip-country": "JP" }), "10.0.0.7", {
      countryHeader: countryHeaders.vercel,
      lookupIp,
    });
    expect(country).toBe("jp");
  });

  it("ignores country headers when none is configured", async () => {
    const lookupIp = lookupGiving("de");
    const headers = {
      "cf-ipcountry": "FR",
      "cloudfront-viewer-country": "FR",
      "fastly-client-country": "FR",
      "x-vercel-ip-country": "FR",
    };
    expect(await detectCountry(request(headers), publicIp, { lookupIp })).toBe("de");
    expect(await detectCountry(request(headers), publicIp, { countryHeader: undefined, lookupIp })).toBe("de");
    expect(await detectCountry(request(headers), publicIp, { countryHeader: "  ", lookupIp })).toBe("de");
    expect(lookupIp).toHaveBeenCalledTimes(3);
  });

  it("ignores a header other than the configured one", async () => {
    const lookupIp = lookupGiving("de");
    const country = await detectCountry(request({ "cf-ipcountry": "FR" }), publicIp, {
      countryHeader: countryHeaders.cloudfront,
      lookupIp,
    });
    expect(country).toBe("de");
    expect(lookupIp).toHaveBeenCalledWith(publicIp);
  });

  it("falls through to the lookup when the configured header is missing", async () => {
    const lookupIp = lookupGiving("de");
    const country = await detectCountry(request(), publicIp, { countryHeader: "cf-ipcountry", lookupIp });
    expect(country).toBe("de");
    expect(lookupIp).toHaveBeenCalledWith(publicIp);
  });

  it.each(["XX", "T1", "", "A1", "A2", "ZZ", "GBR", "G", "1", "--", "unknown"])(
    "falls through to the lookup for the header value %j",
    async (value) => {
      const lookupIp = lookupGiving("de");
      const country = await detectCountry(request({ "cf-ipcountry": value }), publicIp, {
        countryHeader: "cf-ipcountry",
        lookupIp,
      });
      expect(country).toBe("de");
      expect(lookupIp).toHaveBeenCalledExactlyOnceWith(publicIp);
    },
  );
});

describe("detectCountry: address lookup", () => {
  it("uses the lookup's country, lowercased", async () => {
    const lookupIp = lookupGiving("US");
    expect(await detectCountry(request(), "2001:4860:4860::8888", { lookupIp })).toBe("us");
    expect(lookupIp).toHaveBeenCalledWith("2001:4860:4860::8888");
  });

  it.each([
    "127.0.0.1",
    "::1",
    "10.1.2.3",
    "172.20.0.1",
    "192.168.1.10",
    "169.254.0.1",
    "fc00::1",
    "fd00::abcd",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:192.168.1.10",
    "",
    "not-an-ip",
  ])("gives gb for %j without a lookup", async (ip) => {
    const lookupIp = lookupGiving("de");
    expect(await detectCountry(request(), ip, { lookupIp })).toBe("gb");
    expect(lookupIp).not.toHaveBeenCalled();
  });

  it("gives gb for an unknown client address without a lookup", async () => {
    const lookupIp = lookupGiving("de");
    expect(
      await detectCountry(request({ "cf-ipcountry": "XX" }), undefined, { countryHeader: "cf-ipcountry", lookupIp }),
    ).toBe("gb");
    expect(lookupIp).not.toHaveBeenCalled();
  });

  it.each([null, "", "XX", "A1", "EU"])("gives gb when the lookup returns %j", async (result) => {
    const lookupIp = lookupGiving(result);
    expect(await detectCountry(request(), publicIp, { lookupIp })).toBe("gb");
    expect(lookupIp).toHaveBeenCalledExactlyOnceWith(publicIp);
  });

  it("gives gb and warns with the reason when the lookup throws", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const lookupIp = vi.fn(async (_ip: string): Promise<string | null> => {
      throw new Error("database file is corrupt");
    });
    expect(await detectCountry(request(), publicIp, { lookupIp })).toBe("gb");
    expect(lookupIp).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain("database file is corrupt");
  });

  it("warns also when the lookup throws something that is not an Error", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const lookupIp = vi.fn((_ip: string): Promise<string | null> => Promise.reject("no database"));
    expect(await detectCountry(request(), publicIp, { lookupIp })).toBe("gb");
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain("no database");
  });
});

// The bundled geoip-lite database (node_modules/geoip-lite/data), not a stub.
// Each address below was checked against it first; the UK ones include
// MaxMind's documented GB test address 81.2.69.142 and the BBC's 212.58.244.20.
describe("default lookup: the real geoip-lite database", () => {
  it.each([
    ["8.8.8.8", "US"],
    ["81.2.69.142", "GB"],
    ["212.58.244.20", "GB"],
    ["193.0.6.139", "NL"],
    ["2001:4860:4860::8888", "US"],
    ["::ffff:8.8.8.8", "US"],
  ])("geoip-lite places %s in %s", async (ip, expected) => {
    expect(await lookupIpWithGeoipLite(ip)).toBe(expected);
  });

  it("gives null for an address the database has no country for", async () => {
    // 1.1.1.1 is in the database, but with an empty country.
    expect(await lookupIpWithGeoipLite("1.1.1.1")).toBeNull();
  });

  it.each([
    ["8.8.8.8", "us"],
    ["193.0.6.139", "nl"],
    ["2001:4860:4860::8888", "us"],
    ["81.2.69.142", "gb"],
  ])("detectCountry without an injected lookup gives %s -> %s", async (ip, expected) => {
    expect(await detectCountry(request(), ip)).toBe(expected);
  });

  it("detectCountry without an injected lookup gives gb for 1.1.1.1 (no country in the database)", async () => {
    const warn = vi.spyOn(console, "warn");
    expect(await detectCountry(request(), "1.1.1.1")).toBe("gb");
    expect(warn).not.toHaveBeenCalled();
  });

  it("detectCountry prefers the configured header over the database", async () => {
    expect(await detectCountry(request({ "cf-ipcountry": "FR" }), "8.8.8.8", { countryHeader: "cf-ipcountry" })).toBe(
      "fr",
    );
    expect(await detectCountry(request({ "cf-ipcountry": "T1" }), "8.8.8.8", { countryHeader: "cf-ipcountry" })).toBe(
      "us",
    );
  });
});

// A fresh copy of the module with geoip-lite replaced by a counting stand-in,
// to see when (and how often) the database module is imported.
describe("default lookup: lazy loading", () => {
  afterEach(() => {
    vi.doUnmock("geoip-lite");
    vi.resetModules();
  });

  async function freshGeoWith(factory: () => { default: { lookup(ip: string): { country: string } | null } }) {
    vi.resetModules();
    vi.doMock("geoip-lite", factory);
    return import("~/http/geo.server.ts");
  }

  it("imports geoip-lite only when an address lookup is needed, and only once", async () => {
    const lookup = vi.fn((ip: string) => (ip === "8.8.8.8" ? { country: "US" } : { country: "CA" }));
    const factory = vi.fn(() => ({ default: { lookup } }));
    const geo = await freshGeoWith(factory);
    expect(factory).not.toHaveBeenCalled();

    // Header answers, private addresses and unknown addresses need no database.
    expect(
      await geo.detectCountry(request({ "cf-ipcountry": "FR" }), "8.8.8.8", { countryHeader: "cf-ipcountry" }),
    ).toBe("fr");
    expect(await geo.detectCountry(request(), "192.168.0.1")).toBe("gb");
    expect(await geo.detectCountry(request(), undefined)).toBe("gb");
    expect(geo.isPublicIp("8.8.8.8")).toBe(true);
    expect(factory).not.toHaveBeenCalled();

    // Concurrent first lookups share one import; later lookups reuse it.
    const first = await Promise.all([
      geo.detectCountry(request(), "8.8.8.8"),
      geo.detectCountry(request(), "24.48.0.1"),
    ]);
    expect(first).toEqual(["us", "ca"]);
    expect(await geo.detectCountry(request(), "8.8.8.8")).toBe("us");
    expect(factory).toHaveBeenCalledOnce();
    expect(lookup).toHaveBeenCalledTimes(3);
  });

  it("gives gb with a warning if geoip-lite cannot be loaded, and tries again next time", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let attempts = 0;
    const geo = await freshGeoWith(() => {
      attempts += 1;
      if (attempts === 1) throw new Error("cannot read geoip-country.dat");
      return { default: { lookup: () => ({ country: "US" }) } };
    });

    expect(await geo.detectCountry(request(), "8.8.8.8")).toBe("gb");
    expect(warn).toHaveBeenCalledOnce();
    // Vitest wraps errors thrown by mock factories in its own message, so only
    // check that a reason follows (the exact reason is checked further up).
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^Country lookup failed, using "gb": \S/);

    expect(await geo.detectCountry(request(), "8.8.8.8")).toBe("us");
    expect(attempts).toBe(2);
  });
});
