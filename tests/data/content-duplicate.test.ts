/**
 * "Add the next date" and "Duplicate" (app/publishing/duplicate.server.ts,
 * docs/decisions/067-duplicate-and-next-date.md) on both databases: the copy
 * is a new draft under a new key, nothing public changes and the original is
 * untouched; a course date's copy has the new start date and its
 * original's venue, format, hours, capacity and price, its early bird moved,
 * and no places until it is published; clashing keys get a number; a start
 * date that is not a Monday is refused; a webinar's joining link is not
 * copied; a fixed type is refused.
 */
import { describe, expect, it } from "vitest";
import { releaseContent } from "~/content/seed/index.ts";
import { releaseSessions } from "~/content/seed/sessions.ts";
import type { CourseSession } from "~/content/sessions-schema.ts";
import type { Db } from "~/data/db.server.ts";
import { duplicateItem } from "~/publishing/duplicate.server.ts";
import { withNewSessionKey } from "~/publishing/names-in-use.server.ts";
import { checkItem, type ContentActor } from "~/publishing/store/core.server.ts";
import { createItem, publishItem } from "~/publishing/store/changes.server.ts";
import { listItems, publishedContent, readItem } from "~/publishing/store/reading.server.ts";
import { dialects } from "./databases.ts";
import { draftOverSeed, placesOf, withSeededContent } from "./fixtures.ts";

const ann: ContentActor = { id: "staff-ann", name: "Ann Editor" };
const start = new Date("2026-12-01T09:00:00Z");
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
// Risk management in London, 8 March 2027, with an early bird until 29 January.
const original = releaseSessions[0]!;
const course = releaseContent.courses.find((c) => (c as { id: string }).id === "risk-management") as {
  id: string;
  title: string;
};
const webinar = releaseContent.webinars[0] as { id: string; title: string };

describe.each(dialects)("duplicating content on %s", (dialect) => {
  const withSeeded = (test: (db: Db) => Promise<void>) =>
    withSeededContent({ dialect, prefix: "duplicate", at: start }, test);

  it("a course date added from scratch is named by the site after its course and first day, never over a name in use", async () => {
    await withSeeded(async (db) => {
      const fresh = { ...original, id: "", startDate: "2027-09-06" };
      expect(await withNewSessionKey(db, "session", fresh)).toMatchObject({ id: "risk-management-2027-09-06" });
      // A name in use (a key, or an address an item had) is never taken: the next number is.
      const taken = await withNewSessionKey(db, "session", { ...fresh, startDate: original.startDate });
      expect(taken).toMatchObject({ id: `risk-management-${original.startDate}` });
      const added = await createItem(db, { type: "session", data: taken, actor: ann, now: later(1) });
      expect(added).toMatchObject({ ok: true, key: `risk-management-${original.startDate}` });
      expect(await withNewSessionKey(db, "session", { ...fresh, startDate: original.startDate })).toMatchObject({
        id: `risk-management-${original.startDate}-2`,
      });
      // Its own key kept; another kind left alone; without its course or date, a stand-in (the schema names those fields).
      expect(await withNewSessionKey(db, "session", original)).toEqual(original);
      expect(await withNewSessionKey(db, "webinar", { id: "" })).toEqual({ id: "" });
      expect(await withNewSessionKey(db, "session", { ...fresh, courseId: "" })).toMatchObject({
        id: "new-course-date",
      });
    });
  });

  it("the next date of a course: a new draft with the new start and its original's venue, format, hours, capacity and price", async () => {
    await withSeeded(async (db) => {
      // The original's saved draft (what the editor shows) has a price of its own and 10 places.
      const saved = await draftOverSeed(
        db,
        "session",
        original.id,
        { ...original, pricePence: 480_000, capacity: 10 },
        { actor: ann, now: later(1) },
      );
      expect(saved).toMatchObject({ ok: true });
      const before = await publishedContent(db);
      const originalBefore = await readItem(db, "session", original.id);

      const made = await duplicateItem(db, {
        type: "session",
        key: original.id,
        startDate: "2027-06-07",
        actor: ann,
        now: later(2),
      });
      expect(made).toMatchObject({ ok: true, key: "risk-management-2027-06-07" });
      const copy = (await readItem(db, "session", "risk-management-2027-06-07"))!;
      expect(copy.status).toBe("draft");
      expect(copy.published).toBeNull();
      expect(copy.draft).toEqual({
        id: "risk-management-2027-06-07",
        courseId: "risk-management",
        startDate: "2027-06-07",
        hours: original.hours,
        format: "in-person",
        venue: original.venue,
        capacity: 10,
        pricePence: 480_000,
        // 91 days later, as the start moved.
        earlyBird: { pricePence: 405_000, until: "2027-04-30" },
        state: "open",
      } satisfies CourseSession);

      // Nothing public changed, the original is as it was, and no places are offered yet.
      expect(await publishedContent(db)).toEqual(before);
      expect(await readItem(db, "session", original.id)).toEqual(originalBefore);
      expect(await placesOf(db, copy.key)).toBeUndefined();

      // Published, it is on the site with its places.
      expect(await publishItem(db, { type: "session", key: copy.key, actor: ann, now: later(3) })).toMatchObject({
        ok: true,
      });
      const after = await publishedContent(db);
      expect((after.source.sessions as CourseSession[]).map((s) => s.id)).toContain(copy.key);
      expect(await placesOf(db, copy.key)).toEqual({ capacity: 10, taken: 0 });
    });
  });

  it("the next date of a live online session leaves its joining link behind (its delegates' credential, ADR 082)", async () => {
    await withSeeded(async (db) => {
      const online = releaseSessions.find((x) => x.id === "risk-management-2027-05-online")!;
      const saved = await draftOverSeed(
        db,
        "session",
        online.id,
        { ...online, joiningLink: "https://meet.example.test/original" },
        { actor: ann, now: later(1) },
      );
      expect(saved).toMatchObject({ ok: true });
      const made = await duplicateItem(db, {
        type: "session",
        key: online.id,
        startDate: "2027-06-07",
        actor: ann,
        now: later(2),
      });
      expect(made).toMatchObject({ ok: true });
      const copy = (await readItem(db, "session", (made as { key: string }).key))!;
      expect(copy.draft).toMatchObject({ format: "online", startDate: "2027-06-07" });
      expect(copy.draft).not.toHaveProperty("joiningLink");
    });
  });

  it("a second next date on the same day gets a number; a start that is not a Monday after today is refused", async () => {
    await withSeeded(async (db) => {
      const add = (startDate: string) =>
        duplicateItem(db, { type: "session", key: original.id, startDate, actor: ann, now: later(1) });
      expect(await add("2027-06-07")).toMatchObject({ ok: true, key: "risk-management-2027-06-07" });
      expect(await add("2027-06-07")).toMatchObject({ ok: true, key: "risk-management-2027-06-07-2" });
      expect((await readItem(db, "session", "risk-management-2027-06-07-2"))?.draft).toMatchObject({
        id: "risk-management-2027-06-07-2",
      });

      const count = (await listItems(db, "session")).length;
      expect(await add("2027-06-08")).toEqual({
        ok: false,
        reason: "invalid",
        message:
          "Tuesday 8 June 2027 is a Tuesday: a course date starts on a Monday (it runs Monday to Friday). Choose a Monday.",
        issues: [{ path: "startDate", message: expect.stringContaining("Choose a Monday") }],
      });
      expect(await add("2026-11-30")).toMatchObject({ ok: false, reason: "invalid", message: /not after today/ });
      expect((await listItems(db, "session")).length).toBe(count);
    });
  });

  it("an early bird whose moved last day is past is dropped", async () => {
    await withSeeded(async (db) => {
      // 8 March 2027 → 14 December 2026: the early bird would end 5 October 2026, before today.
      const made = await duplicateItem(db, {
        type: "session",
        key: original.id,
        startDate: "2026-12-14",
        actor: ann,
        now: later(1),
      });
      expect(made).toMatchObject({ ok: true });
      const copy = (await readItem(db, "session", "risk-management-2026-12-14"))!;
      expect(copy.draft).not.toHaveProperty("earlyBird");
    });
  });

  it("a course's duplicate: a draft titled (copy) at its own address, numbered when that is taken", async () => {
    await withSeeded(async (db) => {
      const before = await publishedContent(db);
      const originalBefore = await readItem(db, "course", course.id);
      const first = await duplicateItem(db, { type: "course", key: course.id, actor: ann, now: later(1) });
      expect(first).toMatchObject({ ok: true, key: `${course.id}-copy`, from: course.title });
      const second = await duplicateItem(db, { type: "course", key: course.id, actor: ann, now: later(2) });
      expect(second).toMatchObject({ ok: true, key: `${course.id}-copy-2` });

      const copy = (await readItem(db, "course", `${course.id}-copy-2`))!;
      expect(copy.status).toBe("draft");
      expect(copy.draft).toMatchObject({ id: `${course.id}-copy-2`, title: `${course.title} (copy)` });
      // Everything else as the original's draft (as its schema keeps it: trimmed).
      const normalised = checkItem("course", course.id, originalBefore!.draft);
      expect(normalised.ok).toBe(true);
      const { id: _id, title: _title, ...rest } = (normalised as { data: Record<string, unknown> }).data;
      expect(copy.draft).toMatchObject(rest);

      expect(await publishedContent(db)).toEqual(before);
      expect(await readItem(db, "course", course.id)).toEqual(originalBefore);
    });
  });

  it("a webinar's duplicate leaves its joining link out; a testimonial's gets the next number", async () => {
    await withSeeded(async (db) => {
      const item = (await readItem(db, "webinar", webinar.id))!;
      const withLink = { ...(item.draft as object), joinUrl: "https://meet.example.test/original" };
      expect(await draftOverSeed(db, "webinar", webinar.id, withLink, { actor: ann, now: later(1) })).toMatchObject({
        ok: true,
      });
      const made = await duplicateItem(db, { type: "webinar", key: webinar.id, actor: ann, now: later(2) });
      expect(made).toMatchObject({ ok: true, key: `${webinar.id}-copy` });
      const copy = (await readItem(db, "webinar", `${webinar.id}-copy`))!;
      expect(copy.draft).toMatchObject({ title: `${webinar.title} (copy)` });
      expect(copy.draft).not.toHaveProperty("joinUrl");

      const testimonials = (await listItems(db, "testimonial")).length;
      const quote = await duplicateItem(db, { type: "testimonial", key: "testimonial-1", actor: ann, now: later(3) });
      expect(quote).toMatchObject({ ok: true, key: `testimonial-${testimonials + 1}` });
      expect((await readItem(db, "testimonial", `testimonial-${testimonials + 1}`))?.draft).toEqual(
        (await readItem(db, "testimonial", "testimonial-1"))?.draft,
      );
    });
  });

  it("a fixed type is refused, and an item that does not exist is not found; nothing is added", async () => {
    await withSeeded(async (db) => {
      const pillars = await listItems(db, "pillar");
      expect(await duplicateItem(db, { type: "pillar", key: "risk-grc", actor: ann, now: later(1) })).toEqual({
        ok: false,
        reason: "refused",
        message: "Pillars are fixed: each can be edited, but none added, so none is copied.",
      });
      expect(await duplicateItem(db, { type: "page", key: "about", actor: ann, now: later(1) })).toMatchObject({
        ok: false,
        reason: "refused",
      });
      expect(await listItems(db, "pillar")).toEqual(pillars);
      expect(
        await duplicateItem(db, { type: "course", key: "no-such-course", actor: ann, now: later(1) }),
      ).toMatchObject({ ok: false, reason: "not-found" });
    });
  });
});
