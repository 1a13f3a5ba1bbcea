/**
 * The form rate limit: at most `max` submissions per client address in each
 * window of `windowSeconds` (a fixed window that starts with the client's
 * first submission), counted with rate-limiter-flexible in one of three
 * stores (ADR 012):
 *
 * - REDIS_URL set: Redis, shared by every instance (wins over PostgreSQL);
 * - else DATABASE_URL set: a table `rate_limits` in the PostgreSQL
 *   connection's current schema, shared by every instance;
 * - else (SQLite, one instance): this process's memory.
 *
 * When the shared store fails (Redis down, a PostgreSQL error) the library's
 * insurance limiter, in this process's memory, counts instead: each process
 * still limits (N instances then allow up to N times the limit), nothing
 * answers 5xx, and a warning is logged at most once a minute.
 */
import { isIP } from "node:net";
import { Redis } from "ioredis";
import type pg from "pg";
import type { Logger } from "pino";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { formFamilies, type FormFamily } from "~/forms/protection.ts";
import type { Metrics } from "~/observability/metrics.server.ts";

export type SubmissionLimiter = {
  /** Counts one submission from this client; false once it is over the limit. Never rejects. */
  consume(clientAddress: string): Promise<boolean>;
  /** Gives back one counted submission (a sign-in that turned out right: only failures count). Never rejects. */
  reward(clientAddress: string): Promise<void>;
  /** Where the counts live, for the start-up line (no credentials). */
  description: string;
  /** Stops the limiter's own connections and timers (not the shared PostgreSQL pool). */
  close(): Promise<void>;
};

export type SubmissionLimiterOptions = {
  max: number;
  windowSeconds: number;
  /** Redis (REDIS_URL): counts shared by every instance. Wins over `pgPool`. */
  redisUrl?: string;
  /** The database's PostgreSQL pool (DATABASE_URL): counts shared by every instance. */
  pgPool?: pg.Pool;
  /** What is limited, so that two limits never share counts: a Redis key prefix, a key prefix in the table. */
  keyPrefix?: string;
  /** The key a value is counted under (default: clientKey, for client addresses). */
  keyOf?: (value: string) => string;
  /** The `scope` label of `rate_limit_refusals_total`. */
  scope?: string;
  metrics?: Pick<Metrics, "rateLimited">;
  log?: Logger;
  /** Shortest time between two warnings about the shared store (default one minute). */
  warnEveryMs?: number;
};

/** The PostgreSQL table (in the connection's current schema). */
export const rateLimitTable = "rate_limits";

const redisOptions = {
  // Ready in start-up (below) or not at all: never queue a command for later,
  // so a Redis outage fails fast into the insurance limiter.
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
  commandTimeout: 1_000,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 5_000),
};

export async function createSubmissionLimiter(options: SubmissionLimiterOptions): Promise<SubmissionLimiter> {
  const { max, windowSeconds, redisUrl, pgPool, metrics, log } = options;
  const keyPrefix = options.keyPrefix ?? "submit";
  const scope = options.scope ?? "submission";
  const limits = { points: max, duration: windowSeconds, keyPrefix };
  const perWindow = `${max} per ${windowSeconds} s per client address`;

  let store: RateLimiterMemory | RateLimiterRedis | RateLimiterPostgres;
  let description: string;
  let closeStore = async () => {};

  if (redisUrl || pgPool) {
    const warning = throttledWarning(log, options.warnEveryMs ?? 60_000);
    let lastError: string | undefined;
    // Shared limits, with the library's insurance: while the shared store
    // fails, each process counts in its own memory.
    const insuranceLimiter = new InsuranceLimiter(limits, () => warning({ store: description, error: lastError }));
    // A client already over the limit is refused from this process's memory for
    // the rest of its window: a flood does not reach the shared store.
    const shared = { ...limits, insuranceLimiter, inMemoryBlockOnConsumed: max + 1 };
    if (redisUrl) {
      const url = new URL(redisUrl);
      description = `Redis at ${url.hostname}:${url.port || 6379}`;
      const client = new Redis(redisUrl, redisOptions);
      client.on("error", (error: Error) => {
        lastError = error.message;
      });
      client.on("ready", () => {
        lastError = undefined;
      });
      // Start-up waits for Redis (it answers in milliseconds) but does not
      // depend on it: unreachable, the insurance limiter counts until it is back.
      await client.connect().catch(() => {});
      store = new RateLimiterRedis({ ...shared, storeClient: client, rejectIfRedisNotReady: true });
      closeStore = async () => {
        if (client.status === "ready") await client.quit().catch(() => client.disconnect());
        else client.disconnect();
      };
    } else {
      const pool = pgPool!;
      // The table lives in the connection's own schema, named explicitly: two
      // schemas (two sites, two test runs) in one database never share counts.
      const schemaName = (await pool.query<{ schema: string | null }>("select current_schema() as schema")).rows[0]
        ?.schema;
      if (!schemaName)
        throw new Error("Rate limit: the PostgreSQL connection has no current schema to keep its table in");
      description = `PostgreSQL table "${schemaName}"."${rateLimitTable}"`;
      await unloggedTable(pool, schemaName);
      // The library sees every query through this, so a failure's reason reaches the warning.
      const client = {
        query: (query: pg.QueryConfig) =>
          pool.query(query).then(
            (result) => {
              lastError = undefined;
              return result;
            },
            (error: unknown) => {
              lastError = error instanceof Error ? error.message : String(error);
              throw error;
            },
          ),
      };
      store = await new Promise<RateLimiterPostgres>((resolve, reject) => {
        const limiter: RateLimiterPostgres = new RateLimiterPostgres(
          {
            ...shared,
            storeClient: client,
            storeType: "pool",
            schemaName,
            tableName: rateLimitTable,
            // Expired rows are deleted by our own timer (below), which close() stops.
            clearExpiredByTimeout: false,
          },
          (error?: unknown) => (error ? reject(error as Error) : resolve(limiter)),
        );
      });
      const postgres = store as unknown as { clearExpired(before: number): Promise<void> };
      const cleanup = setInterval(() => void postgres.clearExpired(Date.now() - 3_600_000), 300_000);
      cleanup.unref();
      closeStore = async () => clearInterval(cleanup);
    }
  } else {
    store = new RateLimiterMemory(limits);
    description = "this process's memory (one instance only)";
  }

  return {
    description: `rate limit ${perWindow} in ${description}`,
    async consume(clientAddress) {
      try {
        await store.consume((options.keyOf ?? clientKey)(clientAddress));
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          metrics?.rateLimited.inc({ scope });
          return false;
        }
        // Not reachable with the insurance limiter in place; if it ever is,
        // the visitor is not punished for our fault.
        log?.error({ err: error, scope }, "rate limit failed; request allowed");
        return true;
      }
    },
    async reward(clientAddress) {
      try {
        await store.reward((options.keyOf ?? clientKey)(clientAddress), 1);
      } catch (error) {
        log?.error({ err: error, scope }, "rate limit reward failed");
      }
    },
    close: () => closeStore(),
  };
}

/** Each public form family's numbers: posts allowed per client address per window. */
export type FormLimitSettings = Record<FormFamily, { max: number; windowSeconds: number }>;

/** The public forms' limits (ADR 059): one limiter per family, in one store. */
export type FormLimits = {
  /** Counts one post of `family` from this client address; false once over that family's limit. Never rejects. */
  consume(family: FormFamily, clientAddress: string): Promise<boolean>;
  description: string;
  close(): Promise<void>;
};

/**
 * The key prefix (Redis key, row key in the table) and metrics scope of each
 * family: never shared, so one family's posts never use up another's. The
 * enquiry forms keep the prefix they always had.
 */
export const formLimitScopes: Record<FormFamily, { keyPrefix: string; scope: string }> = {
  enquiry: { keyPrefix: "submit", scope: "submission" },
  booking: { keyPrefix: "booking", scope: "booking" },
  payment: { keyPrefix: "payment", scope: "payment" },
};

/**
 * The limits of every public form family, each counted per client address
 * (clientKey: the address itself, never with anything added) in its own
 * scope, in the store `createSubmissionLimiter` picks.
 */
export async function createFormLimits(
  settings: FormLimitSettings,
  store: Omit<SubmissionLimiterOptions, "max" | "windowSeconds" | "keyPrefix" | "keyOf" | "scope">,
): Promise<FormLimits> {
  const limiters = {} as Record<FormFamily, SubmissionLimiter>;
  for (const family of formFamilies) {
    limiters[family] = await createSubmissionLimiter({ ...store, ...settings[family], ...formLimitScopes[family] });
  }
  return {
    consume: (family, clientAddress) => limiters[family].consume(clientAddress),
    description: formFamilies.map((family) => `${family}: ${limiters[family].description}`).join("; "),
    async close() {
      for (const limiter of Object.values(limiters)) await limiter.close();
    },
  };
}

/**
 * The counts table, created before the library looks for it (its own CREATE
 * TABLE IF NOT EXISTS, same columns, then does nothing), as an UNLOGGED table:
 * a count is written on every submission, and a logged table would make each
 * one wait for its own flush to disk, as costly as storing the lead itself
 * (docs/decisions/012-shared-rate-limit.md). What that gives up: after a
 * PostgreSQL crash the table is empty (every client starts a fresh window) and
 * standbys do not have it (after a failover, the same). A table an earlier
 * version created as a logged one is changed.
 */
async function unloggedTable(pool: pg.Pool, schema: string): Promise<void> {
  const table = `${quoteIdentifier(schema)}.${quoteIdentifier(rateLimitTable)}`;
  try {
    await pool.query(
      `CREATE UNLOGGED TABLE IF NOT EXISTS ${table} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
    );
  } catch (error) {
    // Two instances starting at once: PostgreSQL does not make IF NOT EXISTS
    // safe against a concurrent creation: a unique violation on its catalogue
    // (23505), or the table's row type "already exists" (42710, 42P07).
    if (!["23505", "42710", "42P07"].includes((error as { code?: string }).code ?? "")) throw error;
  }
  const { rows } = await pool.query<{ persistence: string }>(
    "select c.relpersistence as persistence from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2",
    [schema, rateLimitTable],
  );
  if (rows[0]?.persistence === "p") await pool.query(`ALTER TABLE ${table} SET UNLOGGED`);
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The memory limiter the shared store falls back to; tells when it is used. */
class InsuranceLimiter extends RateLimiterMemory {
  private readonly onUse: () => void;

  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0], onUse: () => void) {
    super(options);
    this.onUse = onUse;
  }

  override consume(...args: Parameters<RateLimiterMemory["consume"]>) {
    this.onUse();
    return super.consume(...args);
  }
}

/** Logs the first fallback at once, then at most one line per `everyMs` with how many it summed up. */
function throttledWarning(log: Logger | undefined, everyMs: number) {
  let lastAt = -Infinity;
  let since = 0;
  return (fields: { store: string; error: string | undefined }) => {
    since += 1;
    const now = Date.now();
    if (now - lastAt < everyMs) return;
    log?.warn(
      { ...fields, fallbacks: since },
      "shared rate-limit store failed: counting in this process's memory (each instance limits on its own)",
    );
    lastAt = now;
    since = 0;
  };
}

/**
 * The key one client is counted under: its address as the server resolved it
 * (TRUST_PROXY_HOPS). An IPv4 address written as IPv6 (::ffff:192.0.2.1) is
 * the IPv4 client; an IPv6 client is counted by its /64 network (one
 * household or server gets a whole /64 and could pick a new address for every
 * request). Anything that is not an address shares one key.
 */
export function clientKey(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  if (mapped && isIP(mapped[1]!) === 4) return mapped[1]!;
  const version = isIP(trimmed);
  if (version === 4) return trimmed;
  if (version === 6) return `${ipv6Groups(trimmed).slice(0, 4).join(":")}::/64`;
  // Not an address (no address at all, or a misconfigured proxy passing
  // junk): one shared key, so junk cannot buy a fresh limit.
  return "unknown";
}

/** The eight groups of a valid IPv6 address, lowercase, without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16).toString(16));
}
