/** A course booking's invoice or credit note as a PDF, for the team (/admin/course-bookings/{id}/documents/{number}.pdf). */
import type { Route } from "./+types/course-booking-document";
import { bookingDetail } from "~/orders/course-booking/booking-reads.server.ts";
import { invoicePdf } from "~/orders/course-booking/documents.server.ts";
import { requirePermission, staffRequestContext } from "~/staff/request.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const number = /^((?:INV|CN)-\d{6,})\.pdf$/.exec(params.file)?.[1];
  const row = number
    ? (await bookingDetail(staff.db, params.id))?.invoices.find((i) => i.number === number)
    : undefined;
  const doc = row ? await invoicePdf(staff.db, row.id) : null;
  if (!doc) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(Buffer.from(doc.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${doc.kind === "invoice" ? "invoice" : "credit-note"}-${doc.number}.pdf"`,
    },
  });
}
