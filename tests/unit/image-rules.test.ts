/**
 * The image rules (app/media/image-rules.ts, ADR 049): the format told from
 * the bytes, the widths kept (never upscaled), the content-addressed file
 * names, srcset; and the image field in the content schemas and the editor.
 */
import { bodyLimitFor, maxBodyBytes, maxContentFormBytes } from "~/http/http.server.ts";
import { describe, expect, it } from "vitest";
import { imageRefsIn, imageRefSchema } from "~/content/image-ref.ts";
import { articleSchema, courseSchema, pageCopySchema, pillarSchema, trainerSchema } from "~/content/schema.ts";
import { describeFields, formValues, readItemForm } from "~/publishing/editor-fields.ts";
import {
  fallbackSrc,
  maxUploadBytes,
  mediaPath,
  parseMediaFile,
  sniffFormat,
  srcSet,
  widthsFor,
} from "~/media/image-rules.ts";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));
const id = "0123456789abcdef01234567";

describe("the format of an upload", () => {
  it("is told by the first bytes", () => {
    expect(sniffFormat(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0))).toBe("jpeg");
    expect(sniffFormat(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("png");
    expect(sniffFormat(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("webp");
    expect(sniffFormat(bytes(0, 0, 0, 0x1c, "ftypavif", 0, 0, 0, 0, "mif1miaf"))).toBe("avif");
    expect(sniffFormat(bytes(0, 0, 0, 0x1c, "ftypmif1", 0, 0, 0, 0, "avifmiaf"))).toBe("avif");
  });

  it("is none for anything else, whatever it is called", () => {
    expect(sniffFormat(bytes("<!DOCTYPE html><script>alert(1)</script>"))).toBeNull();
    expect(sniffFormat(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFormat(bytes("GIF89a", 1, 0, 1, 0))).toBeNull();
    // HEIC (a photo from a phone) is ISO-BMFF too, but not AVIF.
    expect(sniffFormat(bytes(0, 0, 0, 0x18, "ftypheic", 0, 0, 0, 0, "mif1heic"))).toBeNull();
    // The minor version is not a brand.
    expect(sniffFormat(bytes(0, 0, 0, 0x14, "ftypheic", "avif", "mif1"))).toBeNull();
    expect(sniffFormat(bytes())).toBeNull();
  });
});

describe("the widths kept", () => {
  it("are the standard ones no wider than the image, plus its own when narrower than the largest", () => {
    expect(widthsFor(4000)).toEqual([480, 960, 1600]);
    expect(widthsFor(1600)).toEqual([480, 960, 1600]);
    expect(widthsFor(1200)).toEqual([480, 960, 1200]);
    expect(widthsFor(960)).toEqual([480, 960]);
    expect(widthsFor(300)).toEqual([300]);
  });
});

describe("an image's addresses", () => {
  it("name the image, the width and the format, and are read back", () => {
    expect(mediaPath(id, 960, "avif")).toBe(`/media/${id}-960.avif`);
    expect(mediaPath(id, 480, "jpeg")).toBe(`/media/${id}-480.jpg`);
    expect(parseMediaFile(`${id}-960.avif`)).toEqual({ id, width: 960, format: "avif" });
    expect(parseMediaFile(`${id}-480.jpg`)).toEqual({ id, width: 480, format: "jpeg" });
  });

  it("are nothing else", () => {
    for (const name of [
      `${id}-960.png`,
      `${id}-0960.webp`,
      `${id}-960.jpeg`,
      `${id.toUpperCase()}-960.jpg`,
      `../${id}-960.jpg`,
      `${id}-960.jpg/x`,
      "",
    ]) {
      expect(parseMediaFile(name), name).toBeNull();
    }
  });

  it("make the srcset of each format and the fallback", () => {
    const image = { id, widths: [480, 960, 1600] };
    expect(srcSet(image, "webp")).toBe(
      `/media/${id}-480.webp 480w, /media/${id}-960.webp 960w, /media/${id}-1600.webp 1600w`,
    );
    expect(fallbackSrc(image)).toBe(`/media/${id}-960.jpg`);
    expect(fallbackSrc({ id, widths: [300] })).toBe(`/media/${id}-300.jpg`);
  });
});

describe("image fields in the content", () => {
  it("need an image from the library and alt text", () => {
    expect(imageRefSchema.safeParse({ id, alt: "Delegates in a workshop" }).success).toBe(true);
    const noAlt = imageRefSchema.safeParse({ id, alt: "  " });
    expect(noAlt.error?.issues[0]?.message).toMatch(/alt text/);
    expect(imageRefSchema.safeParse({ id: "../../etc/passwd", alt: "x" }).error?.issues[0]?.message).toMatch(
      /choose an image/,
    );
  });

  it("are on the home hero, pillars, courses, trainers and articles, optional", () => {
    for (const schema of [pillarSchema, courseSchema, trainerSchema, articleSchema]) {
      expect(schema.shape.image.safeParse(undefined).success).toBe(true);
    }
    expect(pageCopySchema.shape.home.shape.heroImage.safeParse(undefined).success).toBe(true);
  });

  it("are found in an item, with their paths", () => {
    const home = { heroImage: { id, alt: "A" } };
    expect(imageRefsIn(pageCopySchema.shape.home, home)).toEqual([{ path: "heroImage", ref: { id, alt: "A" } }]);
    expect(imageRefsIn(pageCopySchema.shape.home, {})).toEqual([]);
  });

  it("are an image field in the editor: the chosen image and its alt text, none when none is chosen", () => {
    const fields = describeFields(trainerSchema, {});
    expect(fields.find((f) => f.name === "image")).toEqual({
      name: "image",
      label: "Image",
      required: false,
      kind: "image",
    });
    const trainer = { id: "ann", name: "Ann", title: "T", pillars: ["risk"], expertise: "E", bio: "B", lead: true };
    const withImage = { ...trainer, image: { id, alt: "Ann at a lectern" } };
    const values = formValues(trainerSchema, withImage);
    expect(values["image.id"]).toBe(id);
    expect(values["image.alt"]).toBe("Ann at a lectern");
    const names = Object.keys(values);
    expect(readItemForm(trainerSchema, (n) => values[n] ?? null, names)).toEqual(withImage);
    const cleared: Record<string, string> = { ...values, "image.id": "" };
    expect(readItemForm(trainerSchema, (n) => cleared[n] ?? null, names)).toEqual({ ...trainer, lead: true });
  });
});

describe("the posts that may be uploads", () => {
  it("are those to the library's page (as a form or from React) and a guide's PDF page, no other", () => {
    const large = (path: string) => bodyLimitFor(path).bytes > maxContentFormBytes;
    expect(large("/admin/content/images")).toBe(true);
    expect(large("/admin/content/images.data")).toBe(true);
    expect(bodyLimitFor("/admin/content/images").bytes).toBe(2 * maxUploadBytes);
    expect(large("/admin/content/guide/risk-guide/pdf")).toBe(true);
    expect(large("/admin/content/guide/risk-guide/pdf.data")).toBe(true);
    for (const path of ["/admin/content", "/admin/content/page/home", "/api/contact", "/admin/content/images/x"]) {
      expect(large(path), path).toBe(false);
    }
  });
});

describe("the content editor's forms", () => {
  it("take a long text (an item with 40,000 characters of Markdown, percent-encoded); every other form stays small", () => {
    expect(maxContentFormBytes).toBeGreaterThanOrEqual(9 * 40_000);
    for (const path of [
      "/admin/content",
      "/admin/content.data",
      "/admin/content/article/new",
      "/admin/content/article/some-article",
      "/admin/content/article/some-article.data",
      "/admin/content/course/risk-management/preview",
      "/admin/content/markdown-preview",
      "/ADMIN/CONTENT/course/risk-management",
    ]) {
      expect(bodyLimitFor(path).bytes, path).toBe(maxContentFormBytes);
    }
    for (const path of ["/admin", "/admin/contents", "/admin/content-x", "/admin/users", "/api/contact", "/contact"]) {
      expect(bodyLimitFor(path).bytes, path).toBe(maxBodyBytes);
    }
  });
});
