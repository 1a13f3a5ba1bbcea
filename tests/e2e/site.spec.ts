import { type APIRequestContext } from "@playwright/test";
import { sitePages } from "../../app/content/site-map.server.ts";
import { expect, test } from "./fixtures.ts";

// Site-wide HTTP checks: crawl, redirects, structured data, sitemap.

async function internalLinks(request: APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, "&"))
    .filter((href) => href.startsWith("/") && !href.startsWith("//"));
}

test("a crawler following every internal link from / finds no error and no redirect", async ({ request }) => {
  const seen = new Set<string>();
  const queue = ["/"];
  let links = 0;
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), `${path}`).toBe(200);
    if (!(response.headers()["content-type"] ?? "").includes("text/html")) continue;
    for (const href of await internalLinks(request, path)) {
      links += 1;
      const target = href.split("#")[0] || "/";
      if (!seen.has(target)) queue.push(target);
    }
  }
  // Every page of the site is reachable by following links.
  for (const page of sitePages) expect(seen, page.path).toContain(page.path);
  test.info().annotations.push({ type: "crawl", description: `${seen.size} URLs, ${links} internal links` });
  console.log(`crawler: ${seen.size} URLs fetched, ${links} internal links followed`);
});

test("old and alternative addresses answer 301 to the canonical page", async ({ request }) => {
  const cases: [string, string][] = [
    ["/pillars/risk-grc", "/pillar/risk-grc"],
    ["/pillars/sustainability", "/pillar/sustainability"],
    ["/courses", "/training"],
    ["/courses/risk%20management", "/courses/risk-management"],
    ["/courses/aligning-strategy-execution", "/courses/strategy-execution"],
    ["/courses/esg-risk-quantification", "/courses/esg-risk"],
    ["/courses/aligning-purpose-profit", "/courses/sustainable-value-creation"],
  ];
  for (const [from, to] of cases) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(new URL(response.headers()["location"]!, "http://x").pathname, from).toBe(to);
  }
});

test("unknown pillars, courses and articles are 404s", async ({ request }) => {
  for (const path of [
    "/pillar/marketing",
    "/courses/no-such-course",
    "/resources/no-such-article",
    "/courses/x/brochure.pdf",
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1]!) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
}
const ofType = (items: Record<string, unknown>[], type: string) => items.filter((i) => i["@type"] === type);

test("every page states the organisation with its London address", async ({ request }) => {
  for (const { path } of sitePages) {
    const org = ofType(jsonLd(await (await request.get(path)).text()), "EducationalOrganization");
    expect(org, path).toHaveLength(1);
    expect(org[0]!.address).toMatchObject({ addressLocality: "London", addressCountry: "GB" });
  }
});

test("course pages carry Course, FAQPage and BreadcrumbList data with the GBP 4500 offer", async ({ request }) => {
  const courses = sitePages.filter((p) => p.path.startsWith("/courses/"));
  expect(courses.length).toBeGreaterThanOrEqual(25);
  for (const { path } of courses) {
    const items = jsonLd(await (await request.get(path, { headers: { "cf-ipcountry": "US" } })).text());
    const [course] = ofType(items, "Course");
    expect(course, path).toMatchObject({
      provider: { "@type": "Organization", name: "Meridian Executive Training" },
      offers: { "@type": "Offer", price: 4500, priceCurrency: "GBP" },
    });
    expect(ofType(items, "FAQPage")[0]?.mainEntity, path).toEqual(
      expect.arrayContaining([expect.objectContaining({ "@type": "Question" })]),
    );
    const crumbs = ofType(items, "BreadcrumbList")[0]?.itemListElement as { item: string }[];
    expect(crumbs.at(-1)!.item, path).toBe(`https://www.meridian-executive.co.uk${path}`);
  }
});

test("pillar and contact pages carry their FAQs as FAQPage data; articles have breadcrumbs", async ({ request }) => {
  for (const path of ["/pillar/risk-grc", "/pillar/strategy", "/contact"]) {
    const faq = ofType(jsonLd(await (await request.get(path)).text()), "FAQPage")[0];
    expect((faq?.mainEntity as unknown[]).length, path).toBe(4);
  }
  for (const { path } of sitePages.filter((p) => p.path.startsWith("/resources/"))) {
    const items = jsonLd(await (await request.get(path)).text());
    expect(ofType(items, "BreadcrumbList"), path).toHaveLength(1);
    expect(ofType(items, "Article"), path).toHaveLength(1);
  }
});

test("sitemap.xml lists every public page and no test or API path", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toContain("application/xml");
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(locs.sort()).toEqual(sitePages.map((p) => p.path).sort());
  expect(locs).toContain("/courses/esg-strategy");
  expect(locs.some((p) => p.startsWith("/test-") || p.startsWith("/api/"))).toBe(false);
});

test("robots.txt turns crawlers away outside production", async ({ request }) => {
  // The test server runs with APP_ENV=test; production's robots.txt is unit-tested.
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("User-agent: *\nDisallow: /\n");
});

test("every page has its own title and description, and a canonical URL to itself", async ({ request }) => {
  const titles = new Set<string>();
  for (const { path } of sitePages) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    expect(title, path).toBeTruthy();
    expect(titles.has(title!), `duplicate title ${title}`).toBe(false);
    titles.add(title!);
    expect(html, path).toMatch(/<meta name="description" content="[^"]{50,160}"\/>/);
    expect(html, path).toContain(
      `<link rel="canonical" href="https://www.meridian-executive.co.uk${path === "/" ? "/" : path}"/>`,
    );
    expect(html, path).toContain('<meta property="og:title"');
  }
});

test("GET /api/geo answers the country from the configured CDN header, else gb", async ({ request }) => {
  const us = await request.get("/api/geo", { headers: { "cf-ipcountry": "US" } });
  expect(us.headers()["content-type"]).toContain("text/plain");
  expect(await us.text()).toBe("us");
  expect(await (await request.get("/api/geo", { headers: { "cf-ipcountry": "GB" } })).text()).toBe("gb");
  // An unconfigured header is not trusted; loopback clients get the default.
  expect(await (await request.get("/api/geo", { headers: { "x-vercel-ip-country": "US" } })).text()).toBe("gb");
});

test("the course brochure downloads as a PDF", async ({ request }) => {
  const response = await request.get("/courses/carbon-accounting/brochure.pdf");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toContain('attachment; filename="carbon-accounting-brochure.pdf"');
  expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
});
