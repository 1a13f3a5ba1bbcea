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
import type { z } from "zod";
import type { Db } from "~/data/db.server.ts";
import type { Database } from "~/data/schema.ts";
import { buildCatalogue, ContentError, releaseContent, type ContentSource } from "~/content/index.server.ts";
import {
  contentTypeNames,
  contentTypes,
  itemSchema,
  itemsOf,
  itemTitle,
  sourceOf,
  type ContentType,
  type ContentTypeDefinition,
} from "~/content/types.server.ts";

import { imageRefsIn, missingImageMessage } from "~/content/image-ref.ts";
import { missingImages } from "~/media/images.server.ts";

type Tx = Transaction<Database> | Db;

/** Who acts: a staff account (id and name at the time), or the release's seed / the scheduler. */
export type ContentActor = { id: string | null; name: string };

export const releaseActor: ContentActor = { id: null, name: "Release content" };

const stateId = "site";

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
  const address = definition.shape === "list" ? definition.addressField : undefined;
  if (address && (parsed.data as Record<string, unknown>)[address] !== key) {
    return {
      ok: false,
      issues: [{ path: address, message: `The address cannot be changed yet: keep "${key}" (or add a new item).` }],
    };
  }
  return { ok: true, data: parsed.data };
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
      }
      if (items.length) await bumpVersion(trx, now);
      return true;
    });
    if (done) seeded.push(type);
  }
  return { seeded };
}

// --- Reading -----------------------------------------------------------------

/** The content's version: moves with every publish, unpublish and restore. */
export async function contentVersion(db: Tx): Promise<number> {
  const row = await db.selectFrom("content_state").select("version").where("id", "=", stateId).executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/** What the site shows: each live item's published revision, in order, and the version it is. */
export async function publishedContent(db: Tx): Promise<{ version: number; source: ContentSource }> {
  const version = await contentVersion(db);
  const rows = await db
    .selectFrom("content_items as i")
    .innerJoin("content_revisions as r", (join) =>
      join.onRef("r.type", "=", "i.type").onRef("r.key", "=", "i.key").onRef("r.revision", "=", "i.published_revision"),
    )
    .select(["i.type", "i.key", "r.data"])
    .where("i.status", "=", "live")
    .orderBy("i.type")
    .orderBy("i.position")
    .orderBy("i.key")
    .execute();
  return { version, source: sourceFromRows(rows) };
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
    if (current !== input.baseVersion) return conflict(current, row.draft_saved_at);
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
    const key = definition.keyOf(parsed.data as Record<string, unknown>, Number(last?.count ?? 0));
    const taken = await item(trx, type, key).select("key").executeTakeFirst();
    if (taken) return refused(`There is already a ${definition.label.toLowerCase()} "${key}": choose another.`);
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
): Promise<ContentResult<{ revision: number; version: number }>> {
  const { type, key } = input;
  return inTransaction(db, async (trx) => {
    const version = await bumpVersion(trx, input.now);
    const row = await item(trx, type, key).select(["draft", "draft_version", "draft_saved_at"]).executeTakeFirst();
    if (!row) return rollBack(notFound(type, key));
    if (input.baseVersion !== undefined && Number(row.draft_version) !== input.baseVersion) {
      return rollBack(conflict(Number(row.draft_version), row.draft_saved_at));
    }
    const revision = await goLive(trx, { ...input, data: row.draft, note: input.note ?? "Published" });
    return { ok: true as const, revision, version };
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
    const whole = await checkWhole(trx, { type, key, data: null });
    if (whole) {
      return rollBack(refused(`It cannot be unpublished while the site refers to it: ${whole.message}`));
    }
    await updateItem(trx, type, key, { status: "unpublished", publish_at: null, publish_at_by: null });
    return { ok: true as const, version };
  });
}

/**
 * Puts an old revision's text back on the site as a new revision, and makes
 * it the draft too (a newer unpublished draft is replaced: the editor asks first).
 */
export async function restoreRevision(
  db: Db,
  input: { type: ContentType; key: string; revision: number; actor: ContentActor; now: Date },
): Promise<ContentResult<{ revision: number; version: number }>> {
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
    const row = await item(trx, type, key).select("draft_version").executeTakeFirst();
    if (!old || !row) return rollBack(notFound(type, `${key} revision ${input.revision}`));
    const revision = await goLive(trx, { ...input, data: old.data, note: `Restored revision ${input.revision}` });
    await updateItem(trx, type, key, {
      draft: old.data,
      draft_version: Number(row.draft_version) + 1,
      draft_saved_at: now.toISOString(),
      draft_saved_by: actor.id,
    });
    return { ok: true as const, revision, version };
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
    .select(["i.type", "i.key", "i.publish_at_by", "u.name"])
    .where("i.publish_at", "<=", now.toISOString())
    .orderBy("i.publish_at")
    .execute();
  const published: string[] = [];
  const failed: { item: string; message: string }[] = [];
  for (const item of due) {
    if (!(item.type in contentTypes)) continue;
    const type = item.type as ContentType;
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

/**
 * Puts `data` (JSON) on the site as the item's next revision, if it passes
 * its schema and the site stays whole with it; else rolls back.
 */
async function goLive(
  trx: Tx,
  change: { type: ContentType; key: string; data: string; actor: ContentActor; now: Date; note: string },
): Promise<number> {
  const { type, key } = change;
  const checked = checkItem(type, key, JSON.parse(change.data));
  if (!checked.ok) return rollBack(invalid(checked.issues));
  const whole = await checkWhole(trx, { type, key, data: checked.data });
  if (whole) return rollBack(whole);
  const unknownImages = await imagesMissing(trx, type, key, checked.data);
  if (unknownImages.length > 0) return rollBack(invalid(unknownImages));
  const revision = await addRevision(trx, change);
  await updateItem(trx, type, key, {
    status: "live",
    published_revision: revision,
    publish_at: null,
    publish_at_by: null,
  });
  return revision;
}

/** Runs `work` in a transaction; a refusal it rolls back with is returned. */
function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T | ContentRefusal> {
  return db.transaction().execute(work).catch(unwrapRollBack);
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

/**
 * Whether the published content, with one item replaced (or taken off, `data`
 * null), still builds a catalogue: the reason it does not, or null.
 */
async function checkWhole(
  trx: Tx,
  change: { type: ContentType; key: string; data: unknown },
): Promise<ContentRefusal | null> {
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
  try {
    buildCatalogue(sourceFromRows(withChange));
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

function conflict(version: number, savedAt: string): ContentRefusal {
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
