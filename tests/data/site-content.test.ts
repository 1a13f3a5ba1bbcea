/**
 * What an instance serves of the published content
 * (app/publishing/site-content.server.ts), on both databases: the seed at
 * start-up, a publish made elsewhere (another instance: the store on the
 * same database) served after the next poll, published content that no
 * longer builds a catalogue refused with an error in the log, and the
 * scheduled-publishing job.
 */
import { describe, expect, it, vi } from "vitest";
import { catalogue, servedContentVersion } from "~/content/index.server.ts";
import { releaseContent } from "~/content/seed/index.ts";
import { contentVersion } from "~/publishing/store/core.server.ts";
import { saveDraft, schedulePublish } from "~/publishing/store/changes.server.ts";
import { scheduledPublishingJob, startSiteContent, type SiteContent } from "~/publishing/site-content.server.ts";
import { contentTypeNames } from "~/content/types.server.ts";
import type { Db } from "~/data/db.server.ts";
import { dialects, openTestDatabase } from "./databases.ts";
import { loggerInto, publishAndAwaitServed } from "./fixtures.ts";

type Line = { level: number; msg: string; version?: number };
type Webinar = { id: string; title: string };
const firstWebinar = releaseContent.webinars[0] as Webinar & Record<string, unknown>;
const editor = { id: null, name: "Ann Editor" };

describe.each(dialects)("the content an instance serves, on %s", (dialect) => {
  /** An instance on a fresh database; `through` is the database as the instance reads it (the test writes to the plain one). */
  async function withInstance(
    test: (db: Db, content: SiteContent, lines: Line[]) => Promise<void>,
    { pollMs = 20, through = (db: Db) => db }: { pollMs?: number; through?: (db: Db) => Db } = {},
  ) {
    const t = await openTestDatabase(dialect, "served");
    const lines: Line[] = [];
    const content = await startSiteContent({ db: through(t.handle.db), log: loggerInto(lines), pollMs });
    try {
      await test(t.handle.db, content, lines);
    } finally {
      content.close();
      await t.dispose();
    }
  }

  const retitle = async (db: Db, title: string, baseVersion: number) => {
    const saved = await saveDraft(db, {
      type: "webinar",
      key: firstWebinar.id,
      data: { ...firstWebinar, title },
      baseVersion,
      actor: editor,
      now: new Date(),
    });
    expect(saved).toMatchObject({ ok: true });
  };

  it("serves what is published: seeded at start, and a publish made elsewhere within a poll", async () => {
    await withInstance(async (db, content, lines) => {
      expect(lines.find((l) => l.msg === "Content: seeded from this release")).toBeDefined();
      expect(content.version()).toBe(contentTypeNames.length);
      expect(servedContentVersion()).toBe(await contentVersion(db));
      expect(catalogue.webinars.map((w) => w.title)).toContain(firstWebinar.title);
      const changes: number[] = [];
      content.onChange((version) => changes.push(version));

      await retitle(db, "Supplier Tiering for Busy Teams", 1);
      expect(catalogue.webinars.map((w) => w.title)).toContain(firstWebinar.title);
      const published = await publishAndAwaitServed(db, content, {
        type: "webinar",
        key: firstWebinar.id,
        actor: editor,
      });
      expect(catalogue.webinars.map((w) => w.title)).toContain("Supplier Tiering for Busy Teams");
      expect(changes).toEqual([published.version]);
    });
  });

  it("bookings at once read the places' stamp once each time it is free, and each sees its own change", async () => {
    let queries = 0;
    let answered = 0;
    /** While set, each answer through `counted` waits for it: a read already made is held in flight. */
    let gate: Promise<void> | null = null;
    const counted = (db: Db) =>
      db.withPlugin({
        transformQuery: (args) => {
          queries += 1;
          return args.node;
        },
        transformResult: async (args) => {
          answered += 1;
          await gate;
          return args.result;
        },
      });
    await withInstance(
      async (db, content) => {
        const takeOne = () =>
          db
            .updateTable("course_session_places")
            .set((eb) => ({ taken: eb("taken", "+", 1) }))
            .where("session_key", "=", "stamp-1")
            .execute();
        await db
          .insertInto("course_session_places")
          .values({ session_key: "stamp-1", capacity: 40, updated_at: new Date().toISOString() })
          .execute();
        await content.placesChanged();
        /** The places taken on every session, as the stamp says. */
        const takenInStamp = () => Number(content.placesVersion().split("/").at(-1));
        const takenBefore = takenInStamp();

        // A place taken while a read made before it is still on its way: the booking's call waits for
        // the read after it, not for the one on its way.
        let release = () => {};
        gate = new Promise((resolve) => (release = resolve));
        const earlier = content.placesChanged();
        const answeredBefore = answered;
        await vi.waitFor(() => expect(answered).toBeGreaterThan(answeredBefore)); // read, and held
        await takeOne();
        const mine = content.placesChanged();
        gate = null;
        release();
        await Promise.all([earlier, mine]);
        expect(takenInStamp()).toBe(takenBefore + 1);

        // Twenty bookings, each taking a place and then asking for the stamp, all at once: once its
        // call resolves, each sees the places taken up to and with its own, from fewer reads.
        queries = 0;
        let updated = 1;
        const seen = await Promise.all(
          Array.from({ length: 20 }, async () => {
            await takeOne();
            const mineTaken = (updated += 1);
            await content.placesChanged();
            return takenInStamp() - takenBefore - mineTaken;
          }),
        );
        expect(seen.every((extra) => extra >= 0)).toBe(true);
        expect(takenInStamp()).toBe(takenBefore + 21);
        expect(queries).toBeGreaterThan(0);
        expect(queries).toBeLessThan(20);
      },
      { pollMs: 3_600_000, through: counted },
    );
  });

  it("published content that no longer builds a catalogue is not served, and the log says so", async () => {
    await withInstance(async (db, content, lines) => {
      const served = content.version();
      // As a release with stricter rules would find it: a live webinar whose presenter is not live.
      await db
        .updateTable("content_revisions")
        .set({ data: JSON.stringify({ ...firstWebinar, presenterTrainerId: "nobody-we-know" }) })
        .where("type", "=", "webinar")
        .where("key", "=", firstWebinar.id)
        .execute();
      await db
        .updateTable("content_state")
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .execute();
      expect(await content.refresh()).toBe(false);
      expect(content.version()).toBe(served);
      expect(catalogue.webinars.find((w) => w.id === firstWebinar.id)?.presenterTrainerId).toBe(
        firstWebinar.presenterTrainerId,
      );
      const error = lines.find((l) => l.level === 50);
      expect(error).toMatchObject({
        msg: "Content: the published content is not valid; still serving the previous version",
        version: served + 1,
      });
      // Looked at again only when the version moves.
      expect(await content.refresh()).toBe(false);
      expect(lines.filter((l) => l.level === 50)).toHaveLength(1);
    });
  });

  it("the scheduled-publishing job publishes what is due and serves it at once", async () => {
    await withInstance(async (db, content, lines) => {
      await retitle(db, "Supplier Tiering, Scheduled", 1);
      const at = new Date(Date.now() + 60_000);
      expect(
        await schedulePublish(db, { type: "webinar", key: firstWebinar.id, at, actor: editor, now: new Date() }),
      ).toEqual({ ok: true });
      const job = scheduledPublishingJob({ db, content, log: loggerInto(lines) });
      const context = { now: new Date(at.getTime() - 1), signal: new AbortController().signal };
      expect(await job.run(context)).toEqual({ published: 0, failed: 0 });
      expect(await job.run({ ...context, now: at })).toEqual({ published: 1, failed: 0 });
      expect(catalogue.webinars.map((w) => w.title)).toContain("Supplier Tiering, Scheduled");
    });
  });
});
