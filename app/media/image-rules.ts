/**
 * The rules of the site's images (docs/decisions/049-images.md), pure and
 * shared by the upload (app/media/images.server.ts), the server that sends
 * them (app/media/serve.server.ts) and the `<Picture>` component.
 *
 * - An upload is JPEG, PNG, WebP or AVIF, told by its first bytes (never its
 *   name or declared type), at most `maxUploadBytes`, at most
 *   `maxInputPixels` pixels (a decompression bomb is refused before it is
 *   decoded), at least `minSide` pixels a side.
 * - It is re-encoded (nothing of the file but its pixels is kept) at the
 *   standard widths no wider than it, plus its own width when it is
 *   narrower than the largest (never upscaled), in AVIF, WebP and JPEG.
 * - Each variant has a content-addressed address,
 *   `/media/<id>-<width>.<ext>`: it never changes, so it is cached for a year.
 */
// Not from image-ref.ts: that one is zod, which must stay out of the browser bundle (ADR 032).
import { imageIdPattern } from "~/content/ids.ts";
import { maxImageUploadBytes } from "~/content/upload-limits.ts";

export const maxUploadBytes = maxImageUploadBytes;
export const maxUploadText = "10 MB";
/** 40 megapixels: a 8,000 × 5,000 photo; a bomb declares far more. */
export const maxInputPixels = 40_000_000;
export const minSide = 16;
export const standardWidths = [480, 960, 1600] as const;

export const uploadFormats = ["jpeg", "png", "webp", "avif"] as const;
export type UploadFormat = (typeof uploadFormats)[number];

/** Best first: a `<picture>` offers them in this order. */
export const variantFormats = ["avif", "webp", "jpeg"] as const;
export type VariantFormat = (typeof variantFormats)[number];

export const extensionOf: Readonly<Record<VariantFormat, string>> = { avif: "avif", webp: "webp", jpeg: "jpg" };
export const mimeTypeOf: Readonly<Record<VariantFormat, string>> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

export const refusals = {
  empty: "Choose an image file to upload.",
  tooLarge: `The file is larger than ${maxUploadText}: make it smaller (export it at up to 3,000 pixels wide) and upload it again.`,
  notAnImage:
    "This file is not a JPEG, PNG, WebP or AVIF image (whatever its name says): export it as one of those and upload it again.",
  unreadable: "The image could not be read: it may be damaged or cut short. Export it again and upload the new file.",
  tooManyPixels: `The image has too many pixels (at most ${(maxInputPixels / 1_000_000).toFixed(0)} million, e.g. 8,000 × 5,000): make it smaller and upload it again.`,
  tooSmall: `The image is too small (at least ${minSide} pixels a side).`,
} as const;

/** The format of an upload, from its first bytes; null when it is none of the four. */
export function sniffFormat(bytes: Uint8Array): UploadFormat | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  const ascii = (offset: number, text: string) => at(offset, ...[...text].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "webp";
  // ISO-BMFF: a first box "ftyp" whose major or a compatible brand is avif (still) or avis (sequence).
  if (ascii(4, "ftyp")) {
    const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    const end = Math.min(size, bytes.length);
    for (let offset = 8; offset + 4 <= end; offset += 4) {
      if (offset === 12) continue; // the minor version
      if (ascii(offset, "avif") || ascii(offset, "avis")) return "avif";
    }
  }
  return null;
}

/** The widths an image `width` pixels wide is kept at: never wider than it. */
export function widthsFor(width: number): number[] {
  const below: number[] = standardWidths.filter((w) => w <= width);
  return width < Math.max(...standardWidths) && !below.includes(width) ? [...below, width] : below;
}

/** A variant's height: the original's proportions, rounded. */
export const heightAt = (original: { width: number; height: number }, width: number) =>
  Math.max(1, Math.round((original.height * width) / original.width));

export const mediaPrefix = "/media/";

export function mediaPath(id: string, width: number, format: VariantFormat): string {
  return `${mediaPrefix}${id}-${width}.${extensionOf[format]}`;
}

const fileName = /^([0-9a-f]{24})-([1-9][0-9]{0,4})\.(avif|webp|jpg)$/;

/** The variant a file name under /media/ names (`<id>-<width>.<ext>`), or null. */
export function parseMediaFile(name: string): { id: string; width: number; format: VariantFormat } | null {
  const match = fileName.exec(name);
  if (!match || !imageIdPattern.test(match[1]!)) return null;
  const format = (Object.keys(extensionOf) as VariantFormat[]).find((f) => extensionOf[f] === match[3])!;
  return { id: match[1]!, width: Number(match[2]), format };
}

/** An image ready for a page: what `<Picture>` needs to offer every variant. */
export type PageImage = {
  id: string;
  alt: string;
  width: number;
  height: number;
  /** The widths its variants have, narrowest first. */
  widths: number[];
};

export function srcSet(image: Pick<PageImage, "id" | "widths">, format: VariantFormat): string {
  return image.widths.map((w) => `${mediaPath(image.id, w, format)} ${w}w`).join(", ");
}

/** The variant a browser without `srcset` gets: the middle one. */
export function fallbackSrc(image: Pick<PageImage, "id" | "widths">): string {
  const w = image.widths[Math.min(1, image.widths.length - 1)]!;
  return mediaPath(image.id, w, "jpeg");
}

/** The library's page, where images are uploaded. */
export const imageLibraryPath = "/admin/content/images";

/** How wide a hero's picture is shown: half the page from 1024 px (at most ~600 px), else the screen's width. */
export const heroImageSizes = "(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw";
/** A picture in a page's text column (a course's overview, an article): the column's width. */
export const contentImageSizes = "(min-width: 1024px) 760px, 100vw";
/** A trainer's portrait: a small round picture. */
export const portraitSizes = "6rem";
