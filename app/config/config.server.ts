/**
 * All settings, read once at start-up from the environment and validated.
 * A bad value stops start-up with a message naming the setting.
 * Every setting is listed, with its default, in .env.example and docs/configuration.md.
 */
import path from "node:path";
import { z } from "zod";
import { organisation } from "../content/organisation.ts";
import { type BusinessCalendar, siteCalendar } from "../calendar/business-hours.ts";
import { minimumKeyLength } from "../secrets/sealing.server.ts";

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
   * Unset: "production" under NODE_ENV=production (npm start), else "development".
   */
  APP_ENV: z.enum(["development", "test", "staging", "production"]).optional(),
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
  /**
   * PostgreSQL connection (postgres://user@host:5432/db). Unset: SQLite in
   * DATA_DIR/site.db.
   */
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// URL" })
    .optional(),
  /**
   * Outgoing mail server (smtp://user:pass@host:587 or smtps://...:465).
   * Unset: every e-mail is written as a .eml file under DATA_DIR/mail.
   */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, { error: "must be an smtp:// or smtps:// URL" })
    .optional(),
  /** Sender of the site's e-mails. */
  MAIL_FROM: z.string().trim().min(3).default(`${organisation.name} <no-reply@meridian-executive.co.uk>`),
  /**
   * Days the response-time promise does not count (besides weekends), as
   * London dates "YYYY-MM-DD", comma-separated. Unset: the bank holidays of
   * England and Wales in app/content/business.ts (2026-2027).
   */
  BANK_HOLIDAYS: z.string().trim().optional(),
  /**
   * Gone: each webinar's joining link is now part of its content, set in the
   * back office (/admin/content/webinar). Set, it stops start-up with that
   * message, so links set here are not silently lost.
   */
  WEBINAR_JOIN_URLS: z
    .string()
    .optional()
    .refine((value) => value === undefined, {
      error:
        "is no longer read: set each webinar's joining link in the back office (Site content › Webinars), then unset it",
    }),
  /** Where lead notifications go (the team's inbox). */
  TEAM_EMAIL: z.email({ error: "must be an e-mail address" }).default(organisation.legalContact.email),
  /**
   * The daily digest to TEAM_EMAIL on working days at 08:30 London time (new
   * leads, enquiries near or past their deadline): "on" or "off".
   */
  DAILY_DIGEST: z.enum(["on", "off"]).default("on"),
  /**
   * Webhook endpoints on this machine's loopback (http://127.0.0.1:…,
   * http://localhost:…): "on" allows them, for a relay or receiver running
   * beside the site; "off" (default) allows only https addresses on the
   * internet. Private and link-local networks are refused either way.
   */
  WEBHOOK_LOCAL_RECEIVERS: z.enum(["on", "off"]).default("off"),
  /**
   * Public address of the site, for links in e-mails (download, confirm,
   * unsubscribe). Unset: http://localhost:PORT.
   */
  SITE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /**
   * The test pages (/test-forms): "on" or "off". Unset: on everywhere except
   * APP_ENV=production.
   */
  TEST_PAGES: z.enum(["on", "off"]).optional(),
  /** Form submissions allowed per client address in each window. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  /** The rate limit's window, in seconds. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /**
   * Course booking posts allowed per client address in each window, counted
   * apart from the other forms (ADR 059). Per address: bookers from many
   * addresses are never refused together.
   */
  BOOKING_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /** The booking limit's window, in seconds. */
  BOOKING_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /**
   * Back-office sign-in attempts (passwords and codes), right or wrong,
   * allowed per client address in 15 minutes. The per-account limits are
   * fixed (app/staff/sign-in-limits.server.ts, ADR 037).
   */
  STAFF_SIGN_IN_MAX: z.coerce.number().int().min(1).default(30),
  /** Longest wait between two attempts to send one e-mail (retries back off up to this). */
  MAIL_RETRY_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** An e-mail still unsent this many hours after it was queued is given up (marked dead). */
  MAIL_GIVE_UP_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(72),
  /** How many e-mails one process sends at the same time. */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /**
   * How often each process's outbox worker records that it is alive and takes
   * back the e-mails (and webhooks) claimed by dead owners: on the same host at
   * once, elsewhere after three beats of silence. Every instance sharing a
   * database should use the same value (ADR 009).
   */
  MAIL_HEARTBEAT_SECONDS: z.coerce.number().min(0.1).max(300).default(10),
  /** How often the page views counted in memory are added to the database (ADR 031). */
  PAGE_VIEWS_FLUSH_SECONDS: z.coerce.number().min(0.1).max(300).default(5),
  /**
   * Redis (redis://host:6379) for the shared rate limit. Unset: the limit is
   * kept in PostgreSQL when DATABASE_URL is set, else in this process's memory.
   */
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, { error: "must be a redis:// or rediss:// URL" })
    .optional(),
  /** Log level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Write the JSON log to this file (rotated daily, kept 30 days) instead of
   * standard output.
   */
  LOG_FILE: z.string().trim().min(1).optional(),
  /** Serve Prometheus metrics on this port (on METRICS_HOST), apart from the site. */
  METRICS_PORT: port.optional(),
  /** Interface of the metrics port. */
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  /** Serve Prometheus metrics at /metrics on the site's port to requests bearing this token. */
  METRICS_TOKEN: z.string().trim().min(24, { error: "must be at least 24 characters" }).optional(),
  /** Where `npm run backup` writes SQLite snapshots. Unset: DATA_DIR/backups. */
  BACKUP_DIR: z.string().trim().min(1).optional(),
  /** How many SQLite snapshots `npm run backup` keeps (the oldest are deleted). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  /**
   * Stripe secret key (sk_test_... or sk_live_...). With the publishable key,
   * turns card payment on; a test key also turns the /test-payment page on.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, { error: "must be a Stripe secret key (sk_test_... or sk_live_...)" })
    .optional(),
  /** Stripe publishable key (pk_test_... or pk_live_...), sent to the browser. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .trim()
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, { error: "must be a Stripe publishable key (pk_...)" })
    .optional(),
  /** Signing secret of the Stripe webhook endpoint (whsec_...). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_]+$/, { error: "must be a Stripe webhook secret (whsec_...)" })
    .optional(),
  /**
   * Base URL of the Stripe API. Unset: Stripe's own (https://api.stripe.com).
   * The tests point it at a local Stripe-shaped server.
   */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** How long an invoice booking's places are held for its booker to confirm it from their inbox (ADR 060). */
  BOOKING_CONFIRM_HOURS: z.coerce.number().min(0.1).max(72).default(2),
  /** The share of a session's places that bookings waiting for confirmation may hold at once, in percent. */
  BOOKING_UNCONFIRMED_SESSION_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  /** The places one booker address may hold in bookings waiting for confirmation, over all sessions. */
  BOOKING_UNCONFIRMED_PER_BOOKER_PLACES: z.coerce.number().int().min(1).max(1000).default(12),
  /** The bookings waiting for confirmation one booker address may have at once. */
  BOOKING_UNCONFIRMED_PER_BOOKER_BOOKINGS: z.coerce.number().int().min(1).max(100).default(3),
  /** How many days after its session ends a booking link stops working (issue 37, ADR 063). */
  BOOKING_LINK_DAYS_AFTER_COURSE: z.coerce.number().int().min(1).max(3650).default(30),
  /** A form sent sooner than this after it was shown is refused (bots). 0: off. */
  FORM_MIN_FILL_SECONDS: z.coerce.number().min(0).max(60).default(3),
  /**
   * The key that encrypts secrets kept in the database (second-factor keys,
   * one-time links waiting in the outbox): at least 32 characters, e.g.
   * `openssl rand -base64 32`. Unset: a key made once in DATA_DIR/secrets.key
   * (refused in production with PostgreSQL or a public SITE_URL).
   */
  SECRETS_KEY: z
    .string()
    .trim()
    .min(minimumKeyLength, { error: `must be at least ${minimumKeyLength} characters (openssl rand -base64 32)` })
    .optional(),
  /** During a key rotation: the previous key(s), comma-separated, which still open what they sealed. */
  SECRETS_KEY_PREVIOUS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().min(minimumKeyLength, { error: `each key must be at least ${minimumKeyLength} characters` })),
    )
    .optional(),
});

export type AppConfig = Omit<z.infer<typeof configSchema>, "APP_ENV"> & {
  APP_ENV: "development" | "test" | "staging" | "production";
  dataDir: string;
  backupDir: string;
  /**
   * In production, each embedded fallback still in use, in a sentence
   * (logged as one warning at start-up, listed by /readyz). Empty elsewhere.
   */
  fallbacks: string[];
  /** SITE_URL without a trailing slash, or http://localhost:PORT. */
  siteUrl: string;
  /** Business hours with BANK_HOLIDAYS (or the content's list). */
  businessCalendar: BusinessCalendar;
  testPagesEnabled: boolean;
  /** Both Stripe keys are set: card payment works. */
  paymentsEnabled: boolean;
  /** The Stripe keys are test keys: the /test-payment pages exist. */
  stripeTestMode: boolean;
};

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

/** localhost, 127.0.0.0/8, ::1, 0.0.0.0: addresses that only reach this machine. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === "::1" ||
    host === "0.0.0.0"
  );
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = configSchema.safeParse(withoutEmpty(env));
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`));
  }
  const c = result.data;
  const appEnv = c.APP_ENV ?? (env.NODE_ENV === "production" ? "production" : "development");
  const production = appEnv === "production";
  const siteHost = c.SITE_URL ? new URL(c.SITE_URL).hostname : "localhost";
  if (production && c.SITE_URL && !isLocalHost(siteHost) && !c.SITE_URL.startsWith("https://")) {
    throw new ConfigError([
      `SITE_URL: must be an https URL in production (links in e-mails would be sent over plain http): ${c.SITE_URL}`,
    ]);
  }
  // One key for every instance, kept apart from the server's disk: a real
  // deployment (PostgreSQL, or a public address) must name it.
  const publicSite = !!c.SITE_URL && !isLocalHost(siteHost);
  if (production && !c.SECRETS_KEY && (c.DATABASE_URL || publicSite)) {
    throw new ConfigError([
      `SECRETS_KEY: required in production ${c.DATABASE_URL ? "with DATABASE_URL" : "with a public SITE_URL"} (at least ${minimumKeyLength} characters, e.g. openssl rand -base64 32; every instance the same)`,
    ]);
  }
  let calendar: BusinessCalendar;
  try {
    calendar = siteCalendar(c.BANK_HOLIDAYS?.split(",").map((date) => date.trim()));
  } catch (error) {
    throw new ConfigError([`BANK_HOLIDAYS: ${(error as Error).message}`]);
  }
  const paymentsEnabled = !!(c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY);
  const fallbacks: string[] = [];
  if (production) {
    if (!c.SITE_URL || isLocalHost(siteHost)) {
      fallbacks.push(
        `SITE_URL is ${c.SITE_URL ? `local (${c.SITE_URL})` : "unset"}: links in e-mails point at this machine, not the public site`,
      );
    }
    if (!c.SMTP_URL) fallbacks.push("SMTP_URL is unset: e-mails are written to files in DATA_DIR/mail, not sent");
    if (!paymentsEnabled) fallbacks.push("STRIPE_SECRET_KEY/STRIPE_PUBLISHABLE_KEY are unset: card payment is off");
    if (!c.SECRETS_KEY) {
      fallbacks.push("SECRETS_KEY is unset: the key that encrypts second-factor keys is kept in DATA_DIR/secrets.key");
    }
  }
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    APP_ENV: appEnv,
    dataDir,
    backupDir: path.resolve(c.BACKUP_DIR ?? path.join(dataDir, "backups")),
    fallbacks,
    siteUrl: (c.SITE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ""),
    businessCalendar: calendar,
    testPagesEnabled: c.TEST_PAGES ? c.TEST_PAGES === "on" : !production,
    paymentsEnabled,
    stripeTestMode:
      !!(c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY) &&
      /^(sk|rk)_test_/.test(c.STRIPE_SECRET_KEY!) &&
      c.STRIPE_PUBLISHABLE_KEY!.startsWith("pk_test_"),
  };
}
