/**
 * The image library in the database (app/media, ADR 049), on both
 * databases: an upload's variants kept and read back byte for byte, the
 * library's list with who uploaded, the same file kept once; the /media
 * server (content-addressed, immutable, ETag and 304, 404 for an unknown
 * address, from memory after the first read); a publish that refers to an
 * image not in the library refused on its field, and allowed once it is; a
 * page's unknown image left out with a warning.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseContent } from "~/content/seed/index.ts";
import { openDatabase, type Db } from "~/data/db.server.ts";
import { mediaPath } from "~/media/image-rules.ts";
import {
  listImages,
  missingImages,
  pageImage,
  processUpload,
  readVariant,
  deleteImage,
  storeImage,
  type ProcessedImage,
} from "~/media/images.server.ts";
import { immutableCaching, serveMedia } from "~/media/serve.server.ts";
import { publishItem, saveDraft } from "~/publishing/store/changes.server.ts";
import { readItem } from "~/publishing/store/reading.server.ts";
import { seedContent } from "~/publishing/store/seeding.server.ts";
import { dialects, openTestDatabase, type TestDatabase } from "./databases.ts";
import { addEditors } from "./fixtures.ts";

const start = new Date("2026-12-01T09:00:00Z");
const ann = { id: "staff-ann", name: "Ann Editor" };
const unknownId = "ffffffffffffffffffffffff";

async function processed(width: number, height: number): Promise<ProcessedImage> {
  const file = await sharp({ create: { width, height, channels: 3, background: "#2a5d9f" } })
    .jpeg()
    .toBuffer();
  const result = await processUpload(file);
  if (!result.ok) throw new Error(result.message);
  return result.image;
}

describe.each(dialects)("the image library on %s", (dialect) => {
  let t: TestDatabase;
  let db: Db;
  let image: ProcessedImage;
  beforeAll(async () => {
    t = await openTestDatabase(dialect, "images");
    db = t.handle.db;
    await seedContent(db, start);
    await addEditors(db, [ann], start);
    image = await processed(1200, 800);
  });
  afterAll(() => t.dispose());

  it("keeps every variant of an upload and reads each back byte for byte", async () => {
    expect(await storeImage(db, image, { name: "Workshop", userId: ann.id, now: start })).toEqual({
      id: image.id,
      existed: false,
    });
    for (const v of image.variants) {
      const read = await readVariant(db, { id: image.id, width: v.width, format: v.format });
      expect(Buffer.from(read!).equals(Buffer.from(v.bytes)), `${v.width}.${v.format}`).toBe(true);
    }
    expect(await readVariant(db, { id: image.id, width: 1600, format: "avif" })).toBeNull();
    expect(await readVariant(db, { id: unknownId, width: 480, format: "avif" })).toBeNull();
  });

  it("lists the library with each image's size, widths and who uploaded it; the same file is kept once", async () => {
    expect(await storeImage(db, image, { name: "Again", userId: null, now: start })).toEqual({
      id: image.id,
      existed: true,
    });
    const [listed] = await listImages(db);
    expect(listed).toMatchObject({
      id: image.id,
      name: "Workshop",
      width: 1200,
      height: 800,
      widths: [480, 960, 1200],
      uploadedAt: start.toISOString(),
      uploadedBy: ann.name,
    });
    expect(listed!.bytes).toBe(image.variants.reduce((n, v) => n + v.bytes.length, 0));
    expect(await missingImages(db, [image.id, unknownId, unknownId])).toEqual([unknownId]);
  });

  it("serves a variant at its address: its type, a year's immutable caching, an ETag and 304; else 404", async () => {
    // One handler for the whole test, so its memory is what later requests read; mounted at /media as the app mounts it.
    const handler = serveMedia(db, { error: () => undefined });
    const server: Server = createServer((req, res) => {
      req.url = req.url!.slice("/media".length);
      handler(req, res, () => res.writeHead(405).end());
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const path = mediaPath(image.id, 960, "avif");
      const first = await fetch(base + path);
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe("image/avif");
      expect(first.headers.get("cache-control")).toBe(immutableCaching);
      expect(first.headers.get("x-content-type-options")).toBe("nosniff");
      const etag = first.headers.get("etag")!;
      expect(etag).toBe(`"${image.id}-960.avif"`);
      const body = Buffer.from(await first.arrayBuffer());
      expect(body.equals(Buffer.from(image.variants.find((v) => v.width === 960 && v.format === "avif")!.bytes))).toBe(
        true,
      );
      const again = await fetch(base + path, { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get("cache-control")).toBe(immutableCaching);

      // From memory once read: the database is not asked again.
      await db.deleteFrom("image_variants").where("image_id", "=", image.id).where("width", "=", 960).execute();
      expect((await fetch(base + path)).status).toBe(200);
      expect((await fetch(base + mediaPath(image.id, 960, "webp"))).status).toBe(404);
      const jpeg = await fetch(base + mediaPath(image.id, 480, "jpeg"), { method: "HEAD" });
      expect([jpeg.status, jpeg.headers.get("content-type")]).toEqual([200, "image/jpeg"]);

      for (const unknown of [
        mediaPath(unknownId, 480, "jpeg"),
        `/media/${image.id}-480.png`,
        `/media/${image.id}.jpg`,
        "/media/../etc/passwd",
        "/media/",
      ]) {
        expect((await fetch(base + unknown)).status, unknown).toBe(404);
      }
      expect((await fetch(base + path, { method: "POST" })).status).toBe(405);
    } finally {
      server.close();
      // Put the deleted variants back for the tests after this one.
      await db.deleteFrom("image_variants").where("image_id", "=", image.id).execute();
      await db.deleteFrom("images").where("id", "=", image.id).execute();
      await storeImage(db, image, { name: "Workshop", userId: ann.id, now: start });
    }
  });

  it("refuses to publish content that refers to an image not in the library, on its field; allows it once it is", async () => {
    const home = (await readItem(db, "page", "home"))!;
    const withImage = (id: string) => ({
      ...(releaseContent.pages.home as object),
      heroImage: { id, alt: "Delegates around a table in a London workshop" },
    });
    const saved = await saveDraft(db, {
      type: "page",
      key: "home",
      data: withImage(unknownId),
      baseVersion: home.draftVersion,
      actor: ann,
      now: start,
    });
    expect(saved).toMatchObject({ ok: true });
    const refused = await publishItem(db, { type: "page", key: "home", actor: ann, now: start });
    expect(refused).toMatchObject({
      ok: false,
      reason: "invalid",
      issues: [{ path: "heroImage.id", message: expect.stringMatching(/not in the library/) }],
    });

    const again = await saveDraft(db, {
      type: "page",
      key: "home",
      data: withImage(image.id),
      baseVersion: home.draftVersion + 1,
      actor: ann,
      now: start,
    });
    expect(again).toMatchObject({ ok: true });
    expect(await publishItem(db, { type: "page", key: "home", actor: ann, now: start })).toMatchObject({ ok: true });
  });

  it("gives a page what <Picture> needs, or nothing with a warning for an image not in the library", async () => {
    const warnings: object[] = [];
    const log = { warn: (details: object) => void warnings.push(details) };
    expect(await pageImage(db, { id: image.id, alt: "Delegates" }, log)).toEqual({
      id: image.id,
      alt: "Delegates",
      width: 1200,
      height: 800,
      widths: [480, 960, 1200],
    });
    expect(await pageImage(db, undefined, log)).toBeNull();
    expect(await pageImage(db, { id: unknownId, alt: "Gone" }, log)).toBeNull();
    expect(warnings).toEqual([{ imageId: unknownId }]);
  });

  it("deletes an image nothing uses, with its variants; refused, naming the item, while a draft or the site uses it", async () => {
    const portrait = await processed(700, 500);
    await storeImage(db, portrait, { name: "Portrait", userId: ann.id, now: start });
    const trainer = releaseContent.trainers[0] as { id: string };
    const key = trainer.id;
    const save = async (data: object) => {
      const { draftVersion } = (await readItem(db, "trainer", key))!;
      expect(
        await saveDraft(db, { type: "trainer", key, data, baseVersion: draftVersion, actor: ann, now: start }),
      ).toMatchObject({ ok: true });
    };
    // In a draft: refused.
    await save({ ...trainer, image: { id: portrait.id, alt: "A trainer at a lectern" } });
    expect(await deleteImage(db, portrait.id)).toEqual({
      ok: false,
      status: 409,
      message: `“Portrait” is used by trainer “${key}”: choose another picture there (and publish) first, then delete it.`,
    });
    // On the site, with the draft changed back: still refused.
    expect(await publishItem(db, { type: "trainer", key, actor: ann, now: start })).toMatchObject({ ok: true });
    await save(trainer);
    expect(await deleteImage(db, portrait.id)).toMatchObject({ ok: false, status: 409 });

    // An instance that has sent a variant keeps it in memory only for a while.
    let now = 0;
    const handler = serveMedia(db, { error: () => undefined }, { memoryMs: 60_000, clock: () => now });
    const server: Server = createServer((req, res) => {
      req.url = req.url!.slice("/media".length);
      handler(req, res, () => res.writeHead(405).end());
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}${mediaPath(portrait.id, 480, "webp")}`;
    try {
      expect((await fetch(address)).status).toBe(200);
      // Off the site: deleted with every variant; the audit of who is the route's.
      expect(await publishItem(db, { type: "trainer", key, actor: ann, now: start })).toMatchObject({ ok: true });
      expect(await deleteImage(db, portrait.id)).toEqual({ ok: true, name: "Portrait" });
      expect(await readVariant(db, { id: portrait.id, width: 480, format: "webp" })).toBeNull();
      expect(await deleteImage(db, portrait.id)).toMatchObject({ ok: false, status: 404 });
      expect((await fetch(address)).status, "from memory for a while").toBe(200);
      now = 60_001;
      expect((await fetch(address)).status, "then gone").toBe(404);
    } finally {
      server.close();
    }
  });
});

// Several instances share one database only on PostgreSQL (an SQLite file has one site process).
describe("the image library on postgres, from two instances", () => {
  it("the same new file uploaded on both at once is kept once, and both uploads are answered", async () => {
    const t = await openTestDatabase("postgres", "images_twice");
    const second = await openDatabase({ ...t.where, dataDir: tmpdir() });
    try {
      const twice = await processed(640, 480);
      const answers = await Promise.all([
        storeImage(t.handle.db, twice, { name: "First", userId: null, now: start }),
        storeImage(second.db, twice, { name: "Second", userId: null, now: start }),
      ]);
      expect(answers.map((a) => a.existed).sort()).toEqual([false, true]);
      const rows = await t.handle.db
        .selectFrom("image_variants")
        .select("width")
        .where("image_id", "=", twice.id)
        .execute();
      expect(rows).toHaveLength(twice.variants.length);
    } finally {
      await second.close();
      await t.dispose();
    }
  });
});
