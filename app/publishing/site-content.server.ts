/**
 * What this instance serves of the published content
 * (docs/decisions/045-content-in-the-database.md). At start-up: seeds the
 * types never seeded from the release's content, then reads what is
 * published and serves it (`serveCatalogue`). Afterwards: looks at the
 * content's version every `pollMs` (one row) and reads the content again when
 * it moved, so a publish on any instance is served by every instance within
 * that time; the instance that publishes reads it at once (`refresh`).
 *
 * With the version it reads the places of course sessions' stamp (one row,
 * `placesVersion`), so the pages that show places left are rendered again
 * within that time after a booking on any instance, at once on the instance
 * that calls `placesChanged` (docs/decisions/055-course-sessions-as-content.md).
 *
 * Published content that no longer builds a catalogue (a release whose
 * schemas became stricter than what the team published) is not served: the
 * instance keeps what it serves and logs an error, so a page never fails
 * because of content.
 */
import type { Db } from "~/data/db.server.ts";
import { buildCatalogue, ContentError, serveCatalogue, servedContentVersion } from "~/content/index.server.ts";
import { serveRedirects } from "~/content/redirects.server.ts";
import { servePublishedTimes } from "~/content/site-map.server.ts";
import { PollTimer } from "~/jobs/poll-timer.ts";
import type { ScheduledJob } from "~/jobs/scheduler.server.ts";
import type { Logger } from "~/observability/log.server.ts";
import { contentVersion } from "./store/core.server.ts";
import { publishDue } from "./store/changes.server.ts";
import { publishedContent } from "./store/reading.server.ts";
import { seedContent } from "./store/seeding.server.ts";
import { readGuideFile } from "./guide-files.server.ts";
import { placesLeft } from "~/orders/course-booking/places.server.ts";
import { sql } from "kysely";

export type SiteContent = {
  /** The content version this instance serves. */
  version(): number;
  /** Reads the published content if its version moved; true if it did. */
  refresh(): Promise<boolean>;
  /** Called with each new version served (after the catalogue is swapped). */
  onChange(listener: (version: number) => void): void;
  /** The places of course sessions as last read: changes whenever a session's places or capacity change. */
  placesVersion(): string;
  /** Reads the places' stamp now (the booking code calls it after taking or releasing places). */
  placesChanged(): Promise<void>;
  /** What each session has left (a session without a places row is not in the map). */
  placesLeft(sessionKeys: readonly string[]): Promise<Map<string, number>>;
  /** An uploaded guide PDF (guide-files.server.ts), to serve; null if there is none by that id. */
  guideFile(id: string): ReturnType<typeof readGuideFile>;
  close(): void;
};

export type SiteContentOptions = {
  db: Db;
  log: Logger;
  /** How often to look for a publish made by another instance. */
  pollMs?: number;
  now?: () => Date;
};

export async function startSiteContent({
  db,
  log,
  pollMs = 1000,
  now = () => new Date(),
}: SiteContentOptions): Promise<SiteContent> {
  const { seeded } = await seedContent(db, now());
  if (seeded.length) log.info({ types: seeded }, "Content: seeded from this release");
  const listeners: ((version: number) => void)[] = [];
  /** The version last read and found unusable: not read again until it moves. */
  let refused = -1;
  let reading: Promise<boolean> | null = null;

  const read = async (): Promise<boolean> => {
    const latest = await contentVersion(db);
    if (latest === servedContentVersion() || latest === refused) return false;
    const { version, source, redirects, published } = await publishedContent(db);
    try {
      const next = buildCatalogue(source);
      // With the catalogue, at once: its redirects and its pages' publish times (ADR 047).
      serveRedirects(redirects);
      servePublishedTimes(published);
      serveCatalogue(next, version);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      refused = version;
      log.error(
        { err: error, version, served: servedContentVersion() },
        "Content: the published content is not valid; still serving the previous version",
      );
      return false;
    }
    for (const listener of listeners) listener(version);
    return true;
  };
  // One read at a time; a refresh asked for during one waits for it and reads again.
  const refresh = async (): Promise<boolean> => {
    while (reading) await reading.catch(() => {});
    reading = read();
    try {
      return await reading;
    } finally {
      reading = null;
    }
  };

  let places = "";
  // One read of the stamp at a time (an aggregate over every session): the calls made while one
  // is under way share the single read that starts after it, which sees each of their changes.
  // Twenty bookings at once read it twice, not twenty times.
  let stampRead: Promise<void> | null = null;
  let stampReadNext: Promise<void> | null = null;
  const placesChanged = (): Promise<void> => {
    if (!stampRead) {
      stampRead = placesStamp(db)
        .then((stamp) => {
          places = stamp;
        })
        .finally(() => {
          stampRead = null;
        });
      return stampRead;
    }
    stampReadNext ??= stampRead
      .catch(() => {})
      .then(() => {
        stampReadNext = null;
        return placesChanged();
      });
    return stampReadNext;
  };

  await refresh();
  await placesChanged();
  let closed = false;
  const timer: PollTimer = new PollTimer(pollMs, () => {
    Promise.all([refresh(), placesChanged()])
      .catch((error: unknown) => log.warn({ err: error }, "Content: could not look for a new version"))
      .finally(() => {
        if (!closed) timer.arm();
      });
  });
  timer.arm();
  return {
    version: servedContentVersion,
    refresh,
    onChange: (listener) => void listeners.push(listener),
    placesVersion: () => places,
    placesChanged,
    placesLeft: (keys) => placesLeft(db, keys),
    guideFile: (id) => readGuideFile(db, id),
    close() {
      closed = true;
      timer.clear();
    },
  };
}

/**
 * A stamp of every session's places in one row: the latest change, and the
 * sums of places and places taken (two changes within one millisecond still
 * move a sum), so any take, release or capacity change moves it.
 */
async function placesStamp(db: Db): Promise<string> {
  const row = await db
    .selectFrom("course_session_places")
    .select([
      (eb) => eb.fn.max("updated_at").as("latest"),
      (eb) => eb.fn.countAll().as("sessions"),
      sql<string>`coalesce(sum(capacity), 0)`.as("capacity"),
      sql<string>`coalesce(sum(taken), 0)`.as("taken"),
    ])
    .executeTakeFirst();
  return row ? `${row.latest ?? ""}/${row.sessions}/${row.capacity}/${row.taken}` : "";
}

/**
 * Publishes the drafts whose scheduled time has come (every minute, by one
 * instance at a time); the instance that publishes serves them at once, the
 * others within their poll. A draft that can no longer be published loses
 * its schedule, and the log says why.
 */
export function scheduledPublishingJob(options: { db: Db; content: SiteContent; log: Logger }): ScheduledJob {
  const { db, content, log } = options;
  return {
    name: "scheduled-publishing",
    everyMs: 60_000,
    async run({ now }) {
      const { published, failed } = await publishDue(db, now);
      for (const { item, message } of failed) {
        log.warn({ item, reason: message }, "Content: a scheduled publish was refused; its schedule is cancelled");
      }
      if (published.length) await content.refresh();
      return { published: published.length, failed: failed.length };
    },
  };
}
