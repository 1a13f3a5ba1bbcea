/**
 * Puts a photo-like picture (2000 × 1250: fine texture over shapes, which
 * compresses like a photograph rather than like a flat colour) in the home
 * page's hero of the SQLite database in `dataDir`, as the editor would: the
 * upload re-encoded into the library, the home copy published with it.
 * Loaded through Vite by bench/with-hero-image.ts (it imports app/ modules).
 */
import sharp from "sharp";
import { releaseContent } from "../app/content/seed/index.ts";
import { openDatabase } from "../app/data/db.server.ts";
import { processUpload, storeImage } from "../app/media/images.server.ts";
import { publishItem, saveDraft } from "../app/publishing/store/changes.server.ts";
import { readItem } from "../app/publishing/store/reading.server.ts";
import { seedContent } from "../app/publishing/store/seeding.server.ts";

export async function seedHeroImage(dataDir: string): Promise<{ id: string; bytes: Record<string, number> }> {
  const [width, height] = [2000, 1250];
  const texture = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .blur(0.6)
    .png()
    .toBuffer();
  const shapes = Buffer.from(
    `<svg width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#173a6b"/><stop offset="1" stop-color="#c99a3e"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="1300" cy="560" r="380" fill="#e8d5b0"/><rect x="200" y="700" width="700" height="420" rx="40" fill="#2f5d50"/></svg>`,
  );
  const photo = await sharp(shapes)
    .composite([{ input: texture, blend: "soft-light" }])
    .jpeg({ quality: 88 })
    .toBuffer();
  const processed = await processUpload(photo);
  if (!processed.ok) throw new Error(processed.message);
  const handle = await openDatabase({ dataDir });
  try {
    const { db } = handle;
    await seedContent(db, new Date());
    await storeImage(db, processed.image, { name: "Bench hero", userId: null, now: new Date() });
    const actor = { id: null, name: "Bench" };
    const home = await readItem(db, "page", "home");
    const data = {
      ...(releaseContent.pages.home as object),
      heroImage: { id: processed.image.id, alt: "Delegates around a table in a London workshop" },
    };
    const saved = await saveDraft(db, {
      type: "page",
      key: "home",
      data,
      baseVersion: home!.draftVersion,
      actor,
      now: new Date(),
    });
    if (!saved.ok) throw new Error(saved.message);
    const published = await publishItem(db, { type: "page", key: "home", actor, now: new Date() });
    if (!published.ok) throw new Error(published.message);
  } finally {
    await handle.close();
  }
  const bytes = Object.fromEntries(processed.image.variants.map((v) => [`${v.width}.${v.format}`, v.bytes.length]));
  return { id: processed.image.id, bytes };
}
