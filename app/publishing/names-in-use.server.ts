/**
 * The names an item of a type may not take (docs/decisions/067-duplicate-and-next-date.md):
 * every key, and every address in a draft or a published revision, so a
 * copy or a new course date never takes a name in use or one that an old
 * address still leads from.
 */
import { contentTypes, type ContentType, type ContentTypeDefinition } from "~/content/types.server.ts";
import type { Db } from "~/data/db.server.ts";
import { sessionKeyFor } from "./duplicate-rules.ts";

/** Every key, and every address in a draft or a published revision, of `type`'s items. */
export async function namesInUse(db: Db, type: ContentType): Promise<Set<string>> {
  const definition: ContentTypeDefinition = contentTypes[type];
  const field = definition.shape === "list" ? definition.addressField : undefined;
  const rows = await db
    .selectFrom("content_items as i")
    .leftJoin("content_revisions as r", (join) => join.onRef("r.type", "=", "i.type").onRef("r.key", "=", "i.key"))
    .select(["i.key", "i.draft", "r.data as revision"])
    .where("i.type", "=", type)
    .execute();
  const names = new Set<string>();
  for (const row of rows) {
    names.add(row.key);
    if (!field) continue;
    for (const json of [row.draft, row.revision]) {
      const value = json === null ? null : (JSON.parse(json) as Record<string, unknown>)[field];
      if (typeof value === "string") names.add(value);
    }
  }
  return names;
}

/**
 * A new course date's key, when the form leaves it to the site (the team
 * never types it: sessions-schema.ts): `<course>-<start date>`, then "-2"…
 * while taken. An item that is not a new course date, or has its key, is
 * returned as it is; one without its course or start date gets a stand-in
 * key, so the schema's messages are about those fields alone.
 */
export async function withNewSessionKey(db: Db, type: ContentType, item: unknown): Promise<unknown> {
  if (type !== "session" || typeof item !== "object" || item === null) return item;
  const data = item as Record<string, unknown>;
  if (typeof data.id === "string" && data.id.trim() !== "") return item;
  const { courseId, startDate } = data;
  if (
    typeof courseId !== "string" ||
    !/^[a-z0-9-]+$/.test(courseId) ||
    typeof startDate !== "string" ||
    !/^\d{4}-\d{2}-\d{2}$/.test(startDate)
  ) {
    return { ...data, id: "new-course-date" };
  }
  const inUse = await namesInUse(db, type);
  return { ...data, id: sessionKeyFor(courseId, startDate, (n) => inUse.has(n)) };
}
