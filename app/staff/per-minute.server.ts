/**
 * "At most N a minute" for something a flood must not multiply (a refusal's
 * log line and audit entry, the report of a sign-in on a disabled account):
 * counted per key in this process's memory, so each instance allows its own N.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

export type PerMinute = {
  /**
   * Counts one for `key`: whether it is allowed, and, when not, whether it is
   * the first held back this minute (the moment to say the rest are). Never rejects.
   */
  take(key: string): Promise<{ allowed: boolean; firstHeldBack: boolean }>;
};

export function perMinute(keyPrefix: string, allowed: number): PerMinute {
  const limiter = new RateLimiterMemory({ keyPrefix, points: allowed, duration: 60 });
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return { allowed: true, firstHeldBack: false };
      } catch (rejected) {
        return {
          allowed: false,
          firstHeldBack: rejected instanceof RateLimiterRes && rejected.consumedPoints === allowed + 1,
        };
      }
    },
  };
}
