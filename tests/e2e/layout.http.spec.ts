/**
 * The layout's links as the server sends them (no browser needed): the
 * footer's links and every page's links lead somewhere.
 */
import { expect, test } from "./fixtures.ts";

/** Each `<a>` in the HTML: its href as the browser reads it (entities decoded), or null without one. */
function linkHrefs(html: string): (string | null)[] {
  return [...html.matchAll(/<a\b([^>]*)>/g)].map((m) => {
    const href = /\bhref="([^"]*)"/.exec(m[1]!);
    return href ? href[1]!.replace(/&amp;/g, "&") : null;
  });
}

test("the footer holds pillar, course, delivery, resource, contact and legal links that all lead somewhere", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const footers = [...html.matchAll(/<footer\b[\s\S]*?<\/footer>/g)];
  expect(footers).toHaveLength(1);
  const hrefs = linkHrefs(footers[0]![0]).map((h) => h ?? "");
  expect(hrefs).toEqual(expect.arrayContaining(["/pillar/risk-grc", "/privacy", "/terms", "/cookies"]));
  expect(hrefs.some((h) => h.startsWith("/courses/"))).toBe(true);
  expect(hrefs.some((h) => h.startsWith("mailto:"))).toBe(true);
  expect(hrefs.some((h) => h.startsWith("tel:"))).toBe(true);
  for (const href of hrefs) expect(href).not.toMatch(/^(#|javascript:)?$/);
  for (const legal of ["/privacy", "/terms", "/cookies"]) {
    const response = await request.get(legal);
    expect(response.status(), legal).toBe(200);
  }
});

test("no page has a link that goes nowhere", async ({ request }) => {
  for (const path of ["/", "/privacy", "/terms", "/cookies", "/missing-page"]) {
    const html = await (await request.get(path)).text();
    const hrefs = linkHrefs(html);
    expect(hrefs.length, path).toBeGreaterThan(0);
    for (const href of hrefs) expect(href, `a link on ${path}`).toMatch(/^(\/|#[a-z]|mailto:|tel:|https:\/\/)/);
  }
});
