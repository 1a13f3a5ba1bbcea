/**
 * The site's content in the database (docs/decisions/045-content-in-the-database.md).
 *
 * Each item (a course, an article, a page's copy…) has one working copy, its
 * draft, which the editor saves; saving changes nothing public. Publishing
 * copies the draft into a new revision and puts that revision on the site;
 * unpublishing takes the item off it; restoring publishes an old revision's
 * text again as a new one. Every publish and unpublish moves one counter
 * (content_state), so every instance sees that its copy of the site is stale.
 *
 * The rules that keep the site whole:
 * - a draft is saved only when it passes its type's schema (the same as the
 *   release's content), and only over the version the editor started from:
 *   a second editor's save over a newer draft is refused, not merged;
 * - a publish, unpublish or restore takes effect only if the whole published
 *   content, with that change, still builds a valid catalogue (references
 *   resolve, ids are unique, the product's fixed counts hold): what would
 *   break a page is refused with the catalogue's reason;
 * - those changes run one at a time (the counter's row is written first, so a
 *   second waits on the first), each checked against what the other did.
 *
 * An empty database is seeded, type by type, from the release's content; a
 * type seeded once is never seeded again, so a later release never
 * overwrites the team's edits.
 */
import type { Transaction } from "kysely";
import { z } from "zod";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { buildCatalogue, ContentError } from "~/content/index.server.ts";
import { releaseContent, releaseCourseRedirects } from "~/content/seed/index.ts";
import { courseRedirectSchema, type ContentSource } from "~/content/schema.ts";
import { referencesIn } from "~/content/references.server.ts";
import {
  contentTypeNames,
  contentTypes,
  itemPath,
  itemSchema,
  itemsOf,
  itemTitle,
  sourceOf,
  type ContentType,
  type ContentTypeDefinition,
} from "~/content/types.server.ts";

import { imageRefsIn, missingImageMessage } from "~/content/image-ref.ts";
import { missingImages } from "~/media/images.server.ts";
import { isAdministrator } from "~/staff/permissions.ts";
import { priceNeedsAdministrator, publishHooks } from "./publish-hooks.server.ts";

type Tx = Transaction<Database> | Db;

/** Who acts: a staff account (id and name at the time), or the release's seed / the scheduler. */
export type ContentActor = { id: string | null; name: string };

export const releaseActor: ContentActor = { id: null, name: "Release content" };

const stateId = "site";
/** content_seeds' row for the release's course redirects (not a type). */
const releaseRedirectsSeed = "release-redirects";

/** A field's problem, by its path in the item ("curriculum.2.title"). */
export type FieldIssue = { path: string; message: string };

export type ContentRefusal =
  | { ok: false; reason: "not-found"; message: string }
  | { ok: false; reason: "invalid"; message: string; issues: FieldIssue[] }
  | { ok: false; reason: "conflict"; message: string; current: { version: number; savedAt: string } }
  | { ok: false; reason: "refused"; message: string };

export type ContentResult<T = object> = ({ ok: true } & T) | ContentRefusal;

const notFound = (type: ContentType, key: string): ContentRefusal => ({
  ok: false,
  reason: "not-found",
  message: `There is no ${contentTypes[type].label.toLowerCase()} "${key}".`,
});

/** The schema's issues, one per field, with paths as the editor names its fields. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

/** The item's data if it passes its schema (normalised: trimmed), else its issues. */
export function checkItem(
  type: ContentType,
  key: string,
  data: unknown,
): { ok: true; data: unknown } | { ok: false; issues: FieldIssue[] } {
  const schema = itemSchema(type, key);
  if (!schema) return { ok: false, issues: [{ path: "", message: `No part "${key}" of ${type}` }] };
  const parsed = schema.safeParse(data);
  if (!parsed.success) return { ok: false, issues: fieldIssues(parsed.error) };
  const definition: ContentTypeDefinition = contentTypes[type];
  const field = definition.shape === "list" ? definition.addressField : undefined;
  if (field && !movesAddress(type) && (parsed.data as Record<string, unknown>)[field] !== key) {
    return {
      ok: false,
      issues: [
        { path: field, message: `A ${definition.label.toLowerCase()}'s ${field} cannot change: keep "${key}".` },
      ],
    };
  }
  return { ok: true, data: parsed.data };
}

// --- Addresses ---------------------------------------------------------------

/** Whether items of `type` may change their address (a course's id, an article's slug: not fixed types). */
export function movesAddress(type: ContentType): boolean {
  const definition: ContentTypeDefinition = contentTypes[type];
  return definition.shape === "list" && !definition.fixed && !!definition.addressPaths;
}

/** The item's address (its id or slug) read from its data, or null for a type without one. */
function addressOf(type: ContentType, data: unknown): string | null {
  const definition: ContentTypeDefinition = contentTypes[type];
  if (definition.shape !== "list" || !definition.addressField) return null;
  const value = ((data ?? {}) as Record<string, unknown>)[definition.addressField];
  return typeof value === "string" ? value : null;
}

/** The public paths an address gives an item of `type` (its page, a course's brochure). */
function pathsOf(type: ContentType, address: string): string[] {
  const definition: ContentTypeDefinition = contentTypes[type];
  return definition.shape === "list" && definition.addressPaths ? definition.addressPaths(address) : [];
}

/**
 * Another item of the type (not `key`) that has `address`, in its draft or
 * on the site: its title, or null when the address is free. An old address
 * that only a redirect holds is free: the item published there ends the
 * redirect.
 */
async function addressHolder(trx: Tx, type: ContentType, key: string | null, address: string): Promise<string | null> {
  const rows = await itemsWithPublished(trx, type);
  const holder = rows.find(
    (row) =>
      row.key !== key &&
      (addressOf(type, JSON.parse(row.draft)) === address ||
        (row.published !== null && addressOf(type, JSON.parse(row.published)) === address)),
  );
  return holder ? itemTitle(type, holder.key, JSON.parse(holder.draft)) : null;
}

/** "X refers to it: change that first" / "X; Y refer to it: change those first". */
function whoRefers(referrers: readonly string[]): string {
  const many = referrers.length > 1;
  return `${referrers.join("; ")} ${many ? "refer" : "refers"} to it: change ${many ? "those" : "that"} first`;
}

function addressTaken(type: ContentType, address: string, holder: string): ContentRefusal {
  const definition: ContentTypeDefinition = contentTypes[type];
  const field = (definition.shape === "list" && definition.addressField) || "";
  return invalid([
    {
      path: field,
      message: `"${address}" is the address of another ${definition.label.toLowerCase()} ("${holder}"): choose another.`,
    },
  ]);
}

/** Each item of the type (or every type) with its draft and the revision it has on the site (or last had). */
function itemsWithPublished(trx: Tx, type?: ContentType) {
  let query = trx
    .selectFrom("content_items as i")
    .leftJoin("content_revisions as r", (join) =>
      join.onRef("r.type", "=", "i.type").onRef("r.key", "=", "i.key").onRef("r.revision", "=", "i.published_revision"),
    )
    .select(["i.type", "i.key", "i.status", "i.draft", "r.data as published"]);
  if (type) query = query.where("i.type", "=", type);
  return query.execute();
}

/**
 * Who refers to the item of `type` (stored under `key`) at `address`: every
 * other item whose draft or live revision names it (by its title and
 * field). Empty: nothing does.
 */
export async function referrersOf(trx: Tx, type: ContentType, key: string, address: string): Promise<string[]> {
  return (await usedBy(trx, type, key, [address])).map(
    (r) => `${contentTypes[r.type].label} "${r.title}" (${r.fields.join(", ")})`,
  );
}

/** An item that refers to another: its type, key and title, and the fields (as the editor calls them) that do. */
export type Referrer = { type: ContentType; key: string; title: string; fields: string[] };

/** Every other item whose draft or live revision names the item of `type` (stored under `key`) at one of `addresses`. */
export async function usedBy(
  trx: Tx,
  type: ContentType,
  key: string,
  addresses: readonly string[],
): Promise<Referrer[]> {
  const rows = await itemsWithPublished(trx);
  const found: Referrer[] = [];
  for (const row of rows) {
    if (!(row.type in contentTypes) || (row.type === type && row.key === key)) continue;
    const other = row.type as ContentType;
    const versions = [row.draft, ...(row.status === "live" && row.published ? [row.published] : [])];
    const fields = new Set(
      versions.flatMap((json) =>
        referencesIn(other, JSON.parse(json))
          .filter((r) => r.type === type && addresses.includes(r.address))
          .map((r) => r.field),
      ),
    );
    if (fields.size)
      found.push({
        type: other,
        key: row.key,
        title: itemTitle(other, row.key, JSON.parse(row.draft)),
        fields: [...fields],
      });
  }
  return found;
}

/** The item's addresses: in its draft and on the site (a reference may name either). */
export async function addressesOf(db: Tx, type: ContentType, key: string): Promise<string[]> {
  const row = (await itemsWithPublished(db, type)).find((r) => r.key === key);
  if (!row) return [];
  const all = [row.draft, row.published].flatMap((json) => (json ? [addressOf(type, JSON.parse(json)) ?? key] : []));
  return [...new Set(all)];
}

/**
 * The items of `type` a reference may name, for the editor's choices: each by
 * its title, its value the address it is on the site at (or its draft's, if
 * never published); one not on the site is named as such.
 */
export async function referenceChoices(
  db: Tx,
  type: ContentType,
): Promise<{ value: string; label: string; live: boolean }[]> {
  const rows = await db
    .selectFrom("content_items as i")
    .leftJoin("content_revisions as r", (join) =>
      join.onRef("r.type", "=", "i.type").onRef("r.key", "=", "i.key").onRef("r.revision", "=", "i.published_revision"),
    )
    .select(["i.key", "i.status", "i.draft", "r.data as published"])
    .where("i.type", "=", type)
    .orderBy("i.position")
    .orderBy("i.key")
    .execute();
  return rows.map((row) => {
    const live = row.status === "live" && row.published !== null;
    const data = JSON.parse(live ? row.published! : row.draft) as unknown;
    const title = itemTitle(type, row.key, JSON.parse(row.draft));
    return {
      value: addressOf(type, data) ?? row.key,
      label: live ? title : `${title} (${row.status === "draft" ? "draft, not on the site yet" : "not on the site"})`,
      live,
    };
  });
}

/**
 * After an item of `type` is published at `address` (having been at
 * `previous`): each old path 301s to its new one, the redirects that led to
 * an old path lead to the new one (a chain collapses: a→b then b→c is
 * a→c), and a redirect from a path that is now live again (this item
 * back at an old address, or another item there) ends.
 */
async function moveAddress(
  trx: Tx,
  change: { type: ContentType; key: string; previous: string | null; address: string; now: Date },
) {
  const { type, key, previous, address } = change;
  const now = pathsOf(type, address);
  if (previous !== null && previous !== address) {
    const old = pathsOf(type, previous);
    for (const [index, from] of old.entries()) {
      const to = now[index]!;
      await trx.updateTable("content_redirects").set({ to_path: to }).where("to_path", "=", from).execute();
      await trx
        .insertInto("content_redirects")
        .values({ from_path: from, to_path: to, type, key, created_at: change.now.toISOString() })
        .onConflict((oc) => oc.column("from_path").doUpdateSet({ to_path: to, type, key }))
        .execute();
    }
  }
  if (now.length) await trx.deleteFrom("content_redirects").where("from_path", "in", now).execute();
}

// --- Seeding -----------------------------------------------------------------

/**
 * Seeds each type that has never been seeded from `source` (the release's
 * content by default), each item live as its revision 1. Safe to run on
 * every start and from several instances at once: a type's seed row is
 * written in the same transaction as its items, and a second instance's
 * insert of that row waits for the first and then finds it there.
 */
export async function seedContent(
  db: Db,
  now: Date,
  source: ContentSource = releaseContent,
): Promise<{ seeded: ContentType[] }> {
  const at = now.toISOString();
  const seeded: ContentType[] = [];
  await db
    .insertInto("content_state")
    .values({ id: stateId, version: 0, changed_at: at })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  for (const type of contentTypeNames) {
    const done = await db.transaction().execute(async (trx) => {
      const items = itemsOf(type, source);
      const claimed = await trx
        .insertInto("content_seeds")
        .values({ type, seeded_at: at, items: items.length })
        .onConflict((oc) => oc.column("type").doNothing())
        .executeTakeFirst();
      if (!claimed.numInsertedOrUpdatedRows) return false;
      for (const [position, item] of items.entries()) {
        const data = JSON.stringify(item.data);
        await trx
          .insertInto("content_items")
          .values({
            type,
            key: item.key,
            position,
            draft: data,
            draft_version: 1,
            draft_saved_at: at,
            draft_saved_by: null,
            status: "live",
            published_revision: 1,
            publish_at: null,
            publish_at_by: null,
          })
          .execute();
        await trx
          .insertInto("content_revisions")
          .values({
            type,
            key: item.key,
            revision: 1,
            data,
            published_at: at,
            published_by: null,
            published_by_name: releaseActor.name,
            note: "Release content",
          })
          .execute();
        // What going live does beyond the content (a session's places: publish-hooks.server.ts).
        const issue = await publishHooks[type]?.onLive?.(trx, item.key, item.data, now);
        if (issue) throw new ContentError(`Release ${type} "${item.key}": ${issue.message}`);
      }
      if (type === "course") await seedReleaseRedirects(trx, now);
      if (items.length) await bumpVersion(trx, now);
      return true;
    });
    if (done) seeded.push(type);
  }
  // A database whose courses were seeded before redirects were data gets them now.
  await db.transaction().execute(async (trx) => {
    if (await seedReleaseRedirects(trx, now)) await bumpVersion(trx, now);
  });
  return { seeded };
}

/**
 * The release's redirects of the old site's course ids (ADR 047), once:
 * with the courses, or on the first start after they became data. Each
 * leads to its course where it is now; one whose id a course has is skipped.
 */
async function seedReleaseRedirects(trx: Tx, now: Date): Promise<boolean> {
  const claimed = await trx
    .insertInto("content_seeds")
    .values({ type: releaseRedirectsSeed, seeded_at: now.toISOString(), items: releaseCourseRedirects.length })
    .onConflict((oc) => oc.column("type").doNothing())
    .executeTakeFirst();
  if (!claimed.numInsertedOrUpdatedRows) return false;
  const courses = await itemsWithPublished(trx, "course");
  const addressNow = (row: (typeof courses)[number]) => addressOf("course", JSON.parse(row.published ?? row.draft));
  for (const { from, to } of z.array(courseRedirectSchema).parse(releaseCourseRedirects)) {
    const target = courses.find((row) => row.key === to);
    if (!target || courses.some((row) => addressNow(row) === from)) continue;
    const newPaths = pathsOf("course", addressNow(target) ?? to);
    for (const [index, path] of pathsOf("course", from).entries()) {
      await trx
        .insertInto("content_redirects")
        .values({
          from_path: path,
          to_path: newPaths[index]!,
          type: "course",
          key: target.key,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column("from_path").doNothing())
        .execute();
    }
  }
  return true;
}

// --- Reading -----------------------------------------------------------------

/** The content's version: moves with every publish, unpublish and restore. */
export async function contentVersion(db: Tx): Promise<number> {
  const row = await db.selectFrom("content_state").select("version").where("id", "=", stateId).executeTakeFirst();
  return row ? Number(row.version) : 0;
}

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

function sourceFromRows(rows: readonly { type: string; key: string; data: string }[]): ContentSource {
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

// --- Changing ----------------------------------------------------------------

/**
 * Saves the draft of an item, over the version the editor started from.
 * Nothing public changes. Refused: an item that does not exist, data that
 * fails the schema (field by field), a draft saved by someone else since.
 */
export async function saveDraft(
  db: Db,
  input: { type: ContentType; key: string; data: unknown; baseVersion: number; actor: ContentActor; now: Date },
): Promise<ContentResult<{ version: number }>> {
  const { type, key, actor, now } = input;
  const checked = checkItem(type, key, input.data);
  if (!checked.ok) return invalid(checked.issues);
  return db.transaction().execute(async (trx) => {
    const row = await item(trx, type, key).select(["draft_version", "draft_saved_at"]).executeTakeFirst();
    if (!row) return notFound(type, key);
    const current = Number(row.draft_version);
    if (current !== input.baseVersion) return draftConflict(current, row.draft_saved_at);
    const address = movesAddress(type) ? addressOf(type, checked.data) : null;
    const holder = address === null ? null : await addressHolder(trx, type, key, address);
    if (address !== null && holder !== null) return addressTaken(type, address, holder);
    const version = current + 1;
    await trx
      .updateTable("content_items")
      .set({
        draft: JSON.stringify(checked.data),
        draft_version: version,
        draft_saved_at: now.toISOString(),
        draft_saved_by: actor.id,
      })
      .where("type", "=", type)
      .where("key", "=", key)
      .where("draft_version", "=", current)
      .execute();
    return { ok: true as const, version };
  });
}

/**
 * Adds an item to a type that takes new ones, as a draft (not on the site
 * until it is published), last in its list. Its key is read from its data
 * (its id or slug) and must be new.
 */
export async function createItem(
  db: Db,
  input: { type: ContentType; data: unknown; actor: ContentActor; now: Date },
): Promise<ContentResult<{ key: string }>> {
  const { type, actor, now } = input;
  const definition: ContentTypeDefinition = contentTypes[type];
  if (definition.shape !== "list" || definition.fixed) {
    return refused(`${definition.plural} are fixed: each can be edited, but none added.`);
  }
  const parsed = definition.schema.safeParse(input.data);
  if (!parsed.success) return invalid(fieldIssues(parsed.error));
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("content_items")
      .select((eb) => [eb.fn.max("position").as("position"), eb.fn.countAll().as("count")])
      .where("type", "=", type)
      .executeTakeFirst();
    const address = addressOf(type, parsed.data);
    const holder = address === null ? null : await addressHolder(trx, type, null, address);
    if (address !== null && holder !== null) return addressTaken(type, address, holder);
    // The address is free, but an item that has moved away from it keeps it as its key: "-2", "-3"… then.
    const wanted = definition.keyOf(parsed.data as Record<string, unknown>, Number(last?.count ?? 0));
    let key = wanted;
    for (let n = 2; await item(trx, type, key).select("key").executeTakeFirst(); n++) key = `${wanted}-${n}`;
    await trx
      .insertInto("content_items")
      .values({
        type,
        key,
        position: last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1,
        draft: JSON.stringify(parsed.data),
        draft_version: 1,
        draft_saved_at: now.toISOString(),
        draft_saved_by: actor.id,
        status: "draft",
        published_revision: null,
        publish_at: null,
        publish_at_by: null,
      })
      .execute();
    return { ok: true as const, key };
  });
}

/**
 * Publishes the item's draft as a new revision, if the whole site's content
 * with it is still valid. `baseVersion`: the draft the person saw (a draft
 * saved since by someone else is not published under their name).
 */
export async function publishItem(
  db: Db,
  input: { type: ContentType; key: string; actor: ContentActor; now: Date; baseVersion?: number; note?: string },
): Promise<ContentResult<{ revision: number; version: number; moved: AddressMove | null }>> {
  const { type, key } = input;
  return inTransaction(db, async (trx) => {
    const version = await bumpVersion(trx, input.now);
    const row = await item(trx, type, key).select(["draft", "draft_version", "draft_saved_at"]).executeTakeFirst();
    if (!row) return rollBack(notFound(type, key));
    if (input.baseVersion !== undefined && Number(row.draft_version) !== input.baseVersion) {
      return rollBack(draftConflict(Number(row.draft_version), row.draft_saved_at));
    }
    const live = await goLive(trx, { ...input, data: row.draft, note: input.note ?? "Published" });
    return { ok: true as const, ...live, version };
  });
}

/** Takes the item off the site (its revisions stay), if the site stays whole without it. */
export async function unpublishItem(
  db: Db,
  input: { type: ContentType; key: string; now: Date },
): Promise<ContentResult<{ version: number }>> {
  const { type, key, now } = input;
  const definition: ContentTypeDefinition = contentTypes[type];
  if (definition.fixed) return refused(`${definition.plural} are fixed: each can be edited, but none unpublished.`);
  return inTransaction(db, async (trx) => {
    const version = await bumpVersion(trx, now);
    const row = await item(trx, type, key).select(["status"]).executeTakeFirst();
    if (!row) return rollBack(notFound(type, key));
    if (row.status !== "live") return rollBack(refused("It is not on the site."));
    const off = await publishHooks[type]?.beforeOff?.(trx, key);
    if (off) return rollBack(refused(`It cannot be unpublished: ${off}`));
    const whole = await checkWhole(trx, { type, key, data: null });
    if (whole) {
      return rollBack(refused(`It cannot be unpublished while the site refers to it: ${whole.message}`));
    }
    await updateItem(trx, type, key, { status: "unpublished", publish_at: null, publish_at_by: null });
    return { ok: true as const, version };
  });
}

/**
 * Deletes an item that is not on the site (never published, or unpublished)
 * and that nothing refers to: its draft, its revisions and its redirects go
 * with it (the audit log keeps who deleted what). Refused, with who refers
 * to it, while any other item's draft or live revision, or a list of the
 * release's, names it; a fixed type's items and a live item are refused too
 * (unpublish it first). Nothing public changes, so the version stays.
 */
export async function deleteItem(
  db: Db,
  input: { type: ContentType; key: string; baseVersion?: number },
): Promise<ContentResult<{ title: string; revisions: number }>> {
  const { type, key } = input;
  const definition: ContentTypeDefinition = contentTypes[type];
  if (definition.fixed) return refused(`${definition.plural} are fixed: each can be edited, but none deleted.`);
  return inTransaction(db, async (trx) => {
    await lockContent(trx);
    const row = (await itemsWithPublished(trx, type)).find((r) => r.key === key);
    if (!row) return rollBack(notFound(type, key));
    const draft = await item(trx, type, key).select(["draft_version", "draft_saved_at"]).executeTakeFirstOrThrow();
    const stale = staleDraft(draft, input.baseVersion, "deleted");
    if (stale) return rollBack(stale);
    if (row.status === "live") return rollBack(refused("It is on the site: unpublish it first, then delete it."));
    const off = await publishHooks[type]?.beforeOff?.(trx, key);
    if (off) return rollBack(refused(`It cannot be deleted: ${off}`));
    const addresses = new Set(
      [row.draft, row.published].flatMap((json) => {
        const address = json === null ? null : addressOf(type, JSON.parse(json));
        return address === null ? [] : [address];
      }),
    );
    const referrers = new Set<string>();
    for (const address of addresses) {
      for (const referrer of await referrersOf(trx, type, key, address)) referrers.add(referrer);
    }
    if (referrers.size)
      return rollBack(refused(`It cannot be deleted while ${whoRefers([...referrers])}, or keep it unpublished.`));
    // A webinar's registrations name it (their confirmations and reminders are about it).
    if (type === "webinar") {
      const registered = await trx
        .selectFrom("leads")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("kind", "=", "webinarRegistration")
        .where("subject", "=", key)
        .executeTakeFirst();
      const n = Number(registered?.n ?? 0);
      if (n) {
        const who = n === 1 ? "1 person has" : `${n} people have`;
        return rollBack(refused(`It cannot be deleted: ${who} registered for it. Keep it unpublished.`));
      }
    }
    const revisions = await trx
      .deleteFrom("content_revisions")
      .where("type", "=", type)
      .where("key", "=", key)
      .executeTakeFirst();
    await trx.deleteFrom("content_redirects").where("type", "=", type).where("key", "=", key).execute();
    await trx.deleteFrom("content_items").where("type", "=", type).where("key", "=", key).execute();
    return {
      ok: true as const,
      title: itemTitle(type, key, JSON.parse(row.draft)),
      revisions: Number(revisions.numDeletedRows),
    };
  });
}

/**
 * Puts an old revision's text back on the site as a new revision, and makes
 * it the draft too (a newer unpublished draft is replaced: the editor asks
 * first). With `baseVersion`, refused (a conflict) when someone saved the
 * draft since the editor's page was opened: their draft is not replaced
 * unseen.
 */
export async function restoreRevision(
  db: Db,
  input: { type: ContentType; key: string; revision: number; actor: ContentActor; now: Date; baseVersion?: number },
): Promise<ContentResult<{ revision: number; version: number; moved: AddressMove | null }>> {
  const { type, key, actor, now } = input;
  return inTransaction(db, async (trx) => {
    const version = await bumpVersion(trx, now);
    const old = await trx
      .selectFrom("content_revisions")
      .select("data")
      .where("type", "=", type)
      .where("key", "=", key)
      .where("revision", "=", input.revision)
      .executeTakeFirst();
    const row = await item(trx, type, key).select(["draft_version", "draft_saved_at"]).executeTakeFirst();
    if (!old || !row) return rollBack(notFound(type, `${key} revision ${input.revision}`));
    const stale = staleDraft(row, input.baseVersion, "restored");
    if (stale) return rollBack(stale);
    const live = await goLive(trx, { ...input, data: old.data, note: `Restored revision ${input.revision}` });
    await updateItem(trx, type, key, {
      draft: old.data,
      draft_version: Number(row.draft_version) + 1,
      draft_saved_at: now.toISOString(),
      draft_saved_by: actor.id,
    });
    return { ok: true as const, ...live, version };
  });
}

/** Publishes the item's draft at `at` (the scheduler's job), or cancels that (`at` null). */
export async function schedulePublish(
  db: Db,
  input: { type: ContentType; key: string; at: Date | null; actor: ContentActor; now: Date },
): Promise<ContentResult> {
  const { type, key, at, actor, now } = input;
  if (at && at.getTime() <= now.getTime()) return refused("Choose a time in the future, or publish now.");
  const checked = await item(db, type, key).select("draft").executeTakeFirst();
  if (!checked) return notFound(type, key);
  if (at) {
    const item = checkItem(type, key, JSON.parse(checked.draft));
    if (!item.ok) return invalid(item.issues);
  }
  await updateItem(db, type, key, { publish_at: at ? at.toISOString() : null, publish_at_by: at ? actor.id : null });
  return { ok: true };
}

/**
 * Publishes every draft whose time has come, in the order they were due
 * (the scheduler runs this every minute). One that can no longer be
 * published (the site would not be whole) loses its schedule and is
 * reported, so it is not tried every minute.
 */
export async function publishDue(
  db: Db,
  now: Date,
): Promise<{ published: string[]; failed: { item: string; message: string }[] }> {
  const due = await db
    .selectFrom("content_items as i")
    .leftJoin("staff_users as u", "u.id", "i.publish_at_by")
    .leftJoin("staff_users as s", "s.id", "i.draft_saved_by")
    .select(["i.type", "i.key", "i.publish_at_by", "u.name", "u.role", "s.role as savedByRole"])
    .where("i.publish_at", "<=", now.toISOString())
    .orderBy("i.publish_at")
    .execute();
  const published: string[] = [];
  const failed: { item: string; message: string }[] = [];
  for (const item of due) {
    if (!(item.type in contentTypes)) continue;
    const type = item.type as ContentType;
    // A price that needs an administrator (publish-hooks.server.ts) goes live on schedule only if an
    // administrator both scheduled it and saved the draft last (an editor's later save is not approved).
    const approved = isAdministrator(item.role ?? "") && isAdministrator(item.savedByRole ?? "");
    const stored = approved ? null : await readItem(db, type, item.key);
    const price = stored && (await priceNeedsAdministrator(db, type, item.key, stored.published, stored.draft));
    if (price) {
      failed.push({ item: `${type}:${item.key}`, message: price });
      await schedulePublish(db, { type, key: item.key, at: null, actor: releaseActor, now });
      continue;
    }
    const result = await publishItem(db, {
      type,
      key: item.key,
      actor: { id: item.publish_at_by, name: item.name ?? "Scheduled" },
      now,
      note: "Scheduled",
    });
    if (result.ok) published.push(`${type}:${item.key}`);
    else {
      failed.push({ item: `${type}:${item.key}`, message: result.message });
      await schedulePublish(db, { type, key: item.key, at: null, actor: releaseActor, now });
    }
  }
  return { published, failed };
}

// --- Inside ------------------------------------------------------------------

/** The item's row, to select from. */
function item(trx: Tx, type: ContentType, key: string) {
  return trx.selectFrom("content_items").where("type", "=", type).where("key", "=", key);
}

async function updateItem(trx: Tx, type: ContentType, key: string, set: Partial<Database["content_items"]>) {
  await trx.updateTable("content_items").set(set).where("type", "=", type).where("key", "=", key).execute();
}

/** An address change a publish made (the item's old and new id or slug). */
export type AddressMove = { from: string; to: string };

/**
 * Puts `data` (JSON) on the site as the item's next revision, if it passes
 * its schema and the site stays whole with it; else rolls back. A new
 * address (of a type whose address may change) is refused while anything
 * refers to the old one, and leaves its redirects.
 */
async function goLive(
  trx: Tx,
  change: { type: ContentType; key: string; data: string; actor: ContentActor; now: Date; note: string },
): Promise<{ revision: number; moved: AddressMove | null }> {
  const { type, key } = change;
  const checked = checkItem(type, key, JSON.parse(change.data));
  if (!checked.ok) return rollBack(invalid(checked.issues));
  const address = movesAddress(type) ? addressOf(type, checked.data) : null;
  let moved: AddressMove | null = null;
  if (address !== null) {
    const last = (await itemsWithPublished(trx, type)).find((row) => row.key === key)?.published;
    const previous = last ? addressOf(type, JSON.parse(last)) : null;
    const holder = await addressHolder(trx, type, key, address);
    if (holder !== null) return rollBack(addressTaken(type, address, holder));
    if (previous !== null && previous !== address) {
      const referrers = await referrersOf(trx, type, key, previous);
      if (referrers.length) {
        return rollBack(
          refused(`Its address cannot change from "${previous}" while ${whoRefers(referrers)}, or keep the address.`),
        );
      }
      moved = { from: previous, to: address };
    }
    await moveAddress(trx, { type, key, previous, address, now: change.now });
  }
  const whole = await checkWhole(trx, { type, key, data: checked.data });
  if (whole) return rollBack(whole);
  const unknownImages = await imagesMissing(trx, type, key, checked.data);
  if (unknownImages.length > 0) return rollBack(invalid(unknownImages));
  const issue = await publishHooks[type]?.onLive?.(trx, key, checked.data, change.now);
  if (issue) return rollBack(invalid([issue]));
  const revision = await addRevision(trx, change);
  await updateItem(trx, type, key, {
    status: "live",
    published_revision: revision,
    publish_at: null,
    publish_at_by: null,
  });
  return { revision, moved };
}

/** Runs `work` in a transaction; a refusal it rolls back with is returned. */
function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T | ContentRefusal> {
  return db.transaction().execute(work).catch(unwrapRollBack);
}

/** Takes the content's row, so that this change runs after (and sees) any publish under way, without moving the version. */
async function lockContent(trx: Tx): Promise<void> {
  await trx
    .updateTable("content_state")
    .set((eb) => ({ version: eb.ref("version") }))
    .where("id", "=", stateId)
    .execute();
}

async function bumpVersion(trx: Tx, now: Date): Promise<number> {
  await trx
    .updateTable("content_state")
    .set((eb) => ({ version: eb("version", "+", 1), changed_at: now.toISOString() }))
    .where("id", "=", stateId)
    .execute();
  return contentVersion(trx);
}

async function addRevision(
  trx: Tx,
  r: { type: ContentType; key: string; data: string; actor: ContentActor; now: Date; note: string },
): Promise<number> {
  const last = await trx
    .selectFrom("content_revisions")
    .select((eb) => eb.fn.max("revision").as("revision"))
    .where("type", "=", r.type)
    .where("key", "=", r.key)
    .executeTakeFirst();
  const revision = Number(last?.revision ?? 0) + 1;
  await trx
    .insertInto("content_revisions")
    .values({
      type: r.type,
      key: r.key,
      revision,
      data: r.data,
      published_at: r.now.toISOString(),
      published_by: r.actor.id,
      published_by_name: r.actor.name,
      note: r.note,
    })
    .execute();
  return revision;
}

/** The published content with one item replaced (or taken off, `data` null), unchecked. */
async function publishedWith(
  trx: Tx,
  change: { type: ContentType; key: string; data: unknown },
): Promise<ContentSource> {
  const rows = await trx
    .selectFrom("content_items as i")
    .leftJoin("content_revisions as r", (join) =>
      join.onRef("r.type", "=", "i.type").onRef("r.key", "=", "i.key").onRef("r.revision", "=", "i.published_revision"),
    )
    .select(["i.type", "i.key", "i.status", "r.data"])
    .orderBy("i.type")
    .orderBy("i.position")
    .orderBy("i.key")
    .execute();
  // Every live item as it is on the site, the changed one as it would be, in their places.
  const withChange = rows.flatMap((row) => {
    if (row.type === change.type && row.key === change.key) {
      return change.data === null ? [] : [{ type: row.type, key: row.key, data: JSON.stringify(change.data) }];
    }
    return row.status === "live" && row.data !== null ? [{ type: row.type, key: row.key, data: row.data }] : [];
  });
  return sourceFromRows(withChange);
}

/**
 * The published content with this item's draft in its place, as publishing
 * the draft would make it (for its preview, unchecked: building its
 * catalogue says what is wrong); null when there is no such item.
 */
export async function publishedWithDraft(db: Tx, type: ContentType, key: string): Promise<ContentSource | null> {
  const row = await item(db, type, key).select("draft").executeTakeFirst();
  if (!row) return null;
  return publishedWith(db, { type, key, data: JSON.parse(row.draft) as unknown });
}

/**
 * Whether the published content, with one item replaced (or taken off, `data`
 * null), still builds a catalogue: the reason it does not, or null.
 */
async function checkWhole(
  trx: Tx,
  change: { type: ContentType; key: string; data: unknown },
): Promise<ContentRefusal | null> {
  try {
    buildCatalogue(await publishedWith(trx, change));
    return null;
  } catch (error) {
    if (error instanceof ContentError) return refused(error.message);
    throw error;
  }
}

/** Each image field of the item whose image is not in the library (ADR 049). */
async function imagesMissing(trx: Tx, type: ContentType, key: string, data: unknown): Promise<FieldIssue[]> {
  const refs = imageRefsIn(itemSchema(type, key)!, data);
  const missing = new Set(
    await missingImages(
      trx,
      refs.map((r) => r.ref.id),
    ),
  );
  return refs.filter((r) => missing.has(r.ref.id)).map((r) => ({ path: `${r.path}.id`, message: missingImageMessage }));
}

function invalid(issues: FieldIssue[]): ContentRefusal {
  return { ok: false, reason: "invalid", message: "Some fields need attention: see the messages beside them.", issues };
}

/**
 * A conflict when the item's draft (`row`, read in the action's transaction)
 * is no longer the version `baseVersion` the editor's page was opened at
 * (none asked: null), for an action that would replace or remove that draft
 * (`done`: what was not done).
 */
function staleDraft(
  row: { draft_version: number; draft_saved_at: string },
  baseVersion: number | undefined,
  done: "restored" | "deleted",
): ContentRefusal | null {
  if (baseVersion === undefined || Number(row.draft_version) === baseVersion) return null;
  return {
    ...draftConflict(Number(row.draft_version), row.draft_saved_at),
    message: `Nothing was ${done}: someone else saved this item after you opened it. Reload the page to see their draft first.`,
  };
}

/** The refusal of a change made over a draft someone saved since (now at `version`, saved at `savedAt`). */
export function draftConflict(version: number, savedAt: string): ContentRefusal {
  return {
    ok: false,
    reason: "conflict",
    message:
      "Someone else saved this item after you opened it. Your text is kept below: copy what you need, reload to see theirs, and save again.",
    current: { version, savedAt },
  };
}

function refused(message: string): ContentRefusal {
  return { ok: false, reason: "refused", message };
}

/** A refusal found inside a transaction: thrown to roll it back (the version's bump too), then returned. */
class RollBack extends Error {
  readonly refusal: ContentRefusal;
  constructor(refusal: ContentRefusal) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

function rollBack(refusal: ContentRefusal): never {
  throw new RollBack(refusal);
}

function unwrapRollBack(error: unknown): ContentRefusal {
  if (error instanceof RollBack) return error.refusal;
  throw error;
}
