/**
 * CSV downloads (resource routes behind sign-in): the inbox's current
 * filtered list (/admin/leads.csv?…the inbox's filters), confirmed newsletter
 * subscribers (/admin/newsletter.csv) and each order kind's orders
 * (/admin/consultations.csv, /admin/course-bookings.csv: its `export`, app/orders/).
 * Streamed; every export is in the audit log.
 */
import type { Route } from "./+types/export";
import { csvStream, leadColumns, leadRows, subscriberColumns, subscriberRows } from "~/inbox/export.server.ts";
import { filterQuery, parseFilters } from "~/inbox/filters.ts";
import { orderExport } from "~/orders/index.server.ts";
import { auditRequest, requirePermission, staffRequestContext } from "~/staff/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const url = new URL(request.url);
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  let body: ReadableStream<Uint8Array>;
  let name: string;
  let detail: Record<string, string>;
  const orders = orderExport(/\/([\w-]+)\.csv$/.exec(url.pathname)?.[1] ?? "");
  if (url.pathname.endsWith("/newsletter.csv")) {
    body = csvStream(subscriberColumns, subscriberRows(staff.db));
    name = "newsletter-subscribers";
    detail = { what: "confirmed newsletter subscribers" };
  } else if (orders) {
    body = csvStream(orders.columns, orders.rows(staff.db));
    name = orders.file;
    detail = { what: orders.file };
  } else {
    const filters = parseFilters(url.searchParams);
    body = csvStream(leadColumns, leadRows(staff.db, filters, user.id));
    name = "leads";
    detail = { what: "leads", filters: filterQuery(filters) || "none" };
  }
  await auditRequest(context, { actor: user, action: "export", detail }, now);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
    },
  });
}
