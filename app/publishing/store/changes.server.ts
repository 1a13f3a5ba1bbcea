/**
 * The editor's changes: saving and creating drafts, publishing,
 * unpublishing, deleting, restoring a revision and scheduling a publish,
 * each in one transaction that a refusal rolls back. Part of the content
 * store (./core.server.ts).
 */
import type { Db } from "~/data/db.server.ts";
import { contentTypes, itemTitle, type ContentType, type ContentTypeDefinition } from "~/content/types.server.ts";
import { isAdministrator } from "~/staff/permissions.ts";
import { priceNeedsAdministrator, publishHooks } from "../publish-hooks.server.ts";
import {
  type ContentActor,
  releaseActor,
  type ContentResult,
  notFound,
  fieldIssues,
  checkItem,
  movesAddress,
  item,
  updateItem,
  inTransaction,
  lockContent,
  bumpVersion,
  invalid,
  staleDraft,
  draftConflict,
  refused,
  rollBack,
} from "./core.server.ts";
import {
  addressOf,
  addressHolder,
  whoRefers,
  addressTaken,
  itemsWithPublished,
  referrersOf,
} from "./addresses.server.ts";
import { readItem } from "./reading.server.ts";
import { type AddressMove, goLive, checkWhole } from "./going-live.server.ts";

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
