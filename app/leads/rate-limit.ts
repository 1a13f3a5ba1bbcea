/**
 * A fixed-window counter per client address: at most `max` submissions in
 * each window of `windowMs`. In memory, per server process.
 */
export function createRateLimiter({
  max,
  windowMs,
  clock = () => Date.now(),
}: {
  max: number;
  windowMs: number;
  clock?: () => number;
}) {
  const windows = new Map<string, { start: number; count: number }>();
  return function allow(key: string): boolean {
    const now = clock();
    if (windows.size > 10_000) {
      for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
    }
    const current = windows.get(key);
    if (!current || now - current.start >= windowMs) {
      windows.set(key, { start: now, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= max;
  };
}
