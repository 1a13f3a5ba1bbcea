/**
 * Reading the content: what the site shows (the published content, its
 * redirects, when each page last changed), and the editor's lists, items
 * and revisions. Part of the content store (./core.server.ts).
 */
import type { Db } from "~/data/db.server.ts";
import type { ContentSource } from "~/content/schema.ts";
import { contentTypes, itemPath, itemTitle, sourceOf, type ContentType } from "~/content/types.server.ts";
import { type Tx, releaseActor, contentVersion, item } from "./core.server.ts";

/** An old path and where it leads now (301). */
export type Redirect = { from: string; to: string };

/** A public page and when the team last published an item it shows. */
export type PagePublished = { path: string; at: string };

/**
 * What the site shows: each live item's published revision, in order, and
 * the version it is; the redirects from old addresses of live items; and,
 * per page, when an item it shows was last published by the team (the
 * release's seed does not count: the site map falls back to the release's date).
 */
export async function publishedContent(
  db: Tx,
): Promise<{ version: number; source: ContentSource; redirects: Redirect[]; published: PagePublished[] }> {
  const version = await contentVersion(db);
  const rows = await db
    .selectFrom("content_items as i")
    .innerJoin("content_revisions as r", (join) =>
      join.onRef("r.type", "=", "i.type").onRef("r.key", "=", "i.key").onRef("r.revision", "=", "i.published_revision"),
    )
    .select(["i.type", "i.key", "r.data", "r.published_at", "r.published_by", "r.published_by_name"])
    .where("i.status", "=", "live")
    .orderBy("i.type")
    .orderBy("i.position")
    .orderBy("i.key")
    .execute();
  const redirects = await db
    .selectFrom("content_redirects as d")
    .innerJoin("content_items as i", (join) => join.onRef("i.type", "=", "d.type").onRef("i.key", "=", "d.key"))
    .select(["d.from_path as from", "d.to_path as to"])
    .where("i.status", "=", "live")
    .orderBy("d.from_path")
    .execute();
  const latest = new Map<string, string>();
  for (const row of rows) {
    if (!(row.type in contentTypes)) continue;
    if (row.published_by === null && row.published_by_name === releaseActor.name) continue;
    const path = itemPath(row.type as ContentType, row.key, JSON.parse(row.data));
    if ((latest.get(path) ?? "") < row.published_at) latest.set(path, row.published_at);
  }
  const published = [...latest].map(([path, at]) => ({ path, at }));
  return { version, source: sourceFromRows(rows), redirects, published };
}

export function sourceFromRows(rows: readonly { type: string; key: string; data: string }[]): ContentSource {
  const byType: Partial<Record<ContentType, { key: string; data: unknown }[]>> = {};
  for (const row of rows) {
    if (!(row.type in contentTypes)) continue;
    (byType[row.type as ContentType] ??= []).push({ key: row.key, data: JSON.parse(row.data) as unknown });
  }
  return sourceOf(byType);
}

export type ItemStatus = "draft" | "live" | "unpublished";

export type ItemSummary = {
  key: string;
  title: string;
  status: ItemStatus;
  /** The draft differs from what is live (or the item has never been published). */
  changed: boolean;
  savedAt: string;
  publishAt: string | null;
};

/** A type's items, in order, with their state; `search` narrows by title or key (case-insensitive). */
export async function listItems(db: Db, type: ContentType, search = ""): Promise<ItemSummary[]> {
  const rows = await db
    .selectFrom("content_items as i")
    .leftJoin("content_revisions as r", (join) =>
      join.onRef("r.type", "=", "i.type").onRef("r.key", "=", "i.key").onRef("r.revision", "=", "i.published_revision"),
    )
    .select(["i.key", "i.draft", "i.status", "i.draft_saved_at", "i.publish_at", "r.data as published"])
    .where("i.type", "=", type)
    .orderBy("i.position")
    .orderBy("i.key")
    .execute();
  const needle = search.trim().toLowerCase();
  return rows
    .map((row) => ({
      key: row.key,
      title: itemTitle(type, row.key, JSON.parse(row.draft)),
      status: row.status,
      changed: row.status === "draft" || row.published !== row.draft,
      savedAt: row.draft_saved_at,
      publishAt: row.publish_at,
    }))
    .filter((item) => !needle || item.title.toLowerCase().includes(needle) || item.key.includes(needle));
}

export type Revision = {
  revision: number;
  publishedAt: string;
  publishedBy: string;
  note: string;
  /** It is the one on the site now. */
  live: boolean;
};

export type ItemDetail = {
  type: ContentType;
  key: string;
  title: string;
  status: ItemStatus;
  draft: unknown;
  draftVersion: number;
  savedAt: string;
  /** What is on the site (or was last, when unpublished); null if never published. */
  published: unknown;
  publishedRevision: number | null;
  publishAt: string | null;
  revisions: Revision[];
};

export async function readItem(db: Db, type: ContentType, key: string): Promise<ItemDetail | null> {
  const row = await item(db, type, key).selectAll().executeTakeFirst();
  if (!row) return null;
  const revisions = await db
    .selectFrom("content_revisions")
    .select(["revision", "data", "published_at", "published_by_name", "note"])
    .where("type", "=", type)
    .where("key", "=", key)
    .orderBy("revision", "desc")
    .execute();
  const publishedRevision = row.published_revision === null ? null : Number(row.published_revision);
  const published = revisions.find((r) => Number(r.revision) === publishedRevision);
  const draft = JSON.parse(row.draft) as unknown;
  return {
    type,
    key,
    title: itemTitle(type, key, draft),
    status: row.status,
    draft,
    draftVersion: Number(row.draft_version),
    savedAt: row.draft_saved_at,
    published: published ? (JSON.parse(published.data) as unknown) : null,
    publishedRevision,
    publishAt: row.publish_at,
    revisions: revisions.map((r) => ({
      revision: Number(r.revision),
      publishedAt: r.published_at,
      publishedBy: r.published_by_name,
      note: r.note,
      live: row.status === "live" && Number(r.revision) === publishedRevision,
    })),
  };
}

/** One revision's text (to compare with the live one), or null. */
export async function readRevision(db: Db, type: ContentType, key: string, revision: number): Promise<unknown> {
  const row = await db
    .selectFrom("content_revisions")
    .select("data")
    .where("type", "=", type)
    .where("key", "=", key)
    .where("revision", "=", revision)
    .executeTakeFirst();
  return row ? (JSON.parse(row.data) as unknown) : null;
}
