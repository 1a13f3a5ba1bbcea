/**
 * A draft's preview reads a stand-in catalogue for one render only
 * (withCatalogue, docs/decisions/046-preview-rendering.md): everything that
 * render calls sees it, other work at the same time does not, and the
 * served version is NaN inside (memos of the served version never match it).
 */
import { describe, expect, test } from "vitest";
import {
  buildCatalogue,
  catalogue,
  getCourse,
  servedContentVersion,
  withCatalogue,
} from "../../app/content/index.server.ts";
import { releaseContent } from "../../app/content/seed/index.ts";

const first = releaseContent.courses[0] as { id: string; title: string };
const preview = buildCatalogue({
  ...releaseContent,
  courses: releaseContent.courses.map((c) =>
    (c as { id: string }).id === first.id ? { ...(c as object), title: "A Title Only the Preview Has" } : c,
  ),
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("withCatalogue", () => {
  test("what the render calls reads the stand-in, across awaits; the served catalogue is untouched", async () => {
    // What is served now (another test file in this worker may have served a version of its own).
    const served = { version: servedContentVersion(), title: getCourse(first.id)?.title };
    const seen = await withCatalogue(preview, async () => {
      await tick();
      return { title: getCourse(first.id)?.title, version: servedContentVersion() };
    });
    expect(seen.title).toBe("A Title Only the Preview Has");
    expect(seen.version).toBeNaN();
    expect(getCourse(first.id)?.title).toBe(served.title);
    expect(served.title).not.toBe("A Title Only the Preview Has");
    expect(servedContentVersion()).toBe(served.version);
  });

  test("work running at the same time outside it reads the served catalogue", async () => {
    const servedTitle = catalogue.courses[0]?.title;
    const inside = withCatalogue(preview, async () => {
      await tick();
      return catalogue.courses[0]?.title;
    });
    const outside = (async () => {
      await tick();
      return catalogue.courses[0]?.title;
    })();
    expect(await Promise.all([inside, outside])).toEqual(["A Title Only the Preview Has", servedTitle]);
  });
});
