/**
 * Page content as the server sends it, read without a browser: what a page
 * states in its HTML, and what it tells the browser in its head.
 */
import { expect, test } from "./fixtures.ts";

/** The text of an HTML fragment: tags and comments out, entities for & < > decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The complementary region (an `<aside>`) named by its heading `name`: its text. */
function asideNamed(html: string, name: string): string {
  const regions = [...html.matchAll(/<aside\b[^>]*\baria-labelledby="([^"]+)"[^>]*>([\s\S]*?)<\/aside>/g)].filter(
    (m) => {
      const heading = new RegExp(`<[^>]*\\bid="${m[1]}"[^>]*>([\\s\\S]*?)</h[1-6]>`).exec(m[2]!);
      return heading !== null && textOf(heading[1]!) === name;
    },
  );
  expect(regions, `one region named ${name}`).toHaveLength(1);
  return textOf(regions[0]![2]!);
}

test("course pages state their own group size", async ({ request }) => {
  for (const [path, size] of [
    ["/courses/corporate-finance", 10],
    ["/courses/carbon-accounting", 15],
    ["/courses/risk-management", 12],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(asideNamed(html, "Course Details"), path).toContain(`Maximum ${size} participants`);
  }
});

test("every page tells the browser which links it may fetch ahead (speculation rules)", async ({ request }) => {
  const html = await (await request.get("/about")).text();
  const scripts = [...html.matchAll(/<script\b[^>]*\btype="speculationrules"[^>]*>([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  const rules = JSON.parse(scripts[0]![1]!) as { prefetch: { where: unknown; eagerness: string }[] };
  expect(rules.prefetch[0]?.eagerness).toBe("moderate");
  expect(JSON.stringify(rules.prefetch[0]?.where)).toContain('"/api/*"');
});
