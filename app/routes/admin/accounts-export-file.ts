/**
 * A file of the export for the accounts (/admin/accounts-export.csv, issue 41,
 * ADR 080): the invoices, credit notes or payments of a period in the layout
 * of the package asked for, as a download; in the audit log like every
 * export. A request that is not one is refused (400) saying why.
 */
import type { Route } from "./+types/accounts-export-file";
import { readExportRequest } from "~/orders/course-booking/accounts-export.ts";
import { accountsExportFile } from "~/orders/course-booking/accounts-export.server.ts";
import { auditRequest, requirePermission, staffRequestContext } from "~/staff/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const read = readExportRequest(Object.fromEntries(new URL(request.url).searchParams));
  if (!read.ok) {
    return new Response(`Nothing was exported: ${Object.values(read.problems).join("; ")}.`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const file = await accountsExportFile(staff.db, read.request);
  const now = new Date();
  await auditRequest(
    context,
    { actor: user, action: "export", detail: { what: `accounts: ${file.fileName}`, rows: file.rows } },
    now,
  );
  return new Response(file.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
    },
  });
}
