/**
 * What an upload goes through (app/media/images.server.ts `processUpload`,
 * ADR 049), with real files made by sharp or by hand: a sound JPEG, PNG,
 * WebP or AVIF is re-encoded at its widths in AVIF, WebP and JPEG with no
 * metadata left (a GPS position in the EXIF of the upload is in no variant);
 * a decompression bomb, a disguised file (HTML, SVG, script named .jpg), a
 * GIF, a cut-short image and a too-large file are refused with their message.
 */
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processUpload, type ProcessedImage } from "~/media/images.server.ts";
import { maxUploadBytes, refusals, variantFormats } from "~/media/image-rules.ts";

const photo = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({
    create: { width, height, channels, background: { r: 30, g: 90, b: 160, alpha: channels === 4 ? 0.5 : 1 } },
  }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#e0a030"/></svg>`,
      ),
    },
  ]);

async function accepted(bytes: Uint8Array): Promise<ProcessedImage> {
  const result = await processUpload(bytes);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.image;
}

async function refusedWith(bytes: Uint8Array): Promise<string> {
  const result = await processUpload(bytes);
  if (result.ok) throw new Error("accepted");
  return result.message;
}

/** A PNG's chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  let crc = ~0;
  for (const byte of body) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(~crc >>> 0, 8 + data.length);
  return out;
}

/** A small file that declares a huge PNG (width × height, 8-bit RGB): a decompression bomb's header. */
function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  // The first rows of zeros: a few kilobytes that would inflate to gigabytes were it all there.
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("an upload", () => {
  it("is re-encoded at every width it has, in AVIF, WebP and JPEG, with no EXIF or GPS position left", async () => {
    const withGps = await photo(2000, 1200)
      .jpeg()
      .withExif({
        IFD0: { Make: "Spy Camera", Copyright: "Someone" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
      })
      .toBuffer();
    const uploaded = await sharp(withGps).metadata();
    expect(uploaded.exif?.toString("latin1")).toContain("Spy Camera");

    const image = await accepted(withGps);
    expect(image).toMatchObject({ width: 2000, height: 1200, sourceFormat: "jpeg", sourceBytes: withGps.length });
    expect(image.id).toMatch(/^[0-9a-f]{24}$/);
    expect(image.variants.map((v) => `${v.width}.${v.format}`)).toEqual(
      [480, 960, 1600].flatMap((w) => variantFormats.map((f) => `${w}.${f}`)),
    );
    for (const v of image.variants) {
      const meta = await sharp(v.bytes).metadata();
      expect(meta.format).toBe(v.format === "avif" ? "heif" : v.format);
      expect([meta.width, meta.height]).toEqual([v.width, v.height]);
      expect(meta.exif, `${v.width}.${v.format}`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(Buffer.from(v.bytes).toString("latin1")).not.toMatch(/Spy Camera|GPS/);
    }
    expect(image.variants.find((v) => v.width === 960 && v.format === "jpeg")!.height).toBe(576);
  });

  it("is turned upright by its EXIF orientation before the orientation is dropped", async () => {
    const sideways = await photo(600, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const image = await accepted(sideways);
    expect([image.width, image.height]).toEqual([400, 600]);
    expect(image.variants.map((v) => v.width)).toEqual([400, 400, 400]);
  });

  it("may be a PNG with transparency, a WebP or an AVIF; a small one is never upscaled", async () => {
    const png = await accepted(await photo(700, 500, 4).png().toBuffer());
    expect(png.variants.map((v) => v.width)).toEqual([480, 480, 480, 700, 700, 700]);
    expect((await sharp(png.variants.find((v) => v.format === "jpeg")!.bytes).metadata()).hasAlpha).toBe(false);
    expect((await accepted(await photo(300, 200).webp().toBuffer())).sourceFormat).toBe("webp");
    expect((await accepted(await photo(300, 200).avif().toBuffer())).sourceFormat).toBe("avif");
  });

  it("gets the same id for the same file", async () => {
    const file = await photo(100, 100).png().toBuffer();
    expect((await accepted(file)).id).toBe((await accepted(Uint8Array.from(file))).id);
  });
});

describe("an upload is refused", () => {
  it("when it declares more pixels than the limit (a decompression bomb), before decoding it", async () => {
    const bomb = bombPng(50_000, 50_000);
    expect(bomb.length).toBeLessThan(10_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(50_000);
    const started = performance.now();
    expect(await refusedWith(bomb)).toBe(refusals.tooManyPixels);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("when it is not a JPEG, PNG, WebP or AVIF, whatever it is named: HTML, SVG, a script, a GIF", async () => {
    const disguised = [
      "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>",
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      "#!/bin/sh\nrm -rf /\n",
    ].map((text) => Buffer.from(text));
    const gif = await photo(50, 50).gif().toBuffer();
    for (const file of [...disguised, gif]) expect(await refusedWith(file)).toBe(refusals.notAnImage);
  });

  it("when it starts like an image but is not one, or is cut short", async () => {
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<script>alert(1)</script>")]);
    expect(await refusedWith(fakeJpeg)).toBe(refusals.unreadable);
    const jpeg = await photo(800, 600).jpeg().toBuffer();
    expect(await refusedWith(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBe(refusals.unreadable);
    const png = await photo(800, 600).png().toBuffer();
    expect(await refusedWith(png.subarray(0, Math.floor(png.length * 0.6)))).toBe(refusals.unreadable);
  });

  it("when it is larger than the stated size, or empty, or tiny", async () => {
    const big = Buffer.alloc(maxUploadBytes + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(await refusedWith(big)).toBe(refusals.tooLarge);
    expect(await refusedWith(new Uint8Array())).toBe(refusals.empty);
    expect(await refusedWith(await photo(10, 10).png().toBuffer())).toBe(refusals.tooSmall);
  });
});
