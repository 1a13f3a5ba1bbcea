/**
 * The submission rate limit in this process's memory (the SQLite default):
 * the limit, the window, separate clients, the refusal metric, and the key a
 * client address is counted under. The shared stores (PostgreSQL, Redis) and
 * their outages: tests/data/rate-limit.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clientKey, createSubmissionLimiter, type SubmissionLimiter } from "~/http/rate-limit.server.ts";
import { createMetrics } from "~/observability/metrics.server.ts";
import { pollUntil } from "../../harness/servers.ts";

const open: SubmissionLimiter[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((limiter) => limiter.close()));
});

async function memoryLimiter(options: {
  max: number;
  windowSeconds: number;
  metrics?: ReturnType<typeof createMetrics>;
}) {
  const limiter = await createSubmissionLimiter(options);
  open.push(limiter);
  return limiter;
}

const consumeTimes = async (limiter: SubmissionLimiter, key: string, times: number) => {
  const answers: boolean[] = [];
  for (let i = 0; i < times; i++) answers.push(await limiter.consume(key));
  return answers;
};

describe("submission rate limit in memory", () => {
  it("allows max submissions per client in the window, then refuses; another client has its own count", async () => {
    const limiter = await memoryLimiter({ max: 3, windowSeconds: 600 });
    expect(limiter.description).toBe(
      "rate limit 3 per 600 s per client address in this process's memory (one instance only)",
    );
    expect(await consumeTimes(limiter, "192.0.2.1", 5)).toEqual([true, true, true, false, false]);
    expect(await consumeTimes(limiter, "192.0.2.2", 4)).toEqual([true, true, true, false]);
  });

  it("allows the client again once its window has passed", async () => {
    const limiter = await memoryLimiter({ max: 2, windowSeconds: 1 });
    const started = Date.now();
    expect(await consumeTimes(limiter, "192.0.2.10", 3)).toEqual([true, true, false]);
    // Refusals do not extend the window: it ends one second after the first submission.
    const allowedAgain = await pollUntil(() => limiter.consume("192.0.2.10"), 3_000, 50);
    expect(allowedAgain).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(2_500);
    // A fresh window: one more allowed, then refused again.
    expect(await consumeTimes(limiter, "192.0.2.10", 2)).toEqual([true, false]);
  });

  it("counts each refusal in rate_limit_refusals_total{scope=submission}", async () => {
    const metrics = createMetrics();
    const limiter = await memoryLimiter({ max: 1, windowSeconds: 600, metrics });
    await consumeTimes(limiter, "192.0.2.20", 4);
    const { values } = await metrics.rateLimited.get();
    expect(values).toEqual([expect.objectContaining({ labels: { scope: "submission" }, value: 3 })]);
  });

  it("counts an IPv6 client by its /64 network, and an IPv4 client written as IPv6 as that IPv4 client", async () => {
    const limiter = await memoryLimiter({ max: 2, windowSeconds: 600 });
    expect(await limiter.consume("2001:db8:aa:1::1")).toBe(true);
    expect(await limiter.consume("2001:db8:aa:1:ffff:ffff:ffff:ffff")).toBe(true);
    expect(await limiter.consume("2001:db8:aa:1:1234::9")).toBe(false);
    expect(await limiter.consume("2001:db8:aa:2::1")).toBe(true);

    expect(await limiter.consume("198.51.100.7")).toBe(true);
    expect(await limiter.consume("::ffff:198.51.100.7")).toBe(true);
    expect(await limiter.consume("198.51.100.7")).toBe(false);
  });
});

describe("clientKey", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    [" 203.0.113.9 ", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::FFFF:203.0.113.9", "203.0.113.9"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:0DB8:00aa:0001:0:0:0:1", "2001:db8:aa:1::/64"],
    ["2001:db8:aa:1::", "2001:db8:aa:1::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
    ["", "unknown"],
    ["<script>", "unknown"],
    ["1.2.3.4, 5.6.7.8", "unknown"],
  ])("%j is counted as %j", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
