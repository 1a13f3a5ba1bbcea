/**
 * A booking's VAT invoice or credit note as a PDF (/booking/{token}/documents/{number}.pdf),
 * for the booker whose link it is: rendered from the document stored when it
 * was issued, so the same bytes every time. Anything else is a 404.
 */
import { servicesContext } from "~/services.ts";
import type { Route } from "./+types/booking-document";

export async function loader({ params, context }: Route.LoaderArgs) {
  const number = /^((?:INV|CN)-\d{6,})\.pdf$/.exec(params.file)?.[1];
  const doc = number ? await context.get(servicesContext).courseBookings.documentByLink(params.token, number) : null;
  if (!doc) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(Buffer.from(doc.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${doc.kind === "invoice" ? "invoice" : "credit-note"}-${doc.number}.pdf"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
