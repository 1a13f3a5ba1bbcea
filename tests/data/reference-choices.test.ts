/**
 * The editor's references (issue 39, ADR 065) on both databases: the
 * choices a reference offers (each item of its type by title, a draft named
 * as such, its value the address) and where an item is used (every other
 * item whose draft or live revision names it, by title and field).
 */
import { describe, expect, it } from "vitest";
import { releaseContent } from "~/content/seed/index.ts";
import { addressesOf, referenceChoices, usedBy } from "~/publishing/store/addresses.server.ts";
import { createItem } from "~/publishing/store/changes.server.ts";
import { seedContent } from "~/publishing/store/seeding.server.ts";
import { dialects, openTestDatabase } from "./databases.ts";

const ann = { id: null, name: "Ann Editor" };
const start = new Date("2026-12-01T09:00:00Z");
type Trainer = { id: string; name: string; title: string };
type Webinar = { id: string; title: string; presenterTrainerId: string };

describe.each(dialects)("references on %s", (dialect) => {
  it("offers each trainer by name, a draft named as such; says who uses an item, by title and field", async () => {
    const t = await openTestDatabase(dialect, "references");
    try {
      const db = t.handle.db;
      await seedContent(db, start);
      const trainers = releaseContent.trainers as Trainer[];
      const newcomer = { ...trainers[0]!, id: "gwen-guest", name: "Gwen Guest" };
      expect(await createItem(db, { type: "trainer", data: newcomer, actor: ann, now: start })).toMatchObject({
        ok: true,
      });
      const choices = await referenceChoices(db, "trainer");
      expect(choices.slice(0, trainers.length).map((c) => [c.value, c.label])).toEqual(
        trainers.map((tr) => [tr.id, tr.name]),
      );
      expect(choices.at(-1)).toEqual({
        value: "gwen-guest",
        label: "Gwen Guest (draft, not on the site yet)",
        live: false,
      });
      expect((await referenceChoices(db, "pillar")).map((c) => c.label)).toContain("Risk (GRC)");

      const webinar = releaseContent.webinars[0] as Webinar;
      const presenter = webinar.presenterTrainerId;
      const users = await usedBy(db, "trainer", presenter, await addressesOf(db, "trainer", presenter));
      expect(users).toContainEqual({ type: "webinar", key: webinar.id, title: webinar.title, fields: ["presenter"] });
      expect(await usedBy(db, "trainer", "gwen-guest", await addressesOf(db, "trainer", "gwen-guest"))).toEqual([]);
    } finally {
      await t.dispose();
    }
  });
});
