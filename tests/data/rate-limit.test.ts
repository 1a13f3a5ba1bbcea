/**
 * The submission rate limit across instances. Two limiters stand for two
 * server processes: each has its own connection (pool, Redis client), as two
 * processes would. With the database on PostgreSQL, or with Redis, they share
 * one count per client; on SQLite each counts alone (one instance only).
 * When the shared store fails, each still limits on its own (the insurance
 * limiter), never rejects, and says so in a warning that is itself limited.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createFormLimits,
  createSubmissionLimiter,
  formLimitScopes,
  rateLimitTable,
  type FormLimits,
  type SubmissionLimiter,
  type SubmissionLimiterOptions,
} from "~/http/rate-limit.server.ts";
import { freePort } from "../../harness/ports.ts";
import { pollUntil } from "../../harness/servers.ts";
import { dialects, openTestDatabase, postgresUrl, type TestDatabase } from "./databases.ts";
import { useTestDatabase } from "./fixtures.ts";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Limiters and connections a test opened, closed after it. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function limiter(options: SubmissionLimiterOptions): Promise<SubmissionLimiter> {
  const created = await createSubmissionLimiter(options);
  cleanups.push(() => created.close());
  return created;
}

/** A logger whose warnings the test reads. */
function capturedLog() {
  const lines: { msg: string; store?: string; error?: string; fallbacks?: number }[] = [];
  const log = pino({ level: "warn" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** Consumes in turn on each limiter (a, b, a, b, …): what a load balancer does. */
async function alternate(limiters: SubmissionLimiter[], key: string, times: number) {
  const answers: boolean[] = [];
  for (let i = 0; i < times; i++) answers.push(await limiters[i % limiters.length]!.consume(key));
  return answers;
}

const fiveThenRefused = [true, true, true, true, true, false, false];

/** A second pool on the same schema: the connection another server process would have. */
async function secondPool(t: TestDatabase): Promise<pg.Pool> {
  const schema = await currentSchema(t.handle.pgPool!);
  const url = new URL(postgresUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  cleanups.push(() => pool.end());
  return pool;
}

const currentSchema = async (pool: pg.Pool) =>
  (await pool.query<{ schema: string }>("select current_schema() as schema")).rows[0]!.schema;

describe.each(dialects)("the submission limit with the database on %s", (dialect) => {
  const t = useTestDatabase(dialect);

  // What each of two instances over this database allows one client, 7 tries in turn.
  const expected = {
    // Shared: 5 in all, whichever instance counts them.
    postgres: fiveThenRefused,
    // Each instance counts alone and allows its own 5: all 7 pass.
    sqlite: [true, true, true, true, true, true, true],
  }[dialect];

  it(`two instances: ${dialect === "postgres" ? "one shared count per client" : "each counts alone"}`, async () => {
    const pools = dialect === "postgres" ? [t.handle.pgPool!, await secondPool(t)] : [undefined, undefined];
    const [a, b] = await Promise.all(pools.map((pgPool) => limiter({ max: 5, windowSeconds: 600, pgPool })));
    expect(await alternate([a!, b!], "192.0.2.1", 7)).toEqual(expected);
    // Another client is counted apart.
    expect(await alternate([b!, a!], "192.0.2.2", 7)).toEqual(expected);
    expect(a!.description).toMatch(
      dialect === "postgres"
        ? /^rate limit 5 per 600 s per client address in PostgreSQL table "t_\w+"\."rate_limits"$/
        : /this process's memory/,
    );
  });
});

describe("the submission limit in PostgreSQL", () => {
  let t: TestDatabase;
  let other: TestDatabase;
  beforeAll(async () => {
    [t, other] = await Promise.all([openTestDatabase("postgres"), openTestDatabase("postgres")]);
  });
  afterAll(async () => {
    await Promise.all([t?.dispose(), other?.dispose()]);
  });

  it("keeps its table in the connection's own schema: another schema (another site, another test run) has its own counts", async () => {
    const here = await limiter({ max: 2, windowSeconds: 600, pgPool: t.handle.pgPool });
    const there = await limiter({ max: 2, windowSeconds: 600, pgPool: other.handle.pgPool });
    expect(await alternate([here], "192.0.2.3", 3)).toEqual([true, true, false]);
    expect(await alternate([there], "192.0.2.3", 3)).toEqual([true, true, false]);
    for (const { handle } of [t, other]) {
      const schema = await currentSchema(handle.pgPool!);
      const { rows } = await handle.pgPool!.query<{ key: string; points: number }>(
        `select key, points from "${schema}"."${rateLimitTable}" where key like 'submit:%'`,
      );
      expect(rows).toEqual([{ key: "submit:192.0.2.3", points: 3 }]);
    }
  });

  const persistence = async (pool: pg.Pool) =>
    (
      await pool.query<{ persistence: string }>(
        "select c.relpersistence as persistence from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relname = $1",
        [rateLimitTable],
      )
    ).rows.map((row) => row.persistence);

  it("keeps its counts in an UNLOGGED table (no flush to disk per submission), and makes an earlier logged one so", async () => {
    await limiter({ max: 2, windowSeconds: 600, pgPool: t.handle.pgPool });
    expect(await persistence(t.handle.pgPool!)).toEqual(["u"]);

    // A table as the library creates it (what an earlier version of the site left).
    const pool = other.handle.pgPool!;
    await pool.query(`drop table if exists ${rateLimitTable}`);
    await pool.query(
      `create table ${rateLimitTable} (key varchar(255) primary key, points integer not null default 0, expire bigint)`,
    );
    await pool.query(`insert into ${rateLimitTable} (key, points, expire) values ('submit:192.0.2.9', 2, $1)`, [
      Date.now() + 600_000,
    ]);
    expect(await persistence(pool)).toEqual(["p"]);
    const upgraded = await limiter({ max: 2, windowSeconds: 600, pgPool: pool });
    expect(await persistence(pool)).toEqual(["u"]);
    // Its counts are kept.
    expect(await upgraded.consume("192.0.2.9")).toBe(false);
  });

  it("when its table is gone, each instance limits on its own, never fails, and warns once", async () => {
    const schema = await currentSchema(t.handle.pgPool!);
    const { log, lines } = capturedLog();
    const options = { max: 5, windowSeconds: 600, log };
    const a = await limiter({ ...options, pgPool: t.handle.pgPool });
    const b = await limiter({ ...options, pgPool: await secondPool(t) });
    expect(await alternate([a, b], "192.0.2.4", 2)).toEqual([true, true]);

    await t.handle.pgPool!.query(`drop table "${schema}"."${rateLimitTable}"`);
    // Each process counts in its own memory from now on: 5 each.
    expect(await alternate([a], "192.0.2.4", 6)).toEqual([true, true, true, true, true, false]);
    expect(await alternate([b], "192.0.2.4", 6)).toEqual([true, true, true, true, true, false]);
    // One line per limiter (not one per request), with the reason.
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toMatchObject({
        msg: expect.stringMatching(/counting in this process's memory/),
        store: `PostgreSQL table "${schema}"."rate_limits"`,
        error: expect.stringMatching(/relation .*rate_limits.* does not exist/),
        fallbacks: 1,
      });
    }
  });
});

describe("the submission limit in Redis", () => {
  let probe: Redis;
  let prefix: string;
  beforeAll(async () => {
    probe = new Redis(redisUrl, { lazyConnect: true });
    await probe.connect();
  });
  afterAll(async () => {
    await probe?.quit();
  });
  afterEach(async () => {
    // A random prefix per test: runs never meet; its keys go afterwards.
    const keys = await probe.keys(`${prefix}:*`);
    if (keys.length) await probe.del(...keys);
  });
  const fresh = () => (prefix = `test-${randomBytes(6).toString("hex")}`);

  it("two instances share one count per client; another client is counted apart", async () => {
    const keyPrefix = fresh();
    const [a, b] = await Promise.all([1, 2].map(() => limiter({ max: 5, windowSeconds: 600, redisUrl, keyPrefix })));
    expect(a!.description).toMatch(/^rate limit 5 per 600 s per client address in Redis at 127\.0\.0\.1:\d+$/);
    expect(await alternate([a!, b!], "192.0.2.5", 7)).toEqual(fiveThenRefused);
    expect(await alternate([b!, a!], "192.0.2.6", 7)).toEqual(fiveThenRefused);
    expect(await probe.get(`${keyPrefix}:192.0.2.5`)).toBe("7");
    const ttl = await probe.ttl(`${keyPrefix}:192.0.2.5`);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it("a client over the limit is refused from the instance's memory for the rest of its window: a flood does not reach Redis", async () => {
    const keyPrefix = fresh();
    const a = await limiter({ max: 5, windowSeconds: 600, redisUrl, keyPrefix });
    expect(await alternate([a], "192.0.2.12", 6)).toEqual([true, true, true, true, true, false]);
    expect(await alternate([a], "192.0.2.12", 20)).toEqual(Array(20).fill(false));
    expect(await probe.get(`${keyPrefix}:192.0.2.12`)).toBe("6");
  });

  it("wins over PostgreSQL: with both, the counts are in Redis", async () => {
    const keyPrefix = fresh();
    const t = await openTestDatabase("postgres");
    cleanups.push(() => t.dispose());
    const both = await limiter({ max: 5, windowSeconds: 600, redisUrl, keyPrefix, pgPool: t.handle.pgPool });
    expect(both.description).toMatch(/in Redis at/);
    expect(await both.consume("192.0.2.7")).toBe(true);
    expect(await probe.get(`${keyPrefix}:192.0.2.7`)).toBe("1");
    const schema = await currentSchema(t.handle.pgPool!);
    const { rowCount } = await t.handle.pgPool!.query(
      "select 1 from information_schema.tables where table_schema = $1 and table_name = $2",
      [schema, rateLimitTable],
    );
    expect(rowCount).toBe(0);
  });

  it("unreachable from the start: start-up goes on, each instance limits on its own, never fails, warns once", async () => {
    fresh();
    const nobody = `redis://127.0.0.1:${await freePort()}`;
    const { log, lines } = capturedLog();
    const started = Date.now();
    const [a, b] = await Promise.all(
      [1, 2].map(() => limiter({ max: 5, windowSeconds: 600, redisUrl: nobody, keyPrefix: prefix, log })),
    );
    expect(Date.now() - started).toBeLessThan(1_500);
    // In turn, as a load balancer would: each instance allows its own 5.
    expect(await alternate([a!, b!], "192.0.2.8", 12)).toEqual([...Array(10).fill(true), false, false]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      store: expect.stringMatching(/^Redis at 127\.0\.0\.1:\d+$/),
      error: expect.stringMatching(/ECONNREFUSED/),
      fallbacks: 1,
    });
  });

  it("a repeated outage warning sums up the fallbacks since the last one", async () => {
    fresh();
    const nobody = `redis://127.0.0.1:${await freePort()}`;
    const { log, lines } = capturedLog();
    const a = await limiter({
      max: 100,
      windowSeconds: 600,
      redisUrl: nobody,
      keyPrefix: prefix,
      log,
      warnEveryMs: 300,
    });
    await alternate([a], "192.0.2.9", 3);
    expect(lines.map((l) => l.fallbacks)).toEqual([1]);
    // The next warning comes once 300 ms have passed, counting the calls since the first.
    const second = await pollUntil(async () => (await a.consume("192.0.2.9"), lines[1]), 3_000, 50);
    expect(second?.fallbacks).toBeGreaterThanOrEqual(3);
  });

  describe("a Redis of the test's own that goes down and comes back", () => {
    let port: number;
    let server: ChildProcess | undefined;
    const start = async () => {
      server = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        {
          stdio: "ignore",
        },
      );
      const ping = new Redis(port, "127.0.0.1", { lazyConnect: true, retryStrategy: () => null });
      ping.on("error", () => {});
      await pollUntil(
        () =>
          ping.connect().then(
            () => true,
            () => false,
          ),
        5_000,
        50,
      );
      ping.disconnect();
    };
    const stop = async () => {
      const running = server;
      server = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGKILL");
      await exited;
    };
    beforeAll(async () => {
      port = await freePort();
    });
    afterEach(stop);

    it("down: each instance limits on its own and nothing fails; back: the count is shared again", async () => {
      fresh();
      await start();
      const url = `redis://127.0.0.1:${port}`;
      const { log, lines } = capturedLog();
      const [a, b] = await Promise.all(
        [1, 2].map(() => limiter({ max: 5, windowSeconds: 600, redisUrl: url, keyPrefix: prefix, log })),
      );
      expect(await alternate([a!, b!], "192.0.2.10", 4)).toEqual([true, true, true, true]);

      await stop();
      // Each process starts a count of its own: 5 each, then refused.
      expect(await alternate([a!], "192.0.2.10", 6)).toEqual([true, true, true, true, true, false]);
      expect(await alternate([b!], "192.0.2.10", 6)).toEqual([true, true, true, true, true, false]);
      expect(lines).toHaveLength(2);
      expect(lines.every((l) => l.store === `Redis at 127.0.0.1:${port}`)).toBe(true);

      // Back (empty: it keeps nothing on disk): both reconnect and share one count again.
      await start();
      const probeBack = new Redis(port, "127.0.0.1");
      cleanups.push(() => probeBack.quit());
      const key = `${prefix}:192.0.2.11`;
      const shared = await pollUntil(
        async () => {
          await probeBack.del(key);
          await Promise.all([a!.consume("192.0.2.11"), b!.consume("192.0.2.11")]);
          return (await probeBack.get(key)) === "2";
        },
        10_000,
        100,
      );
      expect(shared).toBe(true);
    });
  });
});

/**
 * The public forms' limits (ADR 059), as the server builds them: each family
 * (enquiries, bookings, the consultation's payment) counts per client address
 * in its own scope, in every store. Issue 37: the booking form counted every
 * visitor under one key, so one visitor refused every booker.
 */
describe("the form families' limits", () => {
  const settings = {
    enquiry: { max: 2, windowSeconds: 600 },
    booking: { max: 3, windowSeconds: 600 },
    payment: { max: 1, windowSeconds: 600 },
  };
  /** Addresses of this run's own (Redis outlives the test): 10.x.y.z. */
  const address = () => `10.${randomBytes(3).join(".")}`;

  async function familyLimits(store: Parameters<typeof createFormLimits>[1]): Promise<FormLimits> {
    const created = await createFormLimits(settings, store);
    cleanups.push(() => created.close());
    return created;
  }

  async function countedApart(limits: FormLimits) {
    const [a, b, c] = [address(), address(), address()];
    // One address's bookings: its own 3, then refused.
    const bookingsFromA: boolean[] = [];
    for (let i = 0; i < 5; i++) bookingsFromA.push(await limits.consume("booking", a));
    expect(bookingsFromA).toEqual([true, true, true, false, false]);
    // Another address books as if the first had never posted.
    for (let i = 0; i < 3; i++) expect(await limits.consume("booking", b)).toBe(true);
    expect(await limits.consume("booking", b)).toBe(false);
    // The first address's enquiries and payment are counted apart from its bookings.
    expect([await limits.consume("enquiry", a), await limits.consume("enquiry", a)]).toEqual([true, true]);
    expect(await limits.consume("enquiry", a)).toBe(false);
    expect([await limits.consume("payment", a), await limits.consume("payment", a)]).toEqual([true, false]);
    // And an address that used up its enquiries still books.
    for (let i = 0; i < 3; i++) await limits.consume("enquiry", c);
    expect(await limits.consume("booking", c)).toBe(true);
    return { a, b, c };
  }

  describe.each(dialects)("with the database on %s", (dialect) => {
    const t = useTestDatabase(dialect);

    it("two addresses are counted apart, and the booking and enquiry families are counted apart", async () => {
      const limits = await familyLimits({ pgPool: t.handle.pgPool });
      const { a } = await countedApart(limits);
      if (dialect === "postgres") {
        const { rows } = await t.handle.pgPool!.query<{ key: string; points: number }>(
          `select key, points from ${rateLimitTable} where key like $1 order by key`,
          [`%:${a}`],
        );
        // One row per family, keyed by the bare address under the family's
        // prefix (a count past max + 1 is refused from memory, not stored).
        expect(rows).toEqual([
          { key: `booking:${a}`, points: 4 },
          { key: `payment:${a}`, points: 2 },
          { key: `submit:${a}`, points: 3 },
        ]);
      } else {
        expect(limits.description).toMatch(
          /booking: rate limit 3 per 600 s per client address in this process's memory/,
        );
      }
    });
  });

  describe("in Redis", () => {
    let probe: Redis;
    const used: string[] = [];
    beforeAll(async () => {
      probe = new Redis(redisUrl, { lazyConnect: true });
      await probe.connect();
    });
    afterAll(async () => {
      const keys = used.flatMap((a) => Object.values(formLimitScopes).map((s) => `${s.keyPrefix}:${a}`));
      if (keys.length) await probe.del(...keys);
      await probe?.quit();
    });

    it("two addresses are counted apart, and the booking and enquiry families are counted apart", async () => {
      const limits = await familyLimits({ redisUrl });
      expect(limits.description).toMatch(/booking: rate limit 3 per 600 s per client address in Redis/);
      const { a, b, c } = await countedApart(limits);
      used.push(a, b, c);
      expect(await probe.get(`booking:${a}`)).toBe("4");
      expect(await probe.get(`submit:${a}`)).toBe("3");
      expect(await probe.get(`booking:${b}`)).toBe("4");
    });
  });
});
