/** Migration 023, shipped 2026-11-25: frozen, never edited (./index.ts). */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { upgradeItem } from "./helpers/rich-text-upgrade.ts";
import { anyTables } from "./helpers/rows.ts";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Content saved before rich text (docs/decisions/048-rich-text.md): an
    // article's body as sections and a course's overview as paragraphs
    // become Markdown with the same words, in drafts and every revision,
    // so a database from before still builds the site.
    const stored = [
      { table: "content_items", keys: ["type", "key"], data: "draft" },
      { table: "content_revisions", keys: ["type", "key", "revision"], data: "data" },
    ];
    for (const { table, keys, data } of stored) {
      const rows = await anyTables(db)
        .selectFrom(table)
        .select([...keys, data])
        .where("type", "in", ["article", "course"])
        .execute();
      for (const row of rows) {
        const upgraded = upgradeItem(String(row.type), JSON.parse(String(row[data])) as Record<string, unknown>);
        if (!upgraded) continue;
        let update = anyTables(db)
          .updateTable(table)
          .set({ [data]: JSON.stringify(upgraded) });
        for (const key of keys) update = update.where(key, "=", row[key]!);
        await update.execute();
      }
    }
  },
};
