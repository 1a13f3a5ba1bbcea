/**
 * Publishing a change as the editor does, for the benchmarks that need the
 * site's pages to come from the database rather than from the release's
 * build (bench:page-render, and `npm run bench -- --after-publish`): a
 * webinar's title is changed and published through the content store on the
 * server's own database, then the server is asked until it serves that
 * version. From then on every public page is rendered from the published
 * content (the page cache, server/page-cache.ts).
 */
import { releaseContent } from "../app/content/seed/index.ts";
import type { Db } from "../app/data/db.server.ts";
import { contentVersion } from "../app/publishing/store/core.server.ts";
import { publishItem, saveDraft } from "../app/publishing/store/changes.server.ts";
import { readItem } from "../app/publishing/store/reading.server.ts";

const editor = { id: null, name: "Benchmark" };
const webinar = releaseContent.webinars[0] as { id: string; title: string };

/** Publishes a new title for the first webinar and resolves once `base` serves it; returns the content version. */
export async function publishChange(db: Db, base: string, label: string): Promise<number> {
  const item = await readItem(db, "webinar", webinar.id);
  if (!item) throw new Error(`the webinar ${webinar.id} is not in the content store`);
  const title = `${webinar.title} (${label})`;
  const saved = await saveDraft(db, {
    type: "webinar",
    key: webinar.id,
    data: { ...(item.draft as object), title },
    baseVersion: item.draftVersion,
    actor: editor,
    now: new Date(),
  });
  if (!saved.ok) throw new Error(`the draft was refused: ${JSON.stringify(saved)}`);
  const published = await publishItem(db, { type: "webinar", key: webinar.id, actor: editor, now: new Date() });
  if (!published.ok) throw new Error(`the publish was refused: ${JSON.stringify(published)}`);
  const version = await contentVersion(db);
  // The server serves the new version once /resources (which lists the webinar) shows it.
  const deadline = Date.now() + 10_000;
  while (!(await (await fetch(`${base}/resources`)).text()).includes(title)) {
    if (Date.now() > deadline) throw new Error(`content version ${version} not served after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return version;
}
