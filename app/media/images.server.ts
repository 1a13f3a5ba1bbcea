/**
 * The image library (docs/decisions/049-images.md): an upload checked,
 * decoded and re-encoded with sharp (so nothing of the file but its pixels
 * survives: no EXIF, no GPS position, no embedded profile or script), kept
 * in the database as variants (app/media/image-rules.ts), and read back for
 * pages and for the server that sends them.
 */
import { createHash } from "node:crypto";
import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import type { ImageRef } from "~/content/image-ref.ts";
import type { Db } from "~/data/db.server.ts";
import {
  heightAt,
  maxInputPixels,
  maxUploadBytes,
  minSide,
  refusals,
  sniffFormat,
  variantFormats,
  widthsFor,
  type PageImage,
  type UploadFormat,
  type VariantFormat,
} from "./image-rules.ts";

export type Variant = { width: number; height: number; format: VariantFormat; bytes: Uint8Array };
export type ProcessedImage = {
  id: string;
  width: number;
  height: number;
  sourceFormat: UploadFormat;
  sourceBytes: number;
  variants: Variant[];
};
export type Processing = { ok: true; image: ProcessedImage } | { ok: false; message: string };

/** sharp's name of each format we take (AVIF is HEIF with AV1 inside). */
const sharpFormat: Readonly<Record<UploadFormat, string>> = { jpeg: "jpeg", png: "png", webp: "webp", avif: "heif" };

/** Checks an upload and makes its variants; refuses (with the message to show) what is not a sound image. */
export async function processUpload(bytes: Uint8Array): Promise<Processing> {
  if (bytes.length === 0) return { ok: false, message: refusals.empty };
  if (bytes.length > maxUploadBytes) return { ok: false, message: refusals.tooLarge };
  const format = sniffFormat(bytes);
  if (!format) return { ok: false, message: refusals.notAnImage };
  // One input only (no animation frames), pixels limited before decoding, a cut-short file an error.
  const input = () => sharp(bytes, { limitInputPixels: maxInputPixels, failOn: "truncated", pages: 1 });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch (error) {
    return { ok: false, message: overLimit(error) ? refusals.tooManyPixels : refusals.unreadable };
  }
  if (meta.format !== sharpFormat[format]) return { ok: false, message: refusals.notAnImage };
  if (format === "avif" && meta.compression !== "av1") return { ok: false, message: refusals.notAnImage };
  const declared = (meta.width ?? 0) * (meta.height ?? 0);
  if (declared > maxInputPixels) return { ok: false, message: refusals.tooManyPixels };
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await input().autoOrient().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    return { ok: false, message: overLimit(error) ? refusals.tooManyPixels : refusals.unreadable };
  }
  const { width, height, channels } = pixels.info;
  if (width < minSide || height < minSide) return { ok: false, message: refusals.tooSmall };
  const raw = () => sharp(pixels.data, { raw: { width, height, channels } });
  const variants: Variant[] = [];
  for (const w of widthsFor(width)) {
    for (const f of variantFormats) {
      const resized = raw().resize({ width: w, height: heightAt({ width, height }, w), fit: "fill" });
      variants.push({ width: w, height: heightAt({ width, height }, w), format: f, bytes: await encode(resized, f) });
    }
  }
  const id = createHash("sha256").update(bytes).digest("hex").slice(0, 24);
  return { ok: true, image: { id, width, height, sourceFormat: format, sourceBytes: bytes.length, variants } };
}

/** sharp's refusal of an input over `limitInputPixels` (read from the header, before decoding). */
const overLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

function encode(image: Sharp, format: VariantFormat): Promise<Buffer> {
  switch (format) {
    case "avif":
      return image.avif({ quality: 50, effort: 3 }).toBuffer();
    case "webp":
      return image.webp({ quality: 75 }).toBuffer();
    case "jpeg":
      // No transparency in JPEG: on white, as the pages' background.
      return image.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  }
}

/** Keeps a processed image in the library; an image already there (the same file) is kept as it was. */
export async function storeImage(
  db: Db,
  image: ProcessedImage,
  by: { name: string; userId: string | null; now: Date },
): Promise<{ id: string; existed: boolean }> {
  return db.transaction().execute(async (trx) => {
    // The same file uploaded twice at once: the second insert finds the first's row and keeps it.
    const inserted = await trx
      .insertInto("images")
      .values({
        id: image.id,
        name: by.name,
        width: image.width,
        height: image.height,
        source_format: image.sourceFormat,
        source_bytes: image.sourceBytes,
        uploaded_at: by.now.toISOString(),
        uploaded_by: by.userId,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return { id: image.id, existed: true };
    for (const v of image.variants) {
      await trx
        .insertInto("image_variants")
        .values({
          image_id: image.id,
          width: v.width,
          height: v.height,
          format: v.format,
          size: v.bytes.length,
          bytes: Buffer.from(v.bytes),
        })
        .execute();
    }
    return { id: image.id, existed: false };
  });
}

/** Why an image could not be deleted: not in the library (404), or still used (409, naming where). */
export type ImageDeletion = { ok: true; name: string } | { ok: false; status: 404 | 409; message: string };

/**
 * Deletes an image from the library, with every variant, unless an item of
 * the site's content names it in its draft or in what is on the site now
 * (its content key, from the items' JSON; an image id is 24 hex digits, so
 * a text match finds exactly it). An older revision or an unpublished item
 * that named it shows no picture if it is put back (pages show none for a
 * missing image, with a warning). Each instance stops serving the variants
 * from memory within `mediaMemoryMs` (app/media/serve.server.ts); copies
 * already in visitors' browsers are theirs.
 */
export async function deleteImage(db: Db, id: string): Promise<ImageDeletion> {
  return db.transaction().execute(async (trx) => {
    const image = await trx.selectFrom("images").select("name").where("id", "=", id).executeTakeFirst();
    if (!image) return { ok: false as const, status: 404 as const, message: "This image is not in the library." };
    const pattern = `%${id}%`;
    const inDrafts = await trx
      .selectFrom("content_items")
      .select(["type", "key"])
      .where("draft", "like", pattern)
      .execute();
    const onSite = await trx
      .selectFrom("content_items as i")
      .innerJoin("content_revisions as r", (join) =>
        join
          .onRef("r.type", "=", "i.type")
          .onRef("r.key", "=", "i.key")
          .onRef("r.revision", "=", "i.published_revision"),
      )
      .select(["i.type", "i.key"])
      .where("i.status", "=", "live")
      .where("r.data", "like", pattern)
      .execute();
    const users = [...new Set([...inDrafts, ...onSite].map((r) => `${r.type} “${r.key}”`))].sort();
    if (users.length) {
      return {
        ok: false as const,
        status: 409 as const,
        message: `“${image.name}” is used by ${users.join(", ")}: choose another picture there (and publish) first, then delete it.`,
      };
    }
    await trx.deleteFrom("image_variants").where("image_id", "=", id).execute();
    await trx.deleteFrom("images").where("id", "=", id).execute();
    known.delete(id);
    return { ok: true as const, name: image.name };
  });
}

export type LibraryImage = PageImage & { name: string; uploadedAt: string; uploadedBy: string | null; bytes: number };

/** The library, newest first, with who uploaded each image (their name while the account's details are kept). */
export async function listImages(db: Db): Promise<LibraryImage[]> {
  const rows = await db
    .selectFrom("images as i")
    .leftJoin("staff_users as u", "u.id", "i.uploaded_by")
    .select(["i.id", "i.name", "i.width", "i.height", "i.uploaded_at", "u.name as uploader"])
    .orderBy("i.uploaded_at", "desc")
    .orderBy("i.id")
    .execute();
  const sizes = await db
    .selectFrom("image_variants")
    .select(["image_id", "width"])
    .select((eb) => eb.fn.sum<number>("size").as("bytes"))
    .groupBy(["image_id", "width"])
    .execute();
  return rows.map((r) => {
    const mine = sizes.filter((s) => s.image_id === r.id);
    return {
      id: r.id,
      alt: "",
      name: r.name,
      width: Number(r.width),
      height: Number(r.height),
      widths: mine.map((s) => Number(s.width)).sort((a, b) => a - b),
      bytes: mine.reduce((total, s) => total + Number(s.bytes), 0),
      uploadedAt: r.uploaded_at,
      uploadedBy: r.uploader ?? null,
    };
  });
}

/** One variant's bytes, or null when there is no such image or variant. */
export async function readVariant(
  db: Db,
  v: { id: string; width: number; format: VariantFormat },
): Promise<Uint8Array | null> {
  const row = await db
    .selectFrom("image_variants")
    .select("bytes")
    .where("image_id", "=", v.id)
    .where("width", "=", v.width)
    .where("format", "=", v.format)
    .executeTakeFirst();
  return row ? new Uint8Array(row.bytes) : null;
}

/** The ids among `ids` that are not in the library. */
export async function missingImages(db: Pick<Db, "selectFrom">, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db.selectFrom("images").select("id").where("id", "in", unique).execute();
  const present = new Set(found.map((r) => r.id));
  return unique.filter((id) => !present.has(id));
}

/** An image's size and widths, kept once read (an image never changes). */
const known = new Map<string, Omit<PageImage, "alt">>();

async function imageFacts(db: Db, id: string): Promise<Omit<PageImage, "alt"> | null> {
  const kept = known.get(id);
  if (kept) return kept;
  const row = await db.selectFrom("images").select(["width", "height"]).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const widths = await db
    .selectFrom("image_variants")
    .select("width")
    .distinct()
    .where("image_id", "=", id)
    .orderBy("width")
    .execute();
  const facts = {
    id,
    width: Number(row.width),
    height: Number(row.height),
    widths: widths.map((w) => Number(w.width)),
  };
  known.set(id, facts);
  return facts;
}

type Warn = { warn(details: object, message: string): void };

/**
 * What a page needs to show `ref` (absent: no image). An image that is not
 * in the library (or cannot be read now) is left out with a warning: the
 * page shows no picture, never an error.
 */
export async function pageImage(db: Db, ref: ImageRef | undefined, log: Warn): Promise<PageImage | null> {
  if (!ref) return null;
  try {
    const facts = await imageFacts(db, ref.id);
    if (facts && facts.widths.length > 0) return { ...facts, alt: ref.alt };
    log.warn(
      { imageId: ref.id },
      "Images: the content refers to an image that is not in the library; shown without it",
    );
  } catch (error) {
    log.warn({ err: error, imageId: ref.id }, "Images: the image could not be read; shown without it");
  }
  return null;
}

/** The library as the editor's image fields offer it. */
export async function imageChoices(db: Db) {
  return (await listImages(db)).map(({ id, name, width, height, widths }) => ({ id, name, width, height, widths }));
}
