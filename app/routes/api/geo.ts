import { configContext, clientIpContext } from "~/http/request-context.ts";
import { detectCountry } from "~/http/geo.server.ts";
import type { Route } from "./+types/geo";

/** GET /api/geo: the visitor's country code as plain text (e.g. "gb"). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = context.get(configContext);
  const country = await detectCountry(request, context.get(clientIpContext) ?? undefined, {
    countryHeader: config.COUNTRY_HEADER,
  });
  return new Response(country, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
