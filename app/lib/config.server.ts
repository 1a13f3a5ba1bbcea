/**
 * All settings, read once at start-up from the environment and validated.
 * A bad value stops start-up with a message naming the setting.
 * Every setting is listed, with its default, in .env.example and the README.
 */
import path from "node:path";
import { z } from "zod";

const port = z.coerce.number().int().min(1).max(65535);

export const configSchema = z.object({
  /** TCP port the server listens on. */
  PORT: port.default(3000),
  /** Interface the server listens on. */
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  /** Where the site keeps its files (database, e-mail files). */
  DATA_DIR: z.string().trim().min(1).default("./data"),
  /**
   * Where this copy of the site runs. Only "production" is indexed by search
   * engines; every other environment answers with X-Robots-Tag: noindex.
   */
  APP_ENV: z.enum(["development", "test", "staging", "production"]).default("development"),
  /** Trust X-Forwarded-* from this many proxies in front of the server. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Name of the request header in which a CDN in front of the site passes
   * the visitor's country (cf-ipcountry, cloudfront-viewer-country,
   * fastly-client-country, x-vercel-ip-country). Unset: GeoIP lookup of the
   * client address. Only the configured header is trusted.
   */
  COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, { error: "must be a header name" })
    .optional(),
  /**
   * Booking page of the scheduling service for the 15-minute call (https).
   * Unset: the booking section shows "Booking System Temporarily Unavailable".
   */
  SCHEDULER_URL: z.url({ protocol: /^https$/, error: "must be an https URL" }).optional(),
});

export type AppConfig = z.infer<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "ConfigError";
    this.issues = issues;
  }
}

/** Empty strings count as unset, so `PORT=` in a .env file means "default". */
function withoutEmpty(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = configSchema.safeParse(withoutEmpty(env));
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
    );
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}
