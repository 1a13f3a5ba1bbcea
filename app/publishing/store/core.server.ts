/**
 * The site's content in the database (docs/decisions/045-content-in-the-database.md):
 * what every part of the store shares (who acts, refusals, the item's row,
 * the content's version and transactions). The store's parts, in this
 * folder: addresses, seeding, reading, going-live and changes.
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
import { contentTypes, itemSchema, type ContentType, type ContentTypeDefinition } from "~/content/types.server.ts";

export type Tx = Transaction<Database> | Db;

/** Who acts: a staff account (id and name at the time), or the release's seed / the scheduler. */
export type ContentActor = { id: string | null; name: string };

export const releaseActor: ContentActor = { id: null, name: "Release content" };

export const stateId = "site";

/** A field's problem, by its path in the item ("curriculum.2.title"). */
export type FieldIssue = { path: string; message: string };

export type ContentRefusal =
  | { ok: false; reason: "not-found"; message: string }
  | { ok: false; reason: "invalid"; message: string; issues: FieldIssue[] }
  | { ok: false; reason: "conflict"; message: string; current: { version: number; savedAt: string } }
  | { ok: false; reason: "refused"; message: string };

export type ContentResult<T = object> = ({ ok: true } & T) | ContentRefusal;

export const notFound = (type: ContentType, key: string): ContentRefusal => ({
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

/** Whether items of `type` may change their address (a course's id, an article's slug: not fixed types). */
export function movesAddress(type: ContentType): boolean {
  const definition: ContentTypeDefinition = contentTypes[type];
  return definition.shape === "list" && !definition.fixed && !!definition.addressPaths;
}

/** The content's version: moves with every publish, unpublish and restore. */
export async function contentVersion(db: Tx): Promise<number> {
  const row = await db.selectFrom("content_state").select("version").where("id", "=", stateId).executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/** The item's row, to select from. */
export function item(trx: Tx, type: ContentType, key: string) {
  return trx.selectFrom("content_items").where("type", "=", type).where("key", "=", key);
}

export async function updateItem(trx: Tx, type: ContentType, key: string, set: Partial<Database["content_items"]>) {
  await trx.updateTable("content_items").set(set).where("type", "=", type).where("key", "=", key).execute();
}

/** Runs `work` in a transaction; a refusal it rolls back with is returned. */
export function inTransaction<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T | ContentRefusal> {
  return db.transaction().execute(work).catch(unwrapRollBack);
}

/** Takes the content's row, so that this change runs after (and sees) any publish under way, without moving the version. */
export async function lockContent(trx: Tx): Promise<void> {
  await trx
    .updateTable("content_state")
    .set((eb) => ({ version: eb.ref("version") }))
    .where("id", "=", stateId)
    .execute();
}

export async function bumpVersion(trx: Tx, now: Date): Promise<number> {
  await trx
    .updateTable("content_state")
    .set((eb) => ({ version: eb("version", "+", 1), changed_at: now.toISOString() }))
    .where("id", "=", stateId)
    .execute();
  return contentVersion(trx);
}

export function invalid(issues: FieldIssue[]): ContentRefusal {
  return { ok: false, reason: "invalid", message: "Some fields need attention: see the messages beside them.", issues };
}

/**
 * A conflict when the item's draft (`row`, read in the action's transaction)
 * is no longer the version `baseVersion` the editor's page was opened at
 * (none asked: null), for an action that would replace or remove that draft
 * (`done`: what was not done).
 */
export function staleDraft(
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

export function refused(message: string): ContentRefusal {
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

export function rollBack(refusal: ContentRefusal): never {
  throw new RollBack(refusal);
}

function unwrapRollBack(error: unknown): ContentRefusal {
  if (error instanceof RollBack) return error.refusal;
  throw error;
}
