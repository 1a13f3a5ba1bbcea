/** A session's roster as a CSV download (/admin/sessions/{key}/roster.csv); in the audit log like every export. */
import type { Route } from "./+types/session-roster";
import { csvStream } from "~/inbox/export.server.ts";
import { sessionByKey } from "~/orders/course-booking/bookable.server.ts";
import { rosterColumns, rosterCsvRows } from "~/orders/course-booking/team-views.server.ts";
import { auditRequest, requirePermission, staffRequestContext } from "~/staff/request.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  if (!sessionByKey(params.key)) return new Response("There is no such session.", { status: 404 });
  const now = new Date();
  await auditRequest(context, { actor: user, action: "export", detail: { what: `roster of ${params.key}` } }, now);
  return new Response(csvStream(rosterColumns, rosterCsvRows(staff.db, params.key)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="roster-${params.key}.csv"`,
    },
  });
}
