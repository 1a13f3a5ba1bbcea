import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/lib/config.server.ts";

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

  it("names every bad setting at once", () => {
    const error = errorOf({ PORT: "abc", APP_ENV: "prod", TRUST_PROXY_HOPS: "11" });
    expect(error.issues).toHaveLength(3);
    for (const name of ["PORT", "APP_ENV", "TRUST_PROXY_HOPS"]) expect(error.message).toContain(name);
  });
});
