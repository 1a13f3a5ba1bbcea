/**
 * Course sessions as content (docs/decisions/055-course-sessions-as-content.md),
 * on both databases: the release's sessions are seeded with their places
 * rows, also into a database seeded before sessions existed; publishing a
 * session sets its capacity in the same transaction, refused below the
 * places already taken (and nothing of the publish kept); a session with
 * places taken cannot be unpublished or deleted.
 */
import { describe, expect, it } from "vitest";
import { releaseSessions } from "~/content/seed/sessions.ts";
import type { CourseSession } from "~/content/sessions-schema.ts";
import { placesLeft, takePlaces } from "~/orders/course-booking/places.server.ts";
import { publishHooks } from "~/publishing/publish-hooks.server.ts";
import { createItem, deleteItem, publishItem, saveDraft, unpublishItem } from "~/publishing/store/changes.server.ts";
import { publishedContent, readItem } from "~/publishing/store/reading.server.ts";
import { seedContent } from "~/publishing/store/seeding.server.ts";
import type { ContentActor } from "~/publishing/store/core.server.ts";
import type { Db } from "~/data/db.server.ts";
import { dialects } from "./databases.ts";
import { placesOf, withSeededContent } from "./fixtures.ts";

const ann: ContentActor = { id: "staff-ann", name: "Ann Editor" };
const start = new Date("2026-12-01T09:00:00Z");
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const first = releaseSessions[0]!;

async function edit(db: Db, key: string, change: Partial<CourseSession>, at: Date) {
  const item = (await readItem(db, "session", key))!;
  const data = { ...(item.draft as CourseSession), ...change };
  const saved = await saveDraft(db, {
    type: "session",
    key,
    data,
    baseVersion: item.draftVersion,
    actor: ann,
    now: at,
  });
  expect(saved).toMatchObject({ ok: true });
}

describe.each(dialects)("course sessions as content on %s", (dialect) => {
  const withSeeded = (test: (db: Db) => Promise<void>) =>
    withSeededContent({ dialect, prefix: "sessions", at: start }, test);

  it("the release's sessions are seeded live, each with its capacity as its places", async () => {
    await withSeeded(async (db) => {
      const { source } = await publishedContent(db);
      expect(source.sessions).toEqual(releaseSessions);
      const left = await placesLeft(
        db,
        releaseSessions.map((s) => s.id),
      );
      expect(Object.fromEntries(left)).toEqual(Object.fromEntries(releaseSessions.map((s) => [s.id, s.capacity])));
    });
  });

  it("a database seeded before sessions existed gets the release's sessions and their places on its next start", async () => {
    await withSeeded(async (db) => {
      for (const table of ["content_revisions", "content_items", "content_seeds"] as const) {
        await db.deleteFrom(table).where("type", "=", "session").execute();
      }
      await db.deleteFrom("course_session_places").execute();
      expect(await seedContent(db, later(1))).toEqual({ seeded: ["session"] });
      expect((await publishedContent(db)).source.sessions).toEqual(releaseSessions);
      expect(await placesOf(db, first.id)).toEqual({ capacity: first.capacity, taken: 0 });
      // Seeded once: a later start changes nothing.
      expect(await seedContent(db, later(2))).toEqual({ seeded: [] });
    });
  });

  it("publishing a session sets its capacity in the same transaction; below the places taken it is refused and nothing changes", async () => {
    await withSeeded(async (db) => {
      await edit(db, first.id, { capacity: 20 }, later(1));
      expect(await publishItem(db, { type: "session", key: first.id, actor: ann, now: later(2) })).toMatchObject({
        ok: true,
        revision: 2,
      });
      expect(await placesOf(db, first.id)).toEqual({ capacity: 20, taken: 0 });

      await db.transaction().execute((trx) => takePlaces(trx, first.id, 5, later(3)));
      await edit(db, first.id, { capacity: 4 }, later(4));
      const refused = await publishItem(db, { type: "session", key: first.id, actor: ann, now: later(5) });
      expect(refused).toMatchObject({
        ok: false,
        reason: "invalid",
        issues: [
          {
            path: "capacity",
            message: "This session already has 5 places sold or held: its capacity cannot be less than 5.",
          },
        ],
      });
      expect(await placesOf(db, first.id)).toEqual({ capacity: 20, taken: 5 });
      expect((await readItem(db, "session", first.id))?.publishedRevision).toBe(2);

      await edit(db, first.id, { capacity: 5 }, later(6));
      expect(await publishItem(db, { type: "session", key: first.id, actor: ann, now: later(7) })).toMatchObject({
        ok: true,
      });
      expect(await placesOf(db, first.id)).toEqual({ capacity: 5, taken: 5 });
    });
  });

  it("a new session gets its places row when first published, not when added as a draft", async () => {
    await withSeeded(async (db) => {
      const data: CourseSession = {
        ...first,
        id: "risk-management-2027-09-london",
        startDate: "2027-09-06",
        capacity: 9,
      };
      expect(await createItem(db, { type: "session", data, actor: ann, now: later(1) })).toMatchObject({ ok: true });
      expect(await placesOf(db, data.id)).toBeUndefined();
      expect(await publishItem(db, { type: "session", key: data.id, actor: ann, now: later(2) })).toMatchObject({
        ok: true,
      });
      expect(await placesOf(db, data.id)).toEqual({ capacity: 9, taken: 0 });
    });
  });

  it("a session with places taken is not unpublished or deleted; without, it is", async () => {
    await withSeeded(async (db) => {
      const [booked, free] = [releaseSessions[1]!, releaseSessions[2]!];
      await db.transaction().execute((trx) => takePlaces(trx, booked.id, 1, later(1)));
      expect(await unpublishItem(db, { type: "session", key: booked.id, now: later(2) })).toMatchObject({
        ok: false,
        message:
          "It cannot be unpublished: 1 place is sold or held on this session: set its state to cancelled instead, so its bookers are told and refunded.",
      });
      expect(await unpublishItem(db, { type: "session", key: free.id, now: later(3) })).toMatchObject({ ok: true });
      expect(await deleteItem(db, { type: "session", key: free.id })).toMatchObject({ ok: true });
    });
  });

  it("asks to confirm a change of price, capacity, days, hours, place or joining link only while places are taken, saying what each does", async () => {
    await withSeeded(async (db) => {
      const ask = publishHooks.session!.confirmBeforePublish!;
      const changed = { ...first, pricePence: 480000 };
      expect(await ask(db, first.id, first, changed)).toBeNull();
      await db.transaction().execute((trx) => takePlaces(trx, first.id, 2, later(1)));
      expect(await ask(db, first.id, first, changed)).toMatch(
        /^2 places are already sold or held on this session\..*existing bookings keep what they pay/,
      );
      const earlier = { ...first, hours: first.hours.map((h, i) => (i === 0 ? { ...h, starts: "08:30" } : h)) };
      // New hours reach the delegates already booked: the confirmation says so, and nothing of prices.
      const hoursAsked = await ask(db, first.id, first, earlier);
      expect(hoursAsked).toMatch(/each delegate already booked is sent a calendar update/);
      expect(hoursAsked).not.toMatch(/keep what they pay/);
      expect(hoursAsked).not.toMatch(/full refund/);
      // New days: every booker may take another date or a full refund (ADR 100), and the confirmation says so.
      const nextWeek = new Date(Date.parse(`${first.startDate}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
      expect(await ask(db, first.id, first, { ...first, startDate: nextWeek })).toMatch(
        /each delegate already booked is sent a calendar update with them\. New days give each booker the choice our terms promise: another date at no extra cost, or a full refund, until the course starts/,
      );
      expect(await ask(db, first.id, first, { ...first, format: "online" as const, venue: undefined })).toMatch(
        /calendar update/,
      );
      // A new joining link (as stored: sealed) reaches those sent their instructions: said, and nothing else.
      const online = { ...first, format: "online" as const, venue: undefined, joiningLink: "v1.k.aaa.bbb" };
      const linkAsked = await ask(db, first.id, online, { ...online, joiningLink: "v1.k.ccc.ddd" });
      expect(linkAsked).toMatch(
        /A new joining link is e-mailed at once to each delegate already sent their joining instructions/,
      );
      expect(linkAsked).not.toMatch(/New days, hours|keep what they pay/);
      expect(await ask(db, first.id, online, { ...online })).toBeNull();
      expect(await ask(db, first.id, first, { ...first, state: "open" as const })).toBeNull();
      expect(await ask(db, first.id, null, changed)).toBeNull();
    });
  });
});
