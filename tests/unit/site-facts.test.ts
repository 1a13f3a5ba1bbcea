/**
 * The featured lists, the site facts and a guide's uploaded PDF
 * (docs/decisions/050-featured-lists-site-facts-and-guide-files.md): each
 * rule refuses what it must, with a message that says why.
 */
import { describe, expect, it } from "vitest";
import { buildCatalogue, ContentError } from "~/content/index.server.ts";
import { releaseContent } from "~/content/seed/index.ts";
import { featuredCoursesSchema } from "~/content/featured.ts";
import { releaseFeaturedCourses } from "~/content/seed/featured.ts";
import { decodedLimit, maxGuidePdfBytes } from "~/content/guide-files.ts";
import { decodedStreamBytes } from "~/publishing/pdf-inflation.server.ts";
import { formatContactAddress, phoneHref, releaseSiteFacts } from "~/content/site-facts.ts";
import { siteFactsSchema } from "~/content/site-facts-schema.ts";
import { checkGuidePdf, safeFileName } from "~/publishing/guide-files.server.ts";
import { cleanGuidePdf } from "~/publishing/guide-pdf-clean.server.ts";
import { bodyLimitFor, maxBodyBytes, maxContentFormBytes } from "~/http/http.server.ts";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import {
  hiddenMarkers,
  loadedPdfSizes,
  makeDamagedPdf,
  makeDeflateBomb,
  makeEncryptedPdf,
  makeLoadedPdf,
  makePdf,
  pngBytes,
} from "../../harness/guide-pdfs.ts";
import { pageText } from "../support/pdf.ts";

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.map(String).join(".")}: ${i.message}`);

describe("featured courses", () => {
  it("takes today's lists", () => {
    expect(featuredCoursesSchema.parse(releaseFeaturedCourses)).toEqual(releaseFeaturedCourses);
  });

  it("refuses more courses than the layout takes, none, or one twice", () => {
    const four = ["risk-management", "financial-analysis", "esg-risk", "corporate-finance"];
    expect(issuesOf(featuredCoursesSchema.safeParse({ ...releaseFeaturedCourses, homeFeatured: four }))).toEqual([
      "homeFeatured: at most 3 courses fit here",
    ]);
    expect(issuesOf(featuredCoursesSchema.safeParse({ ...releaseFeaturedCourses, header: [] }))).toEqual([
      "header: choose at least 1 course",
    ]);
    expect(
      issuesOf(featuredCoursesSchema.safeParse({ ...releaseFeaturedCourses, homePremium: ["esg-risk", "esg-risk"] })),
    ).toEqual(["homePremium: each course can be chosen once"]);
  });

  it("the catalogue refuses a course that is not on the site", () => {
    const featured = [{ ...releaseFeaturedCourses, footer: ["risk-management", "no-such-course"] }];
    expect(() => buildCatalogue({ ...releaseContent, featured })).toThrow(
      new ContentError('Featured course "no-such-course" is not on the site: choose another, or publish it first'),
    );
  });

  it("the catalogue serves the lists it was given", () => {
    const featured = { ...releaseFeaturedCourses, homeFeatured: ["carbon-accounting"] };
    expect(buildCatalogue({ ...releaseContent, featured: [featured] }).featured.homeFeatured).toEqual([
      "carbon-accounting",
    ]);
  });
});

describe("site facts", () => {
  const withContact = (contact: Partial<(typeof releaseSiteFacts)["contact"]>) => ({
    ...releaseSiteFacts,
    contact: { ...releaseSiteFacts.contact, ...contact },
  });

  it("takes today's facts, and makes links from them", () => {
    const facts = siteFactsSchema.parse(releaseSiteFacts);
    expect(facts.claims.professionalsTrained).toBe("5,000+");
    expect(phoneHref(facts.contact.phone)).toBe("tel:+442079460321");
    expect(formatContactAddress(facts.contact)).toBe(
      "Meridian House, 12 Finsbury Square, London EC2A 1AS, United Kingdom",
    );
  });

  it("refuses an e-mail address, a phone number or a country code that is not one", () => {
    expect(issuesOf(siteFactsSchema.safeParse(withContact({ email: "enquiries at example" })))).toEqual([
      "contact.email: must be an e-mail address, such as enquiries@example.co.uk",
    ]);
    expect(issuesOf(siteFactsSchema.safeParse(withContact({ phone: "020 7946 0321" })))).toEqual([
      "contact.phone: must be an international number starting with +, such as +44 20 7946 0321",
    ]);
    const address = { ...releaseSiteFacts.contact.address, countryCode: "UK1" };
    expect(issuesOf(siteFactsSchema.safeParse(withContact({ address })))).toEqual([
      "contact.address.countryCode: must be two capital letters, such as GB",
    ]);
  });

  it("refuses a figure that is not one, and a social link that is not https", () => {
    const claims = { ...releaseSiteFacts.claims, satisfaction: "very high" };
    expect(issuesOf(siteFactsSchema.safeParse({ ...releaseSiteFacts, claims }))).toEqual([
      "claims.satisfaction: must be a figure such as 5,000+, 93%, 45+ or 3.4x",
    ]);
    const social = [{ name: "LinkedIn", href: "http://www.linkedin.com/company/example" }];
    expect(issuesOf(siteFactsSchema.safeParse({ ...releaseSiteFacts, social }))).toEqual([
      "social.0.href: must be a full https:// address",
    ]);
    const fine = [{ name: "LinkedIn", href: "https://www.linkedin.com/company/example" }];
    expect(siteFactsSchema.safeParse({ ...releaseSiteFacts, social: fine }).success).toBe(true);
  });
});

describe("a guide's uploaded PDF", () => {
  it("takes a real PDF, and counts its pages", async () => {
    expect(await checkGuidePdf(await makePdf("A guide", 3))).toEqual({ ok: true, pages: 3 });
  });

  it("refuses an empty file, a picture named .pdf, an encrypted PDF, a damaged one, and one over the limit", async () => {
    expect(await checkGuidePdf(new Uint8Array())).toEqual({
      ok: false,
      status: 400,
      message: "Choose a PDF file to upload.",
    });
    expect(await checkGuidePdf(pngBytes)).toMatchObject({
      ok: false,
      status: 415,
      message: expect.stringMatching(/^This file is not a PDF/),
    });
    expect(await checkGuidePdf(await makeEncryptedPdf())).toMatchObject({
      ok: false,
      status: 422,
      message: expect.stringMatching(/protected by a password or encrypted/),
    });
    expect(await checkGuidePdf(await makeDamagedPdf())).toMatchObject({
      ok: false,
      status: 422,
      message: expect.stringMatching(/could not be read/),
    });
    const big = new Uint8Array(maxGuidePdfBytes + 1);
    big.set(await makePdf("Big"));
    expect(await checkGuidePdf(big)).toMatchObject({
      ok: false,
      status: 413,
      message: expect.stringMatching(/can be at most 15\.0 MB/),
    });
  });

  it("may expand 100 times its size, never less than 10 MB and never more than 100 MB", () => {
    const mb = 1024 * 1024;
    expect(decodedLimit(20 * 1024)).toBe(10 * mb);
    expect(decodedLimit(mb)).toBe(100 * mb);
    expect(decodedLimit(512 * 1024)).toBe(50 * mb);
    expect(decodedLimit(maxGuidePdfBytes)).toBe(100 * mb);
  });

  it("refuses a deflate bomb before pdf-lib expands it, however its streams are wrapped, and takes a compressed real PDF", async () => {
    for (const filters of ["flate", "hex-flate"] as const) {
      const bomb = await makeDeflateBomb(24 * 1024 * 1024, filters);
      expect(bomb.length).toBeLessThan(100 * 1024);
      expect(await decodedStreamBytes(bomb, decodedLimit(bomb.length))).toBe("over");
      expect(await checkGuidePdf(bomb)).toMatchObject({
        ok: false,
        status: 422,
        message: expect.stringMatching(/^This PDF's compressed contents expand to more than 10\.0 MB when opened/),
      });
    }
    // Object streams and a cross-reference stream, compressed, as most exporters write them.
    const doc = await PDFDocument.create();
    for (let i = 0; i < 40; i++) doc.addPage().drawText(`Page ${i + 1} `.repeat(20), { x: 20, y: 700, size: 8 });
    const compressed = await doc.save({ useObjectStreams: true });
    const decoded = await decodedStreamBytes(compressed, decodedLimit(compressed.length));
    expect(decoded).toBeGreaterThan(compressed.length / 4);
    expect(await checkGuidePdf(compressed)).toEqual({ ok: true, pages: 40 });
  });

  it("is kept as its pages only: no document information, metadata, attachments, scripts or actions", async () => {
    const upload = await makeLoadedPdf();
    const uploadText = Buffer.from(upload).toString("latin1");
    for (const marker of hiddenMarkers) expect(uploadText, `the test file carries ${marker}`).toContain(marker);

    const { bytes, pages } = await cleanGuidePdf(upload, { title: "The Risk Guide" });
    const text = Buffer.from(bytes).toString("latin1");
    for (const marker of [...hiddenMarkers, "pdf-lib"]) expect(text, marker).not.toContain(marker);

    const doc = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
    expect(pages).toBe(3);
    expect(doc.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual(loadedPdfSizes);
    expect(doc.getTitle()).toBe("The Risk Guide");
    for (const other of [doc.getAuthor(), doc.getCreator(), doc.getProducer(), doc.getSubject(), doc.getKeywords()]) {
      expect(other).toBeUndefined();
    }
    expect(doc.getCreationDate()).toBeUndefined();
    expect(doc.catalog.keys().map(String).toSorted()).toEqual(["/Pages", "/Type"]);
    const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
    expect(info.keys().map(String)).toEqual(["/Title"]);
    for (const page of doc.getPages()) expect(page.node.get(PDFName.of("AA"))).toBeUndefined();

    // The links that stay: the web address, and the two to its own pages (now the copied pages).
    const [first, second, third] = doc.getPages();
    const links = (first?.node.Annots()?.asArray() ?? []).map((ref) => doc.context.lookup(ref, PDFDict));
    expect(links.map((link) => link.get(PDFName.of("Subtype"))?.toString())).toEqual(["/Link", "/Link", "/Link"]);
    const uri = links[0]?.lookup(PDFName.of("A"), PDFDict).lookup(PDFName.of("URI"), PDFString);
    expect(uri?.decodeText()).toBe("https://example.com/good");
    const targets = links.slice(1).map((link) => link.lookup(PDFName.of("Dest"), PDFArray).get(0));
    expect(targets).toEqual([third?.ref, second?.ref]);
    expect(second?.node.Annots()).toBeUndefined();
  });

  it("keeps the same upload as the same bytes (no dates), and a plain PDF's pages and text", async () => {
    const upload = await makePdf("A plain guide", 2);
    const once = await cleanGuidePdf(upload, { title: "Plain" });
    const twice = await cleanGuidePdf(upload, { title: "Plain" });
    expect(Buffer.from(once.bytes).equals(Buffer.from(twice.bytes))).toBe(true);
    const again = await cleanGuidePdf(once.bytes, { title: "Plain" });
    expect(Buffer.from(again.bytes).equals(Buffer.from(once.bytes))).toBe(true);
    expect(await checkGuidePdf(once.bytes)).toEqual({ ok: true, pages: 2 });
    expect(pageText((await PDFDocument.load(once.bytes)).getPage(0))).toContain("A plain guide");
  });

  it("keeps a file's name, never a path or markup", () => {
    expect(safeFileName("C:\\Users\\ann\\Risk guide v2.pdf")).toBe("Risk guide v2.pdf");
    expect(safeFileName("../../etc/<script>.pdf")).toBe("script.pdf");
    expect(safeFileName("")).toBe("guide.pdf");
  });

  it("the server takes a PDF-sized body only on the guide's PDF page", () => {
    expect(bodyLimitFor("/admin/content/guide/risk-guide/pdf").bytes).toBe(2 * maxGuidePdfBytes);
    expect(bodyLimitFor("/admin/content/guide/risk-guide").bytes).toBe(maxContentFormBytes);
    expect(bodyLimitFor("/api/contact").bytes).toBe(maxBodyBytes);
  });
});
