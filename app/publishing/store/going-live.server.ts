/**
 * Putting an item's text on the site as its next revision, once the whole
 * published content still builds with it (references, images, addresses,
 * the publish hooks). Part of the content store (./core.server.ts).
 */
import { buildCatalogue, ContentError } from "~/content/index.server.ts";
import type { ContentSource } from "~/content/schema.ts";
import { itemSchema, type ContentType } from "~/content/types.server.ts";
import { imageRefsIn, missingImageMessage } from "~/content/image-ref.ts";
import { missingImages } from "~/media/images.server.ts";
import { publishHooks } from "../publish-hooks.server.ts";
import {
  type Tx,
  type ContentActor,
  type FieldIssue,
  type ContentRefusal,
  checkItem,
  movesAddress,
  item,
  updateItem,
  invalid,
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
  moveAddress,
} from "./addresses.server.ts";
import { sourceFromRows } from "./reading.server.ts";

/** An address change a publish made (the item's old and new id or slug). */
export type AddressMove = { from: string; to: string };

/**
 * Puts `data` (JSON) on the site as the item's next revision, if it passes
 * its schema and the site stays whole with it; else rolls back. A new
 * address (of a type whose address may change) is refused while anything
 * refers to the old one, and leaves its redirects.
 */
export async function goLive(
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
export async function checkWhole(
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
