/**
 * Images in Chromium, at both widths with axe, on a site apart from the shared one (siteWith("staff"))
 * (ADR 049): an image uploaded in the library (a photo with a GPS position
 * in its EXIF), a disguised file and a too-large one refused with their
 * messages; the image set as the home page's hero with alt text and
 * published; the home page shows it as a <picture> with AVIF, WebP and JPEG
 * srcsets, width and height, eager with high priority, and preloads it; its
 * variants are cached for a year (immutable, ETag, 304), none has the GPS
 * position, and an unknown address is 404.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import type { SiteServer } from "../../harness/servers.ts";
import { newStaffInBrowser } from "../support/staff.ts";
import { axeViolations, expect, expectHydrated, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer;

test.beforeAll(async ({ siteWith }) => {
  site = await siteWith("staff");
});

/** A 2000 × 1250 picture with a camera and a GPS position in its EXIF. */
const photo = () =>
  sharp({ create: { width: 2000, height: 1250, channels: 3, background: "#1d3f73" } })
    .composite([
      {
        input: Buffer.from('<svg width="2000" height="1250"><circle cx="1300" cy="600" r="420" fill="#d9a441"/></svg>'),
      },
    ])
    .jpeg()
    .withExif({
      IFD0: { Make: "Spy Camera" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, name = "") {
  await page.getByLabel("Image file").setInputFiles(file);
  await page.getByRole("textbox", { name: "Name in the library" }).fill(name);
  const answer = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/admin/content/images"),
  );
  await page.getByRole("button", { name: "Upload" }).click();
  return (await answer).status();
}

test("an image uploaded in the library, set as the home hero with alt text and published: shown, preloaded, cached", async ({
  page,
}) => {
  test.slow();
  await newStaffInBrowser(page, site, { email: uniqueEmail("images"), name: "Ivy Images" });
  await page.goto(`${site.baseURL}/admin/content`);
  await page.getByRole("link", { name: "image library" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Images" })).toBeVisible();
  await expectHydrated(page);
  await expect(page.getByText("JPEG, PNG, WebP or AVIF, up to 10 MB")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Refused: a page of HTML named .jpg, and a file over the stated size.
  const disguised = Buffer.from("<!DOCTYPE html><html><script>alert(document.cookie)</script></html>");
  expect(await upload(page, { name: "holiday.jpg", mimeType: "image/jpeg", buffer: disguised })).toBe(415);
  const refused = page.getByRole("alert").filter({ hasText: "Not uploaded" });
  await expect(refused).toContainText("not a JPEG, PNG, WebP or AVIF image (whatever its name says)");
  expect(await axeViolations(page)).toEqual([]);
  const huge = Buffer.concat([await photo(), Buffer.alloc(10 * 1024 * 1024)]);
  expect(await upload(page, { name: "huge.jpg", mimeType: "image/jpeg", buffer: huge })).toBe(413);
  await expect(refused).toContainText("larger than 10 MB");
  await expect(page.getByRole("heading", { name: "The library (0)" })).toBeVisible();

  // Uploaded.
  expect(await upload(page, { name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: await photo() }, "Workshop")).toBe(
    200,
  );
  await expect(page.getByRole("status").filter({ hasText: 'Uploaded "Workshop": 2000 × 1250 pixels' })).toBeVisible();
  const listed = page.locator("[data-image]");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("by Ivy Images");
  const id = (await listed.getAttribute("data-image"))!;
  expect(id).toMatch(/^[0-9a-f]{24}$/);
  expect(await axeViolations(page)).toEqual([]);

  // Set as the home page's hero, with alt text, and published.
  await page.goto(`${site.baseURL}/admin/content/page/home`);
  await expectHydrated(page);
  const hero = page.getByRole("group", { name: "Hero image" });
  await hero.getByRole("radio", { name: /Workshop \(2000 × 1250\)/ }).check();
  await hero.getByRole("textbox", { name: "Alt text" }).fill("Delegates around a table in a London workshop");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();

  // The home page shows it, with every format and width, its size, and its preload.
  await page.goto(`${site.baseURL}/`);
  const img = page.getByRole("img", { name: "Delegates around a table in a London workshop" });
  await expect(img).toBeVisible();
  expect(await img.getAttribute("width")).toBe("2000");
  expect(await img.getAttribute("height")).toBe("1250");
  expect(await img.getAttribute("fetchpriority")).toBe("high");
  expect(await img.getAttribute("loading")).toBe("eager");
  const widths = [480, 960, 1600];
  expect(await img.getAttribute("srcset")).toBe(widths.map((w) => `/media/${id}-${w}.jpg ${w}w`).join(", "));
  const avif = page.locator('picture source[type="image/avif"]');
  expect(await avif.getAttribute("srcset")).toBe(widths.map((w) => `/media/${id}-${w}.avif ${w}w`).join(", "));
  expect(await page.locator('picture source[type="image/webp"]').getAttribute("srcset")).toContain(`${id}-960.webp`);
  const preload = page.locator('link[rel="preload"][as="image"]');
  expect(await preload.getAttribute("imagesrcset")).toBe(await avif.getAttribute("srcset"));
  expect(await preload.getAttribute("imagesizes")).toBe(await img.getAttribute("sizes"));
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(new RegExp(`/media/${id}-\\d+\\.avif$`));
  expect(await axeViolations(page)).toEqual([]);

  // Cached for a year, with an ETag and 304; no GPS position in any variant; unknown: 404.
  for (const w of widths) {
    for (const ext of ["avif", "webp", "jpg"]) {
      const answer = await page.request.get(`${site.baseURL}/media/${id}-${w}.${ext}`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(answer.headers()["content-type"]).toBe(`image/${ext === "jpg" ? "jpeg" : ext}`);
      const meta = await sharp(await answer.body()).metadata();
      expect([meta.width, meta.exif]).toEqual([w, undefined]);
      const again = await page.request.get(`${site.baseURL}/media/${id}-${w}.${ext}`, {
        headers: { "If-None-Match": answer.headers()["etag"]! },
      });
      expect(again.status()).toBe(304);
    }
  }
  expect((await page.request.get(`${site.baseURL}/media/${id}-2000.jpg`)).status()).toBe(404);
  expect((await page.request.get(`${site.baseURL}/media/${"0".repeat(24)}-480.jpg`)).status()).toBe(404);

  // Deleting: refused, naming where, while the home page uses it; a picture nothing uses goes.
  await page.goto(`${site.baseURL}/admin/content/images`);
  await expectHydrated(page);
  const spare = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#7a2e4f" } })
    .png()
    .toBuffer();
  expect(await upload(page, { name: "spare.png", mimeType: "image/png", buffer: spare }, "Spare")).toBe(200);
  await expect(listed).toHaveCount(2);
  await page.getByRole("button", { name: "Delete Workshop" }).click();
  const notDeleted = page.getByRole("alert").filter({ hasText: "Not deleted" });
  await expect(notDeleted).toContainText("“Workshop” is used by page “home”");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Delete Spare" }).click();
  await expect(page.getByRole("status").filter({ hasText: 'Deleted "Spare" from the library.' })).toBeVisible();
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Workshop");
  expect(await axeViolations(page)).toEqual([]);
});
