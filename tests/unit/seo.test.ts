import { describe, expect, it } from "vitest";
import { pageTitle, seo } from "~/seo/meta.ts";
import { privateLinkHeaders, privateLinkMeta } from "~/seo/private-link.ts";

const description = "Meet the senior practitioners behind our five-day executive training programmes.";
const input = { title: "About Us", description, path: "/about" };

describe("seo", () => {
  const tags = seo(input);

  it("appends the brand to the title", () => {
    expect(tags).toContainEqual({ title: "About Us | Meridian Executive Training" });
    expect(tags).toContainEqual({ property: "og:title", content: "About Us | Meridian Executive Training" });
  });

  it("gives an absolute canonical URL, repeated as og:url", () => {
    const url = "https://www.meridian-executive.co.uk/about";
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: url });
    expect(tags).toContainEqual({ property: "og:url", content: url });
  });

  it("carries the description and the British locale", () => {
    expect(tags).toContainEqual({ name: "description", content: description });
    expect(tags).toContainEqual({ property: "og:locale", content: "en_GB" });
  });

  it("adds no robots tag unless the page is noindex", () => {
    expect(tags.some((t) => "name" in t && t.name === "robots")).toBe(false);
    expect(seo({ ...input, noindex: true })).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("adds structured data as a script:ld+json descriptor", () => {
    const jsonLd = { "@context": "https://schema.org", "@type": "AboutPage" };
    expect(seo({ ...input, jsonLd })).toContainEqual({ "script:ld+json": jsonLd });
    expect(tags.some((t) => "script:ld+json" in t)).toBe(false);
  });
});

describe("a private link's page", () => {
  it("is never indexed, and otherwise has seo's tags", () => {
    expect(privateLinkMeta(input)).toEqual(seo({ ...input, noindex: true }));
  });

  it("is never cached, and its link never leaves in a Referer", () => {
    expect(privateLinkHeaders()).toEqual({ "Cache-Control": "no-store", "Referrer-Policy": "strict-origin" });
    expect(privateLinkHeaders("no-referrer")).toEqual({
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    });
  });
});

describe("pageTitle", () => {
  it("does not append the brand twice", () => {
    expect(pageTitle("Meridian Executive Training")).toBe("Meridian Executive Training");
    expect(pageTitle("Courses | Meridian Executive Training")).toBe("Courses | Meridian Executive Training");
  });
});
