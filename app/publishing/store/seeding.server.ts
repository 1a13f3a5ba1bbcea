/**
 * Seeding an empty database from the release's content, type by type and
 * once (a type seeded once is never seeded again), and the release's course
 * redirects. Part of the content store (./core.server.ts).
 */
import { z } from "zod";
import type { Db } from "~/data/db.server.ts";
import { ContentError } from "~/content/index.server.ts";
import { releaseContent, releaseCourseRedirects } from "~/content/seed/index.ts";
import type { ContentSource } from "~/content/schema.ts";
import { courseRedirectSchema } from "~/content/schema.ts";
import { contentTypeNames, itemsOf, type ContentType } from "~/content/types.server.ts";
import { publishHooks } from "../publish-hooks.server.ts";
import { type Tx, releaseActor, stateId, bumpVersion } from "./core.server.ts";
import { addressOf, pathsOf, itemsWithPublished } from "./addresses.server.ts";

/** content_seeds' row for the release's course redirects (not a type). */
const releaseRedirectsSeed = "release-redirects";

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
