import { catalogue, siteContact } from "~/content/index.server.ts";
import { renderGuidePdf } from "~/pdf/guide-pdf.server.ts";
import { servicesContext } from "~/services.ts";
import { requestLog } from "~/observability/request-log.server.ts";
import type { Route } from "./+types/download";

const notFound = () =>
  new Response(
    "This download link is not valid. Request the guide again at /get-guide and we will e-mail you a new link.",
    { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } },
  );

const unavailable = () =>
  new Response("Sorry, the download is not available just now. Please try again in a few minutes.", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
  });

/**
 * GET /downloads/{token}: the guide behind a personal download link (the
 * link e-mailed after a guide request or a home page download). Unguessable
 * tokens; an unknown one is a 404. Not indexed, not cached by proxies.
 *
 * The guide's PDF is the one the team uploaded and published with the guide
 * (docs/decisions/050-featured-lists-site-facts-and-guide-files.md), else the
 * one the site lays out from the guide's text; a published upload that
 * cannot be found falls back to the laid-out one, with a warning in the log.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = params.token;
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return notFound();
  const services = context.get(servicesContext);
  let guideId;
  try {
    guideId = await services.leads.findDownload(token);
  } catch (error) {
    requestLog(context).error({ err: error }, "Download lookup failed");
    return unavailable();
  }
  if (!guideId) return notFound();
  const guide = catalogue.guides.find((g) => g.id === guideId)!;
  let pdf: Uint8Array | null = null;
  if (guide.pdf) {
    try {
      pdf = (await services.content.guideFile(guide.pdf))?.bytes ?? null;
    } catch (error) {
      requestLog(context).error({ err: error }, "Guide file lookup failed");
      return unavailable();
    }
    if (!pdf)
      requestLog(context).warn({ guide: guide.id, file: guide.pdf }, "Guide file missing: serving the generated PDF");
  }
  pdf ??= await renderGuidePdf(guide.id, siteContact());
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="${guide.guideName}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
}
