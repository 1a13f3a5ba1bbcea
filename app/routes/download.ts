import { catalogue } from "~/content/index.server.ts";
import { renderGuidePdf } from "~/pdf/guide-pdf.server.ts";
import { servicesContext } from "~/services.ts";
import { requestLog } from "~/observability/request-log.server.ts";
import type { Route } from "./+types/download";

const notFound = () =>
  new Response(
    "This download link is not valid. Request the guide again at /get-guide and we will e-mail you a new link.",
    { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } },
  );

/**
 * GET /downloads/{token}: the guide behind a personal download link (the
 * link e-mailed after a guide request or a home page download). Unguessable
 * tokens; an unknown one is a 404. Not indexed, not cached by proxies.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = params.token;
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return notFound();
  let guideId;
  try {
    guideId = await context.get(servicesContext).leads.findDownload(token);
  } catch (error) {
    requestLog(context).error({ err: error }, "Download lookup failed");
    return new Response("Sorry, the download is not available just now. Please try again in a few minutes.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
  if (!guideId) return notFound();
  const guide = catalogue.guides.find((g) => g.id === guideId)!;
  const pdf = await renderGuidePdf(guideId);
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${guide.guideName}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
