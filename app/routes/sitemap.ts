import { currentSitePages, lastModified } from "~/content/site-map.server.ts";
import { absoluteUrl } from "~/seo/meta.ts";

/**
 * sitemap.xml: every indexable page as the published content has them (an
 * old address is never listed), each with when the team last published
 * what it shows (else the release's date).
 */
export function loader() {
  const urls = currentSitePages()
    .filter((p) => p.indexable)
    .map((p) => `  <url><loc>${absoluteUrl(p.path)}</loc><lastmod>${lastModified(p.path)}</lastmod></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
