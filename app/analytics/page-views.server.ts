/**
 * Page views per page and London day (docs/decisions/031-attribution-and-page-views.md).
 * Counted in memory and added to the database every few seconds (one upsert
 * per page and day), so a view costs the request nothing; a crash loses at
 * most the last few seconds' counts. No address, identifier or other
 * visitor data is kept: a page, a day and a number.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/data/schema.ts";
import type { Logger } from "~/observability/log.server.ts";
import { londonDay } from "./weeks.ts";

export type PageViewCounter = {
  /** Counts one view of `page` now. */
  count(page: string): void;
  /** Writes what is counted so far. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
};

export function createPageViewCounter({
  db,
  flushMs = 5000,
  clock = () => new Date(),
  log,
}: {
  db: Kysely<Database>;
  flushMs?: number;
  clock?: () => Date;
  log?: Pick<Logger, "warn">;
}): PageViewCounter {
  let pending = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    writing = writing.then(async () => {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      const entries = [...batch];
      for (const [index, [key, views]] of entries.entries()) {
        const [day, path] = key.split("\n") as [string, string];
        try {
          await db
            .insertInto("page_views")
            .values({ day, path, views })
            .onConflict((oc) =>
              oc
                .columns(["day", "path"])
                .doUpdateSet((eb) => ({ views: eb("page_views.views", "+", eb.ref("excluded.views")) })),
            )
            .execute();
        } catch (error) {
          // This count and the rest are kept for the next write (the database may be back by then).
          for (const [left, n] of entries.slice(index)) pending.set(left, (pending.get(left) ?? 0) + n);
          log?.warn({ err: error }, "Page views: could not write the counts; trying again later");
          return;
        }
      }
    });
    return writing;
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  return {
    count(page) {
      const key = `${londonDay(clock())}\n${page}`;
      pending.set(key, (pending.get(key) ?? 0) + 1);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
