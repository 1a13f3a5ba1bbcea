import { configContext } from "~/http/request-context.ts";
import { absoluteUrl } from "~/seo/meta.ts";
import type { Route } from "./+types/robots";

/** robots.txt: production invites crawlers (except test pages); other copies turn them away. */
export function loader({ context }: Route.LoaderArgs) {
  const production = context.get(configContext).APP_ENV === "production";
  const body = production
    ? `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /test-\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`
    : "User-agent: *\nDisallow: /\n";
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
