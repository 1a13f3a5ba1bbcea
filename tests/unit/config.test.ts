import path from "node:path";
import { describe, expect, it } from "vitest";
import { businessCalendar } from "~/content/business.ts";
import { ConfigError, isLocalHost, parseConfig } from "~/config/config.server.ts";

function errorOf(env: Record<string, string | undefined>): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("parseConfig accepted the environment");
}

describe("parseConfig", () => {
  it("uses the documented defaults for an empty environment", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", DATA_DIR: "./data", APP_ENV: "development" });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.dataDir).toBe(path.resolve("data"));
  });

  it("reads the outbox heartbeat and the page-view flush in seconds: by default 10 and 5, within 0.1–300", () => {
    expect(parseConfig({})).toMatchObject({ MAIL_HEARTBEAT_SECONDS: 10, PAGE_VIEWS_FLUSH_SECONDS: 5 });
    expect(parseConfig({ MAIL_HEARTBEAT_SECONDS: "0.5", PAGE_VIEWS_FLUSH_SECONDS: "0.2" })).toMatchObject({
      MAIL_HEARTBEAT_SECONDS: 0.5,
      PAGE_VIEWS_FLUSH_SECONDS: 0.2,
    });
    for (const name of ["MAIL_HEARTBEAT_SECONDS", "PAGE_VIEWS_FLUSH_SECONDS"]) {
      for (const value of ["0", "301", "soon"]) expect(errorOf({ [name]: value }).message).toContain(name);
    }
  });

  it("treats empty strings as unset", () => {
    const config = parseConfig({ PORT: "", HOST: "", DATA_DIR: "", APP_ENV: "" });
    expect(config).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", DATA_DIR: "./data", APP_ENV: "development" });
  });

  it("reads given values and coerces the port to a number", () => {
    const config = parseConfig({ PORT: "8080", HOST: "0.0.0.0", DATA_DIR: "/srv/site", APP_ENV: "production" });
    expect(config).toMatchObject({ PORT: 8080, HOST: "0.0.0.0", APP_ENV: "production", dataDir: "/srv/site" });
  });

  it.each(["abc", "70000", "0"])("rejects PORT=%s with a message naming PORT", (value) => {
    const error = errorOf({ PORT: value });
    expect(error.message).toMatch(/\bPORT\b/);
    expect(error.issues).toHaveLength(1);
  });

  it("rejects an unknown APP_ENV with a message naming APP_ENV", () => {
    const error = errorOf({ APP_ENV: "prod" });
    expect(error.message).toContain("APP_ENV");
    expect(error.message).not.toContain("PORT");
  });

  it("counts business hours with the content's bank holidays, or BANK_HOLIDAYS when set", () => {
    expect(parseConfig({}).businessCalendar.holidays).toEqual(new Set(businessCalendar.bankHolidays));
    const own = parseConfig({ BANK_HOLIDAYS: "2026-11-30, 2027-01-04" }).businessCalendar;
    expect(own.holidays).toEqual(new Set(["2026-11-30", "2027-01-04"]));
    expect(own).toMatchObject({ timeZone: "Europe/London", opens: { hour: 9, minute: 0 } });
  });

  it.each(["2026-02-30", "30/11/2026", "2026-11-30,tomorrow"])("rejects BANK_HOLIDAYS=%s, naming it", (value) => {
    const error = errorOf({ BANK_HOLIDAYS: value });
    expect(error.issues).toHaveLength(1);
    expect(error.message).toMatch(
      /^Invalid configuration:\n {2}- BANK_HOLIDAYS: ".+" is not a date written YYYY-MM-DD$/,
    );
  });

  it("refuses WEBINAR_JOIN_URLS, which is no longer read, saying where the links are set now", () => {
    const error = errorOf({ WEBINAR_JOIN_URLS: "scope-3-supplier-data=https://meet.example.com/j/2" });
    expect(error.message).toMatch(
      /WEBINAR_JOIN_URLS: is no longer read: set each webinar's joining link in the back office/,
    );
    expect(() => parseConfig({})).not.toThrow();
  });

  it("names every bad setting at once", () => {
    const error = errorOf({ PORT: "abc", APP_ENV: "prod", TRUST_PROXY_HOPS: "11" });
    expect(error.issues).toHaveLength(3);
    for (const name of ["PORT", "APP_ENV", "TRUST_PROXY_HOPS"]) expect(error.message).toContain(name);
  });

  it("is production under NODE_ENV=production (npm start) unless APP_ENV says otherwise", () => {
    expect(parseConfig({ NODE_ENV: "production" }).APP_ENV).toBe("production");
    expect(parseConfig({ NODE_ENV: "production", APP_ENV: "staging" }).APP_ENV).toBe("staging");
    expect(parseConfig({ NODE_ENV: "development" }).APP_ENV).toBe("development");
  });

  it("turns the test pages off in production unless TEST_PAGES=on", () => {
    expect(parseConfig({ NODE_ENV: "production" }).testPagesEnabled).toBe(false);
    expect(parseConfig({ NODE_ENV: "production", TEST_PAGES: "on" }).testPagesEnabled).toBe(true);
    expect(parseConfig({}).testPagesEnabled).toBe(true);
  });

  it("names each embedded fallback still in use in production, and none elsewhere", () => {
    const fallbacks = parseConfig({ NODE_ENV: "production" }).fallbacks;
    expect(fallbacks).toHaveLength(4);
    expect(fallbacks.join("\n")).toMatch(/SECRETS_KEY is unset: .* DATA_DIR\/secrets.key/);
    expect(fallbacks.join("\n")).toMatch(/SITE_URL is unset/);
    expect(fallbacks.join("\n")).toMatch(/SMTP_URL is unset/);
    expect(fallbacks.join("\n")).toMatch(/card payment is off/);
    expect(parseConfig({ NODE_ENV: "production", SITE_URL: "http://127.0.0.1:3000" }).fallbacks[0]).toMatch(
      /SITE_URL is local/,
    );
    expect(parseConfig({}).fallbacks).toEqual([]);
    const complete = parseConfig({
      NODE_ENV: "production",
      SITE_URL: "https://www.meridian-executive.co.uk",
      SMTP_URL: "smtp://mail.example:587",
      STRIPE_SECRET_KEY: "sk_live_abc",
      STRIPE_PUBLISHABLE_KEY: "pk_live_abc",
      SECRETS_KEY: "k".repeat(32),
    });
    expect(complete.fallbacks).toEqual([]);
  });

  it("needs SECRETS_KEY in production with PostgreSQL or a public address, and refuses a short one anywhere", () => {
    const key = "a-secrets-key-of-forty-four-characters-long-";
    expect(errorOf({ NODE_ENV: "production", SITE_URL: "https://www.meridian-executive.co.uk" }).message).toMatch(
      /SECRETS_KEY: required in production with a public SITE_URL/,
    );
    expect(errorOf({ NODE_ENV: "production", DATABASE_URL: "postgres://db/site" }).message).toMatch(
      /SECRETS_KEY: required in production with DATABASE_URL/,
    );
    expect(errorOf({ SECRETS_KEY: "too-short" }).message).toMatch(/SECRETS_KEY: must be at least 32 characters/);
    expect(errorOf({ SECRETS_KEY: key, SECRETS_KEY_PREVIOUS: `${key},short` }).message).toMatch(
      /SECRETS_KEY_PREVIOUS.*at least 32 characters/,
    );
    // The quick start (no settings) and other environments use the key file.
    expect(parseConfig({ NODE_ENV: "production" }).SECRETS_KEY).toBeUndefined();
    expect(parseConfig({ DATABASE_URL: "postgres://db/site" }).SECRETS_KEY).toBeUndefined();
    const set = parseConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/site",
      SECRETS_KEY: key,
      SECRETS_KEY_PREVIOUS: ` ${key}x , `,
    });
    expect(set.SECRETS_KEY_PREVIOUS).toEqual([`${key}x`]);
  });

  it("refuses a public SITE_URL without https in production, naming the setting", () => {
    const error = errorOf({ NODE_ENV: "production", SITE_URL: "http://www.meridian-executive.co.uk" });
    expect(error.message).toMatch(/SITE_URL: must be an https URL in production/);
    expect(parseConfig({ SITE_URL: "http://www.meridian-executive.co.uk" }).siteUrl).toBe(
      "http://www.meridian-executive.co.uk",
    );
  });

  it("refuses a malformed SITE_URL, naming the setting", () => {
    expect(errorOf({ NODE_ENV: "production", SITE_URL: "www.example.com" }).message).toContain("SITE_URL");
  });

  it.each([
    ["localhost", true],
    ["app.localhost", true],
    ["127.0.0.1", true],
    ["127.4.5.6", true],
    ["[::1]", true],
    ["0.0.0.0", true],
    ["www.meridian-executive.co.uk", false],
    ["10.0.0.5", false],
  ])("isLocalHost(%s) is %s", (host, local) => {
    expect(isLocalHost(host)).toBe(local);
  });

  it("requires a metrics token long enough not to be guessed", () => {
    expect(errorOf({ METRICS_TOKEN: "short" }).message).toContain("METRICS_TOKEN");
  });
});
