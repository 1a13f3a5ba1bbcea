/**
 * Webinars' joining links at rest (issue 37, ADR 062), on both databases: the
 * editor's save seals the link, so neither the draft nor any revision in a
 * copy of the database shows it; the published catalogue still builds, and
 * the e-mails open it; a link stored before sealing is sealed at the next
 * start or rotation; `rotate-secrets` seals them all again under the new key,
 * the same link in an item's draft and revision alike.
 */
import { describe, expect, it } from "vitest";
import { buildCatalogue } from "~/content/index.server.ts";
import { releaseContent } from "~/content/seed/index.ts";
import type { ContentType } from "~/content/types.server.ts";
import type { Db } from "~/data/db.server.ts";
import { publishedContent, readItem } from "~/publishing/store/reading.server.ts";
import { publishItem, saveDraft } from "~/publishing/store/changes.server.ts";
import {
  openJoiningLink,
  openJoiningLinks,
  sealJoiningLink,
  withOpenJoiningLink,
} from "~/publishing/webinar-links.server.ts";
import { resealSecrets } from "~/secrets/reseal.server.ts";
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { dialects } from "./databases.ts";
import { withSeededContent } from "./fixtures.ts";

const start = new Date("2026-12-01T09:00:00Z");
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const ann = { id: "staff-ann", name: "Ann Editor" };
const link = "https://meet.example.com/j/8841?pwd=SECRET-PASSCODE";
const webinar = releaseContent.webinars[0] as { id: string };

describe.each(dialects)("webinar joining links on %s", (dialect) => {
  const withSeeded = (test: (db: Db) => Promise<void>) =>
    withSeededContent({ dialect, prefix: "wlink", at: start, editors: [ann] }, test);

  /** Every stored text of an item (the webinar unless said): its draft and each revision, as a copy of the database has them. */
  async function storedTexts(db: Db, type: ContentType = "webinar", key = webinar.id) {
    const draft = await db
      .selectFrom("content_items")
      .select("draft")
      .where("type", "=", type)
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    const revisions = await db
      .selectFrom("content_revisions")
      .select("data")
      .where("type", "=", type)
      .where("key", "=", key)
      .execute();
    return [draft.draft, ...revisions.map((r) => r.data)];
  }

  const storedLink = async (db: Db) =>
    (JSON.parse((await storedTexts(db))[0]!) as { joinUrl?: string }).joinUrl ?? null;

  it("the saved and published link is sealed in the draft and every revision; the team and the e-mails open it", async () => {
    await withSeeded(async (db) => {
      const keys = keyring(newKeyMaterial());
      const item = (await readItem(db, "webinar", webinar.id))!;
      const data = sealJoiningLink(keys, "webinar", { ...(item.draft as object), joinUrl: link }, item.draft);
      expect(
        await saveDraft(db, { type: "webinar", key: webinar.id, data, baseVersion: 1, actor: ann, now: later(1) }),
      ).toMatchObject({ ok: true });
      expect(await publishItem(db, { type: "webinar", key: webinar.id, actor: ann, now: later(2) })).toMatchObject({
        ok: true,
      });

      const texts = await storedTexts(db);
      expect(texts.length).toBeGreaterThanOrEqual(3);
      for (const text of texts) {
        expect(text).not.toContain("meet.example.com");
        expect(text).not.toContain("SECRET-PASSCODE");
      }
      // Two seals of one link differ (a random nonce each), and neither shows it.
      const again = sealJoiningLink(keys, "webinar", { joinUrl: link }, null) as { joinUrl: string };
      expect(again.joinUrl).not.toBe(await storedLink(db));

      // The published catalogue builds with the sealed link; the e-mails open it.
      const { source } = await publishedContent(db);
      const built = buildCatalogue(source);
      const stored = Object.fromEntries(built.webinars.flatMap((w) => (w.joinUrl ? [[w.id, w.joinUrl]] : [])));
      expect(openJoiningLinks(keys, stored)).toEqual({ [webinar.id]: link });
      // The editor shows it to the team; saving it unchanged keeps its seal (the draft stays equal to what is published).
      const now = (await readItem(db, "webinar", webinar.id))!;
      expect(withOpenJoiningLink(keys, "webinar", now.draft)).toMatchObject({ joinUrl: link });
      const resaved = sealJoiningLink(keys, "webinar", withOpenJoiningLink(keys, "webinar", now.draft), now.draft);
      expect(JSON.stringify(resaved)).toBe(JSON.stringify(now.published));
      // A key that did not seal it opens nothing.
      expect(openJoiningLinks(keyring(newKeyMaterial()), stored)).toEqual({});
    });
  });

  it("rotate-secrets seals a link stored readable, and seals every link again under the new key", async () => {
    await withSeeded(async (db) => {
      const oldKey = newKeyMaterial();
      const before = keyring(oldKey);
      const item = (await readItem(db, "webinar", webinar.id))!;
      // Stored before sealing: readable in the draft and in a published revision.
      const plain = { ...(item.draft as object), joinUrl: link };
      await saveDraft(db, { type: "webinar", key: webinar.id, data: plain, baseVersion: 1, actor: ann, now: later(1) });
      await publishItem(db, { type: "webinar", key: webinar.id, actor: ann, now: later(2) });
      expect((await storedTexts(db)).filter((t) => t.includes("SECRET-PASSCODE"))).toHaveLength(2);

      expect((await resealSecrets(db, before)).webinarLinks).toBe(2);
      for (const text of await storedTexts(db)) expect(text).not.toContain("SECRET-PASSCODE");
      const sealedOld = (await storedLink(db))!;
      const afterFirst = await readItem(db, "webinar", webinar.id);
      expect(JSON.stringify(afterFirst!.draft)).toBe(JSON.stringify(afterFirst!.published));
      expect(await resealSecrets(db, before)).toMatchObject({ webinarLinks: 0, unopenable: 0 });

      // The key changes, the old one kept as previous: every link sealed again under the new one.
      const rotated = keyring(newKeyMaterial(), [oldKey]);
      expect(await resealSecrets(db, rotated)).toMatchObject({ webinarLinks: 2, unopenable: 0 });
      const sealedNew = (await storedLink(db))!;
      expect(sealedNew).not.toBe(sealedOld);
      expect(sealedNew.split(".")[1]).toBe(rotated.current.id);
      const onlyNew = { current: rotated.current, previous: [] };
      const afterRotation = (await readItem(db, "webinar", webinar.id))!;
      expect(withOpenJoiningLink(onlyNew, "webinar", afterRotation.draft)).toMatchObject({ joinUrl: link });
      expect(withOpenJoiningLink(onlyNew, "webinar", afterRotation.published)).toMatchObject({ joinUrl: link });
      expect(JSON.stringify(afterRotation.draft)).toBe(JSON.stringify(afterRotation.published));
      expect(withOpenJoiningLink(before, "webinar", afterRotation.draft)).not.toHaveProperty("joinUrl");
    });
  });

  it("a live online session's joining link (ADR 082) is sealed on save and in every revision, opened for the e-mails, and sealed again by rotate-secrets", async () => {
    await withSeeded(async (db) => {
      const oldKey = newKeyMaterial();
      const before = keyring(oldKey);
      const key = "risk-management-2027-05-online";
      const item = (await readItem(db, "session", key))!;
      const data = sealJoiningLink(before, "session", { ...(item.draft as object), joiningLink: link }, item.draft);
      expect(
        await saveDraft(db, { type: "session", key, data, baseVersion: 1, actor: ann, now: later(1) }),
      ).toMatchObject({ ok: true });
      expect(await publishItem(db, { type: "session", key, actor: ann, now: later(2) })).toMatchObject({ ok: true });
      for (const text of await storedTexts(db, "session", key)) expect(text).not.toContain("SECRET-PASSCODE");
      // The published catalogue builds with the sealed link; the e-mails open it; the editor shows it to the team.
      const built = buildCatalogue((await publishedContent(db)).source);
      const stored = built.sessions.find((x) => x.id === key)!.joiningLink!;
      expect(openJoiningLink(before, stored)).toBe(link);
      const now = (await readItem(db, "session", key))!;
      expect(withOpenJoiningLink(before, "session", now.draft)).toMatchObject({ joiningLink: link });

      const rotated = keyring(newKeyMaterial(), [oldKey]);
      expect(await resealSecrets(db, rotated)).toMatchObject({ sessionLinks: 2, unopenable: 0 });
      const afterRotation = (await readItem(db, "session", key))!;
      const onlyNew = { current: rotated.current, previous: [] };
      expect(withOpenJoiningLink(onlyNew, "session", afterRotation.published)).toMatchObject({ joiningLink: link });
      expect(JSON.stringify(afterRotation.draft)).toBe(JSON.stringify(afterRotation.published));
    });
  });
});
