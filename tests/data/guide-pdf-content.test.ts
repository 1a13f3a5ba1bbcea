/**
 * A guide's PDF names its courses as the site serves them (issue 40): a
 * course renamed in the editor and published is named anew in the guide
 * that recommends it, on both databases (the store seeded from the release,
 * the publish served by the instance, the PDF laid out afterwards).
 */
import { describe, expect, it } from "vitest";
import { siteContact } from "~/content/index.server.ts";
import { releaseContent } from "~/content/seed/index.ts";
import type { Course } from "~/content/schema.ts";
import { renderGuidePdf } from "~/pdf/guide-pdf.server.ts";
import { saveDraft } from "~/publishing/store/changes.server.ts";
import { startSiteContent } from "~/publishing/site-content.server.ts";
import { pdfText } from "../support/pdf-text.ts";
import { dialects, openTestDatabase } from "./databases.ts";
import { loggerInto, publishAndAwaitServed } from "./fixtures.ts";

/** The course the risk guide's closing section recommends. */
const course = (releaseContent.courses as Course[]).find((c) => c.id === "risk-management")!;
const newTitle = "Risk Management in Practice";
const editor = { id: null, name: "Ann Editor" };

describe.each(dialects)("a guide's PDF and the published content, on %s", (dialect) => {
  it("names a course renamed in the editor by its new title", async () => {
    const t = await openTestDatabase(dialect, "guidepdf");
    const content = await startSiteContent({ db: t.handle.db, log: loggerInto([]), pollMs: 20 });
    try {
      const before = await pdfText(await renderGuidePdf("risk-guide", siteContact()));
      expect(before).toContain(course.title);
      expect(before).not.toContain(newTitle);

      const saved = await saveDraft(t.handle.db, {
        type: "course",
        key: course.id,
        data: { ...course, title: newTitle },
        baseVersion: 1,
        actor: editor,
        now: new Date(),
      });
      expect(saved).toMatchObject({ ok: true });
      await publishAndAwaitServed(t.handle.db, content, { type: "course", key: course.id, actor: editor });

      const after = await pdfText(await renderGuidePdf("risk-guide", siteContact()));
      expect(after).toContain(newTitle);
    } finally {
      content.close();
      await t.dispose();
    }
  });
});
