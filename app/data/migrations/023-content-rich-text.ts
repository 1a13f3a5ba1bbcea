/** Migration 023, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { upgradeItem } from "./helpers/rich-text-upgrade.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Content saved before rich text (docs/decisions/048-rich-text.md): an
    // article's body as sections and a course's overview as paragraphs
    // become Markdown with the same words, in drafts and every revision,
    // so a database from before still builds the site.
    const old = db as unknown as Kysely<{
      content_items: { type: string; key: string; draft: string };
      content_revisions: { type: string; key: string; revision: number; data: string };
    }>;
    const items = await old
      .selectFrom("content_items")
      .select(["type", "key", "draft"])
      .where("type", "in", ["article", "course"])
      .execute();
    for (const item of items) {
      const upgraded = upgradeItem(item.type, JSON.parse(item.draft) as Record<string, unknown>);
      if (!upgraded) continue;
      await old
        .updateTable("content_items")
        .set({ draft: JSON.stringify(upgraded) })
        .where("type", "=", item.type)
        .where("key", "=", item.key)
        .execute();
    }
    const revisions = await old
      .selectFrom("content_revisions")
      .select(["type", "key", "revision", "data"])
      .where("type", "in", ["article", "course"])
      .execute();
    for (const revision of revisions) {
      const upgraded = upgradeItem(revision.type, JSON.parse(revision.data) as Record<string, unknown>);
      if (!upgraded) continue;
      await old
        .updateTable("content_revisions")
        .set({ data: JSON.stringify(upgraded) })
        .where("type", "=", revision.type)
        .where("key", "=", revision.key)
        .where("revision", "=", revision.revision)
        .execute();
    }
  },
};
